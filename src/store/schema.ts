/**
 * The tables, declared once for both databases: each `table` below is the SQLite table (drizzle-kit
 * writes migrations/ from this module) and builds its PostgreSQL twin, which schema-pg.ts exports
 * (store/dialect-tables.ts says what each column type is in each dialect). Every column name is spelled
 * out in snake_case so the SQL reads plainly in the sqlite3 and psql shells and in the generated
 * migrations. Times are milliseconds since the epoch (`ms`).
 *
 * JSON columns: documents people upload (warbands, maps, catalogs) are typed `Json`. What the match
 * layer stores for the engine (terms, setup, snapshot, result, events) is typed `unknown`: the store
 * never looks inside, and the engine's types are interfaces, which TypeScript does not accept as `Json`.
 */
import { sql } from 'drizzle-orm';
import { bool, bytes, check, index, integer, json, ms, primaryKey, real, serial, table, text, uniqueIndex } from './dialect-tables';
import type { Json } from './json';

export const MATCH_STATUSES = ['challenged', 'setup', 'playing', 'over', 'declined', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
/** How an outbox row ended (`outbox.outcome`). */
export const OUTBOX_OUTCOMES = ['delivered', 'fallback', 'skipped', 'given-up'] as const;
export type OutboxOutcome = (typeof OUTBOX_OUTCOMES)[number];
/** A match in one of these may still change; the others are final. */
export const OPEN_STATUSES = ['challenged', 'setup', 'playing'] as const satisfies readonly MatchStatus[];

export const players = table('players', {
  /** Discord user id. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  created: ms('created_at').notNull(),
  updated: ms('updated_at').notNull(),
});

export const catalogs = table('catalogs', {
  id: text('id').primaryKey(),
  faction: text('faction').notNull(),
  document: json('document').$type<Json>().notNull(),
  /** The game its documents are for (src/rulesets); every row written before rulesets is Sellsword's. */
  ruleset: text('ruleset').notNull().default('sellsword'),
  /** User id of the organiser who added it. */
  owner: text('owner').notNull(),
  created: ms('created_at').notNull(),
});

export const maps = table(
  'maps',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    gridmap: json('gridmap').$type<Json>().notNull(),
    /** The game its documents are for (src/rulesets); every row written before rulesets is Sellsword's. */
    ruleset: text('ruleset').notNull().default('sellsword'),
    /** Null for the maps shipped with the bot. */
    owner: text('owner'),
    /** Null when every server may use it. */
    guildId: text('guild_id'),
    created: ms('created_at').notNull(),
  },
  (t) => [index('maps_guild_idx').on(t.guildId)],
);

export const warbands = table(
  'warbands',
  {
    id: serial('id'),
    owner: text('owner')
      .notNull()
      .references(() => players.id),
    name: text('name').notNull(),
    faction: text('faction').notNull(),
    points: integer('points').notNull(),
    document: json('document').$type<Json>().notNull(),
    /** The game its documents are for (src/rulesets); every row written before rulesets is Sellsword's. */
    ruleset: text('ruleset').notNull().default('sellsword'),
    /** Exactly what the user uploaded or typed, so it can be shown back or parsed again. */
    source: text('source').notNull(),
    created: ms('created_at').notNull(),
    updated: ms('updated_at').notNull(),
  },
  (t) => [uniqueIndex('warbands_owner_name_idx').on(t.owner, t.name)],
);

export const leagues = table(
  'leagues',
  {
    /** The channel whose threads hold the league's matches; Discord channel ids are unique across guilds. */
    channelId: text('channel_id').primaryKey(),
    guildId: text('guild_id').notNull(),
    name: text('name').notNull(),
    /** The game the league plays (src/rulesets); every league made before rulesets plays Sellsword. */
    ruleset: text('ruleset').notNull().default('sellsword'),
    created: ms('created_at').notNull(),
  },
  (t) => [index('leagues_guild_idx').on(t.guildId)],
);

