/** Which matches are played through their ruleset's table rules (rulesets/ruleset.ts `TableRules`), asked of the registry. */
import { rulesetOfMatch, type Ruleset, type TableRules } from '../rulesets';
import type { MatchRow } from '../store';

export interface TableGame {
  readonly rules: Ruleset;
  readonly table: TableRules;
}

/** The game of a stored match when it is played through table rules; null for the default game's. */
export function tableGameOf(row: Pick<MatchRow, 'ruleset' | 'rulesetVersion'>): TableGame | null {
  const found = rulesetOfMatch(row);
  return found.ok && found.ruleset.table ? { rules: found.ruleset, table: found.ruleset.table } : null;
}
