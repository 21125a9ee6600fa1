/**
 * Random self-play: builds two legal warbands, sets them on a map and plays a whole game through
 * decide(). A greedy-random policy (attack if it can, else charge, else close on the nearest enemy)
 * so games end in a reasonable number of turns. Shared by the property tests and the benchmark.
 * Its randomness is its own seeded generator, so every game is reproducible from its seed.
 */
import type { Content } from '../content/load';
import type { ScenarioUnit } from '../formats/scenario';
import { hasTerrain, isDiagonal, nameOf, neighbours, T } from '../engine';
import type { Command } from '../rulesets/sellsword/engine';
import { step } from '../rulesets/sellsword/engine';
import { defaultDecision } from '../rulesets/sellsword/engine';
import { rollD20, seeded, type Rng } from '../engine';
import type { GameEvent } from '../rulesets/sellsword/engine';
import { canAffordCharge, chargePaths } from '../rulesets/sellsword/engine';
import { initial } from '../rulesets/sellsword/engine';
import type { GameState, PlayerId, UnitState } from '../rulesets/sellsword/engine';
import { profile } from '../rulesets/sellsword/engine';
import { footprint } from '../engine';
import { boardOf, boardOfMap, onMap, SPAN, tableOf, unitList, unitOf } from '../rulesets/sellsword/engine';
import { visibleTargets } from '../rulesets/sellsword/engine';
import { endError, entryCost, moverOf, stepPrice } from '../rulesets/sellsword/engine';
import { waitingUnits } from '../rulesets/sellsword/engine';
import { unitCost } from '../rulesets/sellsword/engine';

