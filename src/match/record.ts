/**
 * A match row as the bot reads it. The store keeps a match's terms, setup and snapshot as JSON it
 * types `unknown` (store/schema.ts); `matchRecord(row)` decodes them once, where the row is read,
 * into the types the bot works with. The schemas are light on purpose: they check the discriminants
 * and the shapes the bot reads (stages, prompts and their options, units, players, the dice), not
 * the whole engine state, which the engine wrote and replay checks. A decoded value is the stored
 * value itself, not a copy, so a snapshot still compares equal to its replay key for key.
 */
import { z } from 'zod';
import type { UnitCard } from '../rulesets/sellsword/formats/card';
import type { Gridmap } from '../formats/gridmap';
import type { ModCard } from '../rulesets/sellsword/formats/mod';
import type { PregameState } from '../rulesets/sellsword/engine';
import type { GameState, Options, PlayerId } from '../rulesets/sellsword/engine';
import type { MatchRow } from '../store';
import type { DiceCommitment } from './dice-proof';
import { gameShape as game, pregameShape as pregame } from '../rulesets/sellsword/formats/stored';

export interface MatchWarband {
  readonly name: string;
  readonly faction: string;
  readonly points: number;
  readonly units: readonly { readonly card: string; readonly mod?: string }[];
}

/** What a match is rebuilt from; written once when the challenge is accepted, plus `start` when play begins. */
export interface MatchSetup {
  readonly seed: number;
  /** Seating order: the challenger first. */
  readonly players: readonly PlayerId[];
  readonly names: Readonly<Record<PlayerId, string>>;
  readonly warbands: Readonly<Record<PlayerId, MatchWarband>>;
  /** Candidate maps, carried whole so a map edited later cannot change a match in progress. */
  readonly maps: readonly { readonly id: string; readonly map: Gridmap }[];
  readonly rerolls: Readonly<Record<PlayerId, number>>;
  readonly options: Options;
  /** The cards and mods the warbands use, frozen at acceptance: a catalog changed mid-setup cannot stall the match. */
  readonly cards: Readonly<Record<string, UnitCard>>;
  readonly mods: Readonly<Record<string, ModCard>>;
  /** The game's first state, saved when setup finishes: the catalog may change later, this game may not. */
  readonly start?: GameState;
  /** The public half of the dice proof; absent when the match was given a fixed seed. */
  readonly dice?: DiceCommitment;
}

/**
 * A game state without what a game never changes (its map, cards and mods): the snapshot's game holds
 * those once, and `withFixed` (match/match-state.ts) puts them back.
 */
export type Moment = Omit<GameState, 'map' | 'cards' | 'mods'>;

/**
 * Where the last turns began, so that posting a turn reads only that turn's events instead of
 * replaying the whole log (commands/post-render.ts). A turn begins after the last turn end or round
 * start before it (the overlay's "before").
 */
export interface TurnMarks {
  /** The turn in progress began after event `seq`, from `state`. */
  readonly start: { readonly seq: number; readonly state: Moment };
  /** The last turn that ended: it began after event `from`, from `state`, and ended with event `end`. */
  readonly last: { readonly from: number; readonly end: number; readonly state: Moment } | null;
}

/**
 * What the match is now. A game's `turns` are part of it (rebuildMatch makes them too, and the check
 * compares them); a snapshot saved before they existed has none, and keeps none (see stepMatch).
 */
export type MatchSnapshot =
  | { readonly stage: 'pregame'; readonly pregame: PregameState }
  | { readonly stage: 'game'; readonly game: GameState; readonly turns?: TurnMarks };

/** A warband as committed to a challenge, with the map it names. */
export type CommittedWarband = MatchWarband & { readonly map: string };

/**
 * The clock of a match (docs/playing.md "Deadlines"; clock/clock-terms.ts): how long each wait
 * may last, when reminders go out, how many missed deadlines forfeit the match, and the vacation
 * allowance.
 */
