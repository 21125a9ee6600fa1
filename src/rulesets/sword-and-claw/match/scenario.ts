/**
 * Runs a Sword and Claw scenario (docs/formats.md "Sword and Claw: scenario"): the table it sets,
 * with fixed dice of any size (or a seed), and its steps played as commands through the same
 * decide and apply as a match. The report has the shape of Sellsword's: each step's events or
 * refusal, the state at the end in words a test can match, the dice used, and a run-ending error.
 */
import { squareIndex, nameOf } from '../../../engine/board';
import { diceUsed, fixed, seeded } from '../../../engine/dice';
import type { RuleError } from '../../../engine/errors';
import { startTurn } from '../../../engine/step-turn';
import { formatProblems, parseWith } from '../../../formats/problems';
import { loadScContent } from '../content';
import type { ScMap } from '../formats/map';
import { type ScScenario, type ScStep, scScenarioSchema } from '../formats/scenario';
import type { TroopCard } from '../formats/troop-card';
import { defenderEdges, OPPOSITE } from '../rules/setup';
import { scTable } from '../rules/table';
import { isHurt } from '../rules/wounds';
import type { ScenarioRun } from '../../ruleset';
import { STEP_RULES } from './apply';
import { beginDeployment } from './deploy';
import { DecisionCtx } from '../../../engine/context';
import { applyEvent } from './apply';
import { decideSc } from './decide';
import { scores } from './end';
import { pieceOf } from './tables';
import type { ScCommand, ScEvent, ScSetup, ScState, ScTroop } from './types';

export type ScStepReport = { ok: true; events: ScEvent[] } | { ok: false; error: RuleError };

export interface ScReport {
  steps: ScStepReport[];
  state: Record<string, unknown> | null;
  dice: { used: number; left: number } | null;
  error: RuleError | null;
}

class FileProblem extends Error {}

function mapOf(scenario: ScScenario, maps: ReadonlyMap<string, ScMap>): ScMap {
  if (typeof scenario.map !== 'string') return scenario.map;
  const map = maps.get(scenario.map);
  if (!map) throw new FileProblem(`map: no Sword and Claw map "${scenario.map}" (known: ${[...maps.keys()].join(', ')})`);
  return map;
}

function setupOf(scenario: ScScenario, map: ScMap, known: ReadonlyMap<string, TroopCard>): ScSetup {
  const cards: Record<string, TroopCard> = {};
  for (const [i, u] of scenario.units.entries()) {
    const card = scenario.troops.find((t) => t.id === u.troop) ?? known.get(u.troop);
    if (!card) throw new FileProblem(`units[${i}].troop: no troop card "${u.troop}" in "troops" or the shipped catalogs`);
    cards[card.id] = card;
  }
  const [a, b] = scenario.players as [string, string];
  return {
    ruleset: 'sword-and-claw',
    seed: scenario.seed ?? 0,
    players: [a, b],
    attacker: scenario.attacker,
    defenderEdge: scenario.defenderEdge ?? null,
    map,
    cards,
    armies: { [a]: a, [b]: b },
    troops: scenario.units.map((u) => ({ id: u.id, troop: u.troop, player: u.player })),
    ...(scenario.roundLimit ? { roundLimit: scenario.roundLimit } : {}),
  };
}

/** The state the scenario sets, and the opening events (a deployment's depth rolled). */
function startOf(scenario: ScScenario, setup: ScSetup): { state: ScState; opening: ScEvent[] } {
  const width = setup.map.grid[0]!.length;
  const height = setup.map.grid.length;
  const defender = setup.players[0] === scenario.attacker ? setup.players[1] : setup.players[0];
  const edge = scenario.defenderEdge ?? defenderEdges(width, height)[0];
  const troops: Record<string, ScTroop> = {};
  for (const [i, u] of scenario.units.entries()) {
    const card = setup.cards[u.troop]!;
    const at = u.at === 'off' ? null : squareIndex({ width, height }, u.at);
    if (u.at !== 'off' && at === null) throw new FileProblem(`units[${i}].at: ${u.at} is not on the ${width}×${height} map`);
    troops[u.id] = {
      id: u.id,
      troop: u.troop,
      player: u.player,
      points: card.points,
      at,
      taken: u.taken,
      hurt: isHurt(u.taken, card.wounds),
      removed: false,
      moved: null,
      opportunity: 0,
      ...(u.conditions && u.conditions.length > 0 ? { conditions: u.conditions } : {}),
      ...(u.readied ? { readied: u.readied } : {}),
      ...(u.moved ? { moved: u.moved } : {}),
      ...(card.qualities.includes('Flight') ? { altitude: u.altitude ?? 'landed' } : {}),
    };
    if (u.altitude !== undefined && !card.qualities.includes('Flight'))
      throw new FileProblem(`units[${i}].altitude: "${u.troop}" has no Flight, so it stands on the ground`);
  }
  const placed = Object.values(troops).filter((t) => t.at !== null);
  try {
    scTable(
      setup.map,
      placed.map((t) => pieceOf(setup, t)),
    );
  } catch (e) {
    throw new FileProblem(`units: ${e instanceof Error ? e.message : String(e)}`);
  }
  const start = scenario.start ?? { turn: scenario.attacker, step: 'deployment' as const, round: 1 };
  const step = start.step === 'deployment' ? null : start.step;
  const playing = step !== null;
  const state: ScState = {
    rng: scenario.seed !== undefined ? seeded(scenario.seed) : fixed(scenario.dice ?? []),
    players: setup.players,
    attacker: scenario.attacker,
    defender,
    edges: { [defender]: edge, [scenario.attacker]: OPPOSITE[edge] },
    depths: {},
    deploying: null,
    round: playing ? start.round : 0,
    turn: step !== null ? { ...startTurn(STEP_RULES, start.turn, start.turn), step } : null,
    troops,
    declared: [],
    prompt: null,
    end: null,
  };
  if (playing) return { state, opening: [] };
  const ctx = new DecisionCtx<ScState, ScEvent>(state, applyEvent);
  beginDeployment(ctx, start.turn);
  return { state: ctx.state, opening: ctx.events };
}

