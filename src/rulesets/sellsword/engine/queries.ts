/**
 * Queries for the bot, the renderer and the AI: separate from commands, built on the same
 * checks decide() uses, so nothing offered here is refused there.
 */
import { splitOptions } from './split-options';
import type { Attack } from '../formats/card';
import { burstLine, burstTargets, checkBurstOrigin } from './burst';
import { recoveryNeeded } from './recovery';
import { nameOf, squareIndex } from '../../../engine/board';
import type { ActCommand, Command, Decision } from './commands';
import { asCommanded, commanderOf } from './acts';
import { checkCommander, planCommand } from './decide';
import { defaultDecision } from './defaults';
import { Refusal } from '../../../engine/errors';
import { moverOf, reachable, replyThreats } from './paths';
import type { GameState, PlayerId, UnitState } from './state';
import { liveTraits, profile } from './stats';
import { boardOf, footprint, label, onMap, squaresOf, tableOf, unitList, unitOf } from './table';
import { nearestIn } from '../../../engine/distance';
import { attackLine, hitChance, isProblem, rangeBetween, type AttackLine } from './targeting';
import { aloneToAct, phaseName, waitingUnits } from './turns';
import { afterDefences, boxesLeft, boxOrder, sameBox, type SplitChoice, woundsTaken } from './wounds';
import type { InjuryBox } from '../formats/card';
import { inPlay, scorerOf, unitPoints } from './scoring';
import { MORTAL_DROP_ROLL } from './turns';
import { CHARGE_VIGOR, chargePaths, planCharge } from './charge';
import { reachesOne, traitReach } from './traits';
import { woundingSquares, woundingSteps } from './damaging';
import { alreadyHas, repliersTo } from './attack';

const accepted = (state: GameState, command: Command): boolean => {
  if ('begin' in command || 'decide' in command) return true;
  try {
    planCommand(state, command);
    return true;
  } catch (e) {
    if (e instanceof Refusal) return false;
    throw e;
  }
};

/** Answers to the open prompt that decide() accepts. */
function promptAnswers(state: GameState): Command[] {
  const prompt = state.prompt!;
  const out: Decision[] = [];
  switch (prompt.kind) {
    case 'reply':
      out.push({ unit: prompt.unit, reply: null }, ...prompt.options.attacks.map((a) => ({ unit: prompt.unit, reply: a })));
      break;
    case 'wounds':
      // The same list the bot's menu offers (split-options.ts): every distinct Vigor and box split.
      for (const c of splitOptions(prompt.options)) out.push({ unit: prompt.unit, avoid: c.avoid, injuries: [...c.injuries] });
      break;
    case 'reroll':
      out.push({ player: prompt.player, reroll: true }, { player: prompt.player, reroll: false });
      break;
    case 'order':
    case 'recover':
      out.push(defaultDecision(prompt));
      if (prompt.kind === 'recover') out.push({ unit: prompt.unit, recover: null });
      break;
  }
  return out.map((decide) => ({ decide }));
}

/** Every command the game would accept now: prompt answers, or the turn player's acts and ends. */
export function legalActs(state: GameState): Command[] {
  if (state.over) return [];
  if (state.prompt) return promptAnswers(state);
  if (!state.turn) return [{ begin: true }];
  return actingUnits(state)
    .flatMap((u) => [...unitActs(state, u, ALL_KINDS)])
    .filter((c) => accepted(state, c));
}

/** What a unit's command is: an act's kind, or `end`. */
export type ActKind = ActCommand['act'] | 'end';
const ALL_KINDS: ReadonlySet<ActKind> = new Set<ActKind>(['end', 'move', 'maneuver', 'rest', 'crow', 'trait', 'attack']);

/** The units whose acts legalActs offers now: the unit taking its turn, or the turn player's units still to go. */
function actingUnits(state: GameState): UnitState[] {
  const turn = state.turn;
  if (state.over || state.prompt || !turn) return [];
  return turn.unit !== null ? [unitOf(state, turn.unit)] : waitingUnits(state, turn.player);
}

/**
 * Whether legalActs holds a command of one of `kinds` (default: any) for this unit, found without
 * working out the rest: the unit's candidates are made one at a time and the first the rules accept
 * answers. What autocomplete asks to list the units that can act.
 */
export function canAct(state: GameState, unitId: string, kinds: ReadonlySet<ActKind> = ALL_KINDS): boolean {
  const unit = actingUnits(state).find((u) => u.id === unitId);
  if (!unit) return false;
  for (const c of quickActs(state, unit, kinds)) if (accepted(state, c)) return true;
  // What is left needs a search: every square a move or maneuver could end on, charges, targets out of reach of a step.
  const searched = new Set([...kinds].filter((k) => SEARCHED.has(k) && (k === 'attack' || squaresDecide(state, unit, k as 'move' | 'maneuver'))));
  for (const c of unitActs(state, unit, searched)) if (accepted(state, c)) return true;
  return false;
}

/** The kinds whose candidates quickActs does not all make: squares reached by a search, charges, targets further off. */
const SEARCHED: ReadonlySet<ActKind> = new Set<ActKind>(['move', 'maneuver', 'attack']);