export const matches = table(
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
    /** The game (src/rulesets) and the version of its rules the match is played and replayed under. */
    ruleset: text('ruleset').notNull().default('sellsword'),
    rulesetVersion: integer('ruleset_version').notNull().default(1),
    /** Everything needed to rebuild the state from nothing (seed, warbands…); null until known. */
    setup: json('setup').$type<unknown>(),
    /** The latest state, a cache of setup + events that can always be rebuilt. */
    snapshot: json('snapshot').$type<unknown>(),
    /** How many events the match has; the last event's seq. */
    seq: integer('seq').notNull().default(0),
    winner: text('winner'),
    result: json('result').$type<unknown>(),
    created: ms('created_at').notNull(),
    updated: ms('updated_at').notNull(),
    ended: ms('ended_at'),
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
export const matchParts = table('match_parts', {
  hash: text('hash').primaryKey(),
  part: text('part').notNull(),
});

/** One row per seat, so "my matches" is an index lookup instead of a scan of every players list. */
export const matchPlayers = table(
  'match_players',
  {
    matchId: text('match_id').belongsTo(() => matches.id),
    userId: text('user_id').notNull(),
    seat: integer('seat').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] }), index('match_players_user_idx').on(t.userId)],
);

/** Append-only: rows are inserted by `matches.act` and never updated. */
export const matchEvents = table(
  'match_events',
  {
    matchId: text('match_id').belongsTo(() => matches.id),
    seq: integer('seq').notNull(),
    event: json('event').$type<unknown>().notNull(),
    created: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.seq] }), check('match_events_seq_check', sql`${t.seq} >= 1`)],
);

/**
 * A finished match's event log at rest (store/match-logs.ts). The act that ends a match adds its row
 * with `codec` null: the log is still in `match_events`. After the retention period the scheduler packs
 * the log into `data` (in the format `codec` names, seqs 1 to `through_seq`), deletes its
 * `match_events` rows and the match's done reminders; `matches.events` reads both.
 */
export const matchLogs = table(
  'match_logs',
  {
    matchId: text('match_id')
      .primaryKey()
      .belongsTo(() => matches.id),
    /** When the match ended (its `ended_at`), which the retention period counts from. */
    ended: ms('ended_at').notNull(),
    /** How `data` is encoded; null until the log is packed. */
    codec: text('codec'),
    throughSeq: integer('through_seq'),
    data: bytes('data'),
  },
  (t) => [index('match_logs_unpacked_idx').on(t.ended).where(sql`codec is null`)],
);

export const prompts = table(
  'prompts',
  {
    id: serial('id'),
    matchId: text('match_id').belongsTo(() => matches.id),
    /** The match seq the prompt was posted at: its buttons are stale once the match moves on. */
    seq: integer('seq').notNull(),
    channelId: text('channel_id').notNull(),
    messageId: text('message_id').notNull().unique(),
    /** The user the prompt waits for. */
    player: text('player').notNull(),
    kind: text('kind').notNull(),
    created: ms('created_at').notNull(),
    closed: ms('closed_at'),
  },
  (t) => [
    index('prompts_match_idx').on(t.matchId, t.seq),
    // Re-posting after a restart asks for every open prompt; closed ones pile up forever.
    index('prompts_open_idx').on(t.matchId).where(sql`closed_at is null`),
  ],
);

export const follows = table(
  'follows',
  {
    matchId: text('match_id').belongsTo(() => matches.id),
    userId: text('user_id').notNull(),
    created: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] }), index('follows_user_idx').on(t.userId)],
);

