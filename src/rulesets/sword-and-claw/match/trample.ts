/**
 * Trampling in play (SC Movement d; rulings SC121–SC123, SC134): the tramples a Move names, checked
 * whole before the troop sets off; each trample rolled as the mover steps into its target's space,
 * after the Readied enemies' opportunity attacks and before the others; and the melee strikes it
 * leaves the troop. The rules' answers are rules/trample.ts's.
 */
import { type RuleError, ruleError } from '../../../engine/errors';
import type { TroopAttack } from '../formats/troop-card';
import { isFlanked } from '../rules/flanking';
import { checkMeleeDeclaration, hasReach, strike } from '../rules/melee';
import { checkPath, reachable } from '../rules/movement';
import { areAdjacent, opportunityAttacksPerRound } from '../rules/opportunity';
import { crossing, mayTrample, onThrough, TRAMPLE_ID, trampleAttackOf, trampleAttacks } from '../rules/trample';
import { type Piece, pieceLevel, type ScTable, spanOf } from '../rules/table';
import { isHurt, isRemoved } from '../rules/wounds';
import type { Ctx } from './deploy';
import { overlaps, stepsInto } from './trample-line';
import { checkElimination } from './end';
import { strikeConditions } from './conditions';
import { cardOf, moveOf, onTable, pieceOf, struckCard, tableOf } from './tables';
import type { ScSetup, ScState, ScTrampleDue, ScTroop, TrampleAim } from './types';

/**
 * Ruling SC134: the tramples a Move names, checked against its path before the troop sets off (SC
 * Movement d; rulings SC121–SC123): the first broken rule, or null.
 */
export function trampleRefusal(
  setup: ScSetup,
  s: ScState,
  troop: ScTroop,
  table: ScTable,
  mover: Piece,
  path: readonly number[],
  budget: number,
  aims: readonly TrampleAim[],
  charging = false,
): RuleError | null {
  const card = cardOf(setup, troop);
  const most = opportunityAttacksPerRound(card);
  if (aims.length > most)
    return ruleError(
      'too-many-tramples',
      `${troop.id} makes ${most} attack${most === 1 ? '' : 's'} a turn: each trample takes the place of one, so it tramples at most ${most}`,
    );
  const seen = new Set<string>();
  for (const aim of aims) {
    if (seen.has(aim.target)) return ruleError('one-trample-each', `${troop.id} tramples ${aim.target} once: one attack on each target`);
    seen.add(aim.target);
    const target = s.troops[aim.target];
    if (!target || target.removed || target.at === null || target.player === troop.player)
      return ruleError('not-an-enemy', `${aim.target} is not an enemy troop on the table`);
    const them = pieceOf(setup, target);
    if (!mayTrample(card.size, cardOf(setup, target).size) || pieceLevel(them) !== pieceLevel(mover))
      return ruleError('not-smaller', `${troop.id} tramples only an enemy smaller than itself, at its own level; ${aim.target} is not`);
    const c = crossing(table.board, mover, mover.at, path, them);
    if (c === null) return ruleError('not-on-path', `${troop.id}'s path does not go through ${aim.target}'s space`);
    if (!c.straight)
      return ruleError('trample-not-straight', 'A trampling troop goes straight on through its target to the square opposite the one it entered from');
    if (c.clears === null && couldGoOn(table, mover, path, budget, them))
      return ruleError('trample-through', `${troop.id} has the movement to go on through ${aim.target} to the square opposite: a trampling troop must`);
    // "Started the turn adjacent": where the troop stood as it was ordered, before a Nimble Charger's first move.
    const startedNextTo = areAdjacent(table, charging ? pieceOf(setup, troop) : mover, them);
    const allowed = trampleAttacks(card, { charging, startedNextTo });
    if (!allowed.some((a) => a.id === aim.attack))
      return ruleError('not-a-trample-attack', `${troop.id} tramples ${aim.target} with ${allowed.map((a) => a.name).join(' or ')}, not "${aim.attack}"`);
  }
  return null;
}

