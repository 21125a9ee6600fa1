/**
 * The ranged step in play (SC Ranged a, c, d, f; rulings SC16–SC20): shots are declared one at a
 * time, each checked against what the troop has declared already; closing the step resolves them in
 * the order declared and applies every wound after all have resolved. A side none of whose troops
 * can shoot passes the step.
 */
import { refuse } from '../../../engine/errors';
import { checkDeclaration, type Fighter } from '../rules/melee';
import { afterMove } from '../rules/movement';
import { checkShot, enemyAdjacent, resolveRangedStep } from '../rules/ranged';
import { isHurt } from '../rules/wounds';
import type { Ctx } from './deploy';
import { cardOf, onTable, pieceOf, tableOf } from './tables';
import type { ScCommand, ScSetup, ScState, ScWounds } from './types';

export function declareShot(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'shoot' }>): void {
  const s = ctx.state;
  const troop = s.troops[c.troop];
  if (!troop || troop.removed || troop.at === null) refuse('unknown-troop', `There is no troop "${c.troop}" on the table.`);
  if (troop.player !== s.turn!.player) refuse('not-your-troop', `${c.troop} is not one of your troops.`);
  const before = s.declared.filter((d) => d.attacker === c.troop).map((d) => d.attack);
  const problem = checkShot(tableOf(setup, s), pieceOf(setup, troop), cardOf(setup, troop), afterMove(troop.moved ?? 'move'), {
    attack: c.attack,
    target: c.target,
    before,
  });
  if (problem) refuse(problem.code, `${problem.message}.`);
  ctx.emit({ type: 'shot-declared', shot: { attacker: c.troop, attack: c.attack, target: c.target } });
}

/** The shots the active side could declare now, each as a command (for suggestions, random play and passing the step). */
export function shotOptions(setup: ScSetup, s: ScState): Extract<ScCommand, { type: 'shoot' }>[] {
  const player = s.turn!.player;
  const table = tableOf(setup, s);
  const troops = onTable(s);
  const enemies = troops.filter((t) => t.player !== player);
  return troops
    .filter((t) => t.player === player && afterMove(t.moved ?? 'move').ranged)
    .flatMap((t) => {
      const card = cardOf(setup, t);
      const piece = pieceOf(setup, t);
      const ranged = card.attacks.flat().filter((a) => a.range !== undefined);
      if (ranged.length === 0 || enemyAdjacent(table, piece)) return [];
      const before = s.declared.filter((d) => d.attacker === t.id).map((d) => d.attack);
      return ranged
        .filter((a) => checkDeclaration(card, [...before, a.id], 'ranged') === null)
        .flatMap((a) =>
          enemies
            .filter((e) => checkShot(table, piece, card, afterMove(t.moved ?? 'move'), { attack: a.id, target: e.id, before }) === null)
            .map((e) => ({ type: 'shoot' as const, troop: t.id, attack: a.id, target: e.id })),
        );
    });
}

/** Resolves the declared shots, if any, with the dice of the decision. */
export function resolveShots(ctx: Ctx, setup: ScSetup): void {
  const s = ctx.state;
  if (s.declared.length === 0) return;
  const fighters = new Map<string, Fighter>(onTable(s).map((t) => [t.id, { card: cardOf(setup, t), taken: t.taken }]));
  const aimed = new Set(
    onTable(s)
      .filter((t) => t.moved === 'aim')
      .map((t) => t.id),
  );
  const result = resolveRangedStep((sides) => ctx.roll(sides), { table: tableOf(setup, s), fighters, aimed }, s.declared);
  const wounds: Record<string, ScWounds> = {};
  for (const [id, taken] of result.taken) wounds[id] = { taken, hurt: isHurt(taken, fighters.get(id)!.card.wounds), removed: result.removed.includes(id) };
  ctx.emit({ type: 'ranged-resolved', shots: result.shots, dice: ctx.dice(), wounds });
}
