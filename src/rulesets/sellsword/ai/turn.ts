/**
 * The AI's acts on its turn. For each unit that may act it weighs short plans for the acts it has
 * left, each ending where the unit will stand when the enemy moves next:
 * - attack from here (up to the rule of 3), then stay or step away;
 * - a Basic Move or a Maneuver to a square, then attack (single-target or a burst) or charge from there;
 * - a move or a charge (R23) out, an attack, and a Basic Move back with the last act: how a unit
 *   holding an objective (R4 scores it at the round's end, so only where the unit ends its turn counts)
 *   strikes an enemy it cannot reach from the area and still holds it;
 * - a charge, then attack again from where it ends;
 * - a burst at an origin that catches enemies more than friends;
 * - an act trait, a rest for a spent token, a crow;
 * - ending the turn where it stands.
 * A plan's value is what its attacks are expected to be worth (Judge.outlookValue) plus the value of
 * the square it ends on (Judge.position: objectives, the pull towards targets, less the danger there),
 * less the replies it invites and the damaging terrain it walks through. The first act of the best
 * plan is played; after it (and its dice) the AI plans again from what it sees.
 */
import { isDiagonal, nameOf } from '../../../engine';
import type { Command } from '../engine';
import { canPay, commanderOf } from '../engine';
import { attackOutlook, burstOutlook, chargeOptions, movePlans, targetsFrom, visibleTargets, type TargetView } from '../engine';
import type { GameState, UnitState } from '../engine';
import { liveTraits, profile } from '../engine';
import { onMap, unitOf } from '../engine';
import { traitReach } from '../engine';
import { actsFor, waitingUnits } from '../engine';
import { type Judge, woundsOf } from './judge';

export interface Candidate {
  readonly command: Command;
  readonly value: number;
}

interface AttackOption {
  readonly command: Command;
  readonly value: number;
  readonly acts: number;
  readonly target: string;
}

/** Squares judged exactly (odds from there, danger with cover) after a quick look at every reachable one. */
const EXACT_SQUARES = 6;
/** Units planned in full when choosing which to activate. */
const FULL_UNITS = 2;

/** Candidate commands for the turn in front of the AI, best first (not yet checked with decide). */
export function turnCandidates(j: Judge): Candidate[] {
  const state = j.state;
  const turn = state.turn!;
  const out: Candidate[] = [];
  if (turn.unit !== null) {
    out.push(...unitCandidates(j, unitOf(state, turn.unit), false));
  } else {
    // Which unit to activate: a quick look at every unit (squares judged without lines of sight),
    // then the most promising few planned in full; the gain is the plan's value over staying put.
    const looked: { u: UnitState; stay: number; best: number }[] = [];
    for (const u of waitingUnits(state, turn.player)) {
      // §6.2: the opponent commands a Controlled unit's acts; its owner may only end its turn, which denies them it.
      if (commanderOf(state, u) !== j.me) {
        out.push({ command: { end: u.id }, value: j.statusHarm(u, 'controlled') });
        continue;
      }
      const stay = j.position(u, u.at);
      const quick = unitCandidates(j, u, true, 0);
      looked.push({ u, stay, best: Math.max(...quick.map((c) => c.value)) - stay });
    }
    looked.sort((a, b) => b.best - a.best || (a.u.id < b.u.id ? -1 : 1));
    for (const { u, stay } of looked.slice(0, FULL_UNITS))
      for (const c of unitCandidates(j, u, true, EXACT_SQUARES)) out.push({ command: c.command, value: c.value - stay });
    // The rest may still end their turns (a unit with nothing to do), valued as the quick look said.
    for (const { u } of looked.slice(FULL_UNITS)) out.push({ command: { end: u.id }, value: -0.001 });
  }
  return out.sort((a, b) => b.value - a.value);
}

function attackCap(j: Judge, u: UnitState): number {
  let cap = 2;
  for (const t of liveTraits(j.state, u)) if (t.trait === 'rule' && t.maxSameAct !== undefined) cap = Math.max(cap, t.maxSameAct);
  return cap;
}