/** Whether a path that stops inside `target` could have gone on straight through it within `budget` (SC Movement d). */
function couldGoOn(table: ScTable, mover: Piece, path: readonly number[], budget: number, target: Piece): boolean {
  const through = onThrough(table.board, mover, path, mover.at, target);
  if (through === null) return false;
  const plan = checkPath(table, mover, [...path, ...through], budget);
  return !('code' in plan) && !plan.fellBack;
}

/**
 * The cheapest Move that tramples `target` (SC Movement d): to a square next to its space, then
 * straight on through it to the square opposite (ruling SC123), the path and its inches; null when
 * none is within the troop's Move. What `/order trample` walks and the options list.
 */
export function tramplePath(setup: ScSetup, s: ScState, troop: ScTroop, targetId: string): { path: number[]; spent: number } | null {
  const target = s.troops[targetId];
  if (!target || target.at === null || target.removed) return null;
  const table = tableOf(setup, s, troop.id);
  const mover = pieceOf(setup, troop);
  const budget = moveOf(setup, troop);
  const them = pieceOf(setup, target);
  const span = spanOf(mover.size);
  const starts: [number, readonly number[]][] = [
    [troop.at!, []],
    ...[...reachable(tableOf(setup, s), mover, budget)].map(([at, p]): [number, readonly number[]] => [at, p.path]),
  ];
  let best: { path: number[]; spent: number } | null = null;
  for (const [from, before] of starts) {
    if (overlaps(setup, span, from, target)) continue;
    for (const into of stepsInto(setup, span, from, target)) {
      const on = onThrough(table.board, mover, [...before, into], mover.at, them);
      const path = on === null ? [...before, into] : [...before, into, ...on];
      const plan = checkPath(table, mover, path, budget);
      if ('code' in plan || plan.fellBack || (best !== null && plan.spent >= best.spent)) continue;
      const aim = {
        target: targetId,
        attack: trampleAttacks(cardOf(setup, troop), { charging: false, startedNextTo: areAdjacent(table, mover, them) })[0]!.id,
      };
      if (trampleRefusal(setup, s, troop, table, mover, path, budget, [aim]) === null) best = { path, spent: plan.spent };
    }
  }
  return best;
}

/** The enemies `troop` may trample on a Move now, each by its cheapest path (SC Movement d). */
export function trampleTargets(setup: ScSetup, s: ScState, troop: ScTroop): { target: string; path: number[]; spent: number }[] {
  const card = cardOf(setup, troop);
  const mover = pieceOf(setup, troop);
  return onTable(s)
    .filter((e) => e.player !== troop.player && mayTrample(card.size, cardOf(setup, e).size) && pieceLevel(pieceOf(setup, e)) === pieceLevel(mover))
    .flatMap((e) => {
      const found = tramplePath(setup, s, troop, e.id);
      return found ? [{ target: e.id, ...found }] : [];
    });
}

/** The attacks `troop` may trample `targetId` with on a Move (or a Charge) from where it stands (rulings SC121, SC122). */
export function trampleChoices(setup: ScSetup, s: ScState, troop: ScTroop, targetId: string, charging = false): TroopAttack[] {
  const table = tableOf(setup, s, troop.id);
  const startedNextTo = areAdjacent(table, pieceOf(setup, troop), pieceOf(setup, s.troops[targetId]!));
  return trampleAttacks(cardOf(setup, troop), { charging, startedNextTo });
}

/** The tramples of `aims` due on the step from `from` to `to`: the step that enters their target's space. */
export function dueOn(setup: ScSetup, s: ScState, mover: Piece, from: number, to: number, aims: readonly TrampleAim[]): TrampleAim[] {
  return aims.filter((a) => {
    const t = s.troops[a.target]!;
    return !t.removed && t.at !== null && !overlaps(setup, spanOf(mover.size), from, t) && overlaps(setup, spanOf(mover.size), to, t);
  });
}

/**
 * SC Movement d, order of resolution: the enemies to ask at a trampling step, Readied ones with a
 * Reach attack first, then the other Readied ones (simultaneous with the trample), then the rest; and
 * those at −2, being a trampled troop or next to one.
 */
