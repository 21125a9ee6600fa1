/**
 * Sellsword behind the boundary (docs/rulesets.md §1, §5 step 4): today's functions, where they
 * are, under the `Ruleset` interface. What the application hands in is what the match row holds, as
 * `matchRecord` (match/record.ts) decoded it, so it is narrowed here to Sellsword's stored shapes.
 */
import { nextActor, type PlayerId } from './engine';
import { beginMatch, gameOf, rebuildMatch, stepMatch, type MatchCommand, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../match/match-state';
import type { MatchEnd, Phase, Ruleset, Stepped, Wait } from '../ruleset';
import { timeoutCommand } from './timeouts';
import { RULES_TOPICS } from './rules-topics';
import { d20RollsOf } from '../../match/dice-proof';
import { SELLSWORD_HELP } from './help-topics';
import { PROMPT_BUTTONS } from './table/prompt-buttons';

// The values below come from a decoded Sellsword row (match/record.ts) or from this module's own answers.
const setupOf = (setup: unknown) => setup as MatchSetup;
const snapshotOf = (state: unknown) => state as MatchSnapshot;

function stepped(r: ReturnType<typeof stepMatch>, setup: MatchSetup): Stepped {
  if (!r.ok) return r;
  // Once setup is over the setup holds the game's first state: the catalog may change later, this game may not.
  return { ok: true, events: r.events, state: r.snapshot, ...(r.start ? { setup: { ...setup, start: r.start } } : {}) };
}

function phase(state: unknown): Phase {
  const game = gameOf(snapshotOf(state));
  return game ? (game.over ? 'over' : 'playing') : 'setup';
}

function end(state: unknown): MatchEnd | null {
  const game = gameOf(snapshotOf(state));
  return game?.over ? { winner: game.winner, score: game.score, rounds: game.round } : null;
}

/** A setup choice, a prompt, or the turn of whoever gives the next act. */
function waits(state: unknown): Wait[] {
  const snapshot = snapshotOf(state);
  if (snapshot.stage === 'pregame') return snapshot.pregame.prompt ? [{ kind: 'setup', player: snapshot.pregame.prompt.player }] : [];
  const game = snapshot.game;
  if (game.over) return [];
  if (game.prompt) return [{ kind: 'prompt', player: game.prompt.player }];
  const actor = nextActor(game);
  return actor ? [{ kind: 'turn', player: actor }] : [];
}

const startsTurn = (event: unknown): boolean => {
  const e = event as MatchEvent;
  return e.stage === 'game' && e.event.type === 'turn-started';
};

/** A game saved before snapshots kept turn marks has none and never gets any: its replay leaves them out too. */
function replay(setup: unknown, events: readonly unknown[], stored?: unknown): MatchSnapshot {
  const rebuilt = rebuildMatch(setupOf(setup), events as readonly MatchEvent[]);
  const saved = stored === undefined || stored === null ? undefined : snapshotOf(stored);
  return rebuilt.stage === 'game' && saved?.stage === 'game' && saved.turns === undefined ? { stage: rebuilt.stage, game: rebuilt.game } : rebuilt;
}

export const sellsword: Ruleset = {
  id: 'sellsword',
  name: 'Sellsword',
  version: 1,
  replays: [1],
  match: {
    begin: (setup) => stepped(beginMatch(setupOf(setup)), setupOf(setup)),
    step: (setup, state, command, by: PlayerId | undefined, seq) =>
      stepped(stepMatch(setupOf(setup), snapshotOf(state), command as MatchCommand, by, seq), setupOf(setup)),
    replay,
    phase,
    waits,
    timeout: (state, name) => timeoutCommand(snapshotOf(state), name),
    startsTurn,
    end,
  },
  diceOf: d20RollsOf,
  scenario: null,
  rules: RULES_TOPICS,
  help: SELLSWORD_HELP,
  buttons: PROMPT_BUTTONS,
};