/** A scenario step as the command it gives, and the player who gives it (undefined: whoever the match waits on). */
function commandOf(step: ScStep, setup: ScSetup, state: ScState): { command: ScCommand; by: string | undefined } {
  const dims = { width: setup.map.grid[0]!.length, height: setup.map.grid.length };
  const sq = (name: string) => {
    const i = squareIndex(dims, name);
    if (i === null) throw new FileProblem(`${name} is not on the ${dims.width}×${dims.height} map`);
    return i;
  };
  const owner = (id: string) => state.troops[id]?.player;
  const route = (r: { path?: readonly string[]; to?: string }) => (r.path ? { path: r.path.map(sq) } : { to: sq(r.to!) });
  if ('deploy' in step)
    return { command: { type: 'deploy', troop: step.deploy, at: sq(step.at), ...(step.altitude ? { altitude: step.altitude } : {}) }, by: owner(step.deploy) };
  if ('move' in step) {
    const where = step.path === undefined && step.to === undefined ? {} : route(step);
    const then = step.then ? { then: route(step.then) } : {};
    return {
      command: {
        type: 'move',
        troop: step.move,
        how: step.how,
        ...where,
        ...then,
        ...(step.altitude ? { altitude: step.altitude } : {}),
        ...(step.trample ? { trample: step.trample.map((t) => ({ target: t.target, attack: t.with })) } : {}),
      },
      by: owner(step.move),
    };
  }
  if ('attack' in step) {
    const sweep =
      step.turn === undefined && step.squares === undefined
        ? {}
        : { sweep: { turn: step.turn ?? 'clockwise', ...(step.squares ? { squares: step.squares } : {}) } };
    return { command: { type: 'attack', troop: step.attack, attack: step.with, target: step.target, ...sweep }, by: owner(step.attack) };
  }
  if ('reload' in step) return { command: { type: 'reload', troop: step.reload }, by: owner(step.reload) };
  if ('charge' in step)
    return {
      command: {
        type: 'charge',
        troop: step.charge,
        target: step.target,
        ...(step.via !== undefined ? { via: sq(step.via) } : {}),
        ...(step.trample ? { trample: step.trample.map((t) => ({ target: t.target, attack: t.with })) } : {}),
      },
      by: owner(step.charge),
    };
  if ('aim' in step) return { command: { type: 'aim', troop: step.aim }, by: owner(step.aim) };
  if ('shoot' in step) return { command: { type: 'shoot', troop: step.shoot, attack: step.with, target: step.target }, by: owner(step.shoot) };
  if ('opportunity' in step) return { command: { type: 'opportunity', attack: step.with }, by: owner(step.opportunity) };
  if ('ready' in step) return { command: { type: 'ready', troop: step.ready }, by: owner(step.ready) };
  if ('readied' in step)
    return {
      command: { type: 'readied', attack: step.with, ...(step.target !== undefined ? { target: step.target } : {}) },
      by: owner(step.readied),
    };
  if ('concede' in step) return { command: { type: 'concede', player: step.concede }, by: step.concede };
  return { command: state.deploying ? { type: 'deploy-done' } : { type: 'next' }, by: undefined };
}

