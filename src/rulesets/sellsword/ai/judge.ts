/**
 * What the practice AI thinks things are worth, in victory points (R3: a unit scores its cost when its
 * Mortal box is marked or it drops). Everything rules-shaped comes from the engine's queries and
 * modules (odds, wounds, reach, sight, stats); this module only puts prices on what they say.
 *
 * One Judge serves one decision: it keeps what it works out (odds, distance fields, threats) for the
 * state it was made for, and is dropped afterwards.
 */
import type { Attack, InjuryBox } from '../formats/card';
import type { Size, StatusName } from '../formats/vocabulary';
import { squareIndex } from '../../../engine';
import { commanderOf } from '../engine';
import { nearestIn } from '../../../engine';
import { endError, moverOf } from '../engine';
import { attackOutlook, movePlans, type Outlook } from '../engine';
import { replyAttacks } from '../engine';
import { unitCost } from '../engine';
import type { GameState, PlayerId, UnitState } from '../engine';
import { liveTraits, profile } from '../engine';
import { footprint } from '../../../engine';
import { boardOf, onMap, SPAN, squaresOf, type Table, tableOf, unitList } from '../engine';
import { afterDefences, boxesLeft, toughnessUse } from '../engine';
import { entersDamaging, standsOnDamaging, walkUntilDamaging } from '../engine';
import { nameOf, type Board } from '../../../engine';

/** The knobs of the evaluation; the defaults are what the benchmark measured. */
export interface Weights {
  /** Share of a unit's worth credited per share of the wounds it still needs before it scores. */
  readonly progress: number;
  /** Extra worth of a unit beyond its VP: what removing its attacks is worth, as a share of its cost. */
  readonly menace: number;
  /** How much of the expected loss from enemy attacks next turn counts against a square. */
  readonly danger: number;
  /** Pull towards enemies worth attacking, per VP the best of them is worth per 5 wounds. */
  readonly approach: number;
  /** Holding an objective area at the end of a turn (R4 scores 5 VP a round). */
  readonly objective: number;
  /** Pull towards an objective nobody of ours holds. */
  readonly objectiveNear: number;
  /** A react token in hand (replies are free attacks). */
  readonly reactToken: number;
  /** A blue or red token in hand. */
  readonly powerToken: number;
  /** 5 Vigor (charges, costs, the buffer before injury boxes). */
  readonly vigor: number;
  /** What a move must gain to be worth making (so units on a good square stay there). */
  readonly moveCost: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  progress: 0.6,
  menace: 0.3,
  danger: 0.25,
  approach: 1,
  objective: 6,
  objectiveNear: 2,
  reactToken: 1,
  powerToken: 0.8,
  vigor: 0.6,
  moveCost: 0.3,
};

/** How bad each status is for its bearer, as a share of (a quarter of its worth + 2) VP. Negative: it helps. */
const STATUS_HARM: Record<StatusName, number> = {
  helpless: 1,
  controlled: 0.8,
  stunned: 0.7,
  glamyred: 0.4,
  shaken: 0.35,
  pinned: 0.3,
  compromised: 0.3,
  hobbled: 0.2,
  enraged: 0.2,
  recurring: 0,
  invisible: -0.5,
};

interface Look {
  readonly size: Size;
  readonly move: number;
  readonly reach: number;
  readonly objectives: readonly { readonly area: readonly number[]; readonly held: boolean; readonly field: Float64Array }[];
  readonly enemies: readonly {
    readonly e: UnitState;
    readonly field: Float64Array;
    readonly move: number;
    readonly perFive: number;
    readonly attacks: readonly Attack[];
  }[];
}

export class Judge {
  readonly board: Board;
  readonly table: Table;
  private readonly outlooks = new Map<string, Outlook | null>();
  private readonly plain = new Map<string, number>();

  constructor(
    readonly state: GameState,
    /** The player the AI plays. */
    readonly me: PlayerId,
    readonly w: Weights,
  ) {
    this.board = boardOf(state);
    this.table = tableOf(state);
  }

  /** The side a unit fights on now (§6.2: a Controlled unit taking its turn is its controller's). */
  side(unit: UnitState): PlayerId {
    return commanderOf(this.state, unit);
  }

  /** Units on the map fighting against `side`. */
  enemiesOf(side: PlayerId): UnitState[] {
    return unitList(this.state).filter((u) => onMap(u) && this.side(u) !== side);
  }