/** Token and Vigor costs of an attack or trait, in VP. */
function costValue(j: Judge, u: UnitState, cost: { react?: number; blue?: number; red?: number; vigor?: number }): number {
  return (cost.react ?? 0) * j.reactValue(u) + ((cost.blue ?? 0) + (cost.red ?? 0)) * j.w.powerToken + ((cost.vigor ?? 0) / 5) * j.w.vigor;
}

/** Single-target attacks the unit could make from where it stands, or from `from`, with their values. */
function attackOptions(j: Judge, u: UnitState, from: string | null, actsLeft: number): AttackOption[] {
  const views: TargetView[] = from === null ? visibleTargets(j.state, u.id) : targetsFrom(j.state, u.id, from);
  const out: AttackOption[] = [];
  for (const t of views) {
    const attack = profile(j.state, u).attacks.find((a) => a.id === t.attack);
    if (!attack || attack.acts > actsLeft || !canPay(u, attack.cost)) continue;
    const target = unitOf(j.state, t.unit);
    const value = j.attackValue(u, attack, target, from === null ? {} : { from }) - costValue(j, u, attack.cost);
    out.push({ command: { act: 'attack', unit: u.id, attack: attack.id, target: t.unit }, value, acts: attack.acts, target: t.unit });
  }
  return out.sort((a, b) => b.value - a.value);
}

/** Single-target attacks and bursts the unit could make once it stands on `at`, best first. */
function optionsFrom(j: Judge, u: UnitState, at: number, actsLeft: number): AttackOption[] {
  return [...attackOptions(j, u, nameOf(j.board, at), actsLeft), ...burstOptions(j, u, actsLeft, at)].sort((a, b) => b.value - a.value);
}

/**
 * Bursts from where the unit stands (or would stand, on `at`), one origin per enemy square in reach:
 * enemies caught count for, friends against.
 */
function burstOptions(j: Judge, u: UnitState, actsLeft: number, at: number | null = u.at): AttackOption[] {
  const out: AttackOption[] = [];
  const side = j.side(u);
  const placed: GameState = at === u.at ? j.state : { ...j.state, units: { ...j.state.units, [u.id]: { ...u, at } } };
  for (const attack of profile(j.state, u).attacks) {
    if (attack.burst === undefined || attack.acts > actsLeft || !canPay(u, attack.cost) || at === null) continue;
    for (const e of j.enemiesOf(side)) {
      if ((at === u.at ? j.distance(u, e, e.at!) : j.distance(e, u, at)) > attack.range + attack.burst) continue;
      const origin = nameOf(j.board, e.at!);
      const caught = burstOutlook(placed, u.id, attack.id, origin);
      if ('code' in caught) continue;
      let value = -costValue(j, u, attack.cost);
      for (const c of caught) {
        const v = unitOf(j.state, c.unit);
        const worth = j.outlookValue(attack, v, c.outlook);
        value += j.side(v) === side ? -1.2 * worth : worth;
      }
      out.push({ command: { act: 'attack', unit: u.id, attack: attack.id, origin }, value, acts: attack.acts, target: e.id });
    }
  }
  return out.sort((a, b) => b.value - a.value);
}

/**
 * The best that up to `acts` acts of attacks (at most `cap` of them) are worth, and the first of
 * them. A second attack at the same target is discounted: the first may already have dropped it.
 */
function sequence(options: readonly AttackOption[], acts: number, cap: number): { value: number; first: AttackOption | null; count: number } {
  const first = options.find((o) => o.acts <= acts && o.value > 0);
  if (!first || cap < 1) return { value: 0, first: null, count: 0 };
  const left = acts - first.acts;
  const second = cap >= 2 ? options.find((o) => o.acts <= left && o.value > 0) : undefined;
  if (!second) return { value: first.value, first, count: 1 };
  return { value: first.value + (second.target === first.target ? 0.8 : 1) * second.value, first, count: 2 };
}