/**
 * Candidates canAct tries before any path search, cheapest first: the end, rests, the crow and traits
 * (all of those kinds' candidates), then single-target attacks on enemies one step away, then Basic
 * Moves of one step given as that path (checked square by square, no search). Each is accepted or
 * refused by the rules as any command is; a Basic Move along a one-step path that is accepted means
 * the square is reachable and an end square, so legalActs lists a move there (`to`, the same rules).
 * A Maneuver is not tried this way: legalActs lists one only where the cheapest path is one step.
 */
function* quickActs(state: GameState, unit: UnitState, kinds: ReadonlySet<ActKind>): Generator<Command> {
  const cheap = new Set([...kinds].filter((k) => !SEARCHED.has(k)));
  if (cheap.size > 0) yield* unitActs(state, unit, cheap);
  const board = boardOf(state);
  const planning = asCommanded(state, unit);
  if (kinds.has('attack') && onMap(unit)) {
    const side = commanderOf(state, unit);
    const near = Object.values(state.units).filter((u) => onMap(u) && u.player !== side && rangeBetween(planning, unit, u) <= 1);
    for (const attack of profile(planning, unit).attacks) {
      if (attack.burst === undefined) for (const e of near) yield { act: 'attack', unit: unit.id, attack: attack.id, target: e.id };
    }
  }
  if (!kinds.has('move')) return;
  const from = unit.at;
  const steps = from === null ? footprint(board, state.entry[unit.player] ?? -1, 2).filter((s) => s >= 0) : stepsFrom(board, from);
  for (const at of steps) yield { act: 'move', unit: unit.id, path: [nameOf(board, at)] };
}

/** The squares one step from `at` (the eight around it, where the board has them). */
function stepsFrom(board: { readonly width: number; readonly height: number }, at: number): number[] {
  const out: number[] = [];
  const col = at % board.width;
  const row = Math.floor(at / board.width);
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      const r = row + dr;
      const c = col + dc;
      if ((dr !== 0 || dc !== 0) && r >= 0 && c >= 0 && r < board.height && c < board.width) out.push(r * board.width + c);
    }
  return out;
}

/**
 * Whether the rules leave a Basic Move (or a Maneuver) of this unit to its squares alone: asked of
 * planCommand with a square that is on no map, so every check made before the square is read (acts
 * left, the act type's count, Pinned, whose turn) is the real one; a refusal of the square itself
 * ('off-map') means the act is open. When it is not, no square is searched.
 */
function squaresDecide(state: GameState, unit: UnitState, kind: 'move' | 'maneuver'): boolean {
  try {
    planCommand(state, { act: kind, unit: unit.id, to: NOWHERE });
    throw new Error('a move to a square on no map was accepted');
  } catch (e) {
    if (e instanceof Refusal) return e.error.code === 'off-map';
    throw e;
  }
}

/**
 * The commands legalActs holds for this one unit, of `kinds` only, in legalActs' order, found without
 * working out the other units or kinds (a unit's attacks are listed without searching its moves).
 */
export function unitLegalActs(state: GameState, unitId: string, kinds: ReadonlySet<ActKind>): Command[] {
  const unit = actingUnits(state).find((u) => u.id === unitId);
  if (!unit) return [];
  return [...unitActs(state, unit, kinds)].filter((c) => accepted(state, c));
}

/**
 * Candidate acts for one unit, of the kinds asked for, in a fixed order; legalActs keeps those the
 * rules allow. Made lazily: the paths, reach and charge lines of a kind are worked out only when a
 * caller gets that far.
 */
function* unitActs(state: GameState, unit: UnitState, kinds: ReadonlySet<ActKind>): Generator<Command> {
  if (kinds.has('end')) yield { end: unit.id };
  const board = boardOf(state);
  const turn = state.turn!;
  const diagonals = turn.diagonals;
  const mover = moverOf(state, unit);
  const planning = asCommanded(state, unit);
  if (kinds.has('move')) {
    const budget = turn.movePoints + profile(state, unit).move;
    for (const at of reachable(planning, mover, budget, diagonals).keys()) yield { act: 'move', unit: unit.id, to: nameOf(board, at) };
  }
  if (kinds.has('maneuver'))
    for (const [at, plan] of reachable(planning, mover, 2, diagonals)) {
      if (plan.path.length === 1) yield { act: 'maneuver', unit: unit.id, to: nameOf(board, at) };
    }
  if (kinds.has('rest')) {
    yield { act: 'rest', unit: unit.id, token: 'react' };
    yield { act: 'rest', unit: unit.id, token: 'blue' };
    yield { act: 'rest', unit: unit.id, token: 'red' };
  }
  if (kinds.has('crow')) yield { act: 'crow', unit: unit.id };
  if (kinds.has('trait'))
    for (const t of liveTraits(state, unit)) {
      if (t.trait !== 'act') continue;
      // R32: a trait used on one unit is offered once for each unit it can reach.
      if (reachesOne(t)) for (const u of traitReach(planning, unit, t)) yield { act: 'trait', unit: unit.id, trait: t.id, target: u.id };
      else yield { act: 'trait', unit: unit.id, trait: t.id };
    }
  if (!onMap(unit) || !kinds.has('attack')) return;
  // §6.2: a Controlled unit may attack its owner's units, not its controller's.
  const side = commanderOf(state, unit);
  const enemies = Object.values(state.units).filter((u) => onMap(u) && u.player !== side);
  for (const attack of profile(state, unit).attacks) {
    if (attack.burst !== undefined) {
      for (const e of enemies) yield { act: 'attack', unit: unit.id, attack: attack.id, origin: nameOf(board, e.at!) };
      continue;
    }
    // attackFrame refuses a target beyond the reach of the attack as the act finds it (R15), whatever
    // else holds; so that candidate is left out here without tracing sight to it (an unknown attack is refused too).
    const reach = profile(planning, unit).attacks.find((a) => a.id === attack.id)?.range ?? -1;
    for (const e of enemies) {
      if (rangeBetween(planning, unit, e) <= reach) yield { act: 'attack', unit: unit.id, attack: attack.id, target: e.id };
      if (attack.acts === 1 && attack.range <= 3 && chargePaths(state, unit, e).length > 0)
        yield { act: 'attack', unit: unit.id, attack: attack.id, target: e.id, charge: true };
    }
  }
}

