/**
 * The PostgreSQL tables: schema.ts (SQLite) with each column given its PostgreSQL type, written beside
 * it so drizzle-kit can generate each dialect's migrations (test/store/schema-agree.test.ts checks that
 * the two have the same tables, columns, keys and row types). Times are `bigint` (milliseconds do not
 * fit an `integer`), read back as numbers; JSON is `json`, kept as written (`jsonb` would reorder keys);
 * autoincrement ids are identity columns that a copy may still set.
 *
 * The SQLite tables. Every column name is spelled out in snake_case so the SQL reads plainly in the sqlite3
 * shell and in the generated migrations. Times are integer milliseconds since the epoch.
 *
 * JSON columns: documents people upload (warbands, maps, catalogs) are typed `Json`. What the match
 * layer stores for the engine (terms, setup, snapshot, result, events) is typed `unknown`: the store
 * never looks inside, and the engine's types are interfaces, which TypeScript does not accept as `Json`.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, doublePrecision, index, integer, json, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Json } from './json';
import { FORFEIT_SCORES, MATCH_STATUSES, OUTBOX_OUTCOMES, OUTCOMES, PAIRING_SYSTEMS, RESULT_WAYS, SEASON_STATES } from './schema';

export const players = pgTable('players', {
  /** Discord user id. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  created: bigint('created_at', { mode: 'number' }).notNull(),
  updated: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const catalogs = pgTable('catalogs', {
  id: text('id').primaryKey(),
  faction: text('faction').notNull(),
  document: json('document').$type<Json>().notNull(),
  /** User id of the organiser who added it. */
  owner: text('owner').notNull(),
  created: bigint('created_at', { mode: 'number' }).notNull(),
});

export const maps = pgTable(
  'maps',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    gridmap: json('gridmap').$type<Json>().notNull(),
    /** Null for the maps shipped with the bot. */
    owner: text('owner'),
    /** Null when every server may use it. */
    guildId: text('guild_id'),
    created: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('maps_guild_idx').on(t.guildId)],
);

export const warbands = pgTable(
  'warbands',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    owner: text('owner')
      .notNull()
      .references(() => players.id),
    name: text('name').notNull(),
    faction: text('faction').notNull(),
    points: integer('points').notNull(),
    document: json('document').$type<Json>().notNull(),
    /** Exactly what the user uploaded or typed, so it can be shown back or parsed again. */
    source: text('source').notNull(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
    updated: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('warbands_owner_name_idx').on(t.owner, t.name)],
);