export interface ClockTerms {
  /** A unit's turn. */
  readonly turnHours: number;
  /** An out-of-turn choice (a reply, a wound split, a reroll…) and each setup choice. */
  readonly promptHours: number;
  /** Each opponent's time to accept a challenge; then it lapses. */
  readonly acceptHours: number;
  /** Reminders at these fractions of the time (0.5: halfway). */
  readonly remindAt: readonly number[];
  /** And this many hours before the deadline. */
  readonly remindBeforeHours: readonly number[];
  /** Missed deadlines that forfeit the match. */
  readonly maxMisses: number;
  /** Vacation days per season (a calendar year, UTC, until leagues have seasons). */
  readonly vacationDays: number;
}

/** What a challenge was made on, and who has accepted it (commands/skirmish/skirmish-challenge.ts). */
export interface Terms {
  /** The point cap for every warband. */
  readonly points: number;
  /** The VP target when the challenger named one (`points`); otherwise the smaller warband's points. */
  readonly target?: number | null;
  readonly map: string | null;
  /** The warbands committed so far, by player: the challenger's from the start. */
  readonly accepted: Readonly<Record<PlayerId, CommittedWarband>>;
  /**
   * The dice (match/dice-proof.ts): the secret minted with the challenge, its commitment (posted), and
   * the accept interactions' ids so far. The secret is shown only when the match is over.
   */
  readonly dice?: DiceCommitment & { readonly secret: string };
  /** Deadlines, reminders and misses, where they differ from the defaults (clock-terms.ts). */
  readonly clock?: Partial<ClockTerms>;
  /**
   * A practice match (`/skirmish practice`): the bot itself plays `seat` (match/practice-seat.ts).
   * Such a match is for trying a warband and counts in no standings.
   */
  readonly practice?: { readonly seat: PlayerId };
  /**
   * A league's allowed maps (`/league settings maps`): the map chooser offers only these; a game played
   * at the table is played on one of them drawn from its seed when `map` names none (match/table-begin.ts).
   */
  readonly allowedMaps?: readonly string[];
  /** The last round, for a game that plays one (a league's setting; ruling SC32). */
  readonly roundLimit?: number;
  /** The league's catalog version when the match was made; the match keeps it. */
  readonly catalogVersion?: string;
  /**
   * The name its thread is made with, fixed when the match is saved (before the thread exists), so a
   * thread made before a crash or a lost answer is found again by it (commands/skirmish/match-thread.ts).
   */
  readonly thread?: { readonly name: string };
}

/** A match row with its terms, setup and snapshot decoded. */
export type MatchRecord = Omit<MatchRow, 'terms' | 'setup' | 'snapshot'> & {
  readonly terms: Terms;
  readonly setup: MatchSetup | null;
  readonly snapshot: MatchSnapshot | null;
};

/*
 * The light schemas. Objects are loose: fields the bot does not read pass unchecked, and fields other
 * versions add (a match stored by a newer bot) do not fail a row.
 */

const id = z.string();
const ids = z.array(id);
const count = z.number();

const warband = z.looseObject({
  name: z.string(),
  faction: z.string(),
  points: count,
  units: z.array(z.looseObject({ card: z.string(), mod: z.string().optional() })),
});

const dicePublic = z.looseObject({ commitment: z.string(), entropy: ids });

/**
 * The value itself (no copy: a parsed loose object would be rebuilt, its keys reordered), once
 * `shape` accepts it, typed as what the bot wrote there.
 */
