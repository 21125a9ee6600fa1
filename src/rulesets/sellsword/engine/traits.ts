/** Act traits (docs/formats.md `act`, §2.4 "use a trait"): who they reach, and their gains and effects. */
import type { Effect, Trait } from '../formats/card';
import { nearestIn } from '../../../engine/distance';
import type { Handler } from './flow';
import type { GameState, UnitState } from './state';
import { commanderOf } from './acts';
import { sideOf } from './sides';
import { liveTraits, profile } from './stats';
import { label, squaresOf, tableOf, unitOf } from './table';
import { TOKENS } from '../formats/vocabulary';

/**
 * An act trait (docs/formats.md `act`): its gains, then its effects without a roll, for each unit it reaches:
 * itself by default; with `who`, every such unit within `range`, or just the one the command named.
 */
export const onUseTrait: Handler<'use-trait'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  const trait = liveTraits(ctx.state, unit).find((t) => t.trait === 'act' && t.id === frame.trait);
  if (trait?.trait !== 'act') return;
  const chosen = frame.target;
  const reached = traitReach(ctx.state, unit, trait).filter((u) => chosen === undefined || u.id === chosen);
  for (const target of reached) {
    if (!trait.gain) continue;
    const { vigor, tokens } = traitGain(ctx.state, unitOf(ctx.state, target.id), trait);
    if (vigor || tokens.react || tokens.blue || tokens.red) ctx.emit({ type: 'gained', unit: target.id, tokens, vigor });
  }
  if (trait.effects) {
    for (const target of [...reached].reverse()) {
      stack.push({
        k: 'effects',
        unit: unit.id,
        trait: trait.id,
        target: target.id,
        index: 0,
        critical: false,
        glancing: false,
        charge: false,
        caused: true,
        bonusUsed: true,
      });
    }
  }
};

/**
 * What an act trait's gains give `target` now: each as far as the unit's maximum allows. The one
 * reckoning for the trait's effect (onUseTrait) and what /trait's target list says it would gain.
 */
export function traitGain(
  state: GameState,
  target: UnitState,
  trait: Extract<Trait, { trait: 'act' }>,
): { vigor: number; tokens: { react: number; blue: number; red: number } } {
  const gain = trait.gain ?? {};
  const p = profile(state, target);
  const upTo = (n: number | undefined, room: number) => Math.max(0, Math.min(n ?? 0, room));
  return {
    vigor: upTo(gain.vigor, p.vigorMax - target.vigor),
    tokens: {
      react: upTo(gain.react, p.tokensMax.react - target.tokens.react),
      blue: upTo(gain.blue, p.tokensMax.blue - target.tokens.blue),
      red: upTo(gain.red, p.tokensMax.red - target.tokens.red),
    },
  };
}

/** The units an act trait reaches (docs/formats.md `act`): itself by default, or every `who` within `range`. */
export function traitReach(state: GameState, unit: UnitState, trait: Extract<Trait, { trait: 'act' }>): UnitState[] {
  if (trait.who === undefined) return [unitOf(state, unit.id)];
  return Object.values(state.units).filter((u) => outOfReach(state, unit, trait, u) === null);
}

/**
 * Why an act trait with `who` does not reach `target`, as a clause ("WH is 4 squares away; Mend Wounds
 * reaches 3"), or null when it does: the one check traitReach makes, said for a refusal (playtest round
 * 20: "Mend Wounds cannot reach WH." left a tester to guess it was the distance).
 */
export function outOfReach(state: GameState, unit: UnitState, trait: Extract<Trait, { trait: 'act' }>, target: UnitState): string | null {
  const kind = notOfKind(state, unit, trait, target);
  if (kind !== null) return kind;
  const range = trait.range ?? 0;
  const away = traitDistance(state, unit, target);
  if (away <= range) return null;
  // No count of squares when walls shut every way there (a closed building).
  if (!Number.isFinite(away)) return `Walls shut every way from ${label(state, unit)} to ${label(state, target)}; ${trait.name} reaches ${range}`;
  return `${label(state, target)} is ${away} squares away; ${trait.name} reaches ${range}`;
}

/** Why `target` is not a unit of the kind the trait names (on the map, ally or enemy, its descriptor), or null when it is. */
export function notOfKind(state: GameState, unit: UnitState, trait: Extract<Trait, { trait: 'act' }>, target: UnitState): string | null {
  if (target.dropped || target.at === null) return `${label(state, target)} is not on the map`;
  // §6.2: a Controlled unit's allies are its controller's units (checked before activation too).
  const ally = target.id === unit.id || sideOf(state, target) === commanderOf(state, unit);
  if (trait.who === 'allies' && !ally) return `${label(state, target)} is not an ally of ${label(state, unit)}`;
  if (trait.who === 'enemies' && ally) return `${label(state, target)} is not an enemy of ${label(state, unit)}`;
  if (trait.descriptor !== undefined && !profile(state, target).descriptors.includes(trait.descriptor)) {
    return `${label(state, target)} is not ${trait.descriptor}`;
  }
  return null;
}

/** How far a trait reaching from `unit` must go to `target`: squares between their nearest squares, as ranges count. */
export function traitDistance(state: GameState, unit: UnitState, target: UnitState): number {
  return nearestIn(tableOf(state).rangesFrom(squaresOf(state, unit)), squaresOf(state, target));
}

type ActTrait = Extract<Trait, { trait: 'act' }>;

/** R32: a trait whose text says "one" reaches one unit: the one the act names as its target. */
export const reachesOne = (trait: ActTrait): boolean => trait.who !== undefined && /\bone\b/i.test(trait.text ?? '');

/** What an act trait's `who` (and descriptor) names, in words: "undead ally", "enemy", "unit". */
export function reachWords(trait: ActTrait): string {
  const who = trait.who === 'allies' ? 'ally' : trait.who === 'enemies' ? 'enemy' : 'unit';
  return trait.descriptor !== undefined ? `${trait.descriptor} ${who}` : who;
}

/** Whether an effect would change anything for `unit` (a status it already has would not). */
function effectChanges(effect: Effect, unit: UnitState): boolean {
  if (!('status' in effect)) return true;
  return effect.status === 'recurring' || !unit.statuses.some((s) => s.status === effect.status);
}

/**
 * R32: whether using the trait now would change anything for the units it reaches: a gain one of
 * them can take (judged after the trait's own cost is paid, as its gains come after: a unit at its
 * full Vigor gains nothing), or an effect one of them does not already have.
 */
export function traitChangesAnything(state: GameState, unit: UnitState, trait: ActTrait, reached: readonly UnitState[]): boolean {
  const cost = trait.cost;
  for (const target of reached) {
    const p = profile(state, target);
    const self = target.id === unit.id;
    const vigor = target.vigor - (self ? (cost.vigor ?? 0) : 0);
    const gain = trait.gain;
    if (gain) {
      if ((gain.vigor ?? 0) > 0 && vigor < p.vigorMax) return true;
      for (const token of TOKENS) {
        const have = target.tokens[token] - (self ? (cost[token] ?? 0) : 0);
        if ((gain[token] ?? 0) > 0 && have < p.tokensMax[token]) return true;
      }
    }
    if (trait.effects?.some((e) => effectChanges(e, target))) return true;
  }
  return false;
}

/** The words for "nothing to gain", naming who: "Ghoul (g) has", "Ghoul (g) and Serf (s) have". */
export function nothingToGain(state: GameState, reached: readonly UnitState[]): string {
  const names = reached.map((u) => label(state, u));
  const who = names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${who} ${names.length === 1 ? 'has' : 'have'} nothing to gain from it`;
}