  /** VP the unit scores its killer (R3): its cost with its mod; nothing more once Mortal is marked. */
  vp(unit: UnitState): number {
    if (unit.injuries.includes('mortal')) return 0;
    return unitCost(this.state.cards[unit.card]!, unit.mod ? this.state.mods[unit.mod] : undefined);
  }

  /** What taking the unit off the table is worth: its VP plus its menace. */
  worth(unit: UnitState): number {
    const cost = unitCost(this.state.cards[unit.card]!, unit.mod ? this.state.mods[unit.mod] : undefined);
    return this.vp(unit) + this.w.menace * cost;
  }

  /** Wounds the unit can still take before it scores (or drops, once Mortal is marked): Vigor in fives, 5 a box, toughness left this round. */
  toScore(unit: UnitState): number {
    return Math.floor(unit.vigor / 5) * 5 + 5 * boxesLeft(this.state, unit).length + toughnessUse(this.state, unit, 100);
  }

  /** Value of dealing `wounds` (after immunity and vulnerability) to `unit`. */
  woundValue(unit: UnitState, wounds: number): number {
    const need = Math.max(5, this.toScore(unit));
    const tough = toughnessUse(this.state, unit, wounds);
    const dealt = Math.floor((wounds - tough) / 5) * 5 + tough;
    if (dealt >= need) return this.worth(unit);
    return (dealt / need) * this.worth(unit) * this.w.progress;
  }

  /** What a status is worth to whoever inflicts it on `unit` (what it costs `unit`). */
  statusHarm(unit: UnitState, status: StatusName, wound = 0): number {
    if (status === 'recurring') return this.woundValue(unit, wound) * 1.5;
    const cost = unitCost(this.state.cards[unit.card]!, unit.mod ? this.state.mods[unit.mod] : undefined);
    return STATUS_HARM[status] * (cost / 4 + 2);
  }

  /** The expected value of an attack's hits: wounds by outcome, and the statuses it would leave. */
  outlookValue(attack: Attack, target: UnitState, o: Outlook): number {
    let v = 0;
    for (const out of o.outcomes) v += out.chance * this.woundValue(target, out.beforeToughness);
    // Statuses on a hit; a THEN status needs the hit to wound, which toughness may absorb.
    let woundsThrough = 0;
    for (const out of o.outcomes) if (out.beforeToughness - toughnessUse(this.state, target, out.beforeToughness) > 0) woundsThrough += out.chance;
    attack.effects.forEach((e, i) => {
      if (!('status' in e)) return;
      if (target.statuses.some((s) => s.status === e.status && e.status !== 'recurring')) return;
      const p = i > 0 && e.link === 'then' ? woundsThrough : o.chance;
      v += p * this.statusHarm(target, e.status, e.wound ?? 0);
    });
    return v;
  }

  /** attackOutlook, kept for this decision. `from` is a square name. */
  outlook(attacker: UnitState, attackId: string, target: UnitState, opts: { charge?: boolean; from?: string } = {}): Outlook | null {
    const key = `${attacker.id}|${attackId}|${target.id}|${opts.charge ? 'c' : ''}|${opts.from ?? ''}`;
    let o = this.outlooks.get(key);
    if (o === undefined) {
      const r = attackOutlook(this.state, attacker.id, attackId, target.id, opts);
      o = 'code' in r ? null : r;
      this.outlooks.set(key, o);
    }
    return o;
  }

  /** attackOutlook in `placed` (this state, or it with one unit moved), null when the attack cannot be made. */
  private outlookIn(placed: GameState, attacker: UnitState, attackId: string, target: UnitState): Outlook | null {
    if (placed === this.state) return this.outlook(attacker, attackId, target);
    const r = attackOutlook(placed, attacker.id, attackId, target.id);
    return 'code' in r ? null : r;
  }

  /** The value of an attack as it stands (or from `from`), 0 when it cannot be made. */
  attackValue(attacker: UnitState, attack: Attack, target: UnitState, opts: { charge?: boolean; from?: string } = {}): number {
    const o = this.outlook(attacker, attack.id, target, opts);
    return o ? this.outlookValue(attack, target, o) : 0;
  }