/** Candidate first acts for one unit, valued as the plans they begin. */
function unitCandidates(j: Judge, u: UnitState, activating: boolean, exact = EXACT_SQUARES): Candidate[] {
  const state = j.state;
  const turn = state.turn!;
  const acts = activating ? actsFor(state, u) : turn.actsLeft;
  const end: Command = { end: u.id };
  if (acts <= 0) return [{ command: end, value: j.position(u, u.at) }];
  const used = activating ? { move: 0, maneuver: 0, attack: 0, rest: 0, crow: 0, trait: 0 } : turn.used;
  const enraged = activating ? null : turn.enraged;
  const here = u.at;
  const stay = j.position(u, here, { enraged });
  const out: Candidate[] = [{ command: end, value: stay }];
  const pinned = u.statuses.some((s) => s.status === 'pinned');
  const cap = attackCap(j, u) - used.attack;
  const max = profile(state, u).tokensMax;
  const restGain = u.tokens.react < max.react && used.rest < 2 ? 0.6 * j.reactValue(u) : 0;
  const adjacentRisk = here === null ? 0 : j.replyRisk(u, here);

  // Attacks from here, then stay (or rest with an act to spare).
  const hereAttacks = onMap(u) ? [...attackOptions(j, u, null, acts), ...burstOptions(j, u, acts)].sort((a, b) => b.value - a.value) : [];
  const seq = sequence(hereAttacks, acts, cap);
  if (seq.first) {
    const spare = acts - seq.count > 0 ? restGain : 0;
    out.push({ command: seq.first.command, value: seq.value + stay - adjacentRisk + spare });
  }

  // Moves: a quick look at every square, then the best few judged exactly.
  const moves: { to: string; path: string[]; maneuver: boolean }[] = [];
  if (!pinned && used.move < 2 && exact === 0 && here !== null) {
    // The quick look at a unit only ranks it: squares within its Move by counted distance stand in
    // for the pathfinder's (terrain costs and enemies in the way are left to the full plan).
    for (const at of j.roughReach(u)) moves.push({ to: nameOf(j.board, at), path: [nameOf(j.board, at)], maneuver: false });
  } else if (!pinned && used.move < 2) for (const [to, plan] of j.movePlans(u, false)) moves.push({ to, path: plan.path, maneuver: false });
  // A Maneuver lets no one reply (R14): worth a look beside an enemy, or when Basic Moves are used up or too short.
  const maneuvers = adjacentRisk > 0 || used.move >= 2 || profile(state, u).move < 2;
  if (!pinned && used.maneuver < 2 && here !== null && maneuvers)
    for (const [to, plan] of j.movePlans(u, true)) moves.push({ to, path: plan.path, maneuver: true });
  if (moves.length > 0) {
    const quick = moves.map((m) => ({ ...m, at: j.square(m.to), score: 0, back: 0 }));
    const outAndBack = acts >= 3 && cap > 0 && used.move === 0;
    for (const m of quick) {
      m.score = j.position(u, m.at, { enraged, quick: true }) + quickAttack(j, u, m.at, acts - 1) - (m.maneuver || here === null ? 0 : adjacentRisk);
      if (outAndBack && !m.maneuver) m.back = quickAttack(j, u, m.at, acts - 2);
    }
    quick.sort((a, b) => b.score - a.score || a.at - b.at);
    let bestMove = -Infinity;
    if (exact === 0) {
      // A quick look only: the best few squares as the quick score says, and the best to strike from and come back.
      for (const m of quick.slice(0, 3))
        out.push({ command: { act: m.maneuver ? 'maneuver' : 'move', unit: u.id, path: m.path }, value: m.score - j.w.moveCost });
      const best = quick.reduce<(typeof quick)[number] | null>((b, m) => (m.back > (b?.back ?? 0) ? m : b), null);
      if (best) out.push({ command: { act: 'move', unit: u.id, path: best.path }, value: stay - adjacentRisk + best.back - 2 * j.w.moveCost });
    }
    for (const m of squaresToJudge(quick, exact)) {
      const pos = j.position(u, m.at, { enraged });
      const after = acts - 1 > 0 && cap > 0 ? sequence(optionsFrom(j, u, m.at, acts - 1), acts - 1, cap) : { value: 0, count: 0, first: null };
      const risk = (m.maneuver || here === null ? 0 : adjacentRisk) + (after.count > 0 ? j.replyRisk(u, m.at) : 0);
      const burns = j.burnsOnPath(u, m.path) * j.burn(u);
      let value = pos + after.value - risk + (acts - 1 - after.count > 0 ? restGain * 0.5 : 0) - j.w.moveCost - burns;
      // Or move, then charge from there (R23: +2 to hit, +5 wounds), then attack again.
      if (after.count === 0 && acts - 1 > 0 && cap > 0 && u.vigor >= 5) {
        const charge = chargeFrom(j, u, m.at, acts - 1, cap, enraged);
        if (charge !== null) value = Math.max(value, charge - (m.maneuver || here === null ? 0 : adjacentRisk) - j.w.moveCost - burns);
      }
      // Or strike from there and come back (R4: a lone holder keeps its objective).
      if (acts >= 3 && stay > pos && used.move + (m.maneuver ? 0 : 1) < 2) {
        const back = strikeAndBack(j, u, m.at, m.path, acts - 2, cap, stay);
        if (back !== null) value = Math.max(value, back - (m.maneuver || here === null ? 0 : adjacentRisk) - 2 * j.w.moveCost - burns);
      }
      bestMove = Math.max(bestMove, pos - (m.maneuver || here === null ? 0 : adjacentRisk) - j.w.moveCost - burns);
      // The engine's own path for `to`, given as a path: the same move, checked without a search.
      out.push({ command: m.maneuver ? { act: 'maneuver', unit: u.id, path: m.path } : { act: 'move', unit: u.id, path: m.path }, value });
    }
    // Strike first, then step away to a better square.
    if (seq.first && acts - seq.first.acts >= 1 && bestMove > stay) out.push({ command: seq.first.command, value: seq.first.value + bestMove - adjacentRisk });
  }

  // Charges (R23): +2 to hit, +5 to the first wound, for 5 Vigor; then more attacks from where it ends.
  // (A charge moves two squares and ends adjacent, so only enemies within 4 can be charged: skip the query otherwise.)
  if (onMap(u) && cap > 0 && !pinned && u.vigor >= 5 && j.enemiesOf(j.side(u)).some((e) => j.distance(u, e, e.at!) <= 4)) {
    for (const c of chargeOptions(state, u.id)) {
      const attack = profile(state, u).attacks.find((a) => a.id === c.attack)!;
      if (!canPay(u, attack.cost)) continue;
      const target = unitOf(state, c.target);
      const endAt = j.square(c.path[c.path.length - 1]!);
      const hit = j.attackValue(u, attack, target, { charge: true }) - costValue(j, u, attack.cost) - j.w.vigor;
      const more = acts - 1 > 0 ? sequence(attackOptions(j, u, c.path[c.path.length - 1]!, acts - 1), acts - 1, cap - 1) : { value: 0, count: 0 };
      const burns = j.burnsOnPath(u, c.path) * j.burn(u);
      const endPos = j.position(u, endAt, { enraged });
      let value = hit + 0.85 * more.value + endPos - j.replyRisk(u, endAt) - burns;
      // Or charge, strike again with an act to spare, and come back (R4: a lone holder keeps its objective).
      if (acts >= 2 && stay > endPos && used.move < 2) {
        const back = strikeAndBack(j, u, endAt, c.path, acts - 2, cap - 1, stay);
        if (back !== null) value = Math.max(value, hit + back - j.w.moveCost - burns);
      }
      out.push({ command: { act: 'attack', unit: u.id, attack: attack.id, target: c.target, charge: true }, value });
    }
  }

  // Rest for a spent react token; a rest trait for blue or red.
  if (onMap(u) && restGain > 0) out.push({ command: { act: 'rest', unit: u.id, token: 'react' }, value: stay + restGain });
  for (const t of liveTraits(state, u)) {
    if (t.trait !== 'rest' || u.tokens[t.token] >= max[t.token] || t.acts > acts) continue;
    out.push({ command: { act: 'rest', unit: u.id, token: t.token }, value: stay + j.w.powerToken * 0.8 });
  }

  // Act traits: gains for allies in need, statuses on enemies, invisibility when in danger.
  if (onMap(u)) out.push(...traitCandidates(j, u, stay));

  // R30: crow after dropping an enemy this turn.
  if (!activating && turn.droppedEnemy && !u.crowed && u.vigor < profile(state, u).vigorMax) {
    out.push({ command: { act: 'crow', unit: u.id }, value: stay + j.w.vigor * (Math.min(5, profile(state, u).vigorMax - u.vigor) / 5) * 1.5 });
  }
  return out;
}

