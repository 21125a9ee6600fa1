/**
 * Runs a scenario (docs/formats.md "Scenario") and builds its report. Pure: the CLI reads the file and
 * prints; tests call this directly.
 */
import type { Content } from '../../content/load';
import type { UnitCard } from './formats/card';
import { gridmapSchema, type Gridmap } from '../../formats/gridmap';
import { battlefieldProblems } from './engine';
import type { ModCard } from './formats/mod';
import type { Scenario, Step } from '../../formats/scenario';
import { nameOf } from '../../engine';
import type { Command } from './engine';
import { decide } from './engine';
import { defaultDecision } from './engine';
import { diceUsed, fixed, seeded } from '../../engine';
import type { RuleError } from '../../engine';
import { apply, type GameEvent } from './engine';
import { initial } from './engine';
import type { GameState, Prompt, StatusState } from './engine';
import { boardOf } from './engine';
import { actsFor, nextTurn } from './engine';

export type StepReport = { ok: true; events: GameEvent[] } | { ok: false; error: RuleError };

export interface Report {
  steps: StepReport[];
  state: Record<string, unknown> | null;
  dice: { used: number; left: number } | null;
  error: RuleError | null;
}

/** Problems with the file that stop the run before it starts (exit 2). */
export class ScenarioFileError extends Error {}

function mapOf(scenario: Scenario, content: Content): Gridmap {
  if (typeof scenario.map !== 'string') {
    // The format checked the inline map's shape; whether it is a battlefield needs the board.
    const problems = battlefieldProblems(scenario.map);
    if (problems.length > 0) throw new ScenarioFileError(problems.map((p) => `map.${p.path}: ${p.message}`).join('\n'));
    return scenario.map;
  }
  const map = content.maps.get(scenario.map);
  if (!map) throw new ScenarioFileError(`map: no map "${scenario.map}" (known: ${[...content.maps.keys()].join(', ')})`);
  return gridmapSchema.parse(map);
}

function answers(step: Step | undefined, prompt: Prompt, state: GameState): boolean {
  if (!step || !('decide' in step)) return false;
  const d = step.decide;
  const who = d.player ?? (d.unit !== undefined ? state.units[d.unit]?.player : undefined);
  return who === prompt.player;
}

/** The state a scenario starts from, before play begins. */
export function scenarioState(scenario: Scenario, content: Content): GameState {
  const cards = new Map<string, UnitCard>(content.index.units);
  const mods = new Map<string, ModCard>(content.index.mods);
  for (const c of scenario.cards) cards.set(c.id, c);
  for (const m of scenario.mods) mods.set(m.id, m);
  const made = initial({
    map: mapOf(scenario, content),
    cards,
    mods,
    options: { vpTarget: scenario.options.vpTarget, glancingBlow: scenario.options.glancingBlow, roundLimit: scenario.options.roundLimit },
    players: scenario.players,
    units: scenario.units,
    rng: scenario.seed !== undefined ? seeded(scenario.seed) : fixed(scenario.dice ?? []),
    ...(scenario.start ? { start: { round: scenario.start.round, order: scenario.start.order } } : {}),
    entry: { ...(scenario.start?.entry ?? {}), ...(scenario.entry ?? {}) },
  });
  if ('error' in made) throw new ScenarioFileError(made.error.message);
  return made.state;
}

export function runScenario(scenario: Scenario, content: Content): Report {
  let state = scenarioState(scenario, content);
  const report: Report = { steps: [], state: null, dice: null, error: null };
  const play = (command: Command): { events: GameEvent[] } | { error: RuleError } => {
    const r = decide(state, command);
    if ('events' in r) state = r.events.reduce(apply, state);
    return r;
  };
  /** Resolves open prompts by default while `next` does not answer them; the events join `into`. */
  const autoResolve = (next: Step | undefined, into: GameEvent[]): RuleError | null => {
    while (scenario.auto && state.prompt && !answers(next, state.prompt, state)) {
      const r = play({ decide: defaultDecision(state.prompt) });
      if ('error' in r) return r.error;
      into.push(...r.events);
    }
    return null;
  };
  const opening: GameEvent[] = [];
  // Defaults that settle a prompt join the events of the last step that was carried out: the step
  // that left the prompt open (or the opening, which the report does not list). A refused step
  // changes nothing, so a prompt open before it is still open after it (docs/formats.md: a mis-shaped
  // `decide` is refused with `wrong-prompt` and the prompt waits for the next step, or the end).
  let settled = opening;
  const begun = play({ begin: true });
  if ('error' in begun) report.error = begun.error;
  else opening.push(...begun.events);
  for (let i = 0; i < scenario.steps.length && !report.error; i++) {
    const step = scenario.steps[i]!;
    report.error = autoResolve(step, settled);
    if (report.error) break;
    const r = play(step);
    if ('error' in r) {
      report.steps.push({ ok: false, error: r.error });
      // A fixed list that ran out or holds another die is the scenario's fault: it ends the run.
      if (r.error.code === 'out-of-dice' || r.error.code === 'wrong-die') report.error = r.error;
      continue;
    }
    settled = [...r.events];
    report.steps.push({ ok: true, events: settled });
  }
  // Any prompt still open after the last step is settled too, whether or not that step was refused.
  if (!report.error) report.error = autoResolve(undefined, settled);
  report.state = summary(state);
  report.dice = diceUsed(state.rng);
  return report;
}

function statusOut(s: StatusState): Record<string, unknown> {
  return {
    status: s.status,
    ...(s.recover !== null ? { recover: s.recover } : {}),
    ...(s.modifier !== 0 ? { modifier: s.modifier } : {}),
    ...(s.source !== null ? { source: s.source } : {}),
    ...(s.asterisk ? { asterisk: true } : {}),
    ...(s.wound !== undefined ? { wound: s.wound, type: s.type } : {}),
    ...(s.held ? { held: true } : {}),
  };
}

/** The report's view of the state (docs/formats.md "Report"). */
export function summary(state: GameState): Record<string, unknown> {
  const board = boardOf(state);
  const next = state.turn ? null : nextTurn(state);
  return {
    round: state.round,
    phase: state.turn ? state.phase : (next?.phase ?? state.phase),
    activePlayer: state.turn?.player ?? next?.player ?? null,
    activeUnit: state.turn?.unit ?? null,
    score: { ...state.score },
    winner: state.winner,
    units: Object.fromEntries(
      Object.values(state.units).map((u) => [
        u.id,
        {
          at: u.dropped ? null : u.at === null ? 'reserve' : nameOf(board, u.at),
          vigor: u.vigor,
          injuries: [...u.injuries],
          statuses: u.statuses.map(statusOut),
          tokens: { ...u.tokens },
          turnTaken: u.turnTaken,
          dropped: u.dropped,
          actsLeft: state.turn?.unit === u.id ? state.turn.actsLeft : u.turnTaken || u.dropped ? 0 : actsFor(state, u),
        },
      ]),
    ),
    prompt: state.prompt ? { ...state.prompt } : null,
  };
}