  /**
   * Expected wounds `attacker` would deal `target` with `attack` wherever it gets to: a rough figure
   * for attacks that need a move first. The odds as things stand when the attack can be made now,
   * else attackOutlook from a free square beside the target (0 when there is none).
   */
  plainWounds(attacker: UnitState, attack: Attack, target: UnitState): number {
    const key = `${attacker.id}|${attack.id}|${target.id}`;
    let v = this.plain.get(key);
    if (v !== undefined) return v;
    v = 0;
    // Where the attack can be made as things stand, its odds there serve (no table to build).
    const now = onMap(attacker) && onMap(target) ? this.outlook(attacker, attack.id, target) : null;
    const from = now ? null : this.freeBeside(attacker, target);
    if (now) v = now.expectedBeforeToughness;
    else if (from !== null) {
      const o = attackOutlook(this.state, attacker.id, attack.id, target.id, { from: nameOf(this.board, from) });
      if (!('code' in o)) v = o.expectedBeforeToughness;
    }
    this.plain.set(key, v);
    return v;
  }

  /** A square where `mover` could stand touching `target`, or null. */
  private freeBeside(mover: UnitState, target: UnitState): number | null {
    if (!onMap(target)) return null;
    const m = moverOf(this.state, mover);
    const size = profile(this.state, mover).size;
    const tSize = profile(this.state, target).size;
    const span = size === 'big' ? 2 : 1;
    const tSpan = tSize === 'big' ? 2 : 1;
    const w = this.board.width;
    const c0 = (target.at! % w) - span;
    const r0 = Math.floor(target.at! / w) - span;
    for (let r = r0; r <= r0 + span + tSpan; r++) {
      for (let c = c0; c <= c0 + span + tSpan; c++) {
        if (c < 0 || r < 0 || c >= w || r >= this.board.height) continue;
        const at = r * w + c;
        if (size === 'big' && (c >= w - 1 || r >= this.board.height - 1)) continue;
        if (endError(this.state, this.table, m, at) && mover.at !== at) continue;
        if (this.table.touching(at, size, target.at!, tSize)) return at;
      }
    }
    return null;
  }

  /** Counted distance (R15) from a unit's space to the space `unit` would have on `at`. */
  distance(from: UnitState, unit: UnitState, at: number): number {
    return nearestIn(this.fieldOf(from), footprint(this.board, at, SPAN[profile(this.state, unit).size]));
  }

  private readonly fields = new Map<string, Float64Array>();

  /** Counted distances from a unit's space to every square (the table's fields, looked up once). */
  fieldOf(unit: UnitState): Float64Array {
    let f = this.fields.get(unit.id);
    if (!f) this.fields.set(unit.id, (f = this.table.rangesFrom(squaresOf(this.state, unit))));
    return f;
  }

  /** Attacks a unit could make: single-target or burst, ones whose costs it can pay are the caller's to check. */
  attacks(unit: UnitState): readonly Attack[] {
    return profile(this.state, unit).attacks;
  }

  /** The longest reach of the unit's attacks (a burst reaches its range plus its radius). */
  reach(unit: UnitState): number {
    let r = 0;
    for (const a of this.attacks(unit)) r = Math.max(r, a.range + (a.burst ?? 0));
    return r;
  }

  private readonly looks = new Map<string, Look>();

  /** What `position` and `danger` need about a unit, worked out once per decision. */
  private look(unit: UnitState): Look {
    let l = this.looks.get(unit.id);
    if (l) return l;
    const p = profile(this.state, unit);
    const side = this.side(unit);
    const friends = unitList(this.state).filter((u) => u.id !== unit.id && onMap(u) && this.side(u) === side);
    const objectives = this.board.objectives.map((area) => ({
      area,
      held: friends.some((u) => squaresOf(this.state, u).some((s) => area.includes(s))),
      field: this.table.rangesFrom(area),
    }));
    const enemies = this.enemiesOf(side).map((e) => {
      const ep = profile(this.state, e);
      return {
        e,
        field: this.fieldOf(e),
        move: ep.move,
        perFive: this.worth(e) / Math.max(1, this.toScore(e) / 5),
        attacks: ep.attacks.filter((a) => a.burst === undefined),
      };
    });
    l = { size: p.size, move: Math.max(1, p.move), reach: this.reach(unit), objectives, enemies };
    this.looks.set(unit.id, l);
    return l;
  }

