/**
 * What just happened: the last turn's events read into paths, attack lines with their results,
 * other wounds, drops, and an ordered list of happenings (last-turn-words.ts puts them into words).
 *
 * Where things stood. Each `moved`, `charged` and `shoved` event says where its move began, so paths
 * start at the right square. Where a unit that dropped stood comes from following the moves forward
 * from the `before` state when there is one; without it, from its last move.
 *
 * Which attack dealt which wounds. A `wounded` event does not name the attack; it belongs to the
 * latest attack of the same attacker on the same unit, since the last act began, whose own wound
 * effects include its type. Recurring wounds (a status's type, not the attack's) and terrain wounds
 * (no source, on damaging ground) are listed apart.
 */
import type { Attack } from '../formats/card';
import type { WoundType } from '../formats/vocabulary';
import { hasTerrain, squareIndex, T } from '../engine/board';
import type { EventOf, GameEvent } from '../engine/events';
import type { GameState, PlayerId, UnitId, UnitState } from '../engine/state';
import { boardOf, cardOf, findAttack, footprint } from '../engine/table';
import { sqOf, type AttackResult, type AttackView, type DropView, type Happening, type HarmView, type LastTurnView, type MoveView, type PlayerView, type Sq } from './view-types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface OpenAttack {
  readonly view: Mutable<AttackView>;
  readonly attackerId: UnitId;
  readonly targetId: UnitId;
  readonly types: readonly WoundType[];
}

/** An attack's own wound types (its wound effects, not a recurring status it imposes). */
const woundTypes = (attack: Attack | undefined): WoundType[] =>
  attack ? attack.effects.flatMap((e) => ('wound' in e && !('status' in e) ? [e.type] : [])) : [];

function resultOf(e: EventOf<'attack-rolled'>): AttackResult {
  if (!e.hit) return 'miss';
  if (e.rolls.length === 0) return 'automatic';
  if (e.glancing) return 'glancing';
  return e.critical ? 'critical' : 'hit';
}

const boxName = (b: string | { trait: string }) => (typeof b === 'string' ? b : `trait (${b.trait})`);

