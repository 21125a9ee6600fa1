/**
 * What happens when a deadline falls due (docs/playing.md "Deadlines"), inside one transaction with
 * the mark that the deadline is done, so a deadline is acted on once however many schedulers see it:
 * - a reminder pings the player in the thread (and by DM if they turned DMs on with /notify);
 * - a prompt or a setup choice is answered by the engine's defaults (engine/defaults.ts, the same
 *   answers as the scenario runner's `auto`), a unit's turn not started is taken as an empty turn and
 *   one in progress is ended: as a player's act, through `recordChange`, with the seq check;
 * - the miss is counted, and the set number of misses forfeits the match;
 * - a challenge not accepted in time lapses.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import type { RuleError } from '../engine';
import { OPEN_STATUSES, type DeadlineRow, type MatchRow } from '../store';
import { describeAnswer, describeChange } from '../match/act-log';
import { retirements } from '../posts/announce';
import { closing } from '../match/match-end';
import { recordEnding } from '../match/ending';
import { aboutMatch, type Services } from '../match/services';
import { clockOf, discordTime, hoursText } from './clock-terms';
import { isWaitKind, planWaits, timeoutOf, waitsOf, type Wait } from './deadline-plan';
import { gameOf, type MatchCommand, type MatchSnapshot } from '../match/match-state';
import type { PostBody } from '../posts/post-body';
import { recordChange, type Submitted } from '../match/submit';
import { enqueue } from '../match/table';
import { waitWords } from './wait-words';
import { shown } from '../discord/text';
import { matchRecord } from '../match/record';
import { rulesetOfMatch } from '../rulesets';
import { recordTableChange, recordTableRun, tableGameOf, type TableGame } from '../match/table-change';
import { boldNames } from '../posts/table-posts';
import { botCommand, playedByBot } from '../match/practice-seat';
import { untoldActs } from '../match/untold-acts';
import { storedNames } from '../store';
import type { ForfeitCause } from '../league/result-kind';

export interface Handled {
  readonly deadline: number;
  readonly matchId: string;
  /** `moot`: nothing to do (the match is over, the wait has gone, or a reminder's deadline has already passed). */
  readonly did: 'reminded' | 'default' | 'forfeit' | 'lapsed' | 'played' | 'moot';
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** The reminder posts for a wait: in the thread with a ping, and by DM for players who asked. */
export async function reminderPosts(app: Services, row: MatchRow, wait: Wait, due: number): Promise<PostBody[]> {
  const when = `Time runs out ${discordTime(due, 'R')} (${discordTime(due, 'f')}).`;
  const words = waitWords(row, wait);
  const posts: PostBody[] = [{ kind: 'text', content: `⏳ ${words} ${when}`, ping: [wait.player] }];
  if ((await app.store.notify.dms(wait.player)) && row.threadId) {
    const name = await storedNames(app.store, row.players);
    const title = row.players.map((p) => shown(name(p))).join(' vs ');
    posts.push({ kind: 'dm', user: wait.player, content: `⏳ **${title}** in <#${row.threadId}>: ${words} ${when}` });
  }
  return posts;
}

/** Acts on a due deadline; call inside a transaction. Null when another scheduler (or a change) got to it first. */
export async function handleDeadline(app: Services, d: DeadlineRow): Promise<Handled | null> {
  const did = await handle(app, d);
  return did ? { deadline: d.id, matchId: d.matchId, did } : null;
}

