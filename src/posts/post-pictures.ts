/**
 * The outbox bodies that carry pictures (the opening map, warbands' stat cards, every turn's map, the
 * result), made into messages from the match as stored. Kept apart from post-render.ts so the render
 * pool's workers (bot/render-worker-main.ts) load the drawing code and nothing of discord.js.
 */
import { DiscordLimit } from '../discord/limits';
import type { GameEvent } from '../rulesets/sellsword/engine';
import { apply, isGreaterAdvantageTurn } from '../rulesets/sellsword/engine';
import { unitName } from '../rulesets/sellsword/table';
import { turnOver } from './turn-heading';
import { Lru } from '../cache/lru';
import type { GameState } from '../rulesets/sellsword/engine';
import { matchRecord, type MatchRecord } from '../match/record';
import {
  endedWithoutActing,
  eventSentences,
  FRAMING,
  NEWS,
  renderCard,
  renderFocusAsync,
  renderLegend,
  renderMapWithAlt,
  renderNowAsync,
  renderUnitStripAsync,
  renderTurnAsync,
  type HappeningKind,
  type Picture,
} from '../rulesets/sellsword/render';
import type { MatchRow, Store } from '../store';
import { nameIn } from './announce';
import { gameOf, momentOf, rebuildMatch, withFixed, type MatchEvent, type MatchSetup, type MatchSnapshot, type Moment } from '../match/match-state';
import type { PostBody } from './post-body';
import type { PlainPost, PostFile } from './plain-post';
import { shown, shownNames, clip } from '../discord/text';
import { yourTurnContent, type KnownState } from './your-turn';
import { commitmentWhere } from './dice-commitment';
import { practiceSeat } from '../match/practice-seat';

/** A turn's log beside its picture: round news has its own post, and the post's first line frames the turn. */
const TURN_SKIP: ReadonlySet<HappeningKind> = new Set([...NEWS, ...FRAMING]);

export type PictureBody = Extract<PostBody, { kind: 'opening' | 'warband' | 'turn' | 'result' | 'your-turn' | 'board' }>;

/** Bodies that draw pictures (maps, stat cards, close-ups): the ones a render pool takes off the main thread. */
export function drawsPictures(body: PostBody): body is PictureBody {
  return (
    body.kind === 'opening' || body.kind === 'warband' || body.kind === 'turn' || body.kind === 'result' || body.kind === 'your-turn' || body.kind === 'board'
  );
}

/** A unit's turn: the state after it, the state it began from and its events, and where it began (after event `began.seq`). */
export interface TurnAt {
  readonly game: GameState;
  readonly before: GameState;
  readonly events: GameEvent[];
  readonly began?: { readonly seq: number; readonly moment: Moment };
}

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
export async function turnAt(store: Store, row: MatchRow, setup: MatchSetup, seq: number): Promise<TurnAt> {
  const snapshot = matchRecord(row).snapshot;
  const marked = snapshot ? markedStart(snapshot, seq, row.seq) : null;
  if (marked && snapshot?.stage === 'game') {
    const before = withFixed(snapshot.game, marked.state);
    const events = (await store.matches.events<MatchEvent>(row.id, marked.from, seq)).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
    return { game: events.reduce(apply, before), before, events, began: { seq: marked.from, moment: marked.state } };
  }
  return replayedTurnAt(store, row, setup, seq);
}

/** turnAt by replaying the match's log from the start. */
export async function replayedTurnAt(store: Store, row: MatchRow, setup: MatchSetup, seq: number): Promise<TurnAt> {
  const mine = await store.matches.events<MatchEvent>(row.id, 0, seq);
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
  const began = start > 0 ? { began: { seq: mine[start - 1]!.seq, moment: momentOf(before) } } : {};
  return { game: events.reduce(apply, before), before, events, ...began };
}

