/**
 * What /trait's options suggest: the act traits a unit can use now, and for one used on a single unit
 * (R32) the units it can be used on, each with what it would gain. Without a unit the list says why
 * (trait-why): a tester met an empty target list and "cannot reach WH." with no reason (playtest round 20).
 */
import type { ActCommand, GameState, UnitState } from '../engine';
import { decide, liveTraits, reachesOne, traitGain, traitReach, typedTrait } from '../engine';
import type { Trait } from '../formats/card';
import { TOKENS } from '../formats/vocabulary';
import { type Choice, choice, suggest } from '../../../discord/choices';
import { effectText } from '../render/card-text';
import { actingUnit, type Memo, type Names, noMemo, noNames, noUnitWhy, orWhy, unitActs } from './act-suggestions';
import { noActTraitWhy, traitWhy } from './trait-why';

type ActTrait = Extract<Trait, { trait: 'act' }>;

export function traitChoices(game: GameState, user: string, unit: unknown, typed: unknown, names: Names = noNames, memo: Memo = noMemo): Choice[] {
  const acting = actingUnit(game, user, unit, names);
  if ('none' in acting) return acting.none;
  const u = acting.unit;
  const ids = new Set(unitActs(game, user, unit, 'trait', memo).map((c) => (c as { trait: string }).trait));
  const live = liveTraits(game, u).filter((t): t is ActTrait => t.trait === 'act');
  return orWhy(
    suggest(
      live.filter((t) => ids.has(t.id)).map((t) => choice(t.name, t.id)),
      typed,
    ),
    () =>
      ids.size > 0
        ? `no trait of this unit matches "${String(typed)}"`
        : live.length === 0
          ? noActTraitWhy(game, u)
          : live[0] !== undefined
            ? traitWhy(game, user, u, live[0])
            : noUnitWhy(game, user, 'trait', names),
  );
}

/**
 * The units a trait can be used on now, each with what it gains: "WH · +5 Vigor (2 → 7)". One that
 * reaches every unit in range may be used on one of them (R32); one used on the unit itself takes no
 * target, and says so.
 */
export function traitTargetChoices(
  game: GameState,
  user: string,
  unit: unknown,
  trait: unknown,
  typed: unknown,
  names: Names = noNames,
  memo: Memo = noMemo,
): Choice[] {
  const acting = actingUnit(game, user, unit, names);
  if ('none' in acting) return acting.none;
  const u = acting.unit;
  const t = typedTrait(game, u, String(trait ?? ''));
  if (!t) return orWhy([], () => 'pick a trait first');
  if (t.who === undefined) return orWhy([], () => `${t.name} is used on ${u.id.toUpperCase()} itself: leave target empty`);
  // R32: a trait used on one unit is offered for each unit legalActs holds; one that reaches every unit
  // in range may still be used on just one named, so each it reaches that the engine accepts is offered.
  const targets = reachesOne(t)
    ? unitActs(game, user, u.id, 'trait', memo).flatMap((c: ActCommand) =>
        c.act === 'trait' && c.trait === t.id && c.target !== undefined ? [game.units[c.target]!] : [],
      )
    : traitReach(game, u, t).filter((r) => !('error' in decide(game, { act: 'trait', unit: u.id, trait: t.id, target: r.id }, user)));
  return orWhy(
    suggest(
      targets.map((target) => choice([target.id.toUpperCase(), gainWords(game, t, target)].filter(Boolean).join(' · '), target.id)),
      typed,
    ),
    () => (targets.length > 0 ? `no unit it can be used on matches "${String(typed)}"` : traitWhy(game, user, u, t)),
  );
}

/** What the trait gives `target`: its gains as far as its maxima allow ("+5 Vigor (2 → 7)", "+1 blue token"), then its effects. */
function gainWords(game: GameState, trait: ActTrait, target: UnitState): string {
  const { vigor, tokens } = traitGain(game, target, trait);
  const parts: string[] = [];
  if (vigor > 0) parts.push(`+${vigor} Vigor (${target.vigor} → ${target.vigor + vigor})`);
  for (const token of TOKENS) {
    const n = tokens[token];
    if (n > 0) parts.push(`+${n} ${token} token${n === 1 ? '' : 's'}`);
  }
  for (const e of trait.effects ?? []) parts.push(effectText(e));
  return parts.join(', ');
}
