/**
 * The practice opponent: an AI that plays one seat of a game through the engine's own
 * queries, for `/skirmish practice` and the sandbox.
 *
 * For the engineer wiring it in:
 * - `waitsOn(state)` says whose input the game needs now (a prompt's player, else the commander of
 *   the active unit, else the turn's player); null before `begin` and once the game is over.
 * - `chooseCommand(state, player)` gives the next command for `player`, or null when the game is not
 *   waiting on that player. Every command it gives is one `decide(state, command, player)` accepts.
 * - `aiMoves(state, player)` plays on until the game no longer waits on `player` (the rest of its
 *   turn, or a prompt it must answer, and any prompt of its own that its acts open): it returns the
 *   commands in order, with the events and the state they lead to. The bot can either submit those
 *   commands one by one through its usual path (decide is deterministic, so they lead to the same
 *   events), or call `chooseCommand` before each submission: the result is the same.
 *   A typical loop after any change to a practice match:
 *   `while (waitsOn(state) === BOT) state = submit(state, chooseCommand(state, BOT)!)`.
 * - The AI is a pure function of what it is given: the same state, player and options give the same
 *   command. It never reads the dice generator (it plans on a copy of the state whose generator is
 *   replaced), the clock or Math.random; `options.seed` only breaks ties between equal choices, so two
 *   AIs with different seeds can play each other and not repeat one game.
 * - It takes well under 200 ms a decision on one core (`npm run bench` measures it).
 * - Setup before round 1 (engine/pregame.ts: the setup tactics check, map and entry tiles) has its
 *   own small helper, `chooseSetup(pregame, player)` (setup.ts): the answer for the bot's seat, or
 *   null when the setup is not waiting on it.
 */
import type { Command } from '../engine';
import { step } from '../engine';
import { decide } from '../engine';
import { seeded } from '../../../engine';
import type { GameEvent } from '../engine';
import { commanderOf } from '../engine';
import { legalActs } from '../engine';
import type { GameState, PlayerId } from '../engine';
import { unitOf } from '../engine';
import { waitingUnits } from '../engine';
import { DEFAULT_WEIGHTS, Judge, type Weights } from './judge';
import { promptAnswers } from './prompts';
import { turnCandidates, type Candidate } from './turn';

export { DEFAULT_WEIGHTS, type Weights } from './judge';
export { chooseSetup } from './setup';

export interface AiOptions {
  /** Breaks ties between choices within 0.0001 VP of each other (default 0). */
  readonly seed?: number;
  /** Changes to the evaluation's weights, for tuning and experiments. */
  readonly weights?: Partial<Weights>;
}

/** Whose input the game waits for: a prompt's player, the commander of the active unit, or the turn's player. */
export function waitsOn(state: GameState): PlayerId | null {
  if (state.over) return null;
  if (state.prompt) return state.prompt.player;
  if (!state.turn) return null;
  return state.turn.unit !== null ? commanderOf(state, unitOf(state, state.turn.unit)) : state.turn.player;
}

/** A generator that is not the game's: planning on it cannot reveal a future roll. */
const BLIND = seeded(0);

/** The next command for `player`, or null when the game is not waiting on `player`. */
export function chooseCommand(state: GameState, player: PlayerId, options: AiOptions = {}): Command | null {
  if (waitsOn(state) !== player) return null;
  const seen: GameState = { ...state, rng: BLIND };
  const judge = new Judge(seen, player, { ...DEFAULT_WEIGHTS, ...options.weights });
  const seed = options.seed ?? 0;
  let candidates: Candidate[];
  if (seen.prompt) {
    // Answers come ranked; the small steps keep that order through the tie-break.
    candidates = promptAnswers(judge, seen.prompt).map((decide, n) => ({ command: { decide }, value: -n }));
  } else {
    candidates = turnCandidates(judge).map((c) => ({ command: c.command, value: c.value + tieBreak(seed, seen, c.command) }));
    candidates.sort((a, b) => b.value - a.value);
  }
  for (const c of candidates.slice(0, 24)) if (accepted(seen, c.command, player)) return c.command;
  return fallback(seen, player);
}

function accepted(state: GameState, command: Command, player: PlayerId): boolean {
  return !('error' in decide(state, command, player));
}

/** When no candidate is accepted (it should not happen): end the active unit's turn, or any legal command. */
function fallback(state: GameState, player: PlayerId): Command | null {
  const turn = state.turn;
  if (!state.prompt && turn) {
    const id = turn.unit ?? waitingUnits(state, turn.player)[0]?.id;
    if (id !== undefined && accepted(state, { end: id }, player)) return { end: id };
  }
  return legalActs(state).find((c) => accepted(state, c, player)) ?? null;
}

/** A tiny deterministic nudge (below any real difference) from the seed, the moment and the command. */
function tieBreak(seed: number, state: GameState, command: Command): number {
  const text = `${seed}|${state.round}|${state.phase}|${JSON.stringify(command)}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return ((h >>> 0) / 0x1_0000_0000) * 1e-4;
}

export interface AiPlay {
  readonly commands: Command[];
  readonly events: GameEvent[];
  readonly state: GameState;
}

/**
 * Plays `player`'s commands until the game no longer waits on `player` (or is over): a whole turn
 * with the prompts its acts open for `player`, or one answer. `limit` stops a runaway loop.
 */
export function aiMoves(state: GameState, player: PlayerId, options: AiOptions = {}, limit = 100): AiPlay {
  const commands: Command[] = [];
  const events: GameEvent[] = [];
  while (commands.length < limit) {
    const command = chooseCommand(state, player, options);
    if (command === null) break;
    const r = step(state, command, player);
    if ('error' in r) throw new Error(`the AI chose a refused command ${JSON.stringify(command)}: ${r.error.message}`);
    commands.push(command);
    events.push(...r.events);
    state = r.state;
  }
  return { commands, events, state };
}