async function handle(app: Services, d: DeadlineRow): Promise<Handled['did'] | null> {
  const store = app.store;
  const row = await store.matches.get(d.matchId);
  const moot = async (): Promise<Handled['did'] | null> => ((await store.deadlines.done(d.id, 'moot')) ? 'moot' : null);
  if (!row || !(OPEN_STATUSES as readonly string[]).includes(row.status)) return moot();
  const wait = waitsOf(row).find((w) => w.player === d.player && (d.kind === 'reminder' || w.kind === d.kind));
  if (!wait) return moot();
  if (d.kind === 'reminder') {
    const timeout = timeoutOf(await store.deadlines.pending(row.id), wait.player);
    // A reminder found only after its deadline passed (the bot was down) would remind of nothing: the timeout acts now.
    if (!timeout || timeout.due <= app.now()) return moot();
    if (!(await store.deadlines.done(d.id, 'sent'))) return null;
    await enqueue(app, row, await reminderPosts(app, row, wait, timeout.due));
    return 'reminded';
  }
  if (!isWaitKind(d.kind)) return moot();
  if (playedByBot(matchRecord(row), wait.player)) {
    if (!(await store.deadlines.done(d.id, 'played'))) return null;
    const table = tableGameOf(row);
    return table ? tableBotAct(app, row, table, wait.player) : botAct(app, row, wait.player);
  }
  if (d.kind === 'accept') {
    if (!(await store.deadlines.done(d.id, 'lapsed'))) return null;
    return lapse(app, row, wait);
  }
  if (!(await store.deadlines.done(d.id, 'missed'))) return null;
  const table = tableGameOf(row);
  if (table) return tableTimeout(app, row, table, wait.player);
  const { terms, setup, snapshot } = matchRecord(row);
  if (!setup || !snapshot) return moot();
  const clock = clockOf(terms);
  const misses = await store.deadlines.misses(row.id, wait.player);
  const name = (p: PlayerId) => `**${shown(setup.names[p] ?? p)}**`;
  if (misses >= clock.maxMisses) return forfeit(app, row, wait.player, misses);
  const found = rulesetOfMatch(row);
  const made = found.ok ? found.ruleset.match.timeout(snapshot, name) : null;
  if (!made) return moot();
  const count = `${misses} of ${clock.maxMisses} missed deadlines forfeit the match`;
  const reply = (done: Submitted) =>
    [`⏰ ${name(wait.player)}'s time ran out: ${made.words}. (${count}.)`, ...describeChange(done).map((l) => `• ${l}`)].join('\n');
  const change = await recordChange(app, row.id, undefined, row.seq, made.command as MatchCommand, { reply });
  if (!change.ok) {
    // Cannot happen while the engine accepts its own defaults; if it does, the match gets a fresh deadline.
    app.log(`the timeout of match ${row.id} was refused: ${change.reason === 'refused' ? change.error.message : change.reason}`, undefined, aboutMatch(row));
    await planWaits(store, app.now(), row);
  }
  return 'default';
}

/**
 * A missed deadline of a game played through its table rules: the game's default (its timeout), or at
 * the set number of misses the game's concession, told as a forfeit.
 */
async function tableTimeout(app: Services, row: MatchRow, game: TableGame, player: PlayerId): Promise<Handled['did'] | null> {
  if (row.snapshot === null) return 'moot';
  const clock = clockOf(matchRecord(row).terms);
  const misses = await app.store.deadlines.misses(row.id, player);
  const name = await boldNames(app.store, row.players);
  const forfeits = misses >= clock.maxMisses;
  const made = forfeits ? null : game.rules.match.timeout(row.snapshot, name);
  if (!forfeits && !made) return 'moot';
  const command = made ? made.command : game.table.concede(player);
  const line = made
    ? `⏰ ${name(player)}'s time ran out: ${made.words} (${misses} of ${clock.maxMisses} missed deadlines forfeit the match.)`
    : `⏰ ${name(player)}'s time ran out for the ${ordinal(misses)} time, so ${name(player)} forfeits the match.`;
  const ending = forfeits ? { ending: { forfeited: player, forfeit: 'clock' as const } } : {};
  const change = await recordTableChange(app, row.id, undefined, row.seq, command, { reply: () => line, concession: forfeits, ...ending });
  if (!change.ok) {
    app.log(`the timeout of match ${row.id} was refused: ${change.reason === 'refused' ? change.error.message : change.reason}`, undefined, aboutMatch(row));
    await planWaits(app.store, app.now(), row);
  }
  return forfeits ? 'forfeit' : 'default';
}

/**
 * The practice opponent's turn to choose (practice-seat.ts): the AI's choice, recorded as the seat's
 * own act. Should the engine refuse it (a bug in the AI), the default a missed deadline would take is
 * recorded instead, so a practice match never stalls.
 */