  /**
   * Expected loss, in VP, if `unit` ends its turn on `at`: each enemy's best attack on it next time
   * that enemy acts, weighted by how easily it gets there (already in range and sight: exact odds from
   * where it stands, cover included; a move away; two moves away), for the share `danger`. `quick`
   * leaves out the lines of sight (plain odds from beside the unit throughout).
   */
  danger(unit: UnitState, at: number, quick = false): number {
    // A unit of the other side under our command (§6.2) is theirs to lose.
    if (unit.player !== this.me) return 0;
    const l = this.look(unit);
    const squares = footprint(this.board, at, SPAN[l.size]);
    let placed: GameState | null = null;
    let wounds = 0;
    for (const { e, field, move, attacks } of l.enemies) {
      const d = nearestIn(field, squares);
      let best = 0;
      for (const a of attacks) {
        if (d > 2 * move + a.range) continue;
        let threat = 0;
        if (d <= a.range && quick) threat = 1.5 * this.plainWounds(e, a, unit);
        else if (d <= a.range) {
          // In range without moving: the real line from where it stands to the square (cover, sight).
          placed ??= unit.at === at ? this.state : { ...this.state, units: { ...this.state.units, [unit.id]: { ...unit, at } } };
          const r = this.outlookIn(placed, e, a.id, unit);
          threat = r ? 1.8 * r.expectedBeforeToughness : 1.1 * this.plainWounds(e, a, unit);
        } else if (d <= move + a.range) threat = 1.4 * this.plainWounds(e, a, unit);
        else threat = 0.6 * this.plainWounds(e, a, unit);
        if (threat > best) best = threat;
      }
      wounds += best;
    }
    return wounds > 0 ? this.w.danger * this.woundValue(unit, wounds) : 0;
  }

  /** Value of `unit` standing on `at` at the end of its turn: objectives, the pull towards targets, fire, less the danger. */
  position(unit: UnitState, at: number | null, opts: { enraged?: readonly string[] | null; quick?: boolean } = {}): number {
    if (at === null || unit.player !== this.me) return 0;
    const board = this.board;
    const l = this.look(unit);
    const squares = footprint(board, at, SPAN[l.size]);
    let v = 0;
    // R4 objectives: held alone at the round's end, 5 VP; contesting one denies the enemy.
    for (const o of l.objectives) {
      const on = squares.some((s) => o.area.includes(s));
      if (on) v += o.held ? 0.5 : this.w.objective;
      else if (!o.held) v += this.w.objectiveNear / (1 + nearestIn(o.field, squares) / l.move);
    }
    // Damaging terrain wounds a unit that starts its turn in it (R9, R19).
    if (standsOnDamaging(board, at, l.size)) v -= this.burn(unit) + 0.5;
    // The pull towards the enemy most worth attacking, by how soon this unit could strike it.
    if (l.reach > 0) {
      let pull = 0;
      for (const { field, perFive } of l.enemies) {
        const gap = Math.max(0, nearestIn(field, squares) - l.reach);
        pull = Math.max(pull, perFive / (1 + gap / l.move));
      }
      v += this.w.approach * Math.min(pull, 12);
    }
    // §6.2 Enraged: not beside one of the nearest enemies at the end costs 5 Vigor and the recovery roll.
    if (opts.enraged && opts.enraged.length > 0) {
      const beside = opts.enraged.some((id) => {
        const e = this.state.units[id];
        return e !== undefined && onMap(e) && this.table.touching(at, l.size, e.at!, profile(this.state, e).size);
      });
      if (!beside) v -= this.w.vigor * 2;
    }
    return v - this.danger(unit, at, opts.quick === true);
  }

  /** Expected loss from the replies `unit` invites by attacking (R26) or stepping away (R25) on `at`: adjacent enemies with a react token. */
  replyRisk(unit: UnitState, at: number | null): number {
    if (at === null || unit.player !== this.me) return 0;
    const there = unit.at === at ? unit : { ...unit, at };
    const placed: GameState = unit.at === at ? this.state : { ...this.state, units: { ...this.state.units, [unit.id]: there } };
    const table = unit.at === at ? this.table : tableOf(placed);
    const size = profile(this.state, unit).size;
    let wounds = 0;
    for (const e of this.enemiesOf(this.side(unit))) {
      if (e.tokens.react < 1) continue;
      if (!table.touching(at, size, e.at!, profile(this.state, e).size)) continue;
      let best = 0;
      for (const a of replyAttacks(placed, e, there)) {
        const r = this.outlookIn(placed, e, a.id, unit);
        if (r && r.expectedBeforeToughness > best) best = r.expectedBeforeToughness;
      }
      wounds += 0.8 * best;
    }
    return wounds > 0 ? this.woundValue(unit, wounds) : 0;
  }