/** Rows, not timers, so any process can pick one up after a restart (ARCHITECTURE "Scale"). */
export const deadlines = table(
  'deadlines',
  {
    id: serial('id'),
    matchId: text('match_id').belongsTo(() => matches.id),
    due: ms('due_at').notNull(),
    kind: text('kind').notNull(),
    /** The user it concerns, if one. */
    player: text('player'),
    /** When it was handled or cancelled; null while pending. */
    done: ms('done_at'),
    /** The match's seq when the wait it belongs to began (clock/deadline-plan.ts). */
    seq: integer('seq'),
    /** How it ended: `missed` (a timeout acted), `sent` (a reminder), `lapsed`, `cancelled` (the wait ended first), `moot`. */
    outcome: text('outcome'),
    /**
     * A scheduler took it until this time (bot/scheduler.ts). Marking it done happens in the
     * transaction that acts on it; a claim that runs out (a crashed process) lets another take it.
     */
    claimedUntil: ms('claimed_until'),
  },
  (t) => [
    index('deadlines_pending_idx').on(t.due).where(sql`done_at is null`),
    index('deadlines_match_idx').on(t.matchId),
    // A player's pending deadlines, moved together by a vacation.
    index('deadlines_player_idx').on(t.player).where(sql`done_at is null`),
  ],
);

/** Time away (/vacation): a player's deadlines move by the time they are away. */
export const vacations = table(
  'vacations',
  {
    id: serial('id'),
    userId: text('user_id').notNull(),
    /** The whole days asked for. */
    days: integer('days').notNull(),
    start: ms('started_at').notNull(),
    /** When it ends as asked: start + days. */
    until: ms('until_at').notNull(),
    /** When `/vacation end` ended it early; null when it runs (or ran) to `until`. */
    ended: ms('ended_at'),
  },
  (t) => [index('vacations_user_idx').on(t.userId, t.start)],
);