async function botAct(app: Services, row: MatchRow, seat: PlayerId): Promise<Handled['did']> {
  const { setup, snapshot } = matchRecord(row);
  if (!setup || !snapshot) return 'moot';
  const name = (p: PlayerId) => `**${shown(setup.names[p] ?? p)}**`;
  const command = botCommand(snapshot, seat, setup.seed);
  if (command) {
    // Its answers to prompts get a line, and so does an act that leaves a player a prompt (a reply to
    // its attack, a wound to choose): the thread tells the act, with the turn's acts before it not yet
    // told (untold-acts.ts), before the prompt it caused. Its other acts come in a burst, and the turn's
    // own post tells them all a moment later (a line per act, as a player's interaction gets, made three
    // posts a turn). Setup choices are told by the setup's own lines.
    const answersPrompt = 'game' in command && 'decide' in command.game;
    const untold = 'game' in command ? await untoldActs(app.store, row.id, row.seq, snapshot, seat) : null;
    const reply =
      'game' in command
        ? (done: Submitted) => {
            const waits = gameOf(done.after)?.prompt?.player;
            // A change that ends a turn is followed by that turn's post, which tells the whole turn
            // before any prompt that comes after it (the round's order of players, say).
            const ended = done.events.some((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended');
            if (!answersPrompt && (!waits || waits === seat || ended)) return '';
            // The prompt a line waits on is posted right after it and says so itself; a reroll the bot
            // lets pass leaves no event, so its line says it.
            const waiting = (l: string) => !l.startsWith('Waiting for ');
            // An answer in another player's turn lets their act resolve: that part is told as theirs.
            const split = answersPrompt && !untold ? describeAnswer(done, seat) : null;
            const own = split ? split.answer : describeChange(done, ended ? null : untold, seat);
            const lines = [...keptRoll(snapshot, command), ...own.filter(waiting)];
            const rest = split?.by ? split.rest.filter(waiting) : [];
            const theirs = rest.length > 0 ? [`${name(split!.by!)}'s act goes on:`, ...rest.map((l) => `• ${l}`)] : [];
            // Nothing to tell (an empty reply prompt answered, say): no line at all (planPosts skips '').
            if (lines.length === 0 && theirs.length === 0) return '';
            return [...(lines.length > 0 ? [`🤖 ${name(seat)}:`, ...lines.map((l) => `• ${l}`)] : []), ...theirs].join('\n');
          }
        : undefined;
    const change = await recordChange(app, row.id, seat, row.seq, command, reply ? { reply } : {});
    if (change.ok) return 'played';
    app.log(
      `the practice opponent's choice in match ${row.id} was refused: ${change.reason === 'refused' ? change.error.message : change.reason}`,
      undefined,
      aboutMatch(row),
    );
  }
  const found = rulesetOfMatch(row);
  const made = found.ok ? found.ruleset.match.timeout(snapshot, name) : null;
  if (!made) return 'moot';
  const change = await recordChange(app, row.id, undefined, row.seq, made.command as MatchCommand, { reply: () => `🤖 ${name(seat)}: ${made.words}.` });
  if (!change.ok) throw new Error(`match ${row.id}: the practice opponent's default was refused (${change.reason})`);
  return 'played';
}

/**
 * The practice opponent of a game played at the table (its ruleset's `practice`): its orders from
 * the state as it stands, one act for the whole run up to where the match waits on someone else, told
 * as one batch under its name. Should the game refuse its first order (a bug in the opponent), or
 * have no opponent, the default a missed deadline takes is recorded instead, so the match never stalls.
 */
async function tableBotAct(app: Services, row: MatchRow, game: TableGame, seat: PlayerId): Promise<Handled['did']> {
  if (row.snapshot === null || row.setup === null) return 'moot';
  const name = await boldNames(app.store, row.players);
  const practice = game.rules.practice;
  const heading = `🤖 ${name(seat)}:`;
  if (practice && practice.choose(row.setup, row.snapshot, seat) !== null) {
    const change = await recordTableRun(app, row.id, seat, row.seq, (setup, state) => practice.choose(setup, state, seat), { reply: () => heading });
    if (change.ok) return 'played';
    app.log(
      `the practice opponent's order in match ${row.id} was refused: ${change.reason === 'refused' ? change.error.message : change.reason}`,
      undefined,
      aboutMatch(row),
    );
  }
  const made = game.rules.match.timeout(row.snapshot, name);
  if (!made) return 'moot';
  const change = await recordTableChange(app, row.id, undefined, row.seq, made.command, { reply: () => `${heading} ${made.words}` });
  if (!change.ok) throw new Error(`match ${row.id}: the practice opponent's default was refused (${change.reason})`);
  return 'played';
}

/** "Keeps the roll" when `command` declines the reroll the game offered. */
function keptRoll(snapshot: MatchSnapshot, command: MatchCommand): string[] {
  const prompt = gameOf(snapshot)?.prompt;
  if (prompt?.kind !== 'reroll' || !('game' in command) || !('decide' in command.game) || command.game.decide.reroll) return [];
  return [prompt.options.roll === 'recovery' ? 'Keeps the recovery roll.' : 'Keeps the tactics check as rolled.'];
}

/** A challenge nobody accepted in time is off. */
async function lapse(app: Services, row: MatchRow, wait: Wait): Promise<Handled['did']> {
  const done = await app.store.matches.act<null, never, RuleError>(row.id, row.seq, () => ({ ok: true, events: [], snapshot: null, status: 'cancelled' }));
  if (!done.ok) throw new Error(`match ${row.id}: a challenge could not lapse (${done.reason})`);
  const hours = clockOf(matchRecord(row).terms).acceptHours;
  const content = `⏰ The challenge lapsed: <@${wait.player}> did not accept within ${hoursText(hours)}. ${row.players.map((p) => `<@${p}>`).join(' ')}`;
  await enqueue(app, done.row, [{ kind: 'text', content, ping: [...row.players] }, ...(await retirements(app.store, done.row)), ...closing(done.row)]);
  await planWaits(app.store, app.now(), done.row);
  return 'lapsed';
}

/** The set number of missed deadlines: the player forfeits (in play through the engine's concession, marked as a forfeit). */
async function forfeit(app: Services, row: MatchRow, player: PlayerId, misses: number): Promise<Handled['did']> {
  return forfeitWith(app, row, player, 'clock', (name) => `⏰ ${name}'s time ran out for the ${ordinal(misses)} time, so ${name} forfeits the match.`);
}

/** `forfeitWith` for a game played at the table: the game's concession, kept as a forfeit with its cause. */
async function forfeitTable(
  app: Services,
  row: MatchRow,
  game: TableGame,
  player: PlayerId,
  cause: ForfeitCause,
  says: (name: string) => string,
): Promise<Handled['did']> {
  const line = says((await boldNames(app.store, [player]))(player));
  const ending = { forfeited: player, forfeit: cause };
  const change = await recordTableChange(app, row.id, undefined, row.seq, game.table.concede(player), { concession: true, reply: () => line, ending });
  if (!change.ok) throw new Error(`match ${row.id}: a forfeit was refused (${change.reason})`);
  return 'forfeit';
}

/**
 * `player` forfeits the match, with `says(name)` as the thread's line: at the set number of misses, when
 * a league round's deadline passes with the match still waiting on them (season-runner.ts), or when
 * they leave the season. The match keeps the forfeit and its cause, for its result (league/results.ts).
 */
export async function forfeitWith(
  app: Services,
  row: MatchRow,
  player: PlayerId,
  cause: ForfeitCause,
  says: (name: string) => string,
): Promise<Handled['did']> {
  const game = tableGameOf(row);
  if (game) return forfeitTable(app, row, game, player, cause, says);
  const { setup, snapshot } = matchRecord(row);
  if (!setup || !snapshot) throw new Error(`match ${row.id}: a forfeit before the match began`);
  const name = `**${shown(setup.names[player] ?? player)}**`;
  const line = says(name);
  if (snapshot.stage === 'game') {
    const ending = { forfeited: player, forfeit: cause };
    const change = await recordChange(app, row.id, undefined, row.seq, { game: { concede: player } }, { reply: () => line, ending });
    if (!change.ok) throw new Error(`match ${row.id}: a forfeit was refused (${change.reason})`);
    return 'forfeit';
  }
  // During setup a forfeit ends the match as a concession does (skirmish-play.ts `concede`).
  const others = row.players.filter((p) => p !== player);
  const winner = others.length === 1 ? others[0]! : null;
  const done = await app.store.matches.act<MatchSnapshot, never, RuleError>(row.id, row.seq, (s) => ({
    ok: true,
    events: [],
    snapshot: s!,
    status: 'over',
    winner,
    result: { forfeited: player, forfeit: cause },
  }));
  if (!done.ok) throw new Error(`match ${row.id}: a forfeit could not be saved (${done.reason})`);
  await recordEnding(app, done.row);
  const content = `${line}${winner ? ` <@${winner}> wins.` : ' The match is cancelled.'}`;
  await enqueue(app, done.row, [{ kind: 'text', content, ping: others }, ...(await retirements(app.store, done.row)), ...closing(done.row)]);
  await planWaits(app.store, app.now(), done.row);
  return 'forfeit';
}