  /** What marking `box` costs the unit beyond the 5 wounds it takes (the −1 to every roll, and the box's own loss). */
  boxCost(unit: UnitState, box: InjuryBox): number {
    const cost = unitCost(this.state.cards[unit.card]!, unit.mod ? this.state.mods[unit.mod] : undefined);
    const scale = cost / 10 + 1;
    if (box === 'mortal') return this.vp(unit) + 2 * scale + 20;
    let c = 0.6 * scale;
    if (box === 'mobility') c += (this.reach(unit) <= 2 ? 0.6 : 0.25) * scale;
    else if (box === 'defensive') c += 0.9 * scale;
    else {
      // A trait box disables that attack or trait: dear if it is the unit's best attack.
      const attacks = this.attacks(unit);
      const best = attacks.reduce<Attack | null>((b, a) => (b === null || a.bonus + woundsOf(a) > b.bonus + woundsOf(b) ? a : b), null);
      c += (best?.id === box.trait ? 1.2 : attacks.some((a) => a.id === box.trait) ? 0.5 : 0.4) * scale;
    }
    return c;
  }

  /** What a unit's react token is worth to it now: more when enemies are beside it. */
  reactValue(unit: UnitState): number {
    let v = this.w.reactToken;
    const costly = [...this.attacks(unit).map((a) => a.cost), ...liveTraits(this.state, unit).flatMap((t) => (t.trait === 'act' ? [t.cost] : []))].some(
      (c) => (c.react ?? 0) > 0,
    );
    if (costly) v += 0.8;
    return v;
  }

  private readonly plans = new Map<string, ReturnType<typeof movePlans>>();

  /** movePlans, kept for this decision. */
  movePlans(unit: UnitState, maneuver: boolean): ReturnType<typeof movePlans> {
    const key = `${unit.id}|${maneuver}`;
    let m = this.plans.get(key);
    if (!m) this.plans.set(key, (m = movePlans(this.state, unit.id, maneuver)));
    return m;
  }

  /** Squares the unit could stand on within its Move by counted distance (R15): a rough stand-in for the pathfinder. */
  roughReach(unit: UnitState): number[] {
    const field = this.fieldOf(unit);
    const move = profile(this.state, unit).move;
    const mover = moverOf(this.state, unit);
    const out: number[] = [];
    for (let at = 0; at < field.length; at++) {
      const d = field[at]!;
      if (d < 1 || d > move || endError(this.state, this.table, mover, at)) continue;
      out.push(at);
    }
    return out;
  }

  /** What 5 wounds of the map's damaging terrain cost the unit (R19), after its immunity or vulnerability. */
  burn(unit: UnitState): number {
    return this.woundValue(unit, afterDefences(this.state, unit, 5, this.board.damage));
  }

  /** How many times walking `path` (square names) would wound the unit in damaging terrain (R19; a flyer only where it ends, R45). */
  burnsOnPath(unit: UnitState, path: readonly string[]): number {
    const squares = path.map((n) => this.square(n));
    const p = profile(this.state, unit);
    let n = 0;
    let i = 0;
    if (unit.at === null && squares.length > 0) {
      // Entering from reserve onto the first square.
      if ((!p.fly || squares.length === 1) && entersDamaging(this.board, null, squares[0]!, p.size)) n++;
      i = 1;
    }
    while (i < squares.length) {
      const step = walkUntilDamaging(this.board, p.size, p.fly, i === 0 ? unit.at! : squares[i - 1]!, squares, i);
      if (!step.wounds) break;
      n++;
      i = step.end;
    }
    return n;
  }

  /** A square name's index. */
  square(name: string): number {
    return squareIndex(this.board, name)!;
  }
}

/** The wounds an attack's effects deal on a hit, before defences. */
export function woundsOf(a: Attack): number {
  let n = 0;
  for (const e of a.effects) if ('wound' in e && !('status' in e)) n += e.wound;
  return n;
}