/**
 * The squares a unit's plan judges exactly: the best `exact` by the quick score, and (when `exact` is
 * not 0) the two best to strike from and come back, which the quick score ranks low when the unit
 * stands somewhere worth more than anywhere it could strike from (R4: a lone holder's objective).
 */
function squaresToJudge<M extends { readonly at: number; readonly back: number }>(quick: readonly M[], exact: number): M[] {
  const seen = new Set<number>();
  const out: M[] = [];
  for (const m of quick) {
    if (out.length >= exact) break;
    if (!seen.has(m.at)) out.push(m);
    seen.add(m.at);
  }
  if (exact === 0) return out;
  const backs = quick.filter((m) => m.back > 0 && !seen.has(m.at)).sort((a, b) => b.back - a.back || a.at - b.at);
  for (const m of backs.slice(0, 2)) if (!out.includes(m)) out.push(m);
  return out;
}

/**
 * Attacks from `at` with `acts` acts (none is fine after a charge), then a Basic Move back to where
 * the unit stands now, ending its turn on the square it is worth `stay` on: the value of that plan
 * from its attacks on, less the replies it invites at `at` (an enemy with one react token replies
 * once, to the attack or to the step away: R25, R26) and the damaging terrain on the way back. Null
 * when there is no way back or (with acts to attack) no attack from `at` worth making.
 */
