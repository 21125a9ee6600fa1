/**
 * Random play of Sword and Claw through its rules, for property tests: each pick plays one of the
 * commands the rules list, an order most of the time and a closing command (a step's or a turn's end)
 * one pick in `closingEvery`, so turns see many orders. A listed command the rules refuse fails the test.
 */
import { rulesetOf } from '../../../src/rulesets';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import type { ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';

/** A crowded yard: the two sample armies close together, so troops meet, pass through friends and are asked about opportunity attacks often. */
export const CROWDED_YARD = {
  ruleset: 'sword-and-claw' as const,
  id: 'yard',
  name: 'Yard',
  sample: false,
  grid: ['.........', '.........', '...#.^...', '.........', '...^.#...', '.........', '.........'],
};

/** Commands that close a step, a deployment or a turn. */
const CLOSING = new Set<string>(['next', 'end-turn', 'deploy-done', 'deploy-rest']);

/** Plays `picks` from the match's start; `check` sees every state reached (to throw on a broken one). */
export function playRandom(
  s: ScSetup,
  picks: readonly number[],
  closingEvery: number,
  check: (state: ScState) => void = () => {},
): { state: ScState; events: ScEvent[] } {
  const found = rulesetOf('sword-and-claw');
  if (!found.ok) throw new Error(found.error.message);
  const begun = found.ruleset.match.begin(s);
  if (!begun.ok) throw new Error(begun.error.message);
  let state = begun.state as ScState;
  const events = [...(begun.events as ScEvent[])];
  for (const pick of picks) {
    const options = legalCommands(s, state);
    if (options.length === 0) break;
    const orders = options.filter((o) => !CLOSING.has(o.type));
    const closing = options.filter((o) => CLOSING.has(o.type));
    const from = orders.length > 0 && (pick % closingEvery !== 0 || closing.length === 0) ? orders : closing;
    const command = from[Math.floor(pick / closingEvery) % from.length]!;
    const r = decideSc(s, state, command, undefined);
    if (!r.ok) throw new Error(`a listed command was refused: ${JSON.stringify(command)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
    check(state);
  }
  return { state, events };
}