export const leagues = pgTable(
  'leagues',
  {
    /** The channel whose threads hold the league's matches; Discord channel ids are unique across guilds. */
    channelId: text('channel_id').primaryKey(),
    guildId: text('guild_id').notNull(),
    name: text('name').notNull(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('leagues_guild_idx').on(t.guildId)],
);

export const matches = pgTable(
  'matches',
  {
    /** Minted by the caller (a short random id that fits in a button's custom id). */
    id: text('id').primaryKey(),
    guildId: text('guild_id').notNull(),
    /** The parent channel the match thread hangs from. */
    channelId: text('channel_id').notNull(),
    threadId: text('thread_id').unique(),
    status: text('status', { enum: MATCH_STATUSES }).notNull(),
    /** User ids in seat order. Fixed at creation; `match_players` indexes them. */
    players: json('players').$type<readonly string[]>().notNull(),
    terms: json('terms').$type<unknown>().notNull(),
    /** Everything needed to rebuild the state from nothing (seed, warbands…); null until known. */
    setup: json('setup').$type<unknown>(),
    /** The latest state, a cache of setup + events that can always be rebuilt. */
    snapshot: json('snapshot').$type<unknown>(),
    /** How many events the match has; the last event's seq. */
    seq: integer('seq').notNull().default(0),
    winner: text('winner'),
    result: json('result').$type<unknown>(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
    updated: bigint('updated_at', { mode: 'number' }).notNull(),
    ended: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [
    // Open matches and their guilds in one index: a shard finds its open matches, and counts them,
    // without reading a row (store/shard.ts).
    index('matches_status_guild_idx').on(t.status, t.guildId),
    index('matches_channel_idx').on(t.channelId),
    check('matches_status_check', sql`${t.status} in (${sql.raw(MATCH_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('matches_seq_check', sql`${t.seq} >= 0`),
  ],
);

/**
 * The parts match rows share (store/match-parts.ts): a map, a card, a mod, or a set of cards, as JSON,
 * keyed by a hash of that JSON. A match's setup and snapshot refer to them instead of carrying them.
 * Never deleted: every reference written must keep finding its part.
 */
export const matchParts = pgTable('match_parts', {
  hash: text('hash').primaryKey(),
  part: text('part').notNull(),
});

/** One row per seat, so "my matches" is an index lookup instead of a scan of every players list. */
export const matchPlayers = pgTable(
  'match_players',
  {
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    seat: integer('seat').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] }), index('match_players_user_idx').on(t.userId)],
);

/** Append-only: rows are inserted by `matches.act` and never updated. */
export const matchEvents = pgTable(
  'match_events',
  {
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    event: json('event').$type<unknown>().notNull(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.seq] }), check('match_events_seq_check', sql`${t.seq} >= 1`)],
);

/** Bytes: node-postgres reads a Buffer, PGlite a Uint8Array, so both are read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const matchLogs = pgTable(
  'match_logs',
  {
    matchId: text('match_id')
      .primaryKey()
      .references(() => matches.id, { onDelete: 'cascade' }),
    ended: bigint('ended_at', { mode: 'number' }).notNull(),
    codec: text('codec'),
    throughSeq: integer('through_seq'),
    data: bytea('data'),
  },
  (t) => [index('match_logs_unpacked_idx').on(t.ended).where(sql`codec is null`)],
);

export const prompts = pgTable(
  'prompts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** The match seq the prompt was posted at: its buttons are stale once the match moves on. */
    seq: integer('seq').notNull(),
    channelId: text('channel_id').notNull(),
    messageId: text('message_id').notNull().unique(),
    /** The user the prompt waits for. */
    player: text('player').notNull(),
    kind: text('kind').notNull(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
    closed: bigint('closed_at', { mode: 'number' }),
  },
  (t) => [
    index('prompts_match_idx').on(t.matchId, t.seq),
    // Re-posting after a restart asks for every open prompt; closed ones pile up forever.
    index('prompts_open_idx').on(t.matchId).where(sql`closed_at is null`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] }), index('follows_user_idx').on(t.userId)],
);

/** Rows, not timers, so any process can pick one up after a restart (ARCHITECTURE "Scale"). */
export const deadlines = pgTable(
  'deadlines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    due: bigint('due_at', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** The user it concerns, if one. */
    player: text('player'),
    /** When it was handled or cancelled; null while pending. */
    done: bigint('done_at', { mode: 'number' }),
    /** The match's seq when the wait it belongs to began (clock/deadline-plan.ts). */
    seq: integer('seq'),
    /** How it ended: `missed` (a timeout acted), `sent` (a reminder), `lapsed`, `cancelled` (the wait ended first), `moot`. */
    outcome: text('outcome'),
    /**
     * A scheduler took it until this time (bot/scheduler.ts). Marking it done happens in the
     * transaction that acts on it; a claim that runs out (a crashed process) lets another take it.
     */
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
  },
  (t) => [
    index('deadlines_pending_idx').on(t.due).where(sql`done_at is null`),
    index('deadlines_match_idx').on(t.matchId),
    // A player's pending deadlines, moved together by a vacation.
    index('deadlines_player_idx').on(t.player).where(sql`done_at is null`),
  ],
);

/** Time away (/vacation): a player's deadlines move by the time they are away. */
export const vacations = pgTable(
  'vacations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id').notNull(),
    /** The whole days asked for. */
    days: integer('days').notNull(),
    start: bigint('started_at', { mode: 'number' }).notNull(),
    /** When it ends as asked: start + days. */
    until: bigint('until_at', { mode: 'number' }).notNull(),
    /** When `/vacation end` ended it early; null when it runs (or ran) to `until`. */
    ended: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [index('vacations_user_idx').on(t.userId, t.start)],
);

/** Standing orders (/orders): how a player answers out-of-turn prompts without being asked. */
export const standingOrders = pgTable(
  'standing_orders',
  {
    userId: text('user_id').notNull(),
    /** A match id, or `*` for every match of the player. */
    scope: text('scope').notNull(),
    orders: json('orders').$type<unknown>().notNull(),
    updated: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
);

/** How a player wants to be reminded (/notify). */
export const notifySettings = pgTable('notify_settings', {
  userId: text('user_id').primaryKey(),
  /** Reminders also come as direct messages. */
  dms: boolean('dms').notNull(),
  updated: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * What a match must show people, written in the same transaction as the change that caused it and
 * delivered afterwards by the outbox worker (docs/store.md "The outbox"). A delivered one keeps its
 * Discord message id for the retention period (outbox.ts OUTBOX_RETENTION_MS), then is pruned; a
 * given-up one keeps its reason for good.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    /** What to deliver, as the match layer described it; images are rendered only when delivered. */
    body: json('body').$type<unknown>().notNull(),
    /**
     * The interaction whose reply this row may be ("id:token"), so that after a crash the worker can
     * ask Discord whether that reply went out before posting the row in the thread instead. Cleared
     * once the row is delivered; an interaction token is only valid for 15 minutes anyway.
     */
    via: text('via'),
    created: bigint('created_at', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: the backoff after a failed attempt. */
    due: bigint('due_at', { mode: 'number' }).notNull(),
    /** When it was delivered, skipped (a prompt the match moved past) or given up. */
    done: bigint('done_at', { mode: 'number' }),
    messageId: text('message_id'),
    /** The last failure; with `done` set, why the row was given up. */
    error: text('error'),
    /**
     * How the row ended (null while it waits): `delivered`; `fallback` (delivered another way: the
     * text without its pictures when the bot may not attach files); `skipped` (nothing to post any
     * more, such as a prompt the match moved past); `given-up` (with the reason in `error`).
     */
    outcome: text('outcome', { enum: OUTBOX_OUTCOMES }),
  },
  (t) => [
    index('outbox_pending_idx').on(t.matchId, t.id).where(sql`done_at is null`),
    // A match's rows, delivered ones too: which of its messages are already recorded (bot/post-lookup.ts).
    index('outbox_match_idx').on(t.matchId, t.id),
  ],
);

/**
 * A match held still because the bot can no longer post in its thread (deleted, or locked by a
 * moderator): no deadline runs while the row exists (its pending deadlines are pushed out of reach and
 * pulled back by the time paused when `/skirmish reopen` gives the match a new thread).
 */
export const matchPauses = pgTable('match_pauses', {
  matchId: text('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  since: bigint('since_at', { mode: 'number' }).notNull(),
  /** The thread that was lost. */
  threadId: text('thread_id'),
  /** Why, in words a player reads after "The match is paused: ". */
  reason: text('reason').notNull(),
});

/**
 * Who may run against this database (docs/store.md "One bot per database"). A holder renews its
 * lease with a heartbeat; a crashed holder's lease simply runs out. On PostgreSQL each shard process
 * takes the lease named for its shards.
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  /** A random id minted by the process at start-up. */
  holder: text('holder').notNull(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  acquired: bigint('acquired_at', { mode: 'number' }).notNull(),
  expires: bigint('expires_at', { mode: 'number' }).notNull(),
});

/**
 * Leagues (schema.ts has the comments on each column). A null setting means "as a free
 * challenge would have it".
 */
export const leagueSettings = pgTable('league_settings', {
  leagueId: text('league_id')
    .primaryKey()
    .references(() => leagues.channelId, { onDelete: 'cascade' }),
  organiserRole: text('organiser_role'),
  points: integer('points'),
  vpTarget: integer('vp_target'),
  turnHours: doublePrecision('turn_hours'),
  promptHours: doublePrecision('prompt_hours'),
  remindAt: json('remind_at').$type<readonly number[]>(),
  remindBeforeHours: json('remind_before_hours').$type<readonly number[]>(),
  maxMisses: integer('max_misses'),
  vacationDays: integer('vacation_days'),
  /** How a forfeit counts for VP difference; null: `target`. */
  forfeitScore: text('forfeit_score', { enum: FORFEIT_SCORES }),
  maps: json('maps').$type<readonly string[]>(),
  catalogVersion: text('catalog_version'),
  freeChallenges: boolean('free_challenges').notNull().default(true),
  standingsPost: integer('standings_post'),
  ratedThrough: integer('rated_through').notNull().default(0),
  created: bigint('created_at', { mode: 'number' }).notNull(),
  updated: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const leagueLog = pgTable(
  'league_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.channelId, { onDelete: 'cascade' }),
    by: text('by').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    before: json('before').$type<Json>(),
    after: json('after').$type<Json>(),
    reason: text('reason'),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('league_log_league_idx').on(t.leagueId, t.id)],
);

export const leaguePosts = pgTable(
  'league_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.channelId, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    body: json('body').$type<unknown>().notNull(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    due: bigint('due_at', { mode: 'number' }).notNull(),
    done: bigint('done_at', { mode: 'number' }),
    messageId: text('message_id'),
    error: text('error'),
  },
  (t) => [index('league_posts_pending_idx').on(t.leagueId, t.id).where(sql`done_at is null`)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.channelId, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    state: text('state', { enum: SEASON_STATES }).notNull(),
    pairing: text('pairing', { enum: PAIRING_SYSTEMS }).notNull(),
    rounds: integer('rounds'),
    roundHours: doublePrecision('round_hours'),
    signupDeadline: bigint('signup_deadline_at', { mode: 'number' }),
    settings: json('settings').$type<unknown>(),
    created: bigint('created_at', { mode: 'number' }).notNull(),
    started: bigint('started_at', { mode: 'number' }),
    closed: bigint('closed_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('seasons_league_number_idx').on(t.leagueId, t.number),
    uniqueIndex('seasons_open_idx').on(t.leagueId).where(sql`state <> 'closed'`),
    check('seasons_state_check', sql`${t.state} in (${sql.raw(SEASON_STATES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

export const seasonEntries = pgTable(
  'season_entries',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    player: text('player')
      .notNull()
      .references(() => players.id),
    warbandId: integer('warband_id').references(() => warbands.id, { onDelete: 'set null' }),
    warband: json('warband').$type<Json>().notNull(),
    joined: bigint('joined_at', { mode: 'number' }).notNull(),
    removed: bigint('removed_at', { mode: 'number' }),
    problem: text('problem'),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.player] }), index('season_entries_player_idx').on(t.player)],
);

export const seasonRounds = pgTable(
  'season_rounds',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    started: bigint('started_at', { mode: 'number' }).notNull(),
    deadline: bigint('deadline_at', { mode: 'number' }),
    ended: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.number] })],
);

export const pairings = pgTable(
  'pairings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    table: integer('table_no').notNull(),
    players: json('players').$type<readonly string[]>().notNull(),
    bye: boolean('bye').notNull().default(false),
    matchId: text('match_id')
      .unique()
      .references(() => matches.id, { onDelete: 'set null' }),
    created: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('pairings_round_idx').on(t.seasonId, t.round)],
);