function strikeAndBack(j: Judge, u: UnitState, at: number, outbound: readonly string[], acts: number, cap: number, stay: number): number | null {
  const strike = acts > 0 && cap > 0 ? sequence(optionsFrom(j, u, at, acts), acts, cap) : { value: 0, count: 0 };
  if (acts > 0 && strike.count === 0) return null;
  const back = wayBack(j, u, at, outbound);
  return back === null ? null : strike.value + stay - j.replyRisk(u, at) - back;
}

/**
 * Whether the unit, on `at` after walking `outbound` (square names) this turn, could come back to
 * where it stands now with a fresh Basic Move (R11: points left over are lost once it attacks; the
 * turn's diagonals so far still count, R12): the damaging terrain on the way back (R19) in VP, or null.
 */
function wayBack(j: Judge, u: UnitState, at: number, outbound: readonly string[]): number | null {
  const turn = j.state.turn!;
  const here = u.at!;
  let diagonals = turn.unit === u.id ? turn.diagonals : 0;
  let from = here;
  for (const name of outbound) {
    const to = j.square(name);
    if (isDiagonal(j.board, from, to)) diagonals++;
    from = to;
  }
  const moved = { ...u, at };
  const commander = commanderOf(j.state, u);
  const controller = turn.unit === u.id ? turn.controller : commander === u.player ? null : commander;
  const placed: GameState = { ...j.state, units: { ...j.state.units, [u.id]: moved }, turn: { ...turn, unit: u.id, movePoints: 0, diagonals, controller } };
  const plan = movePlans(placed, u.id, false).get(nameOf(j.board, here));
  return plan ? j.burnsOnPath(moved, plan.path) * j.burn(u) : null;
}

/**
 * The best charge the unit could make after moving to `at`, with the attacks after it and the square
 * it ends on: the engine's chargeOptions and attackOutlook asked of the state with the unit there.
 */
