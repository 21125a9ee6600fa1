/**
 * A unit's current stats: card + mod + injuries + statuses + auras, computed here and nowhere else.
 * Commands, the renderer and the AI read these; they never re-derive them.
 */
import type { Attack, Trait } from '../formats/card';
import type { CardStat, RecoveryStat, Size } from '../formats/vocabulary';
import { nearestIn } from '../../../engine/distance';
import type { GameState, Tokens, UnitState } from './state';
import type { UnitCard } from '../formats/card';
import type { ModCard } from '../formats/mod';
import { cardOf, modOf, onMap, squaresOf, tableMemo, tableOf, unitList } from './table';

export interface Profile {
  readonly agility: number;
  readonly brawn: number;
  readonly spirit: number;
  readonly wits: number;
  readonly armor: number;
  readonly move: number;
  readonly vigorMax: number;
  readonly tokensMax: Tokens;
  readonly fly: boolean;
  readonly ghostly: boolean;
  readonly size: Size;
  /** Card descriptors plus the states of §6.2 that act as descriptors: injured, exhausted, living. */
  readonly descriptors: readonly string[];
  /** Auras' bonus to this unit's attack rolls. */
  readonly attackModifier: number;
  /** Injuries marked: −1 to every roll per injury, +1 to recovery rolls (§4.30). */
  readonly injuries: number;
  /** Attacks and traits of card and mod, less those whose trait injury box is marked. */
  readonly attacks: readonly Attack[];
  readonly traits: readonly Trait[];
}

type AuraStat = 'attack' | 'armor' | 'agility' | 'brawn' | 'spirit' | 'wits' | 'move';

const count = (unit: UnitState, kind: string) => {
  let n = 0;
  for (const b of unit.injuries) if (b === kind) n++;
  return n;
};

/** Ids disabled by marked trait boxes (§4.30 "Trait"), joined; empty when none is marked. */
function disabledKey(unit: UnitState): string {
  let key = '';
  for (const b of unit.injuries) if (typeof b === 'object') key += `${b.trait}\n`;
  return key;
}

/** Ids disabled by marked trait boxes (§4.30 "Trait"). */
function disabledIds(unit: UnitState): Set<string> {
  return new Set(unit.injuries.flatMap((b) => (typeof b === 'object' ? [b.trait] : [])));
}

interface Live {
  readonly traits: readonly Trait[];
  /** The kinds among them, for hasTrait. */
  readonly kinds: ReadonlySet<string>;
}

const live = (traits: readonly Trait[]): Live => ({ traits, kinds: new Set(traits.map((t) => t.trait)) });

interface TraitLists {
  /** With no trait box marked. */
  readonly all: Live;
  /** By disabledKey, for units with trait boxes marked. */
  readonly less: Map<string, Live>;
}

/**
 * Live traits depend only on card, mod and which trait boxes are marked, and they are asked for on
 * every rule check: so one list per card, mod and set of disabled ids, shared (never mutated).
 */
const traitLists = new WeakMap<UnitCard, Map<ModCard | null, TraitLists>>();

function liveOf(state: GameState, unit: UnitState): Live {
  const card = cardOf(state, unit);
  const mod = modOf(state, unit);
  let byMod = traitLists.get(card);
  if (!byMod) traitLists.set(card, (byMod = new Map()));
  let lists = byMod.get(mod);
  if (!lists) byMod.set(mod, (lists = { all: live([...card.traits, ...(mod?.traits ?? [])]), less: new Map() }));
  const key = disabledKey(unit);
  if (key === '') return lists.all;
  let less = lists.less.get(key);
  if (!less) {
    const off = disabledIds(unit);
    lists.less.set(key, (less = live(lists.all.traits.filter((t) => !('id' in t && t.id !== undefined && off.has(t.id))))));
  }
  return less;
}

/** The unit's card and mod traits a marked trait box has taken away (§4.30), in card order. */
export function lostTraits(state: GameState, unit: UnitState): readonly Trait[] {
  const off = disabledIds(unit);
  if (off.size === 0) return [];
  return [...cardOf(state, unit).traits, ...(modOf(state, unit)?.traits ?? [])].filter((t) => 'id' in t && t.id !== undefined && off.has(t.id));
}

/** Why a lost trait cannot be used, after the unit's name: "has lost Mend Wounds: its Mend Wounds box is marked". */
export const lostWords = (name: string): string => `has lost ${name}: its ${name} box is marked`;

/** Card and mod traits that still work. */
export function liveTraits(state: GameState, unit: UnitState): readonly Trait[] {
  return liveOf(state, unit).traits;
}