export function lastTurnView(
  state: GameState,
  labels: ReadonlyMap<UnitId, string>,
  players: readonly PlayerView[],
  events: readonly GameEvent[],
  before: GameState | undefined,
): LastTurnView {
  const board = boardOf(state);
  const name = (id: UnitId | null | undefined) => (id === null || id === undefined ? 'nobody' : (labels.get(id) ?? id));
  const playerName = (id: PlayerId) => players.find((p) => p.id === id)?.name ?? id;
  const unitAt = (id: UnitId): UnitState | undefined => state.units[id];
  const spanOf = (id: UnitId): 1 | 2 => {
    const u = unitAt(id);
    return u && cardOf(state, u).size === 'big' ? 2 : 1;
  };

  // Where each unit stands as the events unfold: top-left index, null off the map, undefined unknown.
  const movers = new Set(events.flatMap((e) => (e.type === 'moved' || e.type === 'charged' || e.type === 'shoved' ? [e.unit] : [])));
  const pos = new Map<UnitId, number | null | undefined>();
  for (const u of Object.values(state.units)) {
    const start = before?.units[u.id];
    pos.set(u.id, start ? (start.dropped ? null : start.at) : movers.has(u.id) ? undefined : u.dropped ? null : u.at);
  }
  const where = (id: UnitId): Sq | null => {
    const at = pos.get(id);
    if (at !== undefined && at !== null) return sqOf(board, at);
    // Unknown start: the best guess is where the unit stands now.
    const now = unitAt(id);
    return at === undefined && now && now.at !== null ? sqOf(board, now.at) : null;
  };
  const onDamaging = (id: UnitId): boolean => {
    const u = unitAt(id);
    const at = pos.get(id) ?? u?.at ?? null;
    return at !== null && u !== undefined && footprint(board, at, cardOf(state, u).size).some((i) => hasTerrain(board, i, T.damaging));
  };

  let player: PlayerId | null = null;
  let active: UnitId | null = null;
  const moves: MoveView[] = [];
  const attacks: OpenAttack[] = [];
  let open: OpenAttack[] = [];
  const harms: HarmView[] = [];
  const drops: DropView[] = [];
  const happenings: (Happening | OpenAttack)[] = [];

  const moveTo = (unit: UnitId, kind: MoveView['kind'], path: readonly string[], start: string | null): MoveView => {
    const steps = path.map((s) => squareIndex(board, s)).filter((i): i is number => i !== null);
    // The event says where the move began; a reserve unit entering has no start square.
    const from = start === null ? null : squareIndex(board, start);
    const known = from !== undefined && from !== null;
    const view: MoveView = { unit: name(unit), kind, path: (known ? [from, ...steps] : steps).map((i) => sqOf(board, i)), fromKnown: known, span: spanOf(unit) };
    if (steps.length > 0) pos.set(unit, steps[steps.length - 1]!);
    moves.push(view);
    return view;
  };

  for (const e of events) {
    switch (e.type) {
      case 'turn-started':
        // The turn shown is the first one begun; a trailing start of the next player's turn is not it.
        player ??= e.player;
        break;
      case 'unit-activated':
        active ??= e.unit;
        open = [];
        break;
      case 'act-begun':
        open = [];
        break;
      case 'moved':
        happenings.push({ kind: 'move', move: moveTo(e.unit, e.maneuver ? 'maneuver' : 'move', e.path, e.from), spent: e.spent });
        break;
      case 'charged':
        happenings.push({ kind: 'charge', move: moveTo(e.unit, 'charge', e.path, e.from), target: name(e.target) });
        break;
      case 'shoved':
        happenings.push({ kind: 'shove', move: moveTo(e.unit, 'shove', e.path, e.from), by: name(e.by), effect: e.effect });
        break;
      case 'reply-declared': {
        if (e.attack === null) break;
        const replier = unitAt(e.unit);
        happenings.push({ kind: 'reply-declared', unit: name(e.unit), against: name(e.against), attack: (replier && findAttack(state, replier, e.attack)?.name) ?? e.attack });
        break;
      }
      case 'attack-rolled': {
        const attacker = unitAt(e.unit);
        const attack = attacker ? findAttack(state, attacker, e.attack) : undefined;
        const rec: OpenAttack = {
          view: {
            attacker: name(e.unit),
            target: name(e.target),
            attack: attack?.name ?? e.attack,
            reply: e.reply === true,
            from: where(e.unit),
            fromSpan: spanOf(e.unit),
            to: where(e.target),
            toSpan: spanOf(e.target),
            result: resultOf(e),
            roll: e.rolls.length > 0 ? e.rolls[e.rolls.length - 1]! : null,
            modifier: e.modifier,
            need: e.need,
            wounds: 0,
            toughness: 0,
            avoided: 0,
            injuries: [],
            statuses: [],
            dropped: false,
          },
          attackerId: e.unit,
          targetId: e.target,
          types: woundTypes(attack),
        };
        attacks.push(rec);
        open.push(rec);
        happenings.push(rec);
        break;
      }
      case 'wounded': {
        const rec = [...open].reverse().find((a) => a.attackerId === e.source && a.targetId === e.unit && a.types.includes(e.woundType));
        const boxes = e.injuries.map(boxName);
        if (rec) {
          rec.view.wounds += e.taken;
          rec.view.toughness += e.toughness;
          rec.view.avoided += e.avoided;
          rec.view.injuries = [...rec.view.injuries, ...boxes];
          break;
        }
        const harm: HarmView = { unit: name(e.unit), at: where(e.unit), span: spanOf(e.unit), wounds: e.taken, type: e.woundType, why: e.source === null && onDamaging(e.unit) ? 'terrain' : 'recurring' };
        harms.push(harm);
        happenings.push({ kind: 'harm', harm, source: e.source === null ? null : name(e.source), avoided: e.avoided, injuries: boxes });
        break;
      }
      case 'status-gained': {
        const rec = [...open].reverse().find((a) => a.targetId === e.unit && a.attackerId === e.status.source);
        if (rec) rec.view.statuses = [...rec.view.statuses, e.status.status];
        else happenings.push({ kind: 'status', unit: name(e.unit), status: e.status.status, gained: true, reason: '' });
        break;
      }
      case 'status-lost':
        happenings.push({ kind: 'status', unit: name(e.unit), status: e.status, gained: false, reason: e.reason });
        break;
      case 'recovery-failed':
        happenings.push({ kind: 'recovery-failed', unit: name(e.unit), rolls: e.rolls });
        break;
      case 'dropped': {
        const drop: DropView = { unit: name(e.unit), at: where(e.unit), span: spanOf(e.unit), by: e.by === null ? null : name(e.by) };
        drops.push(drop);
        for (const a of attacks) if (a.targetId === e.unit) a.view.dropped = true;
        pos.set(e.unit, null);
        happenings.push({ kind: 'drop', drop });
        break;
      }
      case 'scored':
        happenings.push({ kind: 'score', player: playerName(e.player), points: e.points, reason: e.reason });
        break;
      case 'rested':
        happenings.push({ kind: 'rest', unit: name(e.unit), token: e.token });
        break;
      case 'crowed':
        happenings.push({ kind: 'crow', unit: name(e.unit), vigor: e.vigor });
        break;
      case 'rolled':
        happenings.push({ kind: 'roll', unit: name(e.unit), why: e.why, rolls: e.rolls });
        break;
      case 'player-out':
        happenings.push({ kind: 'player-out', player: playerName(e.player) });
        break;
      case 'game-over':
        // The engine's reason names players by id; a reader wants their names.
        happenings.push({ kind: 'game-over', winner: e.winner === null ? null : playerName(e.winner), reason: players.reduce((r, p) => r.split(p.id).join(p.name), e.reason) });
        break;
      default:
        // Bookkeeping (acts begun, prompts, payments) and events this renderer does not know yet.
        break;
    }
  }

  // Attacks are filled in after their roll (wounds, statuses, drops), so they are frozen last.
  const done = new Map(attacks.map((a) => [a, { ...a.view } as AttackView]));
  // Whose turn it was: the owner of the unit that took it (a trailing start of the next turn is not it).
  const owner = active !== null ? (unitAt(active)?.player ?? player) : player;
  return {
    player: owner === null ? null : playerName(owner),
    unit: active === null ? null : name(active),
    moves,
    attacks: [...done.values()],
    harms,
    drops,
    happenings: happenings.map((h) => ('view' in h ? { kind: 'attack', attack: done.get(h)! } : h)),
  };
}
