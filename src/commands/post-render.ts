/**
 * Turns an outbox body into the Discord message it stands for, when it is delivered: pictures and
 * logs are made here, from the match as stored, so a process that dies before posting loses nothing
 * that cannot be made again. Pure reads of the store; sending is the worker's (bot/outbox-worker.ts).
 */
import type { GameEvent } from '../engine/events';
import { apply } from '../engine/events';
import type { GameState } from '../engine/state';
import {
  eventSentences,
  FRAMING,
  NEWS,
  renderCard,
  renderFocus,
  renderLegend,
  renderMapWithAlt,
  renderTurn,
  type HappeningKind,
  type Picture,
} from '../render';
import type { MatchRow, Store } from '../store';
import { nameIn } from './announce';
import { matchRecord, type MatchRecord } from '../match/record';
import { gameOf, rebuildMatch, type MatchEvent, type MatchSetup } from './match-state';
import type { PostBody } from './post-body';
import { entryMapFile } from './entry-map';
import { challengeButtons } from './challenge-buttons';
import { finishedName, leagueResult } from './match-end';
import { yourTurnContent } from './your-turn';
import { promptPostOf } from './prompt-post';
import type { Post } from './thread';
import { shown, shownNames } from './user-text';

/** A turn's log beside its picture: round news has its own post, and the post's first line frames the turn. */
const TURN_SKIP: ReadonlySet<HappeningKind> = new Set([...NEWS, ...FRAMING]);

export type Rendered =
  /** A new message, in the row's channel unless `channel` names another (the league channel, for a result), or a DM to `dm`. */
  | {
      readonly to: 'create';
      readonly post: Post;
      readonly prompt?: { readonly seq: number; readonly player: string; readonly kind: string };
      readonly channel?: string;
      readonly dm?: string;
    }
  /** The row's thread renamed and archived, whatever of that is not done yet. */
  | { readonly to: 'thread'; readonly name: string; readonly archive: boolean }
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
  const before =
    gameOf(
      rebuildMatch(
        setup,
        mine.slice(0, start).map((e) => e.event),
      ),
    ) ?? setup.start!;
  const events = mine.slice(start).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  return { game: events.reduce(apply, before), before, events };
}

/** The close-up of the last turn that ended by event `seq`, for the your-turn ping: what just happened, readable on a phone. */
function lastTurnCloseUp(store: Store, row: MatchRow, setup: MatchSetup, seq: number): Picture | null {
  const ended = store.matches
    .events<MatchEvent>(row.id, 0)
    .filter((e) => e.seq <= seq && e.event.stage === 'game' && e.event.event.type === 'turn-ended')
    .at(-1);
  if (!ended) return null;
  const turn = turnAt(store, row, setup, ended.seq);
  return renderFocus(turn.game, { lastTurn: turn.events, before: turn.before, names: setup.names });
}

function turnPost(store: Store, row: MatchRow, setup: MatchSetup, seq: number): Post {
  const name = nameIn(setup);
  const turn = turnAt(store, row, setup, seq);
  const { game } = turn;
  const ended = turn.events.at(-1);
  if (ended?.type !== 'turn-ended') throw new Error(`match ${row.id}: event ${seq} does not end a turn`);
  const request = { lastTurn: turn.events, before: turn.before, names: setup.names };
  const { png, alt, headline, focus } = renderTurn(game, request);
  const log = eventSentences(game, { ...request, names: shownNames(setup.names) }, { skip: TURN_SKIP });
  const who = ended.unit ? `${game.cards[game.units[ended.unit]!.card]!.name} (\`${ended.unit}\`)` : 'no unit';
  // The headline is the alt text's opening (round, score, who is next) as Discord's small print.
  const content = [`**${name(ended.player)}**'s turn with ${who} is over.`, ...log.map((l) => `• ${l}`), `-# ${headline}`].join('\n');
  return { content, files: [{ png, name: `turn-${seq}.png`, alt }, ...closeUp(focus, `turn-${seq}-close-up.png`)] };
}

/** The close-up of a turn as a second file beside the map, when the turn has one. */
const closeUp = (focus: Picture | null, name: string) => (focus ? [{ png: focus.png, name, alt: focus.alt }] : []);

