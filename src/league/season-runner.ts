/**
 * The season runner: seasons that run themselves. After anything that may move a season
 * on (a league match ending, sign-ups closing, a scheduler tick), it reads each open season, asks
 * `nextStep` (league/season-plan.ts) what comes next and carries that out, until the answer is to
 * wait: close sign-ups and pair round 1, open each pairing's match thread (a challenge already
 * accepted, setup begun), forfeit what is still open at a round's deadline, end a round whose matches
 * are over and pair the next, and after the last round post the final standings and close the season.
 *
 * Each step's changes and its league posts are one transaction, which awaits nothing but the store;
 * the runner reads first and then writes. It runs one pass at a time (the bot holds the database's
 * lease, so there is one runner), and each step is guarded (a round ends once, a season moves from one
 * state once).
 * Opening a match saves it and links the pairing to it first, then finds or makes its thread
 * (commands/skirmish/match-thread.ts, through `MatchOpening`) and begins setup: a crash or a refused thread in between leaves a saved match that
 * the scheduler's next ticks finish, never a second thread or a lost pairing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PlayerId } from '../rulesets/sellsword/engine';
import type { Pair } from './pairing';
import { catchUp } from './ratings';
import { plural } from './words';
import { leagueTerms } from './settings';
import { nextStep, type PairingView, type RoundView, type SeasonStep, type SeasonView, type Side } from './season-plan';
import { standingsOf, standingsTable } from './standings';
import { commitmentOf } from '../match/dice-proof';
import { type MatchSnapshot, pregameStart } from '../match/match-state';
import { type CommittedWarband, matchRecord, type Terms } from '../match/record';
import { onShard, OPEN_STATUSES, storedNames, type MatchRow, type ResultWithPlayers } from '../store';
import type { LeagueSettingsRow, PairingRow, SeasonRow } from '../store/rows';
import { planPosts } from '../posts/announce';
import type { LeaguePostBody } from './league-posts';
import type { Services } from '../match/services';
import { beginSetup, DEFAULT_POINTS, threadName, type SetupReads } from '../match/setup';
import { clockLine, clockOf, discordTime } from '../clock/clock-terms';
import { waitsOf } from '../clock/deadline-plan';
import { forfeitWith } from '../clock/deadline-actions';
import { settle } from '../match/submit';
import { enqueue, inTransaction } from '../match/table';
import { shown } from '../discord/text';
import { newMatchRules, type RulesetId } from '../rulesets';
import type { RuleError } from '../engine';
import { tableGameOf, type TableGame } from '../match/table-game';
import { beginTable } from '../match/table-begin';
import { submittedMapDocuments } from '../match/table-maps';
import { planTablePosts } from '../posts/table-posts';
import { planWaits } from '../clock/deadline-plan';

/**
 * What the runner needs of Discord to open a pairing's match, given by the bot
 * (commands/skirmish/season-opening.ts): the match's thread, and what beginning setup reads.
 */
export interface MatchOpening {
  /** Finds or makes the match's thread and links it; its id. Throws when Discord fails or refuses. */
  thread(matchId: string): Promise<string>;
  /** Why the match's thread is not open yet, if a try failed. */
  trouble(matchId: string): { readonly tries: number; readonly reason: string } | undefined;
  /** Marks the match's trouble as told; false when it already was. */
  markTold(matchId: string): boolean;
  /** What beginning setup reads before its step: the server's maps, the players' names. */
  setupReads(row: MatchRow): Promise<SetupReads>;
}

/** What a season pass uses: the use-cases' services, and a way to open a pairing's match. */
export interface SeasonApp extends Services {
  readonly opening: MatchOpening;
}

/** Steps one season may take in one pass: more means a bug that would otherwise loop. */
const MAX_STEPS = 50;

const isOpen = (row: MatchRow) => (OPEN_STATUSES as readonly string[]).includes(row.status);

/**
 * How one match went for each of its players: its standing league result; nothing when its results
 * were all overturned (it no longer counts); the match itself when no result was recorded (a match
 * ended before results were kept).
 */
