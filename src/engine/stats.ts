/**
 * A unit's current stats: card + mod + injuries + statuses + auras, computed here and nowhere else
 * (ARCHITECTURE.md). Commands, the renderer and the AI read these; they never re-derive them.
 */
import type { Attack, Trait } from '../formats/card';
import type { RecoveryStat, Size } from '../formats/vocabulary';
import { nearestIn } from './distance';
import type { GameState, Tokens, UnitState } from './state';
import { cardOf, modOf, onMap, squaresOf, tableOf } from './table';

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

const count = (unit: UnitState, kind: string) => unit.injuries.filter((b) => b === kind).length;

/** Ids disabled by marked trait boxes (§4.30 "Trait"). */
function disabledIds(unit: UnitState): Set<string> {
  return new Set(unit.injuries.flatMap((b) => (typeof b === 'object' ? [b.trait] : [])));
}

/** Card and mod traits that still work. */
export function liveTraits(state: GameState, unit: UnitState): Trait[] {
  const off = disabledIds(unit);
  return [...cardOf(state, unit).traits, ...(modOf(state, unit)?.traits ?? [])].filter((t) => !('id' in t && t.id !== undefined && off.has(t.id)));
}

export function hasTrait(state: GameState, unit: UnitState, trait: Trait['trait']): boolean {
  return liveTraits(state, unit).some((t) => t.trait === trait);
}

function baseDescriptors(state: GameState, unit: UnitState): string[] {
  const card = cardOf(state, unit);
  const out = [...card.descriptors];
  if (unit.injuries.length > 0) out.push('injured');
  if (unit.vigor === 0) out.push('exhausted');
  if (!card.descriptors.some((d) => d === 'undead' || d === 'clockwork')) out.push('living');
  return out;
}

/** Sum of aura modifiers reaching `unit` from other units on the map (§1 "Aura [x]"). */
function auraModifiers(state: GameState, unit: UnitState): Record<AuraStat, number> {
  const total: Record<AuraStat, number> = { attack: 0, armor: 0, agility: 0, brawn: 0, spirit: 0, wits: 0, move: 0 };
  if (!onMap(unit)) return total;
  const table = tableOf(state);
  const mine = squaresOf(state, unit);
  const descriptors = baseDescriptors(state, unit);
  for (const bearer of Object.values(state.units)) {
    // An aura reaches others: "allies" and "all" do not include the bearer itself.
    if (bearer.id === unit.id || !onMap(bearer)) continue;
    for (const t of liveTraits(state, bearer)) {
      if (t.trait !== 'aura') continue;
      const ally = bearer.player === unit.player;
      if ((t.who === 'allies' && !ally) || (t.who === 'enemies' && ally)) continue;
      if (t.descriptor !== undefined && !descriptors.includes(t.descriptor)) continue;
      if (nearestIn(table.rangesFrom(squaresOf(state, bearer)), mine) > t.range) continue;
      for (const [k, v] of Object.entries(t.modify) as [AuraStat, number | undefined][]) total[k] += v ?? 0;
    }
  }
  return total;
}

const profiles = new WeakMap<object, WeakMap<UnitState, Profile>>();

/**
 * A unit's current stats. They depend on the unit itself and, through auras, on where everyone stands
 * and which auras are disabled: exactly what a table is shared by. So one profile per table and unit
 * object (states and units never change in place).
 */
export function profile(state: GameState, unit: UnitState): Profile {
  const table = tableOf(state);
  let cache = profiles.get(table);
  if (!cache) profiles.set(table, (cache = new WeakMap()));
  let p = cache.get(unit);
  if (!p) cache.set(unit, (p = computeProfile(state, unit)));
  return p;
}

function computeProfile(state: GameState, unit: UnitState): Profile {
  const card = cardOf(state, unit);
  const mod = modOf(state, unit);
  const defensive = count(unit, 'defensive');
  const mobility = count(unit, 'mobility');
  const aura = auraModifiers(state, unit);
  const stat = (k: 'agility' | 'brawn' | 'spirit' | 'wits' | 'armor') => card.stats[k] + (mod?.stats[k] ?? 0) - 2 * defensive + aura[k];
  const traits = liveTraits(state, unit);
  const off = disabledIds(unit);
  const tokensMax = {
    react: card.tokens.react + (mod?.tokens.react ?? 0),
    blue: card.tokens.blue + (mod?.tokens.blue ?? 0),
    red: card.tokens.red + (mod?.tokens.red ?? 0),
  };
  return {
    agility: stat('agility'),
    brawn: stat('brawn'),
    spirit: stat('spirit'),
    wits: stat('wits'),
    armor: stat('armor'),
    move: Math.max(0, card.stats.move + (mod?.stats.move ?? 0) - mobility + aura.move),
    vigorMax: card.stats.vigor + (mod?.stats.vigor ?? 0),
    tokensMax,
    // §4.7: Fly does not work once the unit has a Mobility injury.
    fly: mobility === 0 && (card.stats.fly || traits.some((t) => t.trait === 'fly')),
    ghostly: traits.some((t) => t.trait === 'ghostly'),
    size: card.size,
    descriptors: baseDescriptors(state, unit),
    attackModifier: aura.attack,
    injuries: unit.injuries.length,
    attacks: [...card.attacks, ...(mod?.attacks ?? [])].filter((a) => !off.has(a.id)),
    traits,
  };
}

export function recoveryStat(p: Profile, stat: RecoveryStat): number {
  return p[stat];
}