async function turnPost(store: Store, row: MatchRow, setup: MatchSetup, { seq, ping, pingAt }: Extract<PictureBody, { kind: 'turn' }>): Promise<PlainPost> {
  const name = nameIn(setup);
  const turn = await turnAt(store, row, setup, seq);
  const { game } = turn;
  if (turn.began) keepTurnStart(row.id, turn.began);
  const ended = turn.events.at(-1);
  if (ended?.type !== 'turn-ended') throw new Error(`match ${row.id}: event ${seq} does not end a turn`);
  const request = { lastTurn: turn.events, before: turn.before, names: setup.names };
  const { png, alt, headline, focus } = await renderTurnAsync(game, request);
  const log = eventSentences(game, { ...request, names: shownNames(setup.names) }, { skip: TURN_SKIP, boldDrops: true });
  const who = ended.unit ? unitWords(game, ended.unit) : 'no unit';
  // The headline is the alt text's opening (round, score, who is next) as Discord's small print. Alt
  // text keeps names as typed; in a message they are escaped like every name.
  // A ping riding on the post (queued before issue 26) says whose turn is next; the headline then does not say it too.
  const next = ping ? ` Next: ${setup.names[ping.player] ?? ping.player}.` : null;
  // So does one posted right after it (pingAt): the headline's last words name whom it pings.
  const at = pingAt === undefined ? -1 : headline.lastIndexOf(' Next: ');
  const small = next && headline.endsWith(next) ? headline.slice(0, -next.length) : at >= 0 ? headline.slice(0, at) : headline;
  // A turn ended without an act (the unit held its ground) says so, or the post would seem to miss its log.
  // Said as the match log says it, one plain line: a lone bullet under the heading read as noise (playtest).
  const told = log.length > 0 ? log.map((l) => `• ${l}`) : [endedWithoutActing(ended.unit ? shown(ended.unit.toUpperCase()) : 'The unit')];
  const heading = turnOver(name(ended.player), who, takenEarly(turn.before, turn.events), ended.player === practiceSeat(matchRecord(row).terms));
  const content = [heading, ...told, `-# ${shown(small)}`].join('\n');
  keepCloseUp(row.id, seq, focus);
  // The ping that follows carries this close-up when it shows this turn's end (pingShowsTurn): the
  // post then has the map alone, the ping the close-up under its words, and the ping's words come last.
  const handed = pingAt !== undefined && (await pingShowsTurn(store, matchRecord(row), setup, pingAt, seq));
  const files = [{ png, name: `turn-${seq}.png`, alt }, ...(handed ? [] : closeUp(focus, `turn-${seq}-close-up.png`))];
  if (!ping) return { content, files };
  // A ping riding on its post (a body queued before issue 26): its close-up would be this turn's again.
  // Its digest of what happened since the player's last act stops where this turn began: the post
  // above tells this turn, and the digest would say it again. A player going on after a turn of their own has nothing to catch up on.
  const upTo = ended.player === ping.player ? undefined : turn.began?.seq;
  const line =
    upTo === undefined
      ? ping.content
      : // Riding on the post, the digest shares its 2,000 characters: it keeps the short length.
        await yourTurnContent(store, row, setup, ping.seq, ping.player, ping.content, knownStarts(row.id, game), upTo, 600);
  return { content: withPing(content, line), ping: [ping.player], files };
}

/** A post's content with a ping's line after it, the post cut short (never the ping) to fit Discord's 2,000 characters. */
export function withPing(content: string, line: string): string {
  return `${clip(content, DiscordLimit.content - line.length - 1)}\n${line}`;
}

/**
 * Where the last few turns this process posted began, by match: a ping's digest of what happened since
 * the player's last act reads the log from there, not from the match's start (your-turn.ts). Four
 * turns back covers a player's last act in any match of up to four players taking turns in order.
 * Only the changing part of each state is kept; the map, cards and mods come from the match as read.
 */
const turnStarts = new Lru<string, readonly { seq: number; moment: Moment }[]>(128);

function keepTurnStart(matchId: string, began: { seq: number; moment: Moment }): void {
  const kept = (turnStarts.get(matchId) ?? []).filter((k) => k.seq !== began.seq);
  turnStarts.set(matchId, [...kept, began].slice(-4));
}

/** The turn starts kept for a match, as states of the game `now` (whose map, cards and mods never change in a match). */
const knownStarts = (matchId: string, now: GameState): KnownState[] =>
  (turnStarts.get(matchId) ?? []).map((k) => ({ seq: k.seq, state: withFixed(now, k.moment) }));

/**
 * The close-ups of turns just posted, by match and the seq that ended the turn. The your-turn ping
 * that follows a turn's post carries that same turn's close-up (the same view, so the same bytes);
 * taking it from here instead of drawing it again saves a third of a turn's drawing. Copies go in and
 * out, since a render worker hands its PNGs' memory to the main thread (render-worker-main.ts).
 */
const closeUps = new Lru<string, Picture | null>(32);

function keepCloseUp(matchId: string, end: number, focus: Picture | null): void {
  closeUps.set(`${matchId}:${end}`, focus && { ...focus, png: Buffer.from(focus.png) });
}

function keptCloseUp(matchId: string, end: number): Picture | null | undefined {
  const kept = closeUps.get(`${matchId}:${end}`);
  return kept && { ...kept, png: Buffer.from(kept.png) };
}

