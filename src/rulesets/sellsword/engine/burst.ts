/**
 * R24 Burst, §4.5: the attacker picks an origin square in range whose centre it can see. Every unit
 * within the burst radius of the origin is attacked, allies too, in order of distance from the origin
 * (ties by board order); all rolls come first, then the effects apply together. A unit has cover when
 * the line from the origin's centre to its centre is blocked.
 */
import type { Attack } from '../formats/card';
import { colOf, nameOf, rowOf } from '../../../engine/board';
import type { Ctx } from './ctx';
import { distance, distancesWithin } from '../../../engine/distance';
import { refuse } from '../../../engine/errors';
import type { Handler } from './flow';
import { burstCover, seesCentre } from '../../../engine/sight';
import type { GameState, UnitState } from './state';
import { hasTrait, profile } from './stats';
import { DIAGONALS, label, onMap, squaresOf, tableOf, unitOf } from './table';
import { bodyOf, compromisedAgainst, occupancyBetween } from './targeting';

/** Checks the origin square (in range, centre visible). */
export function checkBurstOrigin(state: GameState, unit: UnitState, attack: Attack, origin: number): void {
  const table = tableOf(state);
  const range = distance(table.board, table.wallAt, DIAGONALS, squaresOf(state, unit), [origin]);
  // Said of the square by name: players give it in /attack's `target`, and never read "origin" there.
  const square = nameOf(table.board, origin);
  if (range > attack.range) refuse('out-of-range', `${square} is ${range} squares away; ${attack.name} reaches ${attack.range}`);
  if (!seesCentre(table.board, occupancyBetween(state, unit, unit), bodyOf(state, unit), origin)) {
    refuse('no-line-of-sight', `${label(state, unit)} cannot see the centre of ${square} (§4.5)`);
  }
}

/**
 * The squares a burst covers (R24, §4.2): each square within the burst's radius of the origin by counted
 * distance (walls cut it; the origin itself at 0), with that distance. The one answer to "where did the
 * burst land": burstTargets catches the units standing in it, and the last-turn picture shades it.
 */
export function burstArea(state: GameState, attack: Pick<Attack, 'burst'>, origin: number): Map<number, number> {
  const table = tableOf(state);
  return distancesWithin(table.board, table.wallAt, DIAGONALS, [origin], attack.burst ?? 0);
}

/** Units caught by the burst, those standing in its area (burstArea), nearest the origin first, ties in board order (R24). */
export function burstTargets(state: GameState, attacker: UnitState, attack: Attack, origin: number): UnitState[] {
  const table = tableOf(state);
  const area = burstArea(state, attack, origin);
  const nearest = (u: UnitState) => Math.min(...squaresOf(state, u).map((sq) => area.get(sq) ?? Number.POSITIVE_INFINITY));
  return Object.values(state.units)
    .filter((u) => onMap(u) && u.id !== attacker.id)
    .map((u) => ({ u, d: nearest(u) }))
    .filter(({ d }) => Number.isFinite(d))
    .sort((a, b) => a.d - b.d || rowOf(table.board, a.u.at!) - rowOf(table.board, b.u.at!) || colOf(table.board, a.u.at!) - colOf(table.board, b.u.at!))
    .map(({ u }) => u);
}

/** The roll one unit caught by a burst faces (R24): bonus, auras, injuries, cover from the origin, compromise; its defence. */
export function burstLine(
  state: GameState,
  attacker: UnitState,
  attack: Attack,
  origin: number,
  target: UnitState,
): { modifier: number; need: number; notes: string[] } {
  const table = tableOf(state);
  const a = profile(state, attacker);
  const t = profile(state, target);
  const notes = [`bonus +${attack.bonus}`];
  let modifier = attack.bonus + a.attackModifier - a.injuries;
  if (a.injuries) notes.push(`injuries −${a.injuries}`);
  if (burstCover(table.board, occupancyBetween(state, attacker, target), origin, bodyOf(state, target))) {
    modifier -= 2;
    notes.push('cover −2');
  }
  if (compromisedAgainst(state, target, attacker)) {
    modifier += 2;
    notes.push('compromised +2');
  }
  const need = t[attack.vs] + (attack.vs === 'armor' && hasTrait(state, target, 'shield') ? 2 : 0);
  return { modifier, need, notes };
}

/** Rolls against every unit caught, then queues the effects of each hit to apply together. */
export const onBurst: Handler<'burst'> = (ctx: Ctx, frame, stack) => {
  const attacker = unitOf(ctx.state, frame.unit);
  if (attacker.dropped) return;
  const attack = profile(ctx.state, attacker).attacks.find((a) => a.id === frame.attack)!;
  const origin = frame.origin;
  const table = tableOf(ctx.state);
  const hits: { target: string; critical: boolean; glancing: boolean }[] = [];
  for (const target of burstTargets(ctx.state, attacker, attack, origin)) {
    const { modifier, need, notes } = burstLine(ctx.state, attacker, attack, origin, target);
    const d = ctx.roll(20);
    const hit = d !== 1 && (d === 20 || d + modifier >= need);
    let critical = hit && (d === 20 || d + modifier >= need + 10);
    const glancing = hit && d === 13 && ctx.state.options.glancingBlow;
    if (glancing) critical = false;
    ctx.emit({
      type: 'attack-rolled',
      unit: attacker.id,
      attack: attack.id,
      target: target.id,
      rolls: ctx.rolls(),
      modifier,
      need,
      hit,
      critical,
      glancing,
      notes,
      origin: nameOf(table.board, origin),
    });
    if (hit) hits.push({ target: target.id, critical, glancing });
  }
  for (const h of [...hits].reverse()) {
    stack.push({
      k: 'effects',
      unit: attacker.id,
      attack: attack.id,
      target: h.target,
      index: 0,
      critical: h.critical,
      glancing: h.glancing,
      charge: false,
      caused: true,
      bonusUsed: false,
    });
  }
};