/** A tiny wrapper so the driver can draw numbers from the same kind of generator as the dice. */
export class Chooser {
  constructor(private rng: Rng) {}
  /** 0 ≤ n < max. */
  below(max: number): number {
    let n = 0;
    // Two d20s give 400 outcomes, plenty for the small choices a player makes.
    const [a, r1] = rollD20(this.rng);
    const [b, r2] = rollD20(r1);
    this.rng = r2;
    n = ((a! - 1) * 20 + (b! - 1)) % max;
    return n;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}

/**
 * A random legal warband of up to 121 points and 8 units for one faction (R1). With `size`, exactly
 * that many units without mods, drawn from the cards cheap enough for `size` of them to fit.
 */
export function randomWarband(content: Content, faction: string, choose: Chooser, player: PlayerId, prefix: string, size?: number): ScenarioUnit[] {
  const cards = [...content.index.units.values()].filter(
    (c) => c.faction === faction && c.fantasy <= 2 && (size === undefined || c.cost <= Math.floor(121 / size)),
  );
  const mods = [...content.index.mods.values()].filter((m) => m.faction === faction);
  const units: ScenarioUnit[] = [];
  let points = 0;
  while (units.length < (size ?? 8)) {
    const affordable = cards.filter((c) => points + c.cost <= 121);
    if (affordable.length === 0) break;
    const card = choose.pick(affordable);
    const fitting = mods.filter((m) => m.modUse.every((u) => card.modUse.includes(u)) && points + card.cost + m.cost <= 121);
    const mod = size === undefined && fitting.length > 0 && choose.below(3) === 0 ? choose.pick(fitting) : undefined;
    points += unitCost(card, mod);
    units.push({ id: `${prefix}${units.length + 1}`, card: card.id, ...(mod ? { mod: mod.id } : {}), player, at: 'reserve' });
  }
  return units;
}

/** A game on `mapId` between random Valor and Havoc warbands, with entry tiles placed (R5); `unitsEach` fixes the warbands' size. */
export function newGame(content: Content, mapId: string, seed: number, unitsEach?: number): GameState {
  const map = content.maps.get(mapId);
  if (!map) throw new Error(`no map ${mapId}`);
  const choose = new Chooser(seeded(seed ^ 0x5e11));
  const units = [...randomWarband(content, 'valor', choose, 'p1', 'v', unitsEach), ...randomWarband(content, 'havoc', choose, 'p2', 'h', unitsEach)];
  const board = boardOfMap(map);
  const entry: Record<string, string> = {};
  ['p1', 'p2'].forEach((p, n) => {
    const area = new Set(board.startAreas[n]);
    const tile = [...area].find((i) =>
      footprint(board, i, 2).every((s) => area.has(s) && !hasTerrain(board, s, T.wall | T.pit | T.obstructing) && i % board.width < board.width - 1),
    );
    if (tile === undefined) throw new Error(`no room for an entry tile for ${p} on ${mapId}`);
    entry[p] = nameOf(board, tile);
  });
  // A round limit keeps a stalemate of two cautious warbands from running forever.
  const options = { vpTarget: 121, glancingBlow: true, roundLimit: 30 };
  const made = initial({ map, cards: content.index.units, mods: content.index.mods, options, players: ['p1', 'p2'], units, rng: seeded(seed), entry });
  if ('error' in made) throw new Error(made.error.message);
  return made.state;
}

/**
 * A path towards the nearest enemy, walked greedily down the enemies' distance field with the engine's
 * own step costs, ending on the last square the unit may stop on. Cheaper than a full search, and a
 * random player needs no more.
 */
function greedyPath(state: GameState, unit: UnitState, budget: number, diagonals: number): number[] {
  const table = tableOf(state);
  const mover = moverOf(state, unit);
  const away = enemyDistances(state, unit);
  const path: number[] = [];
  let at = unit.at;
  let spent = 0;
  let diag = diagonals;
  if (at === null) {
    const tile = state.entry[unit.player];
    if (tile === undefined) return [];
    const first = footprint(table.board, tile, 2).find((s) => !('error' in entryCost(state, table, mover, s)));
    if (first === undefined) return [];
    const step = entryCost(state, table, mover, first);
    if ('error' in step || step.cost > budget) return [];
    path.push(first);
    spent = step.cost;
    at = first;
  }
  for (;;) {
    let best: { to: number; cost: number; diagonal: boolean } | null = null;
    for (const to of neighbours(table.board, at)) {
      if (away(to) >= (best ? away(best.to) : away(at))) continue;
      const price = stepPrice(state, table, mover, at, to, diag);
      if (price < 0 || spent + price > budget) continue;
      best = { to, cost: price, diagonal: isDiagonal(table.board, at, to) };
    }
    if (!best) break;
    path.push(best.to);
    spent += best.cost;
    if (best.diagonal) diag++;
    at = best.to;
  }
  while (path.length > 0 && endError(state, table, mover, path[path.length - 1]!)) path.pop();
  return path;
}

/** How far each square is from the nearest enemy of `unit` (counted from the enemies). */
function enemyDistances(state: GameState, unit: UnitState): (at: number) => number {
  const table = tableOf(state);
  const fields: Float64Array[] = [];
  for (const e of unitList(state)) {
    if (e.player !== unit.player && onMap(e)) fields.push(table.rangesFrom(footprint(table.board, e.at!, SPAN[profile(state, e).size])));
  }
  return (at) => {
    let m = Number.POSITIVE_INFINITY;
    for (const f of fields) if (f[at]! < m) m = f[at]!;
    return m;
  };
}

/** The driver's choice for the decision in front of the game. */
export function chooseCommand(state: GameState, choose: Chooser): Command {
  if (state.prompt) return { decide: defaultDecision(state.prompt) };
  if (!state.turn) return { begin: true };
  const turn = state.turn;
  const unit = turn.unit !== null ? unitOf(state, turn.unit) : choose.pick(waitingUnits(state, turn.player));
  if (turn.actsLeft === 0 && turn.unit !== null) return { end: unit.id };
  if (onMap(unit)) {
    const targets = visibleTargets(state, unit.id).filter(
      (t) => profile(state, unit).attacks.find((a) => a.id === t.attack)!.acts <= Math.max(turn.unit === null ? 3 : turn.actsLeft, 1),
    );
    if (targets.length > 0 && choose.below(4) > 0) {
      const best = targets.reduce((a, b) => (b.chance > a.chance ? b : a));
      return { act: 'attack', unit: unit.id, attack: best.attack, target: best.unit };
    }
    const enemies = unitList(state).filter((e) => e.player !== unit.player && onMap(e));
    const melee = profile(state, unit).attacks.find((a) => a.acts === 1 && a.range <= 3 && a.burst === undefined);
    if (melee && canAffordCharge(unit)) {
      const target = enemies.find((e) => chargePaths(state, unit, e).length > 0);
      if (target && choose.below(2) === 0) return { act: 'attack', unit: unit.id, attack: melee.id, target: target.id, charge: true };
    }
  }
  const budget = (turn.unit === unit.id ? turn.movePoints : 0) + profile(state, unit).move;
  const path = choose.below(5) > 0 ? greedyPath(state, unit, budget, turn.unit === unit.id ? turn.diagonals : 0) : [];
  if (path.length > 0) {
    const board = boardOf(state);
    return { act: 'move', unit: unit.id, path: path.map((i) => nameOf(board, i)) };
  }
  return { end: unit.id };
}

export interface Played {
  readonly start: GameState;
  readonly state: GameState;
  readonly events: GameEvent[];
  readonly decisions: number;
  readonly refused: number;
}

/** Plays until the game ends or `maxDecisions` commands; `each` sees every state reached. */
export function playGame(start: GameState, seed: number, maxDecisions = 20000, each?: (state: GameState, command: Command) => void): Played {
  const choose = new Chooser(seeded(seed));
  let state = start;
  const events: GameEvent[] = [];
  let decisions = 0;
  let refused = 0;
  while (!state.over && decisions < maxDecisions) {
    const command = chooseCommand(state, choose);
    decisions++;
    // step() is decide() plus the state its events lead to (events.reduce(apply, state)), which
    // deciding has built already; the property tests check that replaying the log gives the same.
    const r = step(state, command);
    if ('error' in r) {
      refused++;
      // The driver guessed wrong (e.g. a path through a reply); end the turn instead.
      const unit = state.turn?.unit ?? (state.turn ? waitingUnits(state, state.turn.player)[0]?.id : undefined);
      if (unit === undefined) throw new Error(`self-play is stuck: ${r.error.message}`);
      const end = step(state, { end: unit });
      if ('error' in end) throw new Error(`self-play cannot end a turn: ${end.error.message}`);
      state = end.state;
      events.push(...end.events);
      continue;
    }
    state = r.state;
    events.push(...r.events);
    each?.(state, command);
  }
  return { start, state, events, decisions, refused };
}