export const results = pgTable(
  'results',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.channelId, { onDelete: 'cascade' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    pairingId: integer('pairing_id').references(() => pairings.id, { onDelete: 'set null' }),
    matchId: text('match_id').references(() => matches.id, { onDelete: 'set null' }),
    way: text('way', { enum: RESULT_WAYS }).notNull(),
    winner: text('winner'),
    rounds: integer('rounds').notNull(),
    /** Milliseconds: a match of a month does not fit an `integer`. */
    duration: bigint('duration_ms', { mode: 'number' }).notNull(),
    ended: bigint('ended_at', { mode: 'number' }).notNull(),
    by: text('by'),
    reason: text('reason'),
    overturned: bigint('overturned_at', { mode: 'number' }),
    overturnedBy: text('overturned_by'),
    overturnReason: text('overturn_reason'),
    replacedBy: integer('replaced_by'),
    created: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('results_league_idx').on(t.leagueId, t.id),
    index('results_season_idx').on(t.seasonId),
    uniqueIndex('results_match_idx').on(t.matchId).where(sql`overturned_at is null and match_id is not null`),
  ],
);

export const resultPlayers = pgTable(
  'result_players',
  {
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    player: text('player').notNull(),
    seat: integer('seat').notNull(),
    outcome: text('outcome', { enum: OUTCOMES }).notNull(),
    place: integer('place').notNull(),
    warband: json('warband').$type<Json>(),
    vpFor: integer('vp_for').notNull(),
    vpAgainst: integer('vp_against').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.player] }), index('result_players_player_idx').on(t.player)],
);

export const ratings = pgTable(
  'ratings',
  {
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.channelId, { onDelete: 'cascade' }),
    player: text('player').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    ordinal: doublePrecision('ordinal').notNull(),
    games: integer('games').notNull(),
    updated: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.player] }), index('ratings_ordinal_idx').on(t.leagueId, t.ordinal)],
);

export const ratingHistory = pgTable(
  'rating_history',
  {
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    leagueId: text('league_id').notNull(),
    player: text('player').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    ordinal: doublePrecision('ordinal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.player] }), index('rating_history_player_idx').on(t.leagueId, t.player, t.resultId)],
);