function chargeFrom(j: Judge, u: UnitState, at: number, acts: number, cap: number, enraged: readonly string[] | null): number | null {
  const side = j.side(u);
  if (!j.enemiesOf(side).some((e) => j.distance(e, u, at) <= 4)) return null;
  const moved = { ...u, at };
  const placed = { ...j.state, units: { ...j.state.units, [u.id]: moved } };
  let best: number | null = null;
  for (const c of chargeOptions(placed, u.id)) {
    const attack = profile(placed, moved).attacks.find((a) => a.id === c.attack);
    if (!attack || !canPay(u, attack.cost)) continue;
    const o = attackOutlook(placed, u.id, attack.id, c.target, { charge: true });
    if ('code' in o) continue;
    const end = c.path[c.path.length - 1]!;
    const endAt = j.square(end);
    const hit = j.outlookValue(attack, unitOf(j.state, c.target), o) - costValue(j, u, attack.cost) - j.w.vigor;
    const more = acts - 1 > 0 ? sequence(attackOptions(j, u, end, acts - 1), acts - 1, cap - 1) : { value: 0 };
    const value = hit + 0.85 * more.value + j.position(u, endAt, { enraged }) - j.replyRisk(u, endAt) - j.burnsOnPath(moved, c.path) * j.burn(u);
    if (best === null || value > best) best = value;
  }
  return best;
}

/**
 * A rough value of attacking from `at` with `acts` acts: the best plain attack on an enemy in reach,
 * without sight (a burst centred on the enemy: half its wounds, as a rough chance to hit).
 */
function quickAttack(j: Judge, u: UnitState, at: number, acts: number): number {
  if (acts <= 0) return 0;
  let best = 0;
  for (const e of j.enemiesOf(j.side(u))) {
    const d = j.distance(e, u, at);
    for (const a of profile(j.state, u).attacks) {
      if (a.acts > acts || d > a.range + (a.burst ?? 0) || !canPay(u, a.cost)) continue;
      const v = j.woundValue(e, a.burst === undefined ? j.plainWounds(u, a, e) : 0.5 * woundsOf(a));
      if (v > best) best = v;
    }
  }
  return best * (acts >= 2 ? 1.6 : 1);
}

function traitCandidates(j: Judge, u: UnitState, stay: number): Candidate[] {
  const out: Candidate[] = [];
  const side = j.side(u);
  for (const t of liveTraits(j.state, u)) {
    if (t.trait !== 'act' || !canPay(u, t.cost)) continue;
    const cost = costValue(j, u, t.cost);
    const reached = traitReach(j.state, u, t);
    const valueFor = (v: UnitState): number => {
      let value = 0;
      const friend = j.side(v) === side;
      const p = profile(j.state, v);
      if (t.gain && friend) {
        const vigor = Math.max(0, Math.min(t.gain.vigor ?? 0, p.vigorMax - v.vigor));
        const danger = v.at === null ? 0 : j.danger(v, v.at);
        value += (vigor / 5) * j.w.vigor * (danger > 0.5 ? 2.5 : 1.2);
        const react = Math.max(0, Math.min(t.gain.react ?? 0, p.tokensMax.react - v.tokens.react));
        value += react * j.w.reactToken * 0.6;
        const power =
          Math.max(0, Math.min(t.gain.blue ?? 0, p.tokensMax.blue - v.tokens.blue)) + Math.max(0, Math.min(t.gain.red ?? 0, p.tokensMax.red - v.tokens.red));
        value += power * j.w.powerToken * 0.6;
      }
      for (const e of t.effects ?? []) {
        if (!('status' in e)) continue;
        const has = v.statuses.some((s) => s.status === e.status && e.status !== 'recurring');
        if (has) continue;
        const harm = j.statusHarm(v, e.status, e.wound ?? 0);
        // Invisible on oneself is worth what it saves from the danger here.
        if (friend && harm < 0) value += v.at === null ? 0 : Math.min(j.danger(v, v.at) * 0.6, 6);
        else value += friend ? -harm : harm;
      }
      return value;
    };
    if (t.who === undefined) {
      out.push({ command: { act: 'trait', unit: u.id, trait: t.id }, value: stay + valueFor(u) - cost });
      continue;
    }
    // Named on the best unit it reaches (a "one" trait needs a target), and for every unit it reaches.
    let all = 0;
    let best: { id: string; value: number } | null = null;
    for (const v of reached) {
      const value = valueFor(v);
      all += value;
      if (!best || value > best.value) best = { id: v.id, value };
    }
    if (best) out.push({ command: { act: 'trait', unit: u.id, trait: t.id, target: best.id }, value: stay + best.value - cost });
    if (reached.length > 0) out.push({ command: { act: 'trait', unit: u.id, trait: t.id }, value: stay + all - cost - 0.01 });
  }
  return out;
}
