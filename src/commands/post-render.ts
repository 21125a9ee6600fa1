/**
 * Turns an outbox body into the Discord message it stands for, when it is delivered: pictures and
 * logs are made here, from the match as stored, so a process that dies before posting loses nothing
 * that cannot be made again. Pure reads of the store; sending is the worker's (bot/outbox-worker.ts).
 */
import type { GameEvent } from '../engine/events';
import { apply } from '../engine/events';
import type { GameState } from '../engine/state';
import { eventSentences, renderCard, renderMapWithAlt } from '../render';
import type { MatchRow, Store } from '../store';
import { nameIn } from './announce';
import { gameOf, rebuildMatch, withFixed, type MatchEvent, type MatchSetup, type MatchSnapshot, type Moment } from './match-state';
import type { PostBody } from './post-body';
import { promptPostOf } from './prompt-post';
import type { Post } from './thread';

export type Rendered =
  | { readonly to: 'create'; readonly post: Post; readonly prompt?: { readonly seq: number; readonly player: string; readonly kind: string } }
  /** An edit of one of the bot's messages; `lines` are added under its text unless already there. */
  | { readonly to: 'edit'; readonly messageId: string; readonly lines: readonly string[] }
  | { readonly to: 'skip'; readonly reason: string };

/**
 * Where the turn that event `seq` belongs to began, from the snapshot's turn marks: after event
 * `from`, in `state`. Null when the marks do not reach back that far (the match moved on more than a
 * turn before this was posted, or the snapshot predates turn marks).
 */
export function markedStart(snapshot: MatchSnapshot, seq: number, now: number): { from: number; state: Moment } | null {
  const turns = snapshot.stage === 'game' ? snapshot.turns : undefined;
  if (!turns || seq > now) return null;
  // The last boundary before `seq` (a boundary at `seq` itself is the turn's own end).
  if (turns.start.seq < seq) return { from: turns.start.seq, state: turns.start.state };
  const last = turns.last;
  if (last && last.from < seq && seq <= last.end) return { from: last.from, state: last.state };
  return null;
}

/**
 * A unit's turn as of event `seq`: the state after it, the state it began from, and its events. Reads
 * only that turn's events when the snapshot's turn marks cover it (nearly always: turns are posted
 * as they end); otherwise replays the log up to `seq`.
 */
export function turnAt(store: Store, row: MatchRow, setup: MatchSetup, seq: number): { game: GameState; before: GameState; events: GameEvent[] } {
  const snapshot = row.snapshot as MatchSnapshot | null;
  const marked = snapshot ? markedStart(snapshot, seq, row.seq) : null;
  if (marked && snapshot?.stage === 'game') {
    const before = withFixed(snapshot.game, marked.state);
    const events = store.matches.events<MatchEvent>(row.id, marked.from, seq).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
    return { game: events.reduce(apply, before), before, events };
  }
  return replayedTurnAt(store, row, setup, seq);
}

/** turnAt by replaying the match's log from the start. */
export function replayedTurnAt(store: Store, row: MatchRow, setup: MatchSetup, seq: number): { game: GameState; before: GameState; events: GameEvent[] } {
  const mine = store.matches.events<MatchEvent>(row.id, 0, seq);
  // The turn began after the last turn end or round start before its own end.
  let start = 0;
  for (let i = mine.length - 2; i >= 0; i--) {
    const e = mine[i]!.event;
    if (e.stage === 'game' && (e.event.type === 'turn-ended' || e.event.type === 'round-started')) {
      start = i + 1;
      break;
    }
  }
  const before = gameOf(rebuildMatch(setup, mine.slice(0, start).map((e) => e.event))) ?? setup.start!;
  const events = mine.slice(start).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  return { game: events.reduce(apply, before), before, events };
}

function turnPost(store: Store, row: MatchRow, setup: MatchSetup, seq: number): Post {
  const name = nameIn(setup);
  const turn = turnAt(store, row, setup, seq);
  const { game } = turn;
  const ended = turn.events.at(-1);
  if (ended?.type !== 'turn-ended') throw new Error(`match ${row.id}: event ${seq} does not end a turn`);
  const request = { lastTurn: turn.events, before: turn.before, names: setup.names };
  const { png, alt, headline } = renderMapWithAlt(game, request);
  const log = eventSentences(game, request);
  const who = ended.unit ? `${game.cards[game.units[ended.unit]!.card]!.name} (\`${ended.unit}\`)` : 'no unit';
  // The headline is the alt text's opening (round, score, who is next) as Discord's small print.
  const content = [`**${name(ended.player)}**'s turn with ${who} is over.`, ...log.map((l) => `• ${l}`), `-# ${headline}`].join('\n');
  return { content, files: [{ png, name: `turn-${seq}.png`, alt }] };
}