/** Squares a unit could end a Basic Move (or a Maneuver) on now, with the cost of getting there. */
export function reachableSquares(given: GameState, unitId: string, maneuver = false): Map<string, number> {
  const unit = unitOf(given, unitId);
  const state = asCommanded(given, unit);
  const turn = state.turn;
  const budget = maneuver ? 2 : (turn?.unit === unitId ? turn.movePoints : 0) + profile(state, unit).move;
  const board = boardOf(state);
  const out = new Map<string, number>();
  for (const [at, plan] of reachable(state, moverOf(state, unit), budget, turn?.unit === unitId ? turn.diagonals : 0)) {
    // A unit's own square is no destination: planMove refuses it (already-there).
    if (at === unit.at) continue;
    if (!maneuver || plan.path.length === 1) out.set(nameOf(board, at), plan.spent);
  }
  return out;
}

/**
 * A square a unit could move to now, what it costs, how many damaging squares the path enters (R19: 5
 * wounds each), and the enemies that may reply as the path leaves a square beside them (R25), in board order.
 */
export interface MoveOption {
  readonly square: string;
  readonly cost: number;
  readonly damaging: number;
  /** Squares before the end where the move stops to take damaging terrain's wounds (R19), then goes on. */
  readonly stops: readonly string[];
  /** The wounds those damaging squares deal the unit in all, through its immunity and toughness (terrainWounds): 0 for a unit immune to them. */
  readonly wounds: number;
  readonly repliers: readonly string[];
}

/**
 * R19: the wounds `steps` damaging squares deal a unit in all, 5 of the map's damage type each,
 * through its immunity, vulnerability and toughness as any wound: what a move's or a charge's warning
 * says. A tester's fire-immune Carrion Imp was warned of "5 fire wounds" that it never took (playtest round 23).
 */
export function terrainWounds(state: GameState, unitId: string, steps: number): number {
  if (steps === 0) return 0;
  const damage = boardOf(state).damage;
  let unit = unitOf(state, unitId);
  let total = 0;
  for (let i = 0; i < steps; i++) {
    const { taken, toughness } = woundsTaken(state, unit, 5, damage);
    total += taken;
    unit = { ...unit, toughness: unit.toughness - toughness };
  }
  return total;
}

/** reachableSquares with the paths' damaging terrain, for suggestions that warn before the move; never the unit's own square. */
export function moveOptions(given: GameState, unitId: string, maneuver = false): MoveOption[] {
  const unit = unitOf(given, unitId);
  const state = asCommanded(given, unit);
  const turn = state.turn;
  const mine = turn?.unit === unitId;
  const budget = maneuver ? 2 : (mine ? turn!.movePoints : 0) + profile(state, unit).move;
  const board = boardOf(state);
  const out: MoveOption[] = [];
  const mover = moverOf(state, unit);
  const threats = pathRepliers(state, mover);
  for (const [at, plan] of reachable(state, mover, budget, mine ? turn!.diagonals : 0)) {
    if (at === unit.at || (maneuver && plan.path.length !== 1)) continue;
    // R14: a Maneuver invites no replies.
    const repliers = maneuver ? [] : threats(plan.path);
    const wounding = woundingSquares(board, mover.size, mover.fly, unit.at, plan.path);
    const stops = wounding.filter((s) => s !== at).map((s) => nameOf(board, s));
    out.push({
      square: nameOf(board, at),
      cost: plan.spent,
      damaging: wounding.length,
      stops,
      wounds: terrainWounds(state, unitId, wounding.length),
      repliers,
    });
  }
  return out;
}

/**
 * The enemies that may reply to a Basic Move along a path (R25): those beside each square the path
 * leaves (the start, then every square but the last), as the pathfinder counts them (replyThreats).
 */
function pathRepliers(state: GameState, mover: ReturnType<typeof moverOf>): (path: readonly number[]) => string[] {
  const table = tableOf(state);
  const bySquare = new Map<number, readonly UnitState[]>();
  const near = (at: number) => {
    let found = bySquare.get(at);
    if (!found) bySquare.set(at, (found = replyThreats(state, table, mover, at)));
    return found;
  };
  return (path) => {
    const left = [...(mover.unit.at === null ? [] : [mover.unit.at]), ...path.slice(0, -1)];
    const ids = new Map<string, number>();
    for (const from of left) for (const u of near(from)) ids.set(u.id, u.at!);
    return [...ids].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  };
}

