/**
 * What just happened: events read into paths, attack lines with their results, other wounds, drops,
 * and an ordered list of happenings (happenings.ts) that last-turn-words.ts puts into words. It reads
 * any run of events: one act's, a unit's turn, or a whole match's, a turn at a time (match-log.ts).
 *
 * Where things stood. Each `moved`, `charged` and `shoved` event says where its move began, so paths
 * start at the right square. Where a unit that dropped stood comes from following the moves forward
 * from the `before` state when there is one; without it, from its last move.
 *
 * Which attack dealt which wounds. A `wounded` event names its attack (or reply, or trait) and its
 * source; it belongs to the latest such attack on the same unit since the last act began. Wounds
 * whose attack is not among the events read (it was rolled before a prompt) are told apart with
 * their real cause. Logs written before events named their attack fall back on the attack's wound
 * types, and on the `cause` the event gives.
 */
import type { GameEvent } from '../engine';
import { woundsWaiting } from '../engine';
import type { GameState, UnitId } from '../engine';
import type { Happening } from './happenings';
import { readEvent } from './last-turn-events';
import { type OpenAttack, TurnReader, type Told } from './last-turn-reader';
import type { AttackView, LastTurnView, PlayerView } from './view-types';

export { amountWords } from './last-turn-reader';

/** A happening as told, copied out of the reader's open records; `done` holds each attack's frozen view. */
function freeze(h: Told, done: ReadonlyMap<unknown, AttackView>): Happening {
  if ('view' in h)
    return { kind: 'attack', attack: done.get(h)!, paid: h.paid, wounds: [...h.wounds], pending: h.pending && { ...h.pending }, problem: h.problem };
  if ('unitId' in h) return { ...h.h, gains: [...h.h.gains], statuses: [...h.h.statuses], wounds: [...h.h.wounds] };
  if (h.kind === 'prompt') return { kind: 'prompt', prompt: { ...h.prompt } };
  if (h.kind === 'replies-declined') return { ...h, units: [...h.units] };
  if (h.kind === 'reply-declared') return { ...h };
  return h;
}

export function lastTurnView(
  state: GameState,
  labels: ReadonlyMap<UnitId, string>,
  players: readonly PlayerView[],
  events: readonly GameEvent[],
  before: GameState | undefined,
  told = 0,
): LastTurnView {
  const r = new TurnReader(state, labels, players, events, before);
  // The happenings of the events told already are read (a reply they declared is known, so a drop after
  // them says it is lost, R26) and left out.
  let skip = 0;
  for (const [i, e] of events.entries()) {
    if (i === told && told > 0) {
      skip = r.happenings.length;
      r.toldUpTo();
    }
    readEvent(r, e);
    r.read(e);
  }
  if (told >= events.length) skip = r.happenings.length;
  // Attacks are filled in after their roll (wounds, statuses, drops), so they are frozen last.
  const waiting = r.prompt?.open ? woundsWaiting(state, events.findLast((e) => e.type === 'prompted')?.resume ?? []) : [];
  const done = new Map(r.attacks.map((a) => [a, withPendingWounds(a, waiting)] as const));
  // Whose turn it was: the owner of the unit that took it (a trailing start of the next turn is not it).
  const owner = r.active !== null ? (r.unitAt(r.active)?.player ?? r.player) : r.player;
  return {
    player: owner === null ? null : r.playerName(owner),
    unit: r.active === null ? null : r.name(r.active),
    moves: r.moves,
    attacks: [...done.values()],
    bursts: r.bursts,
    harms: r.harms,
    drops: r.drops,
    happenings: endLast(r.happenings.slice(skip)).map((h) => freeze(h, done)),
  };
}

/**
 * The marks of the last turn without those of units a concession took off the table (`gone`, their
 * labels): an arrow from or into a square its unit left, with nothing drawn there, read as a shot from
 * an empty square (playtest). Drawn marks only: the turn's happenings still tell what those units did.
 */
export function withoutWithdrawn(last: LastTurnView, gone: ReadonlySet<string>): LastTurnView {
  if (gone.size === 0) return last;
  return {
    ...last,
    moves: last.moves.filter((m) => !gone.has(m.unit)),
    attacks: last.attacks.filter((a) => !gone.has(a.attacker) && !gone.has(a.target)),
    bursts: last.bursts.filter((b) => !gone.has(b.attacker)),
    harms: last.harms.filter((h) => !gone.has(h.unit)),
    drops: last.drops.filter((d) => !gone.has(d.unit)),
  };
}

/**
 * A hit whose wounds are not allotted yet says the wounds it deals, never 0: the count its target is
 * asked about, as the prompt does, or, for a hit whose wounds come after another unit's choice (a
 * burst's later targets, R24), what the hit deals (engine woundsWaiting). A playtester saw "SD: HIT 0
 * wounds" while another unit split a burst's wounds, and SD then took 5 (issue 26).
 */
function withPendingWounds(a: OpenAttack, waiting: ReturnType<typeof woundsWaiting>): AttackView {
  if (a.wounds.length > 0 || a.view.result === 'miss' || a.view.woundless) return a.view;
  const asked = a.pending?.open ? a.pending.wounds?.count : undefined;
  if (asked !== undefined) return { ...a.view, wounds: asked, pending: 'split' };
  const w = waiting.find((x) => x.target === a.targetId && x.source === a.attackerId && x.attack === a.attackId && x.reply === a.isReply);
  return w ? { ...a.view, wounds: w.wound, pending: 'waiting' } : a.view;
}

/**
 * The game's end told after everything its last act did. The engine ends the game the moment a VP
 * target is reached (R2), which can be before the act finishes (the unit whose Mortal box scored is
 * then dropped); a reader wants the act first and the result last.
 */
function endLast<T extends object>(happenings: readonly T[]): T[] {
  const isEnd = (h: T) => 'kind' in h && h.kind === 'game-over';
  return [...happenings.filter((h) => !isEnd(h)), ...happenings.filter(isEnd)];
}