function resultPost(store: Store, row: MatchRow, setup: MatchSetup, seq: number): Post {
  const name = nameIn(setup);
  const { game, before, events } = turnAt(store, row, setup, seq);
  const request = { lastTurn: events, before, names: setup.names };
  const { png, alt } = renderMapWithAlt(game, request);
  const log = eventSentences(game, request);
  const score = Object.entries(game.score)
    .map(([p, v]) => `${name(p)} ${v} VP`)
    .join(', ');
  const winner = game.winner ? `🏆 <@${game.winner}> (**${name(game.winner)}**) wins!` : 'The match is a draw.';
  const players = setup.players.map((p) => `<@${p}>`).join(' ');
  return {
    content: [...log.map((l) => `• ${l}`), `${winner} Final score: ${score}. (Round ${game.round}.) ${players}`].join('\n'),
    ping: [...setup.players],
    files: [{ png, name: 'final.png', alt }],
  };
}

function warbandPost(setup: MatchSetup, player: string): Post {
  const name = nameIn(setup);
  const game = setup.start!;
  const w = setup.warbands[player]!;
  const seen = new Set<string>();
  const files = Object.values(game.units)
    .filter((u) => u.player === player && !seen.has(`${u.card}+${u.mod}`) && seen.add(`${u.card}+${u.mod}`))
    .slice(0, 10)
    .map((u) => {
      const card = game.cards[u.card]!;
      const mod = u.mod ? game.mods[u.mod] : null;
      return { png: renderCard(card, mod), name: `${u.card}${u.mod ? `-${u.mod}` : ''}.png`, alt: `Stat card: ${card.name}${mod ? ` with ${mod.name}` : ''}` };
    });
  const units = Object.values(game.units)
    .filter((u) => u.player === player)
    .map((u) => `\`${u.id}\` ${game.cards[u.card]!.name}${u.mod ? ` + ${game.mods[u.mod]!.name}` : ''}`);
  return { content: `**${name(player)}** brings **${w.name}** (${w.faction}, ${w.points} points): ${units.join(', ')}.`, files };
}

/** Bodies that draw pictures (maps, stat cards): the ones a render pool takes off the main thread. */
export function drawsPictures(body: PostBody): body is Extract<PostBody, { kind: 'opening' | 'warband' | 'turn' | 'result' }> {
  return body.kind === 'opening' || body.kind === 'warband' || body.kind === 'turn' || body.kind === 'result';
}

/** Where pictures are drawn: the bot's render pool (bot/render-pool.ts). */
export interface Renderer {
  render(matchId: string, body: PostBody): Promise<Rendered>;
}

/**
 * The message an outbox body stands for. With a renderer, bodies with pictures are drawn there (a
 * worker thread reading the same database), so the caller's thread only sends them; everything else,
 * and everything without a renderer (a `:memory:` store, tools), is made here.
 */
export async function renderBody(store: Store, matchId: string, body: PostBody, renderer?: Renderer): Promise<Rendered> {
  if (renderer && drawsPictures(body)) return renderer.render(matchId, body);
  if (body.kind !== 'prompt' && !drawsPictures(body)) {
    // Text and edits need nothing from the match but that it exists.
    return store.matches.exists(matchId) ? renderBodyNow(store, null, body) : gone;
  }
  const row = store.matches.get(matchId);
  return row ? renderBodyNow(store, row, body) : gone;
}

const gone: Rendered = { to: 'skip', reason: 'the match no longer exists' };

/** renderBody in this thread, from the match as read (needed by every body but text and edits). */
export function renderBodyNow(store: Store, row: MatchRow | null, body: PostBody): Rendered {
  const setup = (row?.setup ?? null) as MatchSetup | null;
  const needRow = (): MatchRow => row ?? (() => { throw new Error(`a ${body.kind} post needs its match`); })();
  const needSetup = (): MatchSetup => setup ?? (() => { throw new Error(`match ${needRow().id} has no setup`); })();
  switch (body.kind) {
    case 'text':
    case 'reply':
      return { to: 'create', post: { content: body.content, ...(body.ping ? { ping: body.ping } : {}) } };
    case 'opening': {
      const game = needSetup().start!;
      const { png, alt } = renderMapWithAlt(game, { names: needSetup().names });
      return { to: 'create', post: { files: [{ png, name: 'map.png', alt }] } };
    }
    case 'warband':
      return { to: 'create', post: warbandPost(needSetup(), body.player) };
    case 'turn':
      return { to: 'create', post: turnPost(store, needRow(), needSetup(), body.seq) };
    case 'result':
      return { to: 'create', post: resultPost(store, needRow(), needSetup(), body.seq) };
    case 'prompt': {
      const current = needRow();
      // A prompt the match has moved past (answered by a typed command, withdrawn by a concession)
      // would only be refused if clicked, so it is never posted.
      if (current.seq !== body.seq || !setup || !current.snapshot) return { to: 'skip', reason: 'the match moved past this prompt before it was posted' };
      const made = promptPostOf(current, setup, current.snapshot as MatchSnapshot);
      if (!made) return { to: 'skip', reason: 'no prompt is open' };
      return { to: 'create', post: { content: made.post.content, components: made.post.components, ping: [made.player] }, prompt: { seq: current.seq, player: made.player, kind: made.kind } };
    }
    case 'retire':
      return { to: 'edit', messageId: body.messageId, lines: [`-# ${body.note}`] };
    case 'answered':
      return { to: 'edit', messageId: body.messageId, lines: body.lines };
  }
}