export function hasTrait(state: GameState, unit: UnitState, trait: Trait['trait']): boolean {
  return liveOf(state, unit).kinds.has(trait);
}

function baseDescriptors(state: GameState, unit: UnitState): string[] {
  const card = cardOf(state, unit);
  const out = [...card.descriptors];
  if (unit.injuries.length > 0) out.push('injured');
  if (unit.vigor === 0) out.push('exhausted');
  if (!card.descriptors.some((d) => d === 'undead' || d === 'clockwork')) out.push('living');
  return out;
}

type AuraTotals = Record<AuraStat, number>;
type AuraTrait = Extract<Trait, { trait: 'aura' }>;

/**
 * The auras on the map: bearers on the map with a live aura trait. They depend on who stands where
 * and which trait boxes are marked, exactly what a table is shared by, so one list per table.
 */
const AURAS = Symbol('auras on the map');

function aurasOnMap(state: GameState): { readonly bearer: UnitState; readonly aura: AuraTrait }[] {
  return tableMemo(tableOf(state), AURAS, () => {
    const list: { readonly bearer: UnitState; readonly aura: AuraTrait }[] = [];
    for (const bearer of unitList(state)) {
      if (!onMap(bearer)) continue;
      for (const t of liveTraits(state, bearer)) if (t.trait === 'aura') list.push({ bearer, aura: t });
    }
    return list;
  });
}

/**
 * Sum of aura modifiers reaching `unit` from other units on the map (§1 "Aura [x]"), or null when
 * none reaches it. A bearer's player, place and live traits are what its table was built from, so
 * the bearers listed for the table stand in for the state's own.
 */
function auraModifiers(state: GameState, unit: UnitState, descriptors: readonly string[]): AuraTotals | null {
  if (!onMap(unit)) return null;
  const auras = aurasOnMap(state);
  if (auras.length === 0) return null;
  const table = tableOf(state);
  const mine = squaresOf(state, unit);
  let total: AuraTotals | null = null;
  for (const { bearer, aura: t } of auras) {
    if (!reaches(state, table, mine, bearer, t, unit, descriptors)) continue;
    total ??= { attack: 0, armor: 0, agility: 0, brawn: 0, spirit: 0, wits: 0, move: 0 };
    for (const [k, v] of Object.entries(t.modify) as [AuraStat, number | undefined][]) total[k] += v ?? 0;
  }
  return total;
}

/** Whether `bearer`'s aura reaches `unit` (standing on `mine`, with these descriptors). */
function reaches(
  state: GameState,
  table: ReturnType<typeof tableOf>,
  mine: ReturnType<typeof squaresOf>,
  bearer: UnitState,
  t: AuraTrait,
  unit: UnitState,
  descriptors: readonly string[],
): boolean {
  // An aura reaches others: "allies" and "all" do not include the bearer itself.
  if (bearer.id === unit.id) return false;
  const ally = bearer.player === unit.player;
  if ((t.who === 'allies' && !ally) || (t.who === 'enemies' && ally)) return false;
  if (t.descriptor !== undefined && !descriptors.includes(t.descriptor)) return false;
  return nearestIn(table.rangesFrom(squaresOf(state, bearer)), mine) <= t.range;
}

/** The auras changing `unit`'s `stat` now, with their bearers, in the map's order: what an "auras +2" is made of. */
export function aurasOn(state: GameState, unit: UnitState, stat: AuraStat): { readonly bearer: UnitState; readonly name: string }[] {
  if (!onMap(unit)) return [];
  const table = tableOf(state);
  const mine = squaresOf(state, unit);
  const descriptors = baseProfile(state, unit).profile.descriptors;
  return aurasOnMap(state)
    .filter(({ bearer, aura: t }) => (t.modify[stat] ?? 0) !== 0 && reaches(state, table, mine, bearer, t, unit, descriptors))
    .map(({ bearer, aura }) => ({ bearer, name: aura.name }));
}

/** A profile before auras, with the move before it is floored at 0 (an aura may add to it). */
interface Base {
  readonly card: UnitCard;
  readonly mod: ModCard | null;
  readonly exhausted: boolean;
  readonly profile: Profile;
  readonly rawMove: number;
}

/**
 * Profiles before auras depend on card, mod, the injuries marked and whether Vigor is 0, so they are
 * kept per injuries list (a list is replaced, never changed, when a box is marked).
 */
const bases = new WeakMap<readonly unknown[], Base[]>();

/** A stat as printed: the unit's card plus its mod, before injuries, statuses and auras. */
export function printedStat(state: GameState, unit: UnitState, k: CardStat): number {
  return cardStat(cardOf(state, unit), modOf(state, unit), k);
}