/**
 * Why `unit` cannot make an attack now, asked as decide() would: null when the act itself is open
 * (the targets alone then decide), else the engine's refusal (a prompt open, not its turn, no acts
 * left, the rule of 3, a status, a cost it cannot pay…). Asked with a target that is not on the
 * table, so every check before the target's is the real one.
 */
export function attackRefusal(state: GameState, unitId: string, attackId?: string): { code: string; message: string } | null {
  const unit = state.units[unitId];
  if (!unit) return { code: 'unknown-unit', message: `There is no unit "${unitId}".` };
  const attacks = profile(state, unit).attacks.filter((a) => attackId === undefined || a.id === attackId);
  const ids = attacks.length > 0 ? attacks.map((a) => a.id) : [attackId ?? ''];
  let first: { code: string; message: string } | null = null;
  for (const id of ids) {
    const burst = attacks.find((a) => a.id === id)?.burst !== undefined;
    try {
      planCommand(state, burst ? { act: 'attack', unit: unitId, attack: id, origin: NOWHERE } : { act: 'attack', unit: unitId, attack: id, target: NOWHERE });
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      if (e.error.code === (burst ? 'off-map' : 'unknown-unit')) return null;
      first ??= e.error;
    }
  }
  return first;
}

/**
 * Why `unit` cannot attack the unit `targetId` now, asked as decide() would: null when one of its
 * single-target attacks (or `attackId` alone) may, else the engine's refusal of the first (out of
 * sight and what blocks it, out of range, the act itself refused…).
 */
export function attackTargetRefusal(state: GameState, unitId: string, targetId: string, attackId?: string): { code: string; message: string } | null {
  const unit = state.units[unitId];
  if (!unit) return { code: 'unknown-unit', message: `There is no unit "${unitId}".` };
  const ids = attackId !== undefined ? [attackId] : profile(state, unit).attacks.flatMap((a) => (a.burst === undefined ? [a.id] : []));
  let first: { code: string; message: string } | null = null;
  for (const id of ids) {
    try {
      planCommand(state, { act: 'attack', unit: unitId, attack: id, target: targetId });
      return null;
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      first ??= e.error;
    }
  }
  return first;
}

/** A unit id and square name that nothing on any table has: a probe past every check before the target's. */
const NOWHERE = '\u0000nowhere';

/**
 * Whether `unit` may take a Basic Move (or a Maneuver) now: null when it may, else the engine's
 * refusal (no acts left, two moves already, Pinned, another unit's turn…), asked as decide() would.
 */