function checked<T>(shape: z.ZodType) {
  return z.custom<T>().superRefine((value, ctx) => {
    const parsed = shape.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

const setupSchema = checked<MatchSetup>(
  z.looseObject({
    seed: count,
    players: ids,
    names: z.record(z.string(), z.string()),
    warbands: z.record(z.string(), warband),
    maps: z.array(z.looseObject({ id: z.string(), map: z.looseObject({ id: z.string() }) })),
    rerolls: z.record(z.string(), count),
    options: z.looseObject({ vpTarget: count, glancingBlow: z.boolean(), roundLimit: count.nullable() }),
    cards: z.record(z.string(), z.looseObject({ name: z.string() })),
    mods: z.record(z.string(), z.looseObject({ name: z.string() })),
    start: game.optional(),
    dice: dicePublic.optional(),
  }),
);

const snapshotSchema = checked<MatchSnapshot>(
  z.discriminatedUnion('stage', [z.looseObject({ stage: z.literal('pregame'), pregame }), z.looseObject({ stage: z.literal('game'), game })]),
);

const termsSchema = checked<Terms>(
  z.looseObject({
    points: count,
    target: count.nullable().optional(),
    map: z.string().nullable(),
    accepted: z.record(z.string(), warband.extend({ map: z.string() })),
    dice: dicePublic.extend({ secret: z.string() }).optional(),
    clock: z.looseObject({}).optional(),
    practice: z.looseObject({ seat: id }).optional(),
  }),
);

/** A stored value that does not decode: a row written by hand, or by a bot that wrote something else. */
export class BadMatchRecord extends Error {
  constructor(match: string, what: string, error: z.ZodError) {
    super(`match ${match}: its ${what} does not decode: ${z.prettifyError(error)}`);
    this.name = 'BadMatchRecord';
  }
}

function decode<T>(row: MatchRow, what: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadMatchRecord(row.id, what, parsed.error);
  return parsed.data;
}

/**
 * A setup read from elsewhere than a row (a match file, `/skirmish export`), decoded with the same
 * schema; `match` names it in the error. Throws BadMatchRecord when it does not fit.
 */
export function matchSetupOf(value: unknown, match: string): MatchSetup {
  const parsed = setupSchema.safeParse(value);
  if (!parsed.success) throw new BadMatchRecord(match, 'setup', parsed.error);
  return parsed.data;
}

/**
 * Records already decoded, by the row object they were decoded from. The store hands out one shared
 * row object per version of a match (store/match-row-cache.ts), so an act, the posts it plans and
 * delivers and the next command's reads decode that version once. A record is reused only while its
 * row still holds the very values it checked; a row is never changed in place by the bot (every change
 * is a new row from the store), and a row object made anew (`{ ...row, snapshot }`) is decoded anew.
 */
const decoded = new WeakMap<MatchRow, MatchRecord>();
let decodes = 0;

const sameColumns = (a: MatchRecord, b: MatchRow): boolean =>
  a.seq === b.seq && a.updated === b.updated && a.status === b.status && a.threadId === b.threadId && a.winner === b.winner && a.result === b.result;

/** How many rows matchRecord has decoded (not found already decoded) in this thread: for tests and benchmarks. */
export const recordDecodes = (): number => decodes;

/**
 * The record of a row an act has just saved from values the bot holds (store/act.ts `saved`), taken as
 * decoded without checking them again: the caller vouches that each is either what its step read and
 * decoded (matchRecord) or what the step made with the engine. The checks are for rows the bot reads
 * from elsewhere; a later read of the same version is this same row (store/match-row-cache.ts).
 */
export function savedRecord(row: MatchRow): MatchRecord {
  const record = row as MatchRecord;
  decoded.set(row, record);
  return record;
}

/**
 * Whether the row's setup and snapshot are in the shapes these schemas read: the default game's
 * (whose rules the application still reads directly, docs/rulesets.md §5). Another game's JSON is
 * left to its ruleset (rulesets/ruleset.ts `TableRules`), which reads the raw row; its record says
 * null for both, so no code that reads these shapes mistakes it for a game of its own.
 */
const ownShapes = (row: MatchRow): boolean => row.ruleset === DEFAULT_SHAPES;
const DEFAULT_SHAPES = 'sellsword';

/** The row with its terms, setup and snapshot decoded; throws BadMatchRecord when one does not fit. */
export function matchRecord(row: MatchRow): MatchRecord {
  const kept = decoded.get(row);
  if (kept && kept.terms === row.terms && kept.setup === row.setup && kept.snapshot === row.snapshot && sameColumns(kept, row)) return kept;
  decodes++;
  const record: MatchRecord = {
    ...row,
    terms: decode(row, 'terms', termsSchema, row.terms),
    setup: row.setup === null || !ownShapes(row) ? null : decode(row, 'setup', setupSchema, row.setup),
    snapshot: row.snapshot === null || !ownShapes(row) ? null : decode(row, 'snapshot', snapshotSchema, row.snapshot),
  };
  decoded.set(row, record);
  return record;
}