/**
 * A card's printed stat with its mod card's change (a mod's text counts as the unit's own): the one sum
 * the engine's profile, set-up and the drawn card all read, so a card shows the Vigor a unit starts with.
 */
export function cardStat(card: UnitCard, mod: ModCard | null | undefined, k: CardStat): number {
  return card.stats[k] + (mod?.stats[k] ?? 0);
}

/** A card's tokens with its mod's change: the starting pool a unit may never regain past (§2.3). */
export function cardTokens(card: UnitCard, mod: ModCard | null | undefined): Tokens {
  return {
    react: card.tokens.react + (mod?.tokens.react ?? 0),
    blue: card.tokens.blue + (mod?.tokens.blue ?? 0),
    red: card.tokens.red + (mod?.tokens.red ?? 0),
  };
}

function baseProfile(state: GameState, unit: UnitState): Base {
  const card = cardOf(state, unit);
  const mod = modOf(state, unit);
  const exhausted = unit.vigor === 0;
  let list = bases.get(unit.injuries);
  if (!list) bases.set(unit.injuries, (list = []));
  for (const b of list) if (b.card === card && b.mod === mod && b.exhausted === exhausted) return b;
  const defensive = count(unit, 'defensive');
  const mobility = count(unit, 'mobility');
  const stat = (k: 'agility' | 'brawn' | 'spirit' | 'wits' | 'armor') => printedStat(state, unit, k) - 2 * defensive;
  const traits = liveTraits(state, unit);
  const off = disabledIds(unit);
  const rawMove = printedStat(state, unit, 'move') - mobility;
  const profile: Profile = {
    agility: stat('agility'),
    brawn: stat('brawn'),
    spirit: stat('spirit'),
    wits: stat('wits'),
    armor: stat('armor'),
    move: Math.max(0, rawMove),
    vigorMax: cardStat(card, mod, 'vigor'),
    tokensMax: cardTokens(card, mod),
    // §4.7: Fly does not work once the unit has a Mobility injury.
    fly: mobility === 0 && (card.stats.fly || traits.some((t) => t.trait === 'fly')),
    ghostly: traits.some((t) => t.trait === 'ghostly'),
    size: card.size,
    descriptors: baseDescriptors(state, unit),
    attackModifier: 0,
    injuries: unit.injuries.length,
    attacks: [...card.attacks, ...(mod?.attacks ?? [])].filter((a) => !off.has(a.id)),
    traits,
  };
  const base = { card, mod, exhausted, profile, rawMove };
  list.push(base);
  return base;
}

interface Cached {
  readonly unit: UnitState;
  readonly at: number | null;
  readonly dropped: boolean;
  readonly base: Base;
  readonly profile: Profile;
}

const PROFILES = Symbol('profiles');

/**
 * A unit's current stats. They depend on the unit's card, mod, injuries, Vigor at 0 and place and,
 * through auras, on where everyone stands and which auras are disabled: exactly what a table is shared
 * by. So one profile per table and unit, kept while the unit's own part is unchanged (states and units
 * never change in place; a spent token or a new status makes a new unit with the same profile).
 */
export function profile(state: GameState, unit: UnitState): Profile {
  const cache = tableMemo(tableOf(state), PROFILES, () => new Map<string, Cached>());
  const hit = cache.get(unit.id);
  if (hit && (hit.unit === unit || (hit.at === unit.at && hit.dropped === unit.dropped && sameBase(state, unit, hit.base)))) return hit.profile;
  const base = baseProfile(state, unit);
  const p = withAuras(base, auraModifiers(state, unit, base.profile.descriptors));
  cache.set(unit.id, { unit, at: unit.at, dropped: unit.dropped, base, profile: p });
  return p;
}

function sameBase(state: GameState, unit: UnitState, base: Base): boolean {
  return (
    bases.get(unit.injuries)?.includes(base) === true &&
    base.exhausted === (unit.vigor === 0) &&
    base.card === cardOf(state, unit) &&
    base.mod === modOf(state, unit)
  );
}

function withAuras(base: Base, aura: AuraTotals | null): Profile {
  if (!aura) return base.profile;
  const p = base.profile;
  return {
    ...p,
    agility: p.agility + aura.agility,
    brawn: p.brawn + aura.brawn,
    spirit: p.spirit + aura.spirit,
    wits: p.wits + aura.wits,
    armor: p.armor + aura.armor,
    move: Math.max(0, base.rawMove + aura.move),
    attackModifier: aura.attack,
  };
}

export function recoveryStat(p: Profile, stat: RecoveryStat): number {
  return p[stat];
}