function sidesOf(row: MatchRow, results: readonly ResultWithPlayers[]): Record<string, Side> {
  const mine = results.filter((r) => r.matchId === row.id);
  const standing = mine.find((r) => r.overturned === null);
  if (standing) return Object.fromEntries(standing.players.map((p) => [p.player, { outcome: p.outcome, vpFor: p.vpFor, vpAgainst: p.vpAgainst }]));
  if (mine.length > 0 || row.status !== 'over') return {};
  const { snapshot } = matchRecord(row);
  const score = snapshot?.stage === 'game' ? snapshot.game.score : {};
  const quitter = (row.result as { forfeited?: string } | null)?.forfeited ?? null;
  return Object.fromEntries(
    row.players.map((p) => {
      const vpFor = score[p] ?? 0;
      const vpAgainst = Math.max(0, ...row.players.filter((q) => q !== p).map((q) => score[q] ?? 0));
      const outcome = row.winner === null ? 'draw' : row.winner === p ? 'win' : p === quitter ? 'forfeit' : 'loss';
      return [p, { outcome, vpFor, vpAgainst }];
    }),
  );
}

/** Whether the match's league result is still waiting in its outbox (the runner is kicked when it goes). */
const resultUnposted = async (app: Services, matchId: string) =>
  (await app.store.outbox.pending(matchId)).some((r) => (r.body as { kind?: string }).kind === 'league-result');

/** Everything `nextStep` needs, read from the store. */
export async function seasonView(app: Services, season: SeasonRow): Promise<{ view: SeasonView; pairings: PairingRow[] }> {
  // Results are rated when their post is delivered; a season may move on before that, so it rates
  // what is recorded first (idempotent): Swiss ranks by these ratings, and the standings show them.
  await catchUp(app.store, season.leagueId);
  const [entries, rounds, pairings, ratings, results] = await Promise.all([
    app.store.seasons.entries(season.id),
    app.store.seasons.rounds(season.id),
    app.store.seasons.pairings(season.id),
    app.store.ratings.of(season.leagueId),
    app.store.results.ofSeason(season.leagueId, season.id),
  ]);
  // Those who left before the season started are not in it; those removed since keep their seat.
  const entrants = entries.filter((e) => e.removed === null || (season.started !== null && e.removed >= season.started)).map((e) => e.player);
  const players = entries.filter((e) => e.removed === null).map((e) => e.player);
  const roundsPlayed: RoundView[] = [];
  for (const r of rounds) {
    const views: PairingView[] = [];
    for (const p of pairings.filter((x) => x.round === r.number)) {
      if (p.bye) {
        views.push({
          id: p.id,
          players: p.players,
          bye: true,
          matchId: null,
          done: true,
          sides: { [p.players[0]!]: { outcome: 'bye', vpFor: 0, vpAgainst: 0 } },
        });
        continue;
      }
      const row = p.matchId ? await app.store.matches.get(p.matchId) : undefined;
      // Over, and its result posted in the league channel: the round's news comes after its results.
      const done = row !== undefined && !isOpen(row) && !(await resultUnposted(app, row.id));
      views.push({ id: p.id, players: p.players, bye: false, matchId: p.matchId, done, sides: row && done ? sidesOf(row, results) : {} });
    }
    roundsPlayed.push({ number: r.number, deadline: r.deadline, ended: r.ended, pairings: views });
  }
  return {
    view: {
      state: season.state,
      pairing: season.pairing,
      rounds: season.rounds,
      signupDeadline: season.signupDeadline,
      roundHours: season.roundHours,
      entrants,
      players,
      roundsPlayed,
      ratings: new Map(ratings.map((r) => [r.player, r.ordinal])),
    },
    pairings,
  };
}

/** A league post in the league's channel (its outbox outside any match). */
async function post(app: Services, season: SeasonRow, content: string, ping: readonly string[] = [], pairings?: number): Promise<void> {
  const body: LeaguePostBody = { kind: 'text', content, ping, ...(pairings !== undefined ? { pairings } : {}) };
  await app.store.leaguePosts.add([{ leagueId: season.leagueId, channelId: season.leagueId, body }]);
}

/**
 * Whether the round's pairings post is still waiting to go out: its threads open after it, so the
 * league channel tells the pairings before the players are pinged in the threads. The league post
 * worker kicks the runner once it is posted (or given up).
 */
async function pairingsUnposted(app: Services, season: SeasonRow, round: number): Promise<boolean> {
  return (await app.store.leaguePosts.pending(season.leagueId)).some(
    (r) => (r.body as LeaguePostBody).kind === 'text' && (r.body as { pairings?: number }).pairings === round,
  );
}

