/**
 * Beginning a match's setup once every warband is in, the same for a challenge, a practice match and a
 * league pairing: the VP target, the candidate maps that seat every player (R5), the seed from the dice
 * proof and the setup's first events, as the step of the store's `matches.act`. And the defaults a new
 * match takes (its point cap, its thread's name).
 */
import { DiscordLimit } from '../discord/limits';
import { clip } from '../discord/text';
import type { RuleError } from '../engine';
import type { PlayerId } from '../rulesets/sellsword/engine';
import { entryAreas, TABLE_PLAY } from '../rulesets/sellsword/engine';
import type { Gridmap } from '../formats/gridmap';
import type { MatchRow } from '../store';
import { seedFrom } from './dice-proof';
import { rulesetOfMatch } from '../rulesets';
import { makeSetup, type MatchEvent, type MatchSetup, type MatchSnapshot } from './match-state';
import type { CommittedWarband, Terms } from './record';
import type { Services } from './services';
import { refuse } from './user-error';

export const DEFAULT_POINTS = 121;

/**
 * The most VP every player can reach by dropping every unit of the others (R3): the least, over the
 * players, of what the other warbands are worth together (for two players, the smaller warband's points).
 */
export function reachableVp(accepted: Readonly<Record<PlayerId, { readonly points: number }>>): number {
  const points = Object.values(accepted).map((w) => w.points);
  const total = points.reduce((a, b) => a + b, 0);
  return Math.min(...points.map((p) => total - p));
}

/** The VP target the challenger named (or, for challenges made before targets were separate from caps, the cap); null: none. */
const namedTarget = (terms: Terms): number | null => (terms.target === undefined ? terms.points : terms.target);

/**
 * The VP target: the one the challenger (or the league) named, capped at what every player can reach
 * (R2, R3), else the smaller warband's points. Issue 26: a target above what the opponent's warband is
 * worth was taken, and the match could never end by VP.
 */
export function vpTarget(terms: Terms, accepted: Readonly<Record<PlayerId, { readonly points: number }>>): number {
  const named = namedTarget(terms);
  if (named === null) return Math.min(...Object.values(accepted).map((w) => w.points));
  return Math.min(named, reachableVp(accepted));
}

/** Why the VP target is what it is, in a player's words, after "first to N VP wins": empty when it is the one named. */
export function vpTargetWhy(terms: Terms, accepted: Readonly<Record<PlayerId, { readonly points: number }>>): string {
  const named = namedTarget(terms);
  if (named === null) return " (the smaller warband's points)";
  const most = reachableVp(accepted);
  return named > most ? ` (lowered from the ${named} VP named: dropping every enemy unit scores at most ${most} VP)` : '';
}

/** A thread's name: the players and the league's match number ("Alice vs Bob · #7"). */
export const threadName = (names: readonly string[], number: number): string => {
  const tail = ` · #${number}`;
  return `${clip(names.join(' vs '), DiscordLimit.threadName - tail.length)}${tail}`;
};

/** Whether a map has a start area for each player (R5). */
export const seats = (map: Gridmap): number => entryAreas(map).length;

/**
 * What beginning setup reads from the store, read before the act: its step must be synchronous (the
 * store's `matches.act`), and the maps a late accept names are among the server's.
 */
export interface SetupReads {
  readonly names: (player: PlayerId) => string;
  /** Every map the server may use, by id. */
  readonly maps: ReadonlyMap<string, Gridmap>;
}

/**
 * The candidate maps (§2.1: each warband names its gridmap) that seat every player; when none of them
 * does, every map of the server that does, so a four-player match of two-player maps can still start.
 */
function candidateMaps(
  known: ReadonlyMap<string, Gridmap>,
  terms: Terms,
  accepted: Readonly<Record<PlayerId, CommittedWarband>>,
  players: number,
): { id: string; map: Gridmap }[] {
  const find = (id: string) => known.get(id.trim().toLowerCase());
  const allowed = (id: string) => !terms.allowedMaps || terms.allowedMaps.includes(id);
  const wanted = (terms.map ? [terms.map] : [...new Set(Object.values(accepted).map((w) => w.map))]).filter(allowed);
  const fit = wanted.flatMap((id) => {
    const map = find(id);
    return map && seats(map) >= players ? [{ id, map }] : [];
  });
  if (fit.length > 0) return fit;
  const any = [...known].flatMap(([id, map]) => (allowed(id) && seats(map) >= players ? [{ id, map }] : []));
  return any.length > 0 ? any : refuse('no-map', `No map available here has start areas for ${players} players.`);
}

/**
 * The step that begins setup once every warband is in (as `matches.act`'s result): the match's seed
 * from the dice proof (or the fixed seed of tests and SANDBOX_SEED, which says the match cannot be
 * verified), the candidate maps, the setup and its first events. `reads` come from `readForSetup`.
 */
export function beginSetup(
  app: Services,
  current: MatchRow,
  terms: Terms,
  reads: SetupReads,
): { ok: true; events: MatchEvent[]; snapshot: MatchSnapshot; status: 'setup'; setup: MatchSetup; terms: Terms } | { ok: false; error: RuleError } {
  const found = rulesetOfMatch(current);
  if (!found.ok) return found;
  const { accepted, dice } = terms;
  const fixed = app.fixedSeed?.();
  const seed = fixed ?? (dice ? seedFrom(dice.secret, dice.entropy) : seedFrom(app.mintSecret(), []));
  const names = Object.fromEntries(current.players.map((p) => [p, reads.names(p)]));
  const maps = candidateMaps(reads.maps, terms, accepted, current.players.length);
  const proof = dice && fixed === undefined ? { dice: { commitment: dice.commitment, entropy: dice.entropy } } : {};
  const made = makeSetup(
    {
      seed,
      players: current.players,
      names,
      warbands: accepted,
      maps,
      options: { vpTarget: vpTarget(terms, accepted), ...TABLE_PLAY },
      ...proof,
    },
    app.content,
  );
  if ('code' in made) return { ok: false, error: made };
  const begun = found.ruleset.match.begin(made);
  if (!begun.ok) return begun;
  // The application still reads Sellsword's shapes until posts and commands reach the game through the ruleset.
  return { ok: true, events: begun.events as MatchEvent[], snapshot: begun.state as MatchSnapshot, status: 'setup', setup: made, terms };
}
