/**
 * The registry of games (docs/rulesets.md §1): the one way the application reaches a game. A match
 * row names its game and the version of the rules it was played under (store `matches.ruleset`,
 * `ruleset_version`); `rulesetOfMatch` gives that game's rules, or refuses with a sentence when this
 * bot does not know the game or no longer replays that version, so no match is ever replayed under
 * other rules than its own.
 */
import type { RuleError } from '../engine';
import type { Ruleset, RulesetId } from './ruleset';
import { sellsword } from './sellsword';
import { swordAndClaw } from './sword-and-claw';

export type {
  ArmyOffer,
  MapOffer,
  MatchEnd,
  MatchRules,
  OrderSpec,
  Phase,
  PromptPost,
  Ruleset,
  RulesetId,
  ScenarioRun,
  Stepped,
  Suggestion,
  TableBegin,
  TableRequest,
  TableRules,
  ToldEvent,
  ViewRules,
  Wait,
} from './ruleset';

/** Every game this bot plays; the first (Sellsword) is the default for what names none. */
export const RULESETS: readonly Ruleset[] = [sellsword, swordAndClaw];

export type Found = { readonly ok: true; readonly ruleset: Ruleset } | { readonly ok: false; readonly error: RuleError };

/** The game named `id`, able to replay `version` (default: its current one). */
export function rulesetOf(id: string, version?: number): Found {
  const ruleset = RULESETS.find((r) => r.id === id);
  if (!ruleset)
    return {
      ok: false,
      error: { code: 'unknown-ruleset', message: `This match is of a game this bot does not know ("${id}"), so it cannot be played or replayed here.` },
    };
  if (version !== undefined && !ruleset.replays.includes(version))
    return {
      ok: false,
      error: {
        code: 'unknown-ruleset-version',
        message: `This match was played under version ${version} of the ${ruleset.name} rules, which this bot does not replay (it knows version ${ruleset.replays.join(', ')}); it is kept as it is, never replayed under other rules.`,
      },
    };
  return { ok: true, ruleset };
}

/** The rules a stored match is played and replayed under. */
export const rulesetOfMatch = (row: { readonly ruleset: string; readonly rulesetVersion: number }): Found => rulesetOf(row.ruleset, row.rulesetVersion);

/** What a new match's row records of its game: the game (default: the first, Sellsword) and its rules' current version. */
export function newMatchRules(id: RulesetId = RULESETS[0]!.id): { readonly ruleset: RulesetId; readonly rulesetVersion: number } {
  const found = rulesetOf(id);
  if (!found.ok) throw new Error(found.error.message);
  return { ruleset: found.ruleset.id, rulesetVersion: found.ruleset.version };
}