const seasonName = (season: SeasonRow) => `Season ${season.number}`;

function pairsText(pairs: readonly Pair[]): string {
  return pairs.map((p, i) => (p.b === null ? `• <@${p.a}> has a bye (counts as a win)` : `• Table ${i + 1}: <@${p.a}> vs <@${p.b}>`)).join('\n');
}

/** Carries out one step; false when there was nothing to do. */
async function carryOut(app: SeasonApp, season: SeasonRow, step: SeasonStep, view: SeasonView, pairings: PairingRow[]): Promise<boolean> {
  const now = app.now();
  switch (step.kind) {
    case 'wait':
      return false;
    case 'cancel':
      await inTransaction(app, async () => {
        await app.store.seasons.advance(season.id, 'signup', 'closed', now);
        await post(app, season, `🏁 **${seasonName(season)}** is called off: ${step.reason} by the time sign-ups closed.`);
      });
      return true;
    case 'pair': {
      const players = step.pairs.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
      await inTransaction(app, async () => {
        if (step.round === 1) await app.store.seasons.advance(season.id, 'signup', 'running', now);
        await app.store.seasons.addRound({ seasonId: season.id, number: step.round, started: now, deadline: step.deadline });
        await app.store.seasons.addPairings(
          step.pairs.map((p, i) => ({ seasonId: season.id, round: step.round, table: i + 1, players: p.b === null ? [p.a] : [p.a, p.b], bye: p.b === null })),
        );
        const opening =
          step.round === 1
            ? `Sign-ups are closed: ${plural(view.players.length, 'player')}, ${plural(step.of, 'round')} (${season.pairing === 'swiss' ? 'Swiss' : 'round-robin'}). `
            : '';
        const deadline =
          step.deadline === null
            ? ''
            : ` Matches must be over by ${discordTime(step.deadline, 'f')} (${discordTime(step.deadline, 'R')}); whoever a match is still waiting on then forfeits it.`;
        await post(
          app,
          season,
          `📋 **${seasonName(season)}, round ${step.round} of ${step.of}.** ${opening}The bot opens each match's thread now, with setup under way.${deadline}\n${pairsText(step.pairs)}`,
          players,
          step.round,
        );
      });
      return true;
    }
    case 'open': {
      if (await pairingsUnposted(app, season, step.round)) return false;
      const entries = new Map((await app.store.seasons.entries(season.id)).map((e) => [e.player, e]));
      const settings = await app.store.leagueSettings.get(season.leagueId);
      const round = (await app.store.seasons.rounds(season.id)).find((r) => r.number === step.round);
      for (const id of step.pairings) {
        const pairing = pairings.find((p) => p.id === id);
        if (!pairing) continue;
        await openPairing(app, season, pairing, step.round, round?.deadline ?? null, entries, settings);
      }
      return true;
    }
    case 'forfeit-late': {
      // Matches already over whose result is still being posted hold the round only until it goes.
      const late: string[] = [];
      for (const id of step.matches) {
        const row = await app.store.matches.get(id);
        if (row !== undefined && isOpen(row)) late.push(id);
      }
      if (late.length === 0) return false;
      for (const matchId of late) {
        await inTransaction(app, async () => {
          const row = await app.store.matches.get(matchId);
          if (!row || !isOpen(row)) return;
          const waiting = waitsOf(row)[0]?.player;
          if (!waiting) return;
          await forfeitWith(app, row, waiting, 'deadline', (n) => `⏰ The round's deadline has passed with the match waiting on ${n}, so ${n} forfeits it.`);
        });
        app.outbox.kick(matchId);
      }
      // A match that waits on nobody (none should) would hold the round for ever: end the round anyway.
      let stuck = false;
      for (const id of late) {
        const row = await app.store.matches.get(id);
        if (row !== undefined && isOpen(row) && waitsOf(row).length === 0) stuck = true;
      }
      if (stuck) await inTransaction(app, () => app.store.seasons.endRound(season.id, step.round, now));
      return true;
    }
    case 'end-round': {
      const { rows } = await standingsOf(app.store, season.leagueId, season.id);
      await inTransaction(app, async () => {
        await app.store.seasons.endRound(season.id, step.round, now);
        await post(app, season, `✅ **${seasonName(season)}, round ${step.round}** is over. Standings:\n${standingsTable(rows)}`);
      });
      return true;
    }
    case 'finish': {
      const { rows } = await standingsOf(app.store, season.leagueId, season.id);
      const winner = rows[0];
      await inTransaction(app, async () => {
        await app.store.seasons.advance(season.id, 'running', 'closed', now);
        const early = step.early ? ` It ends after round ${step.round}: no round could be paired without a repeat.` : '';
        const champion = winner ? ` <@${winner.player}> wins the season with ${winner.points} points.` : '';
        await post(
          app,
          season,
          `🏆 **${seasonName(season)}** is over.${champion}${early} Final standings:\n${standingsTable(rows)}`,
          winner ? [winner.player] : [],
        );
      });
      return true;
    }
  }
}

