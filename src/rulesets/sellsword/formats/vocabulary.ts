/**
 * Sellsword's closed vocabulary of its public formats (docs/formats.md: unit cards, mods, scenarios).
 * The zod schemas are built from these lists, and the engine switches over them, so a word the engine
 * does not know cannot load. The generic words (terrain, grid characters, wound types) are
 * src/formats/vocabulary.ts's, exported here too so the game reads one vocabulary.
 */
export * from '../../../formats/vocabulary';

/** Intrinsic stats a status may be recovered with, and an attack may target besides armor. */
export const RECOVERY_STATS = ['agility', 'brawn', 'spirit', 'wits'] as const;
export type RecoveryStat = (typeof RECOVERY_STATS)[number];

/** What an attack rolls against (§4.3). */
export const DEFENCES = ['armor', ...RECOVERY_STATS] as const;
export type Defence = (typeof DEFENCES)[number];

/** Every stat on a card; a mod may adjust any of them. */
export const CARD_STATS = ['agility', 'brawn', 'spirit', 'wits', 'move', 'armor', 'vigor'] as const;
export type CardStat = (typeof CARD_STATS)[number];

/** §6.2 statuses an effect can impose. */
export const STATUSES = [
  'controlled',
  'enraged',
  'glamyred',
  'hobbled',
  'pinned',
  'shaken',
  'stunned',
  'helpless',
  'compromised',
  'invisible',
  'recurring',
] as const;
export type StatusName = (typeof STATUSES)[number];

/** §4.6 movement effects. */
export const MOVEMENT_EFFECTS = ['push', 'pull', 'move', 'recoil'] as const;
export type MovementEffect = (typeof MOVEMENT_EFFECTS)[number];

export const EFFECT_LINKS = ['and', 'then'] as const;

export const SIZES = ['small', 'medium', 'big'] as const;
export type Size = (typeof SIZES)[number];

export const MOD_USES = ['command', 'magery', 'melee', 'missile', 'natural'] as const;
export type ModUse = (typeof MOD_USES)[number];

/** §2.3 the action pool. */
export const TOKENS = ['react', 'blue', 'red'] as const;
export type TokenKind = (typeof TOKENS)[number];

export const INJURY_KINDS = ['mobility', 'defensive', 'mortal'] as const;
export type InjuryKind = (typeof INJURY_KINDS)[number];

/** Who an aura or act trait reaches. */
export const AUDIENCES = ['allies', 'enemies', 'all'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** What an aura may modify: attack rolls and current stats. */
export const AURA_MODIFIERS = ['attack', 'armor', 'agility', 'brawn', 'spirit', 'wits', 'move'] as const;

/** What an act trait may give back. */
export const GAINS = ['vigor', 'react', 'blue', 'red'] as const;

export const COMMON_TRAITS = ['fly', 'ghostly', 'invisible', 'see-invisible', 'shield', 'stealthy', 'toughness', 'warleader', 'immune', 'vulnerable'] as const;
export const RARE_TRAITS = ['aura', 'act', 'rule', 'rest'] as const;
export type TraitKind = (typeof COMMON_TRAITS)[number] | (typeof RARE_TRAITS)[number];

/** Box 1: troop quality, by level. Level 9 and above are Epic. */
export const QUALITY_NAMES = ['villager', 'levy', 'green', 'blooded', 'regular', 'seasoned', 'hardened', 'veteran', 'elite', 'epic'] as const;

/** Act types for the rule of 3 (R8). */
export const ACT_TYPES = ['move', 'maneuver', 'attack', 'rest', 'crow', 'trait'] as const;
export type ActType = (typeof ACT_TYPES)[number];
