/**
 * The commands the match takes as it stands (for suggestions and for random legal play in tests):
 * each one listed here is accepted by decide. Moves are listed by destination (`to`), one per square
 * the troop can reach with each order; a slide lists no move after it.
 */
import { allowance, reachable } from '../rules/movement';
import { planCharge } from './charge';
import { trampleChoices, trampleTargets } from './trample';
import { chargeAllowance } from '../rules/charge';
import { inchesBetween } from '../rules/sight';
import { leftToPlace, placements } from './deploy';
import { reloadOptions, shotOptions } from './ranged';
import { meleeOptions } from './melee-options';
import { readiedOptions, readyOptions } from './readied';
import { cardOf, hasFlight, hasRangedAttack, moveOf, onTable, pieceOf, tableOf } from './tables';
import { ALTITUDES, type Altitude, climbCost, levelOf } from '../rules/altitude';
import { canEnd } from '../rules/movement';
import { pieceLevel, scTable } from '../rules/table';
import { crossing, mayTrample } from '../rules/trample';

const ALOFT: readonly Altitude[] = ['hover', 'low', 'high'];
import { conditionsAllow } from './conditions';
import type { ScCommand, ScSetup, ScState, ScTroop } from './types';

/** The strikes the melee step takes (match/melee-options.ts), listed here for the options' readers. */
export { meleeOptions };

function deployOptions(setup: ScSetup, s: ScState): ScCommand[] {
  const player = s.deploying!.player;
  const left = leftToPlace(s, player);
  const out: ScCommand[] = left.flatMap((t) => [
    ...placements(setup, s, t).map((at): ScCommand => ({ type: 'deploy', troop: t.id, at })),
    // A flyer may be placed aloft too (SC Flight), at each level; Landed is the plain placement above.
    ...(hasFlight(cardOf(setup, t)) ? ALOFT : []).flatMap((altitude) =>
      placements(setup, s, t, altitude).map((at): ScCommand => ({ type: 'deploy', troop: t.id, at, altitude })),
    ),
  ]);
  if (out.length === 0) out.push({ type: 'deploy-done' });
  out.push({ type: 'deploy-rest' });
  return out;
}

/** A troop's charges, and those of them that trample on the way (SC Movement d). */
function chargeWithTramples(setup: ScSetup, s: ScState, t: ScTroop): ScCommand[] {
  const charges = chargeOptions(setup, s, t);
  return [...charges, ...chargeTrampleOptions(setup, s, t, charges)];
}

function moveOptions(setup: ScSetup, s: ScState, mine: readonly ScTroop[]): ScCommand[] {
  const table = tableOf(setup, s);
  const used = s.turn!.used;
  return mine
    .filter((t) => !used.includes(t.id))
    .flatMap((t) => {
      const card = cardOf(setup, t);
      const piece = pieceOf(setup, t);
      const aim = hasRangedAttack(card) && conditionsAllow(t, 'aim') ? [{ type: 'aim' as const, troop: t.id }] : [];
      if (!conditionsAllow(t, 'move')) return aim;
      // The cheapest path to a square does not depend on the budget, so one search at the Run's
      // allowance gives the Move's squares too: those it reaches within the Move.
      const move = moveOf(setup, t);
      const far = [...reachable(table, piece, allowance('run', move, card.size))].filter(([to]) => to !== t.at);
      const near = [...reachable(table, piece, allowance('slide', move, card.size, pieceLevel(piece))).keys()].filter((to) => to !== t.at);
      return [
        ...far.filter(([, plan]) => plan.spent <= move).map(([to]): ScCommand => ({ type: 'move', troop: t.id, how: 'move', to })),
        ...(card.qualities.includes("Can't Run") ? [] : far.map(([to]): ScCommand => ({ type: 'move', troop: t.id, how: 'run', to }))),
        ...near.map((to): ScCommand => ({ type: 'move', troop: t.id, how: 'slide', to })),
        ...(hasFlight(card) ? climbOptions(setup, s, t) : []),
        ...chargeWithTramples(setup, s, t),
        ...trampleOptions(setup, s, t),
        ...aim,
      ];
    });
}

/**
 * A flyer's Moves and Runs that change its level first (SC Flight "Changing Altitude"; ruling SC90):
 * to each other level its space there is free at, where it stands or to each square it then reaches.
 */
