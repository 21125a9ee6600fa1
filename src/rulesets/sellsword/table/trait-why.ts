/**
 * Why an act trait cannot be used now, in a suggestion's words: the engine's refusal, and for a trait
 * that names the units it reaches, how far the nearest one out of reach is ("Mend Wounds reaches no
 * ally within 3 squares: WH is 4 squares away"). A tester read "none of its traits can be used now",
 * then "PD has nothing to gain from it", and had to guess the hound was too far (playtest round 20).
 */
import type { GameState, UnitState } from '../engine';
import { decide, lostTraits, lostWords, notOfKind, reachesOne, reachWords, traitDistance, traitReach, unitList } from '../engine';
import type { Trait } from '../formats/card';
import { reasonInMapLabels } from './map-labels';

type ActTrait = Extract<Trait, { trait: 'act' }>;

/**
 * Why a unit has no act trait to use, by its map label: the one a marked box took away when it had
 * one ("PD has lost Mend Wounds: its Mend Wounds box is marked"), or that it never had one. "This unit
 * has no trait it can use as an act" beside a card that prints Mend Wounds read as false (playtest round 23).
 */
export function noActTraitWhy(game: GameState, unit: UnitState): string {
  const lost = lostTraits(game, unit).find((t) => t.trait === 'act');
  return `${unit.id.toUpperCase()} ${lost?.trait === 'act' ? lostWords(lost.name) : 'has no trait it can use as an act'}`;
}

export function traitWhy(game: GameState, user: string, unit: UnitState, trait: ActTrait): string {
  const range = trait.range ?? 0;
  const reach = trait.who === undefined ? [] : traitReach(game, unit, trait);
  const beyond = trait.who === undefined ? null : nearestBeyond(game, unit, trait);
  const far = beyond ? `${beyond.unit.id.toUpperCase()} is ${beyond.away} squares away` : '';
  if (trait.who !== undefined && reach.length === 0) {
    return reasonInMapLabels(game, `${trait.name} reaches no ${reachWords(trait)} within ${range} square${range === 1 ? '' : 's'}${far ? `: ${far}` : ''}`);
  }
  const target = reachesOne(trait) ? reach[0]?.id : undefined;
  const decided = decide(game, { act: 'trait', unit: unit.id, trait: trait.id, ...(target ? { target } : {}) }, user);
  if (!('error' in decided)) return `${trait.name} can be used now`;
  // Said of the kind it reaches, with the nearest one beyond: "PD: PD, TG would gain nothing" read as
  // a stutter, and "PD has nothing to gain" as if PD were its only target (playtest round 21).
  if (decided.error.code === 'would-change-nothing' && trait.who !== undefined) {
    return `no ${reachWords(trait)} within ${range} square${range === 1 ? '' : 's'} would gain from ${trait.name}${far ? `: ${far}` : ''}`;
  }
  return `${reasonInMapLabels(game, decided.error.message)}${far ? `; ${far} (it reaches ${range})` : ''}`;
}

/** The nearest unit of the kind the trait names that is out of its reach, with its distance; null when none is. */
function nearestBeyond(game: GameState, unit: UnitState, trait: ActTrait): { unit: UnitState; away: number } | null {
  const range = trait.range ?? 0;
  return (
    unitList(game)
      .filter((u) => u.id !== unit.id && notOfKind(game, unit, trait, u) === null)
      .map((u) => ({ unit: u, away: traitDistance(game, unit, u) }))
      .filter((d) => d.away > range && Number.isFinite(d.away))
      .sort((a, b) => a.away - b.away)[0] ?? null
  );
}