/** Standing orders (/orders): how a player answers out-of-turn prompts without being asked. */
export const standingOrders = table(
  'standing_orders',
  {
    userId: text('user_id').notNull(),
    /** A match id, or `*` for every match of the player. */
    scope: text('scope').notNull(),
    orders: json('orders').$type<unknown>().notNull(),
    updated: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
);

/** How a player wants to be reminded (/notify). */
export const notifySettings = table('notify_settings', {
  userId: text('user_id').primaryKey(),
  /** Reminders also come as direct messages. */
  dms: bool('dms').notNull(),
  updated: ms('updated_at').notNull(),
});

/**
 * What a match must show people, written in the same transaction as the change that caused it and
 * delivered afterwards by the outbox worker (docs/store.md "The outbox"). A delivered one keeps its
 * Discord message id for the retention period (outbox.ts OUTBOX_RETENTION_MS), then is pruned; a
 * given-up one keeps its reason for good.
 */
export const outbox = table(
  'outbox',
  {
    id: serial('id'),
    matchId: text('match_id').belongsTo(() => matches.id),
    channelId: text('channel_id').notNull(),
    /** What to deliver, as the match layer described it; images are rendered only when delivered. */
    body: json('body').$type<unknown>().notNull(),
    /**
     * The interaction whose reply this row may be ("id:token"), so that after a crash the worker can
     * ask Discord whether that reply went out before posting the row in the thread instead. Cleared
     * once the row is delivered; an interaction token is only valid for 15 minutes anyway.
     */
    via: text('via'),
    created: ms('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: the backoff after a failed attempt. */
    due: ms('due_at').notNull(),
    /** When it was delivered, skipped (a prompt the match moved past) or given up. */
    done: ms('done_at'),
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
export const matchPauses = table('match_pauses', {
  matchId: text('match_id')
    .primaryKey()
    .belongsTo(() => matches.id),
  since: ms('since_at').notNull(),
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
export const leases = table('leases', {
  name: text('name').primaryKey(),
  /** A random id minted by the process at start-up. */
  holder: text('holder').notNull(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  acquired: ms('acquired_at').notNull(),
  expires: ms('expires_at').notNull(),
});

/*
 * Leagues. A league is a channel (`leagues` above); what follows is its settings, its
 * seasons and their pairings, the results of its matches and the ratings made from them. The league
 * layer (src/league) owns what the values mean; the store keeps them.
 */

export const SEASON_STATES = ['signup', 'running', 'closed'] as const;
export type SeasonState = (typeof SEASON_STATES)[number];
export const PAIRING_SYSTEMS = ['round-robin', 'swiss'] as const;
export type PairingSystem = (typeof PAIRING_SYSTEMS)[number];
/** How one player's match went for them. */
export const OUTCOMES = ['win', 'loss', 'draw', 'forfeit'] as const;
export type Outcome = (typeof OUTCOMES)[number];
/**
 * How a result came about (src/league/result-kind.ts says each in words): played out, conceded, set
 * by an organiser, or forfeited: in setup by the clock, in play by the clock, at a season round's
 * deadline, or by leaving (removed by an organiser, or left the season). `forfeit` is a forfeit
 * recorded before its kind was kept.
 */
export const RESULT_WAYS = ['played', 'forfeit', 'conceded', 'awarded', 'forfeit-setup', 'forfeit-clock', 'forfeit-deadline', 'forfeit-withdrawn'] as const;
export type ResultWay = (typeof RESULT_WAYS)[number];
/** How a forfeit is scored for VP (league setting `forfeit_score`): see src/league/result-kind.ts. */
export const FORFEIT_SCORES = ['target', 'as-played'] as const;
export type ForfeitScore = (typeof FORFEIT_SCORES)[number];

/**
 * A league's settings, one row per league channel, made by `/league create`. A null setting means
 * "as a free challenge would have it" (the command's or the clock's default), so a league only pins
 * what its organiser chose.
 */
export const leagueSettings = table('league_settings', {
  leagueId: text('league_id')
    .primaryKey()
    .belongsTo(() => leagues.channelId),
  /** Members with this role organise the league, besides those with Manage Server. */
  organiserRole: text('organiser_role'),
  /** The point cap of every warband. */
  points: integer('points'),
  /** The VP target; null: the smaller warband's points. */
  vpTarget: integer('vp_target'),
  /** The clock (match/record.ts ClockTerms), each null for the default. */
  turnHours: real('turn_hours'),
  promptHours: real('prompt_hours'),
  /** Reminders at these fractions of the time. */
  remindAt: json('remind_at').$type<readonly number[]>(),
  /** And this many hours before the deadline. */
  remindBeforeHours: json('remind_before_hours').$type<readonly number[]>(),
  maxMisses: integer('max_misses'),
  vacationDays: integer('vacation_days'),
  /** The last round of the league's matches, won on points after it (games that play one); null: none. */
  roundLimit: integer('round_limit'),
  /** How a forfeit counts for VP difference; null: `target` (the forfeiting player loses by the VP target). */
  forfeitScore: text('forfeit_score', { enum: FORFEIT_SCORES }),
  /** Map ids the league's matches may be played on; null: any map of the server. */
  maps: json('maps').$type<readonly string[]>(),
  /** The catalog version the league plays with; null: the bot's current one. */
  catalogVersion: text('catalog_version'),
  /** False: only the season's pairings may be played here, no /skirmish challenge. */
  freeChallenges: bool('free_challenges').notNull().default(true),
  /**
   * The standings post the bot keeps up to date (`/league standings pin:true`): the `league_posts`
   * row that posted it, whose message id is the message to edit. Null when none is pinned.
   */
  standingsPost: integer('standings_post'),
  /** Results up to this id are in the stored ratings (src/league/ratings.ts catches up from here). */
  ratedThrough: integer('rated_through').notNull().default(0),
  created: ms('created_at').notNull(),
  updated: ms('updated_at').notNull(),
});

/** Every change an organiser made (settings, awarded and overturned results, removals, extensions), never deleted. */
export const leagueLog = table(
  'league_log',
  {
    id: serial('id'),
    leagueId: text('league_id').belongsTo(() => leagues.channelId),
    /** The organiser (user id). */
    by: text('by').notNull(),
    /** `setting`, `award`, `overturn`, `remove`, `extend`, `season`… (src/league owns the list). */
    kind: text('kind').notNull(),
    /** What changed: the setting's name, a result id, a player, a match id. */
    subject: text('subject').notNull(),
    before: json('before').$type<Json>(),
    after: json('after').$type<Json>(),
    reason: text('reason'),
    at: ms('at').notNull(),
  },
  (t) => [index('league_log_league_idx').on(t.leagueId, t.id)],
);

/**
 * What a league shows its channel outside any match (a settings change, the pinned standings and
 * their edits), written in the transaction of the change and delivered by the outbox worker like a
 * match's `outbox` rows, one league's rows in id order.
 */
export const leaguePosts = table(
  'league_posts',
  {
    id: serial('id'),
    leagueId: text('league_id').belongsTo(() => leagues.channelId),
    channelId: text('channel_id').notNull(),
    body: json('body').$type<unknown>().notNull(),
    created: ms('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    due: ms('due_at').notNull(),
    done: ms('done_at'),
    messageId: text('message_id'),
    error: text('error'),
  },
  (t) => [index('league_posts_pending_idx').on(t.leagueId, t.id).where(sql`done_at is null`)],
);

export const seasons = table(
  'seasons',
  {
    id: serial('id'),
    leagueId: text('league_id').belongsTo(() => leagues.channelId),
    /** 1, 2, 3… within the league. */
    number: integer('number').notNull(),
    state: text('state', { enum: SEASON_STATES }).notNull(),
    pairing: text('pairing', { enum: PAIRING_SYSTEMS }).notNull(),
    /** Rounds planned; null: as the pairing system decides (round-robin: players − 1). */
    rounds: integer('rounds'),
    /** How long each round lasts before its unplayed matches are forfeited. */
    roundHours: real('round_hours'),
    /** Sign-ups close by themselves then (the season runner pairs round 1); null: an organiser closes them. */
    signupDeadline: ms('signup_deadline_at'),
    /** The league's settings when the season started, so a season reads the same afterwards. */
    settings: json('settings').$type<unknown>(),
    created: ms('created_at').notNull(),
    /** Sign-ups closed and round 1 paired. */
    started: ms('started_at'),
    closed: ms('closed_at'),
  },
  (t) => [
    uniqueIndex('seasons_league_number_idx').on(t.leagueId, t.number),
    // At most one season of a league is open (signing up or running) at a time.
    uniqueIndex('seasons_open_idx').on(t.leagueId).where(sql`state <> 'closed'`),
    check('seasons_state_check', sql`${t.state} in (${sql.raw(SEASON_STATES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/** A player signed up for a season, with the warband they play it with, frozen when they joined. */
export const seasonEntries = table(
  'season_entries',
  {
    seasonId: integer('season_id').belongsTo(() => seasons.id),
    player: text('player')
      .notNull()
      .references(() => players.id),
    /** The saved warband they joined with (null once it is deleted; the snapshot stays). */
    warbandId: integer('warband_id').references(() => warbands.id, { onDelete: 'set null' }),
    /** The warband as committed (match/record.ts CommittedWarband). */
    warband: json('warband').$type<Json>().notNull(),
    joined: ms('joined_at').notNull(),
    /** Removed by an organiser (their open matches forfeited); null while they play. */
    removed: ms('removed_at'),
    /** What makes the warband illegal under the league's current catalog version; null when legal. */
    problem: text('problem'),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.player] }), index('season_entries_player_idx').on(t.player)],
);

export const seasonRounds = table(
  'season_rounds',
  {
    seasonId: integer('season_id').belongsTo(() => seasons.id),
    number: integer('number').notNull(),
    started: ms('started_at').notNull(),
    /** Unplayed matches are forfeited then. */
    deadline: ms('deadline_at'),
    /** Every pairing's match over (or forfeited). */
    ended: ms('ended_at'),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.number] })],
);

/** Who plays whom in a round: two or more players and their match, or one player's bye. */
export const pairings = table(
  'pairings',
  {
    id: serial('id'),
    seasonId: integer('season_id').belongsTo(() => seasons.id),
    round: integer('round').notNull(),
    /** Table number within the round, from 1. */
    table: integer('table_no').notNull(),
    /** User ids in seat order. */
    players: json('players').$type<readonly string[]>().notNull(),
    /** A bye: one player, no match, counted as a win. */
    bye: bool('bye').notNull().default(false),
    /** The match the bot opened for it; null for a bye or before it is opened. */
    matchId: text('match_id')
      .unique()
      .references(() => matches.id, { onDelete: 'set null' }),
    created: ms('created_at').notNull(),
  },
  (t) => [index('pairings_round_idx').on(t.seasonId, t.round)],
);

/**
 * A league result: one per finished league match (practice matches are none), or set by an
 * organiser. Never deleted: an overturned result stays, pointing at the one that replaced it (or
 * none), so history and ratings can be rebuilt. `result_players` holds each player's side.
 */
export const results = table(
  'results',
  {
    id: serial('id'),
    leagueId: text('league_id').belongsTo(() => leagues.channelId),
    /** The season it counts for; null for a free challenge outside any running season. */
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    pairingId: integer('pairing_id').references(() => pairings.id, { onDelete: 'set null' }),
    /** The match; null for a result an organiser set without one. */
    matchId: text('match_id').references(() => matches.id, { onDelete: 'set null' }),
    way: text('way', { enum: RESULT_WAYS }).notNull(),
    /** Null for a draw. */
    winner: text('winner'),
    /** Game rounds played (0 when it ended in setup). */
    rounds: integer('rounds').notNull(),
    /** From the challenge to the end, in ms. */
    duration: ms('duration_ms').notNull(),
    /** When the match ended (or the organiser set it). */
    ended: ms('ended_at').notNull(),
    /** An organiser's result: who set it and why. */
    by: text('by'),
    reason: text('reason'),
    /** Overturned: when, by whom, why, and the result that replaced it (null when none did). */
    overturned: ms('overturned_at'),
    overturnedBy: text('overturned_by'),
    overturnReason: text('overturn_reason'),
    replacedBy: integer('replaced_by'),
    created: ms('created_at').notNull(),
  },
  (t) => [
    index('results_league_idx').on(t.leagueId, t.id),
    index('results_season_idx').on(t.seasonId),
    // A match has at most one standing result; overturned ones may pile up beside it.
    uniqueIndex('results_match_idx').on(t.matchId).where(sql`overturned_at is null and match_id is not null`),
  ],
);

/** Each player's side of a result. */
export const resultPlayers = table(
  'result_players',
  {
    resultId: integer('result_id').belongsTo(() => results.id),
    player: text('player').notNull(),
    seat: integer('seat').notNull(),
    outcome: text('outcome', { enum: OUTCOMES }).notNull(),
    /** 1 for the winner; players who drew share a place. Ratings read it (free-for-all). */
    place: integer('place').notNull(),
    /** The warband played (match/record.ts CommittedWarband), null for an organiser's result without a match. */
    warband: json('warband').$type<Json>(),
    vpFor: integer('vp_for').notNull(),
    /** The opponents' VP: the opponent's in a duel, the best opponent's in a free-for-all. */
    vpAgainst: integer('vp_against').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.player] }), index('result_players_player_idx').on(t.player)],
);

/** A player's rating in a league (OpenSkill, src/league/ratings.ts), made from its standing results in id order. */
export const ratings = table(
  'ratings',
  {
    leagueId: text('league_id').belongsTo(() => leagues.channelId),
    player: text('player').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    /** The conservative ordinal shown to players (mu − 3σ, scaled by src/league). */
    ordinal: real('ordinal').notNull(),
    games: integer('games').notNull(),
    updated: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.player] }), index('ratings_ordinal_idx').on(t.leagueId, t.ordinal)],
);

/** A player's rating after each result: its trend. Rebuilt with the ratings. */
export const ratingHistory = table(
  'rating_history',
  {
    resultId: integer('result_id').belongsTo(() => results.id),
    leagueId: text('league_id').notNull(),
    player: text('player').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    ordinal: real('ordinal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.player] }), index('rating_history_player_idx').on(t.leagueId, t.player, t.resultId)],
);
