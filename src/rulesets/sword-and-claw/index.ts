/**
 * Sword and Claw behind the boundary (docs/rulesets.md §1): the first slice's match as a `Ruleset`.
 * What the application hands in is what this module gave it (setup, state, events, commands as
 * JSON), so it is narrowed here to this game's shapes.
 */
import { SC_RULES_TOPICS } from './rules-topics';
import type { Roll } from '../../engine/dice';
import type { Ruleset, Stepped } from '../ruleset';
import { beginSc, type Decided, decideSc, replaySc } from './match/decide';
import { matchEnd } from './match/end';
import type { ScCommand, ScEvent, ScSetup, ScState } from './match/types';
import { scPhase, scStartsTurn, scTimeout, scWaits } from './match/waits';
import { runScScenario } from './match/scenario';
import { scView } from './view';
import { scTableRules } from './table';
import { SC_HELP } from './help-topics';
import { chooseScCommand } from './ai/choose';

const setupOf = (setup: unknown) => setup as ScSetup;
const stateOf = (state: unknown) => state as ScState;

const stepped = (r: Decided): Stepped => (r.ok ? { ok: true, events: r.events, state: r.state } : r);

/** The dice an event used: Sword and Claw's events carry them as `dice`, each with its size. */
export function scDiceOf(event: unknown): readonly Roll[] {
  const dice = (event as { dice?: unknown } | null)?.dice;
  return Array.isArray(dice) ? (dice as Roll[]) : [];
}

export const swordAndClaw: Ruleset = {
  id: 'sword-and-claw',
  name: 'Sword and Claw',
  version: 1,
  replays: [1],
  match: {
    begin: (setup) => stepped(beginSc(setupOf(setup))),
    step: (setup, state, command, by) => stepped(decideSc(setupOf(setup), stateOf(state), command as ScCommand, by)),
    replay: (setup, events) => replaySc(setupOf(setup), events as readonly ScEvent[]),
    phase: (state) => scPhase(stateOf(state)),
    waits: (state) => scWaits(stateOf(state)),
    timeout: (state, name) => scTimeout(stateOf(state), name),
    startsTurn: (event) => scStartsTurn(event as ScEvent),
    end: (state) => matchEnd(stateOf(state)),
  },
  diceOf: scDiceOf,
  scenario: { run: runScScenario },
  view: scView,
  table: scTableRules,
  practice: { choose: (setup, state, seat) => chooseScCommand(setupOf(setup), stateOf(state), seat) },
  rules: SC_RULES_TOPICS,
  help: SC_HELP,
  buttons: [],
};
