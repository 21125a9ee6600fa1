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
import { gameOf, rebuildMatch, type MatchEvent, type MatchSetup, type MatchSnapshot } from './match-state';
import type { PostBody } from './post-body';
import { promptPostOf } from './prompt-post';
import type { Post } from './thread';

export type Rendered =
  | { readonly to: 'create'; readonly post: Post; readonly prompt?: { readonly seq: number; readonly player: string; readonly kind: string }; readonly dm?: string }
  /** An edit of one of the bot's messages; `lines` are added under its text unless already there. */
  | { readonly to: 'edit'; readonly messageId: string; readonly lines: readonly string[] }
  | { readonly to: 'skip'; readonly reason: string };

/** A unit's turn as of event `seq`: the state after it, the state it began from, and its events. */
function turnAt(store: Store, row: MatchRow, setup: MatchSetup, seq: number): { game: GameState; before: GameState; events: GameEvent[] } {
  const mine = store.matches.events<MatchEvent>(row.id, 0).filter((e) => e.seq <= seq);
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

export function renderBody(store: Store, row: MatchRow, body: PostBody): Rendered {
  const setup = row.setup as MatchSetup | null;
  const needSetup = (): MatchSetup => setup ?? (() => { throw new Error(`match ${row.id} has no setup`); })();
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
      return { to: 'create', post: turnPost(store, row, needSetup(), body.seq) };
    case 'result':
      return { to: 'create', post: resultPost(store, row, needSetup(), body.seq) };
    case 'prompt': {
      // A prompt the match has moved past (answered by a typed command, withdrawn by a concession)
      // would only be refused if clicked, so it is never posted.
      if (row.seq !== body.seq || !setup || !row.snapshot) return { to: 'skip', reason: 'the match moved past this prompt before it was posted' };
      const made = promptPostOf(row, setup, row.snapshot as MatchSnapshot);
      if (!made) return { to: 'skip', reason: 'no prompt is open' };
      return { to: 'create', post: { content: made.post.content, components: made.post.components, ping: [made.player] }, prompt: { seq: row.seq, player: made.player, kind: made.kind } };
    }
    case 'retire':
      return { to: 'edit', messageId: body.messageId, lines: [`-# ${body.note}`] };
    case 'answered':
      return { to: 'edit', messageId: body.messageId, lines: body.lines };
    case 'dm':
      return { to: 'create', post: { content: body.content }, dm: body.user };
  }
}