export function climbOptions(setup: ScSetup, s: ScState, t: ScTroop): ScCommand[] {
  const from = levelOf(t.altitude);
  const move = moveOf(setup, t);
  const canRun = !cardOf(setup, t).qualities.includes("Can't Run");
  const table = tableOf(setup, s, t.id);
  return ALTITUDES.filter((a) => levelOf(a) !== from).flatMap((altitude) => {
    const cost = climbCost(from, levelOf(altitude));
    const piece = pieceOf(setup, { ...t, altitude });
    if (!canEnd(table, piece, t.at!)) return [];
    const budget = (canRun ? 2 * move : move) - cost;
    if (budget < 0) return [];
    const there = scTable(setup.map, [...table.pieces.values(), piece]);
    const far = [...reachable(there, piece, budget)].filter(([to]) => to !== t.at);
    const how = (spent: number): 'move' | 'run' => (spent + cost <= move ? 'move' : 'run');
    return [
      { type: 'move' as const, troop: t.id, how: how(0), altitude },
      ...far.map(([to, plan]): ScCommand => ({ type: 'move', troop: t.id, how: how(plan.spent), to, altitude })),
    ];
  });
}

/** The Moves that trample an enemy (SC Movement d): the cheapest path through each, with each attack it may use there (ruling SC134). */
export function trampleOptions(setup: ScSetup, s: ScState, t: ScTroop): ScCommand[] {
  return trampleTargets(setup, s, t).flatMap(({ target, path }) =>
    trampleChoices(setup, s, t, target).map((a): ScCommand => ({ type: 'move', troop: t.id, how: 'move', path, trample: [{ target, attack: a.id }] })),
  );
}

/**
 * The charges among `charges` that trample a smaller enemy their plain line already goes through (SC
 * Movement d; ruling SC135), with each attack it may trample with, a Charge Only one too; one trample
 * each, as the options list a Move's tramples.
 */
export function chargeTrampleOptions(setup: ScSetup, s: ScState, t: ScTroop, charges: readonly ScCommand[]): ScCommand[] {
  const card = cardOf(setup, t);
  const level = pieceLevel(pieceOf(setup, t));
  const smaller = onTable(s).filter((e) => e.player !== t.player && mayTrample(card.size, cardOf(setup, e).size) && pieceLevel(pieceOf(setup, e)) === level);
  if (smaller.length === 0) return [];
  const board = { width: setup.map.grid[0]!.length };
  return charges.flatMap((c) => {
    if (c.type !== 'charge' || c.trample !== undefined) return [];
    const plan = planCharge(setup, s, t, c.target, c.via);
    if ('code' in plan) return [];
    const start = plan.via.length > 0 ? plan.via[plan.via.length - 1]! : t.at!;
    return smaller
      .filter((e) => e.id !== c.target && crossing(board, pieceOf(setup, t, start), start, plan.line.path, pieceOf(setup, e)) !== null)
      .flatMap((e) =>
        trampleChoices(setup, s, t, e.id, true)
          .map((a): ScCommand => ({ ...c, trample: [{ target: e.id, attack: a.id }] }))
          .filter((o) => o.type === 'charge' && !('code' in planCharge(setup, s, t, o.target, o.via, o.trample))),
      );
  });
}

/** The enemies `t` may charge from where it stands (a Nimble Charger's first move is the order's own choice). */
export function chargeOptions(setup: ScSetup, s: ScState, t: ScTroop): ScCommand[] {
  const table = tableOf(setup, s);
  const me = pieceOf(setup, t);
  // Each charge plans a path search: an enemy further in the open than the charge's inches (and a
  // margin for the last step and a diagonal's second inch) is out of reach without one.
  const most = chargeAllowance({ ...cardOf(setup, t), move: moveOf(setup, t) }) + 3;
  return onTable(s)
    .filter((e) => e.player !== t.player && inchesBetween(table, me, pieceOf(setup, e)) <= most && !('code' in planCharge(setup, s, t, e.id)))
    .map((e): ScCommand => ({ type: 'charge', troop: t.id, target: e.id }));
}

export function legalCommands(setup: ScSetup, s: ScState): ScCommand[] {
  if (s.end) return [];
  if (s.prompt?.kind === 'readied')
    return [
      { type: 'readied', attack: null },
      ...readiedOptions(setup, s, s.troops[s.prompt.troop]!).map((o): ScCommand => ({ type: 'readied', attack: o.attack, target: o.target })),
    ];
  if (s.prompt?.kind === 'reserve')
    return [
      { type: 'reserve', reserve: 1 },
      { type: 'reserve', reserve: 2 },
    ];
  if (s.prompt) return [{ type: 'opportunity', attack: null }, ...s.prompt.attacks.map((attack): ScCommand => ({ type: 'opportunity', attack }))];
  if (s.deploying) return deployOptions(setup, s);
  if (!s.turn) return [];
  const mine = onTable(s).filter((t) => t.player === s.turn!.player);
  const step = s.turn.step;
  const orders =
    step === 'movement'
      ? [...moveOptions(setup, s, mine), ...reloadOptions(setup, s)]
      : step === 'ranged'
        ? [...shotOptions(setup, s), ...reloadOptions(setup, s), ...readyOptions(setup, s)]
        : [...meleeOptions(setup, s, mine), ...readyOptions(setup, s)];
  return [...orders, { type: 'next' }, { type: 'end-turn' }];
}