/**
 * Opens a pairing's match as if its challenge had just been accepted by everyone. One transaction
 * saves the match (every warband in, the thread's name fixed), its intro waiting for the thread, and
 * links the pairing to it; then its thread is found or made (`app.opening`), and setup begins
 * (`beginPaired`). A failure after the save is finished by the scheduler's next ticks, never doubled.
 */
async function openPairing(
  app: SeasonApp,
  season: SeasonRow,
  pairing: PairingRow,
  round: number,
  deadline: number | null,
  entries: ReadonlyMap<string, { warband: unknown }>,
  settings: LeagueSettingsRow | undefined,
): Promise<void> {
  const league = await app.store.leagues.get(season.leagueId);
  if (!league) throw new Error(`league ${season.leagueId} is gone`);
  const players = [...pairing.players];
  const names = players.map(await storedNames(app.store, players));
  const number = (await app.store.matches.countIn(season.leagueId)) + 1;
  const accepted: Record<PlayerId, CommittedWarband> = Object.fromEntries(players.map((p) => [p, entries.get(p)!.warband as CommittedWarband]));
  // The league's terms, as a challenge in its channel gets them (league/settings.ts).
  const pinned = settings ? leagueTerms(settings) : {};
  const secret = app.mintSecret();
  const terms: Terms = {
    points: pinned.points ?? DEFAULT_POINTS,
    target: pinned.target ?? null,
    map: null,
    accepted,
    // The thread's id joins when the thread is made (`beginPaired`): Discord mints it after the secret was drawn, so nobody chose it.
    dice: { secret, commitment: commitmentOf(secret), entropy: [] },
    ...(pinned.clock ? { clock: pinned.clock } : {}),
    ...(pinned.maps ? { allowedMaps: pinned.maps } : {}),
    ...(pinned.catalogVersion ? { catalogVersion: pinned.catalogVersion } : {}),
    ...(pinned.roundLimit ? { roundLimit: pinned.roundLimit } : {}),
    thread: { name: threadName(names, number) },
  };
  const sides = players.map((p) => `<@${p}> (**${shown(accepted[p]!.name)}**, ${accepted[p]!.faction}, ${accepted[p]!.points} points)`).join(' vs ');
  const by = deadline === null ? '' : ` Finish by ${discordTime(deadline, 'f')} (${discordTime(deadline, 'R')}).`;
  const intro = [
    `🏆 **${seasonName(season)}, round ${round}**: ${sides}. The league paired you, so there is nothing to accept: setup begins now.${by}`,
    clockLine(clockOf(terms), { accept: false, table: tableGameOf(newMatchRules(league.ruleset as RulesetId)) !== null }),
    `-# 🎲 Dice commitment \`${terms.dice!.commitment}\`: \`/skirmish verify\` checks every roll once the match is over.`,
  ].join('\n');
  const matchId = await inTransaction(app, async () => {
    const created = await app.store.matches.create({
      id: app.mintId(),
      guildId: league.guildId,
      channelId: season.leagueId,
      players,
      terms,
      ...newMatchRules(league.ruleset as RulesetId),
    });
    for (const p of players) await app.store.follows.add(created.id, p);
    await enqueue(app, created, [{ kind: 'text', content: intro, ping: players }]);
    await app.store.seasons.setPairingMatch(pairing.id, created.id);
    return created.id;
  });
  try {
    await app.opening.thread(matchId);
  } catch (error) {
    // Tried again by the scheduler, less and less often; the organiser is told after a few tries (`tellTrouble`).
    app.log(`could not open the thread of match ${matchId} (season ${season.id}, pairing ${pairing.id})`, error, { matchId, guildId: league.guildId });
    return;
  }
  await beginPaired(app, matchId);
}