export function trampleOrder(
  setup: ScSetup,
  s: ScState,
  table: ScTable,
  attackers: readonly string[],
  due: readonly TrampleAim[],
  reachOn: (id: string) => boolean,
): { first: string[]; together: string[]; after: string[]; minus: string[] } {
  const readied = (id: string) => s.troops[id]!.readied !== undefined;
  const first = attackers.filter((id) => readied(id) && reachOn(id));
  const together = attackers.filter((id) => readied(id) && !first.includes(id));
  const after = attackers.filter((id) => !readied(id));
  const targets = due.map((a) => pieceOf(setup, s.troops[a.target]!));
  const minus = attackers.filter((id) => {
    const p = table.pieces.get(id);
    return due.some((a) => a.target === id) || (p !== undefined && targets.some((t) => areAdjacent(table, t, p)));
  });
  return { first, together, after, minus };
}

/** Whether `attackId` of `attacker` is a Reach attack (SC App. B Reach). */
export const isReachAttack = (setup: ScSetup, attacker: ScTroop, attackId: string): boolean => {
  const a = cardOf(setup, attacker)
    .attacks.flat()
    .find((x) => x.id === attackId);
  return a !== undefined && hasReach(a);
};

/** The mover as it stands now, for a trample rolled with its Hurt and conditions as they are. */
export const asNow = (t: ScTroop): NonNullable<ScTrampleDue['as']> => ({ hurt: t.hurt, conditions: t.conditions ?? [] });

/**
 * Rolls the tramples due (SC Movement d), each landing at once on its target; a target an earlier one
 * removed is not struck. True when the match ended.
 */
export function resolveTramples(ctx: Ctx, setup: ScSetup, moverId: string, aims: readonly TrampleAim[], as: ScTrampleDue['as']): boolean {
  for (const aim of aims) {
    const s = ctx.state;
    const mover = s.troops[moverId]!;
    const target = s.troops[aim.target]!;
    if (target.removed || target.at === null) continue;
    const attack = trampleAttackOf(cardOf(setup, mover), aim.attack)!;
    const card = struckCard(setup, s, target);
    const flanked = isFlanked(tableOf(setup, s, moverId), pieceOf(setup, target));
    const me = as ?? asNow(mover);
    const out = strike((sides) => ctx.roll(sides), { attacker: moverId, target: aim.target }, attack, me.hurt, card, me.conditions, flanked);
    const taken = target.taken + out.wounds;
    const removed = isRemoved(taken, card.wounds);
    const conditions = removed || attack.id === TRAMPLE_ID ? [] : strikeConditions(setup, s, out);
    ctx.emit({
      type: 'trampled',
      troop: moverId,
      target: aim.target,
      strike: out,
      dice: ctx.dice(),
      taken,
      hurt: isHurt(taken, card.wounds),
      removed,
      ...(conditions.length > 0 ? { conditions } : {}),
    });
    if (removed && checkElimination(ctx)) return true;
  }
  return false;
}

/**
 * SC Movement d: "each trample attack takes the place of a normal attack that the unit makes on that
 * turn". A trample with one of the card's attacks counts as that attack (its #Atk and "Or"); the
 * rulebook's trample as one strike of any (ruling SC134). Null when the strike may still be declared.
 */
export function strikeAfterTrampling(card: ReturnType<typeof cardOf>, troop: ScTroop, before: readonly string[], attackId: string): RuleError | null {
  const used = troop.trampledWith ?? [];
  const own = used.filter((id) => id !== TRAMPLE_ID);
  const plain = used.length - own.length;
  const checked = checkMeleeDeclaration(card, [...own, ...before, attackId], troop);
  if (checked !== null || used.length === 0) return checked;
  if (own.length + plain + before.length + 1 > opportunityAttacksPerRound(card))
    return ruleError(
      'attacks-spent-trampling',
      `${troop.id} used ${used.length === 1 ? 'one of its attacks' : `${used.length} of its attacks`} this turn trampling`,
    );
  return null;
}