/**
 * The close-up of a turn, when the turn has one, in an embed of its own under the map: as a second
 * attachment Discord would show it beside the map at half the column, too small to read on a phone.
 */
const closeUp = (focus: Picture | null, name: string): PostFile[] => (focus ? [{ png: focus.png, name, alt: focus.alt, inEmbed: true }] : []);

/**
 * A unit as a turn's heading names it, as the lines under it and the match log do: its map label, then
 * its card ("SA (Skeletal Archer)"). The engine's "Skeletal Archer (sa)" read as another unit beside
 * "SA" on the map (playtest, issue 26).
 */
const unitWords = (game: GameState, unit: string): string => shown(unitName(game, game.units[unit]!));

/**
 * The heading of the match's last turn when the result post tells it (the match ended in the middle
 * of a unit's turn, so no turn post came before it); null when no unit's turn is among its events.
 */
function lastTurnHeading(before: GameState, events: readonly GameEvent[], name: (p: string) => string, bot: string | null): string | null {
  const unit = before.turn?.unit ?? events.find((e) => e.type === 'unit-activated')?.unit;
  const started = events.find((e) => e.type === 'turn-started')?.player;
  const player = unit === undefined || unit === null ? undefined : (started ?? before.turn?.player ?? before.units[unit]?.player);
  if (unit === undefined || unit === null || player === undefined) return null;
  return turnOver(name(player), unitWords(before, unit), takenEarly(before, events), player === bot);
}

async function resultPost(store: Store, row: MatchRecord, setup: MatchSetup, seq: number): Promise<PlainPost> {
  const name = nameIn(setup);
  const { game, before, events } = await turnAt(store, row, setup, seq);
  const heading = lastTurnHeading(before, events, name, practiceSeat(row.terms));
  const request = { lastTurn: events, before, names: setup.names };
  const { png, alt, focus } = await renderTurnAsync(game, request);
  // Round news (objectives scored at the round's end among it) was posted as its change's own lines
  // (announce.ts): telling it again here would read as scored twice.
  const log = eventSentences(game, { ...request, names: shownNames(setup.names) }, { skip: TURN_SKIP, news: false, boldDrops: true });
  const score = Object.entries(game.score)
    .map(([p, v]) => `${name(p)} ${v} VP`)
    .join(', ');
  // Each person is named once and pinged once: the winner in the headline, the others after the
  // score. The practice bot is a seat, not a reader: named, never pinged.
  const bot = practiceSeat(row.terms);
  const people = setup.players.filter((p) => p !== bot);
  const winner = game.winner ? `🏆 ${game.winner === bot ? `**${name(game.winner)}**` : `<@${game.winner}>`} wins!` : 'The match is a draw.';
  const others = people.filter((p) => p !== game.winner);
  const players = others.length > 0 ? ` ${others.map((p) => `<@${p}>`).join(' ')}` : '';
  const secret = row.terms.dice?.secret;
  // The match is over, so the dice's secret can be shown: anyone can now check every roll.
  const dice =
    setup.dice && secret
      ? [
          `-# 🎲 The dice's secret was \`${secret}\` (its SHA-256 is the dice commitment ${await commitmentWhere(store, row)}). \`/skirmish verify\` checks every roll; \`/skirmish export\` gives the whole match as a file.`,
        ]
      : [];
  return {
    content: [...(heading ? [heading] : []), ...log.map((l) => `• ${l}`), `${winner} Final score: ${score}. (Round ${game.round}.)${players}`, ...dice].join(
      '\n',
    ),
    ping: people,
    // A phone cannot read Vigor and injuries on the full map: the last turn's close-up carries those of
    // the units in it, and every unit's strip (the dropped ones named under it) the rest.
    files: [
      { png, name: 'final.png', alt },
      ...closeUp(focus, 'final-close-up.png'),
      // With the last turn's events, a unit dropped in play before a concession in it is told dropped, not conceded.
      ...closeUp(await renderUnitStripAsync(game, request), 'final-units.png'),
    ],
  };
}

/**
 * The seq of the last turn that ended by event `seq`, whose close-up the your-turn ping carries; null
 * when none has, or a round has begun since (it refreshed tokens and Vigor and set a new order: that
 * close-up would show an older state than the ping speaks of). The snapshot's turn marks say where
 * that turn ended; without them the log is read.
 */
