/**
 * A match's turn picture: the view input (./input.ts) read from the setup, the state and the turn's
 * events. The happenings are read by folding the events with the match's own apply (match/apply.ts)
 * from the state the turn started from, so a strike is drawn from where both troops stood when it
 * was made and a removed troop's cross where it fell.
 */
import type { TableRequest } from '../../ruleset';
import { applyEvent } from '../match/apply';
import { zoneOf } from '../match/tables';
import type { ScEvent, ScSetup, ScState } from '../match/types';
import type { MoveOrder } from '../rules/movement';
import type { ScHappening, ScViewInput, ScViewStage } from './input';

function stageOf(state: ScState): ScViewStage {
  if (state.end) return { kind: 'over', winner: state.end.winner, reason: state.end.reason };
  if (state.deploying) return { kind: 'deployment', player: state.deploying.player };
  if (state.turn) return { kind: 'turn', player: state.turn.player, step: state.turn.step };
  return { kind: 'between' };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The turn's moves, strikes, shots and removals. A move paused by an opportunity attack and taken up again
 * is one path; a Slide followed by a move is two (the Slide dotted, the move after it solid).
 */
export function happeningsOf(before: ScState, events: readonly ScEvent[]): ScHappening[] {
  const out: ScHappening[] = [];
  const how = new Map<string, MoveOrder | 'charge'>();
  let s = before;
  const where = (id: string) => s.troops[id]?.at ?? null;
  // Where each mover stood before its last step: a trample is drawn from there, not from inside its target's space.
  const stepFrom = new Map<string, number>();
  const strike = (attacker: string, target: string, hit: boolean, wounds: number, opportunity: boolean, shot = false) => {
    const [from, to] = [where(attacker), where(target)];
    if (from !== null && to !== null) out.push({ kind: 'strike', attacker, target, from, to, hit, wounds, opportunity, ...(shot ? { shot } : {}) });
  };
  const removed = (id: string) => {
    const at = where(id);
    if (at !== null) out.push({ kind: 'removed', troop: id, at });
  };
  for (const e of events) {
    if (e.type === 'ordered' && e.how !== 'aim' && e.how !== 'reload') how.set(e.troop, e.how);
    if (e.type === 'moved') {
      const before = e.path.length > 1 ? e.path[e.path.length - 2]! : where(e.troop);
      if (before !== null) stepFrom.set(e.troop, before);
      const order = how.get(e.troop) ?? 'move';
      const last = out[out.length - 1];
      if (last?.kind === 'moved' && last.troop === e.troop && last.how === order) (last as Mutable<typeof last>).path = [...last.path, ...e.path];
      else if (where(e.troop) !== null) out.push({ kind: 'moved', troop: e.troop, how: order, path: [where(e.troop)!, ...e.path] });
      if (order === 'slide') how.set(e.troop, 'move');
    }
    if (e.type === 'trampled') {
      const [from, to] = [stepFrom.get(e.troop) ?? where(e.troop), where(e.target)];
      const { hit, wounds } = e.strike;
      if (from !== null && to !== null)
        out.push({ kind: 'strike', attacker: e.troop, target: e.target, from, to, hit, wounds, opportunity: false, trample: true });
      if (e.removed) removed(e.target);
    }
    if (e.type === 'opportunity' && e.strike) {
      strike(e.attacker, e.mover, e.strike.hit, e.strike.wounds, true);
      if (e.removed) removed(e.mover);
    }
    if (e.type === 'ranged-resolved') {
      for (const k of e.shots) {
        // An Area attack is drawn as its squares, and a shot at each troop under it where it landed (a miss at its aim when nobody was).
        if (k.area && k.area.centre !== null) out.push({ kind: 'area', attacker: k.attacker, squares: k.area.squares, deviated: k.area.deviated });
        if (k.area && k.area.hits.length > 0) for (const h of k.area.hits) strike(k.attacker, h.troop, true, h.wounds, false, true);
        else if (k.direct) {
          // A missed Direct Line shot: its flight's squares, a miss at its target, and the troop it hit on the way, if any.
          if (k.direct.squares.length > 0) out.push({ kind: 'area', attacker: k.attacker, squares: k.direct.squares, deviated: 0, shape: 'Direct Line' });
          strike(k.attacker, k.target, false, 0, false, true);
          if (k.struck !== null) strike(k.attacker, k.struck, true, k.wounds, false, true);
        } else strike(k.attacker, k.struck ?? k.target, k.hit && !k.area, k.wounds, false, true);
      }
      for (const [id, w] of Object.entries(e.wounds)) if (w.removed) removed(id);
    }
    if (e.type === 'melee-resolved') {
      for (const k of e.strikes) {
        // A projected attack is drawn as its template, and a strike at each troop under it (a miss at its aim when nobody was).
        if (k.swept) {
          // A sweep is drawn as its squares and a strike at each troop in them (a miss at its target when nobody was).
          const squares = k.swept.squares.filter((q): q is number => q !== null);
          out.push({ kind: 'area', attacker: k.attacker, squares, deviated: 0, shape: 'Sweep' });
          if (k.swept.strikes.length === 0) strike(k.attacker, k.target, false, 0, false);
          for (const x of k.swept.strikes) strike(k.attacker, x.target, x.hit, x.wounds, false);
        } else if (!k.projected) strike(k.attacker, k.target, k.hit, k.wounds, false);
        else {
          const p = k.projected;
          out.push({ kind: 'area', attacker: k.attacker, squares: p.squares, deviated: 0, shape: p.shape });
          if (p.hits.length === 0) strike(k.attacker, k.target, false, 0, false);
          for (const h of p.hits) strike(k.attacker, h.troop, h.hit, h.wounds, false);
        }
      }
      for (const [id, w] of Object.entries(e.wounds)) if (w.removed) removed(id);
    }
    s = applyEvent(s, e);
  }
  return out;
}

/** Whose turn the events are from: the turn they begin, else the turn under way when they started. */
function turnOf(before: ScState | undefined, events: readonly ScEvent[]): string | undefined {
  const began = events.find((e) => e.type === 'turn-began');
  return began?.type === 'turn-began' ? began.player : (before?.turn?.player ?? undefined);
}

/** The view input for a match as it stands, with `request.lastTurn` marked when `request.before` is given. */
export function scViewInputOf(setup: ScSetup, state: ScState, request: TableRequest = {}): ScViewInput {
  const before = request.before as ScState | undefined;
  const events = (request.lastTurn ?? []) as readonly ScEvent[];
  const happenings = before ? happeningsOf(before, events) : [];
  const by = turnOf(before, events);
  const deploying = state.deploying?.player;
  return {
    map: setup.map,
    cards: setup.cards,
    players: setup.players,
    ...(request.names ? { names: request.names } : {}),
    armies: setup.armies,
    attacker: state.attacker,
    troops: setup.troops.map((t) => {
      const now = state.troops[t.id];
      // A reserve troop not in the match (SC Set-up 7): nothing about it shows, not even which reserve was chosen.
      if (!now) return { id: t.id, troop: t.troop, player: t.player, at: null, taken: 0, removed: false, held: true as const };
      const unloaded = (now.unloaded ?? []).length > 0;
      return {
        id: t.id,
        troop: t.troop,
        player: t.player,
        at: now.at,
        taken: now.taken,
        removed: now.removed,
        ...(unloaded ? { unloaded } : {}),
        ...(now.conditions ? { conditions: now.conditions } : {}),
        ...(now.limit === 'half' ? { halfMove: true } : {}),
        ...(now.altitude ? { altitude: now.altitude } : {}),
      };
    }),
    round: state.round,
    stage: stageOf(state),
    ...(state.prompt && state.prompt.kind !== 'reserve' ? { active: state.prompt.kind === 'readied' ? state.prompt.troop : state.prompt.mover } : {}),
    happenings,
    ...(by !== undefined && happenings.length > 0 ? { lastTurnBy: by } : {}),
    ...(deploying !== undefined ? { zones: [{ player: deploying, squares: [...zoneOf(setup, state, deploying)].sort((a, b) => a - b) }] } : {}),
  };
}