/** A paired match saved with every warband in and waiting for setup: its thread is open, so setup begins. */
const awaitsSetup = (row: MatchRow): boolean =>
  row.status === 'challenged' && row.threadId !== null && row.players.every((p) => matchRecord(row).terms.accepted[p] !== undefined);

/**
 * Begins setup of a paired match whose thread is open, with the thread's id as the dice's entropy, in
 * one transaction with its posts and deadlines. Does nothing to a match already begun (a second pass).
 */
async function beginPaired(app: SeasonApp, matchId: string): Promise<void> {
  const row = await app.store.matches.get(matchId);
  if (!row || !awaitsSetup(row)) return;
  const game = tableGameOf(row);
  if (game) return beginPairedTable(app, row, game);
  const reads = await app.opening.setupReads(row);
  const begun = await inTransaction(app, async () => {
    const done = await app.store.matches.act(row.id, row.seq, (_snapshot: MatchSnapshot | null, current) => {
      if (!awaitsSetup(current)) return { ok: false, error: { code: 'not-open', message: 'The match has begun.' } };
      const terms = matchRecord(current).terms;
      const dice = terms.dice ? { ...terms.dice, entropy: [current.threadId!] } : undefined;
      return beginSetup(app, current, { ...terms, ...(dice ? { dice } : {}) }, reads);
    });
    if (!done.ok) {
      if (done.reason === 'refused' && done.error.code !== 'not-open') throw new Error(`match ${matchId}: it could not begin (${done.error.message})`);
      return false;
    }
    const setup = matchRecord(done.row).setup!;
    const submitted = { row: done.row, setup, before: { stage: 'pregame' as const, pregame: pregameStart(setup) }, after: done.snapshot, events: done.events };
    const posts = await enqueue(app, done.row, await planPosts(app.store, submitted));
    await settle(app, { ...submitted, posts });
    return true;
  });
  if (begun) app.outbox.kick(matchId);
}

/** `beginPaired` for a game played at the table: its own setup from the armies the players signed up with, and its own posts. */
async function beginPairedTable(app: SeasonApp, row: MatchRow, game: TableGame): Promise<void> {
  // The league's submitted maps its pool names, read before the act (whose step is synchronous).
  const submitted = await submittedMapDocuments(app, game.rules, matchRecord(row).terms, row.guildId);
  const begun = await inTransaction(app, async () => {
    const done = await app.store.matches.act<unknown, unknown, RuleError>(row.id, row.seq, (snapshot, current) => {
      if (snapshot || !awaitsSetup(current)) return { ok: false, error: { code: 'not-open', message: 'The match has begun.' } };
      const terms = matchRecord(current).terms;
      const dice = terms.dice ? { ...terms.dice, entropy: [current.threadId!] } : undefined;
      return beginTable(app, game, current, { ...terms, ...(dice ? { dice } : {}) }, submitted);
    });
    if (!done.ok) {
      if (done.reason === 'refused' && done.error.code !== 'not-open') throw new Error(`match ${row.id}: it could not begin (${done.error.message})`);
      return false;
    }
    const change = { row: done.row, setup: done.row.setup, before: game.rules.match.replay(done.row.setup, []), after: done.snapshot, events: done.events };
    await enqueue(app, done.row, await planTablePosts(app.store, game.rules, game.table, change));
    await planWaits(app.store, app.now(), done.row, done.events);
    return true;
  });
  if (begun) app.outbox.kick(row.id);
}

/** Tries before the organiser is told that a round's thread will not open. */
const TELL_AFTER = 3;

/**
 * The season's matches saved but not begun: setup begins for those whose thread is open (a pass that
 * stopped between the two), and the organiser is told once about one whose thread keeps failing.
 */