async function lastTurnEnd(store: Store, row: MatchRecord, seq: number): Promise<number | null> {
  const last = row.snapshot?.stage === 'game' ? row.snapshot.turns?.last : undefined;
  const end =
    last && last.end <= seq
      ? last.end
      : (await store.matches.events<MatchEvent>(row.id, 0))
          .filter((e) => e.seq <= seq && e.event.stage === 'game' && e.event.event.type === 'turn-ended')
          .at(-1)?.seq;
  if (end === undefined) return null;
  const since = end < seq ? await store.matches.events<MatchEvent>(row.id, end, seq) : [];
  return since.some((e) => e.seq > end && e.event.stage === 'game' && e.event.event.type === 'round-started') ? null : end;
}

/** The close-up of the last turn that ended by event `seq` (lastTurnEnd), for the your-turn ping: what just happened, readable on a phone. */
async function lastTurnCloseUp(store: Store, row: MatchRecord, setup: MatchSetup, seq: number): Promise<Picture | null> {
  const end = await lastTurnEnd(store, row, seq);
  if (end === null) return null;
  const kept = keptCloseUp(row.id, end);
  if (kept !== undefined) return kept;
  const turn = await turnAt(store, row, setup, end);
  return renderFocusAsync(turn.game, { lastTurn: turn.events, before: turn.before, names: setup.names });
}

/** Whether the ping at event `pingAt` carries the close-up of the turn that ended at `end` (pingCloseUp): no unit's turn is under way, and no round began since. */
async function pingShowsTurn(store: Store, row: MatchRecord, setup: MatchSetup, pingAt: number, end: number): Promise<boolean> {
  return !(await turnSoFar(store, row, setup, pingAt)) && (await lastTurnEnd(store, row, pingAt)) === end;
}

/**
 * The picture a ping carries, showing the state it speaks of as of event `seq`: in the middle of a
 * unit's turn ("go on with …"), the close-up of that turn so far, with the acting unit; at a turn's
 * start, the close-up of the turn that just ended; at a round's start (no unit is acting yet, and the
 * last turn's close-up is of the round before), the map as it stands: a round's first ping asked a
 * player to act with no picture (playtest).
 */
async function pingCloseUp(store: Store, row: MatchRecord, setup: MatchSetup, seq: number): Promise<PostFile[]> {
  const current = await turnSoFar(store, row, setup, seq);
  if (current) {
    const focus = await renderFocusAsync(current.game, { lastTurn: current.events, before: current.before, names: setup.names, underWay: true });
    return closeUp(focus, 'this-turn-close-up.png');
  }
  // A turn ended since the round began: its close-up, or none when it had none (its post's map, just
  // above, is the picture of now).
  if ((await lastTurnEnd(store, row, seq)) !== null) return closeUp(await lastTurnCloseUp(store, row, setup, seq), 'last-turn-close-up.png');
  const now = row.seq === seq && row.snapshot ? gameOf(row.snapshot) : (await turnAt(store, row, setup, seq)).game;
  if (!now) return [];
  const map = await renderNowAsync(now, { names: setup.names });
  // Under the map, every unit's strip, as the result post has: on a phone the whole map's tokens are too
  // small to read Vigor and injuries, and a round's start has no turn to close up on (playtest round 14).
  return [{ png: map.png, name: `now-${seq}.png`, alt: map.alt }, ...closeUp(await renderUnitStripAsync(now, { names: setup.names }), `units-${seq}.png`)];
}

/**
 * The close-up a prompt asked in the middle of a unit's turn carries (a reply to make, wounds to take):
 * that turn so far, as of the prompt's event `seq`, with the acting unit; null outside a unit's turn.
 */
export async function promptCloseUp(store: Store, stored: MatchRow, seq: number): Promise<PostFile | null> {
  const row = matchRecord(stored);
  if (!row.setup) return null;
  const current = await turnSoFar(store, row, row.setup, seq);
  if (!current) return null;
  const focus = await renderFocusAsync(current.game, { lastTurn: current.events, before: current.before, names: row.setup.names, underWay: true });
  return closeUp(focus, 'this-turn-close-up.png')[0] ?? null;
}

/** The unit's turn under way after event `seq`, or null when no unit has begun acting (a turn's start, a new round). */
async function turnSoFar(store: Store, row: MatchRecord, setup: MatchSetup, seq: number): Promise<TurnAt | null> {
  const snapshot = row.snapshot;
  const now = snapshot ? gameOf(snapshot) : null;
  // Cheap test first: a ping at the match's current seq with no unit acting needs no reading.
  if (now && row.seq === seq && !now.turn?.unit) return null;
  const turn = await turnAt(store, row, setup, seq);
  const last = turn.events.at(-1);
  if (!turn.game.turn?.unit || !last || last.type === 'turn-ended' || last.type === 'round-started') return null;
  return turn;
}