function summary(setup: ScSetup, s: ScState): Record<string, unknown> {
  const dims = { width: setup.map.grid[0]!.length };
  return {
    round: s.round,
    step: s.deploying ? 'deployment' : (s.turn?.step ?? null),
    activePlayer: s.deploying?.player ?? s.turn?.player ?? null,
    attacker: s.attacker,
    defender: s.defender,
    edges: { ...s.edges },
    depths: { ...s.depths },
    troops: Object.fromEntries(
      Object.values(s.troops).map((t) => [
        t.id,
        {
          at: t.removed ? null : t.at === null ? 'off' : nameOf(dims, t.at),
          taken: t.taken,
          hurt: t.hurt,
          removed: t.removed,
          moved: t.moved,
          conditions: t.conditions ?? [],
          limit: t.limit ?? 'full',
          readied: t.readied ?? null,
          ...(t.altitude ? { altitude: t.altitude } : {}),
        },
      ]),
    ),
    declared: s.declared.map((d) => ({ ...d })),
    sealed: (s.sealed ?? []).map((d) => ({ ...d })),
    prompt: promptSummary(s, dims),
    score: scores(s),
    winner: s.end?.winner ?? null,
    end: s.end?.reason ?? null,
  };
}

function promptSummary(s: ScState, dims: { width: number }): Record<string, unknown> | null {
  const p = s.prompt;
  if (!p) return null;
  if (p.kind === 'readied') return { kind: p.kind, player: p.player, troop: p.troop, step: p.step, queue: [...p.queue] };
  if (p.kind === 'reserve') return { kind: p.kind, player: p.player, sealed: p.sealed };
  return { kind: p.kind, player: p.player, mover: p.mover, attacker: p.attacker, rest: p.rest.map((i) => nameOf(dims, i)) };
}

/** An opportunity or Readied step names the troop it answers for: another troop's prompt is not its to answer. */
function wrongPrompt(step: ScStep, s: ScState): RuleError | null {
  const p = s.prompt;
  if ('readied' in step) {
    if (p?.kind === 'readied' && p.troop !== step.readied)
      return { code: 'wrong-prompt', message: `The prompt open asks about ${p.troop}, not ${step.readied}.` };
    return null;
  }
  if (!('opportunity' in step) || p?.kind !== 'opportunity' || p.attacker === step.opportunity) return null;
  return { code: 'wrong-prompt', message: `The prompt open asks about ${p.attacker}, not ${step.opportunity}.` };
}

/** A scenario's setup and the state its steps start from (for tests that read what the steps' events say). */
export function scenarioStart(
  scenario: ScScenario,
  shipped: { troops: ReadonlyMap<string, TroopCard>; maps: ReadonlyMap<string, ScMap> },
): { setup: ScSetup; state: ScState } {
  const setup = setupOf(scenario, mapOf(scenario, shipped.maps), shipped.troops);
  return { setup, state: startOf(scenario, setup).state };
}

export function runParsedScenario(scenario: ScScenario, shipped: { troops: ReadonlyMap<string, TroopCard>; maps: ReadonlyMap<string, ScMap> }): ScReport {
  const start = scenarioStart(scenario, shipped);
  const setup = start.setup;
  let state = start.state;
  const report: ScReport = { steps: [], state: null, dice: null, error: null };
  const answers = (step: ScStep | undefined) => step !== undefined && ('opportunity' in step || 'readied' in step);
  const settle = (next: ScStep | undefined, into: ScEvent[]): RuleError | null => {
    while (scenario.auto && state.prompt && !state.end && !answers(next)) {
      const none: ScCommand = state.prompt.kind === 'readied' ? { type: 'readied', attack: null } : { type: 'opportunity', attack: null };
      const r = decideSc(setup, state, none, undefined);
      if (!r.ok) return r.error;
      state = r.state;
      into.push(...r.events);
    }
    return null;
  };
  let settled: ScEvent[] = [];
  for (const step of scenario.steps) {
    report.error = settle(step, settled);
    if (report.error) break;
    const { command, by } = commandOf(step, setup, state);
    const wrong = wrongPrompt(step, state);
    const r = wrong ? { ok: false as const, error: wrong } : decideSc(setup, state, command, by);
    if (!r.ok) {
      report.steps.push({ ok: false, error: r.error });
      if (r.error.code === 'out-of-dice' || r.error.code === 'wrong-die') report.error = r.error;
      if (report.error) break;
      continue;
    }
    state = r.state;
    settled = [...r.events];
    report.steps.push({ ok: true, events: settled });
  }
  if (!report.error) report.error = settle(undefined, settled);
  report.state = summary(setup, state);
  report.dice = diceUsed(state.rng);
  return report;
}

/** The scenario runner behind the boundary: the document checked, the shipped content loaded, the run. */
export function runScScenario(document: unknown): ScenarioRun {
  const parsed = parseWith(scScenarioSchema, document);
  if (!parsed.ok) return { ok: false, problems: formatProblems(parsed.problems) };
  const content = loadScContent();
  if (!content.ok) return { ok: false, problems: `the shipped Sword and Claw content is invalid:\n${formatProblems(content.problems)}` };
  try {
    return { ok: true, report: runParsedScenario(parsed.value, content.value) };
  } catch (e) {
    if (e instanceof FileProblem) return { ok: false, problems: e.message };
    throw e;
  }
}