export function moveRefusal(state: GameState, unitId: string, maneuver = false): { code: string; message: string } | null {
  const first = moveOptions(state, unitId, maneuver).sort((a, b) => a.cost - b.cost)[0];
  if (!first) return { code: 'unreachable', message: 'there is no square it can reach' };
  try {
    planCommand(state, { act: maneuver ? 'maneuver' : 'move', unit: unitId, to: first.square });
    return null;
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
}

/**
 * Whether `by` may give `unitId` a command now, before any of the act's own options are looked at:
 * null when so, else the refusal planCommand gives first (prompt open, game over, another player's
 * turn or unit). An end is allowed to the unit's owner too (§6.2).
 */
export function actorRefusal(state: GameState, unitId: string, by: string, ending = false): { code: string; message: string } | null {
  try {
    checkCommander(state, unitId, by, ending);
    return null;
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
}

/** Why `unit` cannot move (or maneuver) to the square named `to`: null when it can, else the engine's refusal. */
export function moveToRefusal(state: GameState, unitId: string, to: string, maneuver = false): { code: string; message: string } | null {
  try {
    planCommand(state, { act: maneuver ? 'maneuver' : 'move', unit: unitId, to });
    return null;
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
}

export interface TargetView {
  readonly unit: string;
  readonly attack: string;
  readonly range: number;
  readonly cover: boolean;
  readonly invisible: boolean;
  readonly chance: number;
}

/** Enemies each of a unit's single-target attacks can reach now, with cover, range and odds. */
export function visibleTargets(state: GameState, unitId: string): TargetView[] {
  const unit = unitOf(state, unitId);
  if (!onMap(unit)) return [];
  const out: TargetView[] = [];
  const ranges = tableOf(state).rangesFrom(squaresOf(state, unit));
  const side = commanderOf(state, unit);
  for (const attack of profile(state, unit).attacks) {
    if (attack.burst !== undefined) continue;
    for (const e of unitList(state)) {
      if (!onMap(e) || e.player === side) continue;
      // Out of range whatever the sight: skip tracing lines to it.
      if (nearestIn(ranges, squaresOf(state, e)) > attack.range) continue;
      const line = attackLine(state, unit, attack, e);
      if (isProblem(line)) continue;
      out.push({ unit: e.id, attack: attack.id, range: line.range, cover: line.cover, invisible: line.invisible, chance: hitChance(line) });
    }
  }
  return out;
}

export interface Odds {
  readonly chance: number;
  readonly criticalChance: number;
  /** Wounds expected after immunity, vulnerability and toughness (R22, §4.7), before Vigor. */
  readonly expectedWounds: number;
  readonly line: AttackLine;
}

/** Where a charge with `attackId` at `targetId` would go (R23), or why it cannot be made. */
export function chargePlan(state: GameState, unitId: string, attackId: string, targetId: string): { path: string[] } | { code: string; message: string } {
  const unit = unitOf(state, unitId);
  const attack = profile(state, unit).attacks.find((a) => a.id === attackId);
  if (!attack) return { code: 'unknown-attack', message: `${label(state, unit)} has no attack ${attackId}` };
  try {
    return { path: planCharge(state, unit, attack, unitOf(state, targetId), true).map((i) => nameOf(boardOf(state), i)) };
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
}

/** Every enemy the unit could charge now, with the first attack that can and the path (R23). */
export function chargeOptions(state: GameState, unitId: string): { target: string; attack: string; path: string[] }[] {
  const unit = unitOf(state, unitId);
  if (!onMap(unit)) return [];
  const out: { target: string; attack: string; path: string[] }[] = [];
  const side = commanderOf(state, unit);
  for (const e of Object.values(state.units)) {
    if (!onMap(e) || e.player === side) continue;
    for (const attack of profile(state, unit).attacks) {
      if (attack.acts !== 1 || attack.range > 3 || attack.burst !== undefined) continue;
      const plan = chargePlan(state, unitId, attack.id, e.id);
      if ('path' in plan) {
        out.push({ target: e.id, attack: attack.id, path: plan.path });
        break;
      }
    }
  }
  return out;
}

/** R19, R23: the wounds a charge along `path` takes from damaging ground on its steps, after immunity and toughness (terrainWounds): what its warnings say. */
export function chargeGroundWounds(state: GameState, unitId: string, path: readonly string[]): number {
  return terrainWounds(state, unitId, chargeWoundingSteps(state, unitId, path));
}

/**
 * How many steps of a charge's path (chargeOptions' `path`, square names) wound the charger on damaging
 * terrain, counted as the move counts them (woundingSteps; a flyer only where it ends, R45): what a
 * charge target's suggestion warns of, as a move's does.
 */
export function chargeWoundingSteps(state: GameState, unitId: string, path: readonly string[]): number {
  const unit = unitOf(state, unitId);
  const board = boardOf(state);
  const mover = moverOf(state, unit);
  const squares = path.map((n) => squareIndex(board, n)).filter((i): i is number => i !== null);
  return woundingSteps(board, mover.size, mover.fly, unit.at, squares);
}

/**
 * R23, R26: the enemies that may reply to a charge's attack, in board order: those beside the square
 * the charge ends on (its steps themselves draw no replies). `path` as chargeOptions gives it.
 */
export function chargeRepliers(state: GameState, unitId: string, path: readonly string[]): UnitState[] {
  const end = path.at(-1);
  const there = end === undefined ? null : placed(state, unitId, end);
  return there ? repliersTo(there, unitOf(there, unitId)) : [];
}

/**
 * What one face of the d20 does against a roll (R20): a natural 1 misses, a 20 hits and is critical,
 * 10 over the need is critical, and a glancing 13 (the option) hits but never critically. The odds
 * and the AI's outlook both count faces through this.
 */
function faceResult(
  d: number,
  roll: { readonly modifier: number; readonly need: number; readonly automatic: boolean },
  glancingBlow: boolean,
): { hit: boolean; critical: boolean; glancing: boolean } {
  const total = d + roll.modifier;
  const hit = roll.automatic || (d !== 1 && (d === 20 || total >= roll.need));
  const glancing = !roll.automatic && d === 13 && glancingBlow;
  const critical = roll.automatic || (!glancing && (d === 20 || total >= roll.need + 10));
  return { hit, critical, glancing };
}

/**
 * For a proposed attack: the chance to hit, to crit, and the expected wounds (R20–R22). A charge is
 * judged from the end of its path, where the attack is made. attackOutlook without the spread of hits.
 */
export function attackOdds(
  state: GameState,
  unitId: string,
  attackId: string,
  targetId: string,
  opts: { charge?: boolean; charged?: boolean } = {},
): Odds | { code: string; message: string } {
  const o = attackOutlook(state, unitId, attackId, targetId, opts);
  if (!('line' in o)) return o;
  return { chance: o.chance, criticalChance: o.criticalChance, expectedWounds: o.expectedWounds, line: o.line };
}

/** A short text account of the state, for logs and screen readers. */
export function describeState(state: GameState): string {
  const board = boardOf(state);
  const score = `Score: ${state.players.map((p) => `${p} ${state.score[p] ?? 0}`).join(', ')} (target ${state.options.vpTarget}).`;
  // Once over, no phase is under way: the round the match ended in and the final score.
  const lines = [
    state.over ? `The match is over (ended in round ${state.round}). ${score}` : `${phaseName(state.round, state.phase, aloneToAct(state))}. ${score}`,
  ];
  if (state.over) lines.push(state.winner ? `${state.winner} has won.` : 'The game ended in a draw.');
  else if (state.prompt) lines.push(`Waiting for ${state.prompt.player} to decide (${state.prompt.kind}).`);
  else if (state.turn)
    lines.push(
      `${state.turn.player} to act${state.turn.unit ? ` with ${label(state, unitOf(state, state.turn.unit))}, ${state.turn.actsLeft} acts left` : ''}.`,
    );
  for (const u of Object.values(state.units)) {
    // A dropped unit's Vigor, injuries and statuses no longer matter (R9): it is said as dropped alone.
    if (u.dropped) {
      lines.push(`${u.player}: ${label(state, u)} dropped.`);
      continue;
    }
    const where = u.dropped ? 'dropped' : u.at === null ? 'in reserve' : `at ${nameOf(board, u.at)}`;
    const injuries = u.injuries.length ? `, injuries ${u.injuries.map((b) => (typeof b === 'string' ? b : b.trait)).join('/')}` : '';
    const statuses = u.statuses.length ? `, ${u.statuses.map((s) => s.status).join(', ')}` : '';
    lines.push(`${u.player}: ${label(state, u)} ${where}, Vigor ${u.vigor}${injuries}${statuses}${u.turnTaken ? ', has acted' : ''}.`);
  }
  return lines.join('\n');
}

/** What one way of taking a wounds prompt leads to (§4.30, R3, R9, R22), for the choice's label. */
export interface SplitOutcome {
  readonly choice: SplitChoice;
  /** Vigor the unit has left. */
  readonly vigor: number;
  readonly marked: readonly InjuryBox[];
  /** Unmarked boxes it has left; none means it drops. */
  readonly boxesLeft: number;
  readonly drops: boolean;
  /** VP another player gains at once (marking Mortal, or dropping without it, R3). */
  readonly vp: { readonly player: PlayerId; readonly points: number } | null;
  /** Left on the table with Mortal marked: the chance it drops at the start of each of its turns (R9). */
  readonly mortalRisk: number;
  /**
   * The player this choice makes win at once, or null: the VP reach the target (R2), or the unit was
   * its player's last and one player is left standing (R50).
   */
  readonly wins: PlayerId | null;
}

/** Who wins at once when `unit` takes a split scoring `vp` and dropping it or not (R2, R50); null when the match goes on. */
function winnerAfter(state: GameState, unit: UnitState, vp: SplitOutcome['vp'], drops: boolean): PlayerId | null {
  if (vp && (state.score[vp.player] ?? 0) + vp.points >= state.options.vpTarget) return vp.player;
  if (!drops) return null;
  const othersLeft = Object.values(state.units).some((u) => u.player === unit.player && u.id !== unit.id && !u.dropped);
  if (othersLeft) return null;
  const standing = inPlay(state).filter((p) => p !== unit.player);
  return standing.length === 1 ? standing[0]! : null;
}

/** Every way to take the open wounds prompt, in the prompt's own order (split-options.ts), with what each leads to. */
export function woundOutcomes(state: GameState): SplitOutcome[] {
  const prompt = state.prompt;
  if (prompt?.kind !== 'wounds' || prompt.unit === undefined) return [];
  const options = prompt.options;
  const unit = unitOf(state, prompt.unit);
  const left = boxesLeft(state, unit).length;
  const hadMortal = unit.injuries.includes('mortal');
  const scorer = scorerOf(state, unit, options.source ?? null);
  const points = unitPoints(state, unit);
  return splitOptions(options).map((choice) => {
    const drops = choice.injuries.length >= left;
    const marksMortal = choice.injuries.includes('mortal');
    // R3: a unit scores once: when Mortal is marked, or when it drops without Mortal marked.
    const scores = !hadMortal && (marksMortal || drops);
    const mortal = !drops && (hadMortal || marksMortal);
    const vp = scores && scorer !== null ? { player: scorer, points } : null;
    return {
      choice,
      vigor: unit.vigor - choice.avoid,
      marked: choice.injuries,
      boxesLeft: left - choice.injuries.length,
      drops,
      vp,
      mortalRisk: mortal ? (21 - MORTAL_DROP_ROLL) / 20 : 0,
      wins: winnerAfter(state, unit, vp, drops),
    };
  });
}

/** One way an attack roll can go that hits, with the wounds it would deal. */
export interface AttackOutcome {
  /** The chance of this outcome (d20 faces out of 20). */
  readonly chance: number;
  readonly critical: boolean;
  readonly glancing: boolean;
  /** Wounds taken after immunity, vulnerability and toughness (R22, §4.7), over the attack's wound effects, before Vigor: what the log will say reached the target. */
  readonly wounds: number;
  /** The same before toughness (every wound effect counted, THEN or not): the AI weighs toughness itself (ai/judge.ts). */
  readonly beforeToughness: number;
  /** Of `wounds`, those a charge's +5 added (R23): `wounds` less the same hit's without the charge; 0 for an attack that is no charge. */
  readonly charge: number;
  /**
   * The attack's status effects this hit gives, by their index in its effects: a THEN status after a
   * wound effect that caused no wound is not given (R21), nor one the target already has (attack.ts onEffects).
   */
  readonly gives: readonly number[];
}

export interface Outlook {
  readonly chance: number;
  readonly criticalChance: number;
  readonly expectedWounds: number;
  /** Expected wounds before toughness, as AttackOutcome.beforeToughness. */
  readonly expectedBeforeToughness: number;
  /** The hits, one entry per distinct result (misses are the rest of the chance). */
  readonly outcomes: readonly AttackOutcome[];
}

/** The hits of a roll against `need` with `modifier` (R20), each with its wounds from `woundsOf`. */
function outcomesOf(
  state: GameState,
  roll: { readonly modifier: number; readonly need: number; readonly automatic: boolean },
  woundsOf: (critical: boolean, glancing: boolean) => { wounds: number; beforeToughness: number; charge?: number; gives: readonly number[] },
): Outlook {
  const byKind = new Map<string, AttackOutcome & { chance: number }>();
  let chance = 0;
  let crit = 0;
  let expected = 0;
  let before = 0;
  for (let d = 1; d <= 20; d++) {
    const { hit, critical, glancing } = faceResult(d, roll, state.options.glancingBlow);
    if (!hit) continue;
    const key = `${critical}${glancing}`;
    let o = byKind.get(key);
    if (!o) byKind.set(key, (o = { chance: 0, critical, glancing, charge: 0, ...woundsOf(critical, glancing) }));
    const p = roll.automatic ? 1 : 1 / 20;
    o.chance += p;
    chance += p;
    if (critical) crit += p;
    expected += o.wounds * p;
    before += o.beforeToughness * p;
    if (roll.automatic) break;
  }
  return { chance, criticalChance: crit, expectedWounds: expected, expectedBeforeToughness: before, outcomes: [...byKind.values()] };
}

/**
 * Wounds an attack's effects deal `target` on a hit, through the engine's damage step (wounds.ts
 * woundsTaken, as attack.ts onEffects applies it): the first wound effect takes the critical, charge
 * and glancing changes (R20, R23); toughness ignores the first 5 of the round across the effects (§4.7);
 * a THEN wound effect after a wound effect that caused none is not dealt, nor does it take the changes
 * (R21, R37). A movement effect before a THEN is taken to apply; a status one applies unless a THEN
 * leaves it out. `beforeToughness` is every wound effect after immunity and vulnerability alone;
 * `gives` the status effects that land (AttackOutcome.gives).
 */
function attackWounds(
  state: GameState,
  attack: Attack,
  target: UnitState,
  critical: boolean,
  glancing: boolean,
  charge: boolean,
): { wounds: number; beforeToughness: number; gives: number[] } {
  let wounds = 0;
  let beforeToughness = 0;
  let first = true;
  let bonusUsed = false;
  let caused = true;
  let unit = target;
  const gives: number[] = [];
  attack.effects.forEach((e, i) => {
    const gated = i > 0 && e.link === 'then' && !caused;
    if ('status' in e) {
      // As onEffects: a THEN status left out passes on that nothing was caused; one that applies (or fails as already had) that it was.
      if (!gated && !alreadyHas(target, e.status)) gives.push(i);
      caused = !gated;
      return;
    }
    if (!('wound' in e)) {
      caused = true;
      return;
    }
    const changed = Math.max(0, e.wound + (critical ? 10 : 0) + (charge ? 5 : 0) - (glancing ? 5 : 0));
    beforeToughness += afterDefences(state, target, first ? changed : e.wound, e.type);
    first = false;
    if (i > 0 && e.link === 'then' && !caused) {
      bonusUsed = true;
      return;
    }
    const step = woundsTaken(state, unit, bonusUsed ? e.wound : changed, e.type);
    bonusUsed = true;
    caused = step.taken > 0;
    wounds += step.taken;
    unit = { ...unit, toughness: unit.toughness - step.toughness };
  });
  return { wounds, beforeToughness, gives };
}

/** The state with a unit standing on `square` instead, to ask what it could do from there (nothing else changes). */
function placed(state: GameState, unitId: string, square: string): GameState | null {
  const at = squareIndex(boardOf(state), square);
  if (at === null) return null;
  const unit = unitOf(state, unitId);
  if (unit.at === at) return state;
  return { ...state, units: { ...state.units, [unitId]: { ...unit, at } } };
}

/**
 * attackOdds with the whole spread of hits: the chance of a plain hit, a critical and a glancing blow,
 * each with its wounds, for the AI's odds of dropping a unit. `from` judges the attack as if the
 * attacker stood on that square (where a move would take it); a charge is judged from the end of its path.
 */
export function attackOutlook(
  state: GameState,
  unitId: string,
  attackId: string,
  targetId: string,
  opts: { charge?: boolean; charged?: boolean; from?: string } = {},
): (Outlook & { readonly line: AttackLine }) | { code: string; message: string } {
  if (opts.from !== undefined) {
    const there = placed(state, unitId, opts.from);
    if (!there) return { code: 'off-map', message: `${opts.from} is not on the map` };
    state = there;
  }
  const unit = unitOf(state, unitId);
  const target = unitOf(state, targetId);
  const attack = profile(state, unit).attacks.find((a) => a.id === attackId);
  if (!attack) return { code: 'unknown-attack', message: `${label(state, unit)} has no attack ${attackId}` };
  const charge = opts.charge === true;
  const from = (s: GameState, u: UnitState) => {
    const line = attackLine(s, u, attack, target, { charge });
    if (isProblem(line)) return line;
    const woundsOf = (critical: boolean, glancing: boolean) => {
      const dealt = attackWounds(s, attack, target, critical, glancing, charge);
      // R23: the charge's share, so a reader can tell the +5 is in the total, not on top of it (issue 26).
      return charge ? { ...dealt, charge: dealt.wounds - attackWounds(s, attack, target, critical, glancing, false).wounds } : dealt;
    };
    return { ...outcomesOf(s, line, woundsOf), line };
  };
  // `charged`: the charge's steps are already taken (its attack is declared), so only its +5 wounds count.
  if (!charge || opts.charged) return from(state, unit);
  const plan = chargePlan(state, unitId, attackId, targetId);
  if (!('path' in plan)) return plan;
  const end = squareIndex(boardOf(state), plan.path[plan.path.length - 1]!)!;
  const paid = { ...unit, vigor: Math.max(0, unit.vigor - (attack.cost.vigor ?? 0) - CHARGE_VIGOR) };
  // The charger's best odds among the injury boxes it may mark for its steps' wounds (one when none).
  let best: ReturnType<typeof from> | undefined;
  for (const u of afterChargeSteps(state, paid, plan.path)) {
    const out = from({ ...state, units: { ...state.units, [u.id]: { ...u, at: end } } }, { ...u, at: end });
    if (!best || !('chance' in best) || ('chance' in out && out.chance > best.chance)) best = out;
  }
  return best ?? from(state, unit);
}

/**
 * The charger as its attack finds it (R23, R19, issue 26): the charge's Vigor paid before its steps, then
 * each damaging square it steps into wounds it (5 of the map's damage type, through immunity and
 * toughness as any wound), Vigor absorbing what it can. What Vigor cannot absorb marks injury boxes,
 * each −1 to the attack's roll, and the player picks which: one unit for each box it might mark first
 * (the others as the default split takes them). A tester's charge was offered at 70% and rolled at 65%.
 */
function afterChargeSteps(state: GameState, paid: UnitState, path: readonly string[]): UnitState[] {
  const damage = boardOf(state).damage;
  let u = paid;
  let boxes = 0;
  for (let step = chargeWoundingSteps(state, paid.id, path); step > 0; step--) {
    const { taken, toughness } = woundsTaken(state, u, 5, damage);
    const fives = Math.floor(taken / 5);
    const avoided = Math.min(fives, Math.floor(u.vigor / 5));
    u = { ...u, vigor: u.vigor - avoided * 5, toughness: u.toughness - toughness };
    boxes += fives - avoided;
  }
  if (boxes === 0) return [u];
  const left = boxOrder(state, u);
  const firsts = left.filter((b, i) => left.findIndex((c) => sameBox(c, b)) === i);
  return firsts.map((first) => {
    const rest = [...left];
    rest.splice(rest.indexOf(first), 1);
    return { ...u, injuries: [...u.injuries, first, ...rest.slice(0, boxes - 1)] };
  });
}

/** visibleTargets as if the unit stood on `square` (where a move would take it). */
export function targetsFrom(state: GameState, unitId: string, square: string): TargetView[] {
  const there = placed(state, unitId, square);
  return there ? visibleTargets(there, unitId) : [];
}

/**
 * For a burst at `origin` (R24): every unit it would catch, allies too, with the odds and wounds against
 * each and the roll line they come from (what moved the roll: cover from the origin, injuries); or why it
 * cannot be made there.
 */
export function burstOutlook(
  state: GameState,
  unitId: string,
  attackId: string,
  origin: string,
): { unit: string; outlook: Outlook; line: ReturnType<typeof burstLine> & { automatic: boolean } }[] | { code: string; message: string } {
  const unit = unitOf(state, unitId);
  const attack = profile(state, unit).attacks.find((a) => a.id === attackId);
  if (!attack || attack.burst === undefined) return { code: 'not-a-burst', message: `${label(state, unit)} has no burst attack ${attackId}` };
  const at = squareIndex(boardOf(state), origin);
  if (at === null) return { code: 'off-map', message: `${origin} is not on the map` };
  try {
    checkBurstOrigin(state, unit, attack, at);
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
  return burstTargets(state, unit, attack, at).map((target) => {
    const roll = { ...burstLine(state, unit, attack, at, target), automatic: false };
    return {
      unit: target.id,
      outlook: outcomesOf(state, roll, (critical, glancing) => attackWounds(state, attack, target, critical, glancing, false)),
      line: roll,
    };
  });
}

/** The chance that a recovery roll for the unit's status `index` succeeds now (R28: d20 + injuries under the need, a natural 20 fails). */
export function recoveryChance(state: GameState, unitId: string, index: number): number {
  const unit = unitOf(state, unitId);
  if (unit.statuses[index]?.recover == null) return 0;
  const { needed, added } = recoveryNeeded(state, unit, index);
  let n = 0;
  for (let d = 1; d <= 19; d++) if (d + added < needed) n++;
  return n / 20;
}

/**
 * reachableSquares with the way there: for each square a Basic Move (or a Maneuver) could end on,
 * its cost, the path the engine would take for `to:` (cheapest, then fewest reply chances, R25), and
 * how many reply chances that path passes. A move given this path is the same move as one given `to`.
 */
export function movePlans(given: GameState, unitId: string, maneuver = false): Map<string, { cost: number; path: string[]; replyChances: number }> {
  const unit = unitOf(given, unitId);
  const state = asCommanded(given, unit);
  const turn = state.turn;
  const budget = maneuver ? 2 : (turn?.unit === unitId ? turn.movePoints : 0) + profile(state, unit).move;
  const board = boardOf(state);
  const out = new Map<string, { cost: number; path: string[]; replyChances: number }>();
  for (const [at, plan] of reachable(state, moverOf(state, unit), budget, turn?.unit === unitId ? turn.diagonals : 0)) {
    if (at !== unit.at && (!maneuver || plan.path.length === 1))
      out.set(nameOf(board, at), { cost: plan.spent, path: plan.path.map((i) => nameOf(board, i)), replyChances: plan.replyChances });
  }
  return out;
}