function warbandPost(setup: MatchSetup, player: string): PlainPost {
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
      return {
        png: renderCard(card, mod, undefined, 'narrow'),
        name: `${u.card}${u.mod ? `-${u.mod}` : ''}.png`,
        alt: `Stat card: ${card.name}${mod ? ` with ${mod.name}` : ''}`,
        // Each card in an embed of its own, shown one under another at the embed's width: as
        // attachments they would be a mosaic of thirds, unreadable on a phone.
        inEmbed: true,
      };
    });
  const units = Object.values(game.units)
    .filter((u) => u.player === player)
    .map((u) => `\`${u.id}\` ${shown(game.cards[u.card]!.name)}${u.mod ? ` + ${shown(game.mods[u.mod]!.name)}` : ''}`);
  return { content: `**${name(player)}** brings **${shown(w.name)}** (${w.faction}, ${w.points} points): ${units.join(', ')}.`, files };
}

/** A reopened match's first post in its new thread: the map as it stands (the opening map before the game starts). */
function boardPost(row: MatchRecord, setup: MatchSetup): PlainPost {
  const game = (row.snapshot ? gameOf(row.snapshot) : null) ?? setup.start;
  if (!game) return { content: 'The match goes on in this thread, with the setup choice below.' };
  const content = 'The match goes on in this thread. The map as it stands:';
  const { png, alt } = renderMapWithAlt(game, { names: setup.names });
  return { content, files: [{ png, name: `board-${row.seq}.png`, alt }] };
}

/**
 * The words of a ping posted right after the post of the turn that ended at `body.after`: its digest
 * of what happened since the player's last act stops where that turn began, as the post above tells
 * the turn; a player going on after a turn of their own has nothing to catch up on.
 */
async function afterTurnContent(
  store: Store,
  row: MatchRecord,
  setup: MatchSetup,
  body: Extract<PictureBody, { kind: 'your-turn' }>,
  known: readonly KnownState[],
): Promise<string> {
  const turn = await turnAt(store, row, setup, body.after!);
  const ended = turn.events.at(-1);
  const upTo = ended?.type === 'turn-ended' && ended.player === body.player ? undefined : turn.began?.seq;
  return upTo === undefined ? body.content : yourTurnContent(store, row, setup, body.seq, body.player, body.content, known, upTo, undefined, body.above);
}

/** The message for a body with pictures, drawn in this thread. */
export async function picturePost(store: Store, stored: MatchRow, body: PictureBody): Promise<PlainPost> {
  const row = matchRecord(stored);
  const setup = row.setup;
  if (body.kind === 'your-turn') {
    // A ping needs no setup to be sent; with one it carries the digest and the last turn's close-up.
    if (!setup) return { content: body.content, ping: [body.player] };
    const now = row.snapshot ? gameOf(row.snapshot) : null;
    const known = now ? knownStarts(row.id, now) : [];
    const content =
      body.after === undefined
        ? await yourTurnContent(store, row, setup, body.seq, body.player, body.content, known, undefined, undefined, body.above)
        : await afterTurnContent(store, row, setup, body, known);
    const files = await pingCloseUp(store, row, setup, body.seq);
    return { content, ping: [body.player], ...(files.length > 0 ? { files } : {}) };
  }
  if (!setup) throw new Error(`match ${row.id} has no setup`);
  switch (body.kind) {
    case 'opening': {
      // The map's key is posted once, here, rather than under every turn's map.
      const game = setup.start!;
      const { png, alt } = renderMapWithAlt(game, { names: setup.names });
      const key = renderLegend(game, { names: setup.names });
      return {
        // The key in an embed under the map, so the map keeps the column rather than half of it.
        files: [
          { png, name: 'map.png', alt },
          { png: key.png, name: 'key.png', alt: key.alt, inEmbed: true },
        ],
      };
    }
    case 'warband':
      return warbandPost(setup, body.player);
    case 'board':
      return boardPost(row, setup);
    case 'turn':
      return turnPost(store, row, setup, body);
    case 'result':
      return resultPost(store, row, setup, body.seq);
  }
}

/** Whether the unit's turn among `events` (played from `before`) is the early one of greater advantage (R7). */
export function takenEarly(before: GameState, events: readonly GameEvent[]): boolean {
  let state = before;
  for (const e of events) {
    if (e.type === 'unit-activated') {
      const player = state.units[e.unit]?.player;
      return player !== undefined && isGreaterAdvantageTurn(state, player);
    }
    state = apply(state, e);
  }
  return false;
}