async function finishOpenings(app: SeasonApp, season: SeasonRow, pairings: readonly PairingRow[]): Promise<void> {
  for (const p of pairings) {
    if (!p.matchId) continue;
    const row = await app.store.matches.get(p.matchId);
    if (!row || !isOpen(row)) continue;
    if (row.threadId) {
      if (awaitsSetup(row)) await beginPaired(app, row.id);
      continue;
    }
    const trouble = app.opening.trouble(row.id);
    if (!trouble || trouble.tries < TELL_AFTER || !app.opening.markTold(row.id)) continue;
    const organiser = (await app.store.leagueLog.list(season.leagueId, { limit: 200 })).find((e) => e.kind === 'season' && e.subject === 'start')?.by;
    const role = (await app.store.leagueSettings.get(season.leagueId))?.organiserRole;
    const who = [organiser ? `<@${organiser}>` : null, role ? `<@&${role}>` : null].filter(Boolean).join(' ') || 'Organisers';
    await inTransaction(app, () =>
      post(
        app,
        season,
        `⚠️ ${who}: the bot could not open the thread of **${seasonName(season)}, round ${p.round}**'s match ${p.players.map((x) => `<@${x}>`).join(' vs ')} (${trouble.tries} tries). ${trouble.reason} It keeps trying, less and less often, and the match begins as soon as its thread opens; \`/league round\` shows how it stands.`,
        organiser ? [organiser] : [],
      ),
    );
    app.outbox.kickLeague?.();
  }
}

/** One pass over one season: steps until it waits. */
export async function runSeason(app: SeasonApp, seasonId: number): Promise<void> {
  for (let i = 0; i < MAX_STEPS; i++) {
    const season = await app.store.seasons.get(seasonId);
    if (!season || season.state === 'closed') return;
    if (i === 0) await finishOpenings(app, season, await app.store.seasons.pairings(season.id));
    const { view, pairings } = await seasonView(app, season);
    const step = nextStep(view, app.now());
    if (!(await carryOut(app, season, step, view, pairings))) return;
  }
  app.log(`season ${seasonId} took ${MAX_STEPS} steps in one pass; it waits for the next`);
}

/**
 * Runs the seasons, one pass at a time: `kick()` after a change that may move one on (it runs once the
 * change has committed), `run()` to wait for a pass (the scheduler's tick), `idle()` for tests.
 */
export class SeasonRunner {
  readonly #app: () => SeasonApp;
  #chain: Promise<void> = Promise.resolve();
  #queued = false;
  /** Passes running now. */
  #running = 0;
  /** Called after a pass that wrote league posts or opened matches. */
  readonly #after: () => void;
  /**
   * Runs a function in the async context the runner was made in (outside any transaction). A kick
   * comes from inside a change's transaction, whose context marks the store's connection as held by
   * it (store/serial.ts, pg-store.ts): a pass started in that context would send its queries into
   * that transaction while it is still open (on PostgreSQL every query yields, so it is).
   */
  readonly #outside = AsyncLocalStorage.snapshot();

  constructor(app: () => SeasonApp, after: () => void = () => undefined) {
    this.#app = app;
    this.#after = after;
  }

  kick(): void {
    if (this.#queued) return;
    this.#queued = true;
    // After the current transaction and its caller are done: a kick comes from inside a change.
    setImmediate(() =>
      this.#outside(() => {
        this.#queued = false;
        void this.run();
      }),
    );
  }

  run(): Promise<void> {
    const pass = this.#chain.then(() => this.#pass());
    this.#chain = pass.catch((error: unknown) => this.#app().log('a season pass failed', error));
    return this.#chain;
  }

  /** A pass is asked for and has not run yet, or is running: what `idle` waits for may not be done. */
  get pending(): boolean {
    return this.#queued || this.#running > 0;
  }

  async idle(): Promise<void> {
    while (this.#queued) await new Promise((resolve) => setImmediate(resolve));
    await this.#chain;
  }

  async #pass(): Promise<void> {
    this.#running++;
    try {
      await this.#seasons();
    } finally {
      this.#running--;
    }
  }

  async #seasons(): Promise<void> {
    const app = this.#app();
    for (const season of await app.store.seasons.active()) {
      // On a sharded bot each season is run by the shard of its league's guild (store/shard.ts): a
      // pairing's match thread must be opened once.
      const league = await app.store.leagues.get(season.leagueId);
      if (!league || !onShard(app.shard, league.guildId)) continue;
      try {
        await runSeason(app, season.id);
      } catch (error) {
        app.log(`season ${season.id} of league ${season.leagueId} could not move on`, error);
      }
    }
    this.#after();
  }
}