function resultPost(store: Store, row: MatchRecord, setup: MatchSetup, seq: number): Post {
  const name = nameIn(setup);
  const { game, before, events } = turnAt(store, row, setup, seq);
  const request = { lastTurn: events, before, names: setup.names };
  const { png, alt, focus } = renderTurn(game, request);
  const log = eventSentences(game, { ...request, names: shownNames(setup.names) }, { skip: TURN_SKIP });
  const score = Object.entries(game.score)
    .map(([p, v]) => `${name(p)} ${v} VP`)
    .join(', ');
  const winner = game.winner ? `🏆 <@${game.winner}> (**${name(game.winner)}**) wins!` : 'The match is a draw.';
  const players = setup.players.map((p) => `<@${p}>`).join(' ');
  const secret = row.terms.dice?.secret;
  // The match is over, so the dice's secret can be shown: anyone can now check every roll.
  const dice =
    setup.dice && secret
      ? [
          `-# 🎲 The dice's secret was \`${secret}\` (its SHA-256 is the commitment posted with the challenge). \`/skirmish verify\` checks every roll; \`/skirmish export\` gives the whole match as a file.`,
        ]
      : [];
  return {
    content: [...log.map((l) => `• ${l}`), `${winner} Final score: ${score}. (Round ${game.round}.) ${players}`, ...dice].join('\n'),
    ping: [...setup.players],
    files: [{ png, name: 'final.png', alt }, ...closeUp(focus, 'final-close-up.png')],
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
    .map((u) => `\`${u.id}\` ${shown(game.cards[u.card]!.name)}${u.mod ? ` + ${shown(game.mods[u.mod]!.name)}` : ''}`);
  return { content: `**${name(player)}** brings **${shown(w.name)}** (${w.faction}, ${w.points} points): ${units.join(', ')}.`, files };
}

const playerName = (store: Store) => (p: string) => store.players.get(p)?.name ?? p;

/** Who conceded the match, if it ended by a concession in play. */
function concededBy(store: Store, row: MatchRow): string | null {
  const e = store.matches.events<MatchEvent>(row.id).find((x) => x.event.stage === 'game' && x.event.event.type === 'conceded');
  return e && e.event.stage === 'game' && e.event.event.type === 'conceded' ? e.event.event.player : null;
}

export function renderBody(store: Store, stored: MatchRow, body: PostBody): Rendered {
  const row = matchRecord(stored);
  const setup = row.setup;
  const needSetup = (): MatchSetup =>
    setup ??
    (() => {
      throw new Error(`match ${row.id} has no setup`);
    })();
  switch (body.kind) {
    case 'text':
    case 'reply':
      return { to: 'create', post: { content: body.content, ...(body.ping ? { ping: body.ping } : {}) } };
    case 'opening': {
      // The map's key is posted once, here, rather than under every turn's map.
      const game = needSetup().start!;
      const { png, alt } = renderMapWithAlt(game, { names: needSetup().names });
      const key = renderLegend(game, { names: needSetup().names });
      return {
        to: 'create',
        post: {
          files: [
            { png, name: 'map.png', alt },
            { png: key.png, name: 'key.png', alt: key.alt },
          ],
        },
      };
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
      const made = promptPostOf(row, setup, row.snapshot);
      if (!made) return { to: 'skip', reason: 'no prompt is open' };
      // The entry tile is chosen looking at the map, its start areas and the tiles already placed.
      const snapshot = row.snapshot;
      const map = made.kind === 'entry' && snapshot.stage === 'pregame' ? entryMapFile(setup, snapshot.pregame) : null;
      const post = { content: made.post.content, components: made.post.components, ping: [made.player], ...(map ? { files: [map] } : {}) };
      return { to: 'create', post, prompt: { seq: row.seq, player: made.player, kind: made.kind } };
    }
    case 'your-turn': {
      const content = setup ? yourTurnContent(store, row, setup, body.seq, body.player, body.content) : body.content;
      const close = setup ? lastTurnCloseUp(store, row, setup, body.seq) : null;
      return {
        to: 'create',
        post: { content, ping: [body.player], ...(close ? { files: [{ png: close.png, name: 'last-turn-close-up.png', alt: close.alt }] } : {}) },
      };
    }
    case 'challenge':
      return {
        to: 'create',
        post: { content: body.content, ping: body.ping, components: challengeButtons(row) },
        prompt: { seq: 0, player: row.players[1] ?? row.players[0]!, kind: 'challenge' },
      };
    case 'league-result':
      return { to: 'create', post: { content: leagueResult(row, playerName(store), concededBy(store, row)) }, channel: row.channelId };
    case 'close-thread':
      return { to: 'thread', name: finishedName(row, playerName(store)), archive: true };
    case 'retire':
      return { to: 'edit', messageId: body.messageId, lines: [`-# ${body.note}`] };
    case 'answered':
      return { to: 'edit', messageId: body.messageId, lines: body.lines };
    case 'dm':
      return { to: 'create', post: { content: body.content }, dm: body.user };
  }
}
