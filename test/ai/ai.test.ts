/**
 * The practice opponent: every command it gives is one decide() accepts, its games finish,
 * the same game gives the same commands, it answers every kind of prompt, and it never needs the dice
 * generator to choose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aiMoves, chooseCommand, chooseSetup, waitsOn, type AiOptions } from '../../src/rulesets/sellsword/ai';
import { pregameApply, pregameDecide, pregameInitial, type PregameState } from '../../src/rulesets/sellsword/engine/pregame';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { chooseCommand as driverCommand, Chooser, newGame } from '../../src/bench/selfplay';
import { scenarioContent } from '../fixtures/scenario-content';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { decide, step } from '../../src/rulesets/sellsword/engine/decide';
import { seeded } from '../../src/engine/dice';
import type { Prompt, GameState, PlayerId } from '../../src/rulesets/sellsword/engine/state';
import { waitingUnits } from '../../src/rulesets/sellsword/engine/turns';
import { parseWith } from '../../src/formats/problems';
import { scenarioSchema } from '../../src/formats/scenario';

const content = scenarioContent();
const maps = [...content.maps.keys()].sort();

/** One command of the self-play driver (random legal play), ending the turn when it guessed wrong. */
function driverStep(state: GameState, choose: Chooser): GameState {
  const r = step(state, driverCommand(state, choose));
  if (!('error' in r)) return r.state;
  const unit = state.turn?.unit ?? waitingUnits(state, state.turn!.player)[0]!.id;
  const end = step(state, { end: unit });
  if ('error' in end) throw new Error(end.error.message);
  return end.state;
}

/** The AI's command for whoever the game waits on, checked against decide() as that player. */
function aiStep(state: GameState, options: Record<PlayerId, AiOptions>, seen?: Set<string>): GameState {
  if (!state.turn && !state.prompt) {
    const r = step(state, { begin: true });
    if ('error' in r) throw new Error(r.error.message);
    return r.state;
  }
  const player = waitsOn(state)!;
  const command = chooseCommand(state, player, options[player]);
  expect(command, `the AI has a command for ${player}`).not.toBeNull();
  const r = step(state, command!, player);
  if ('error' in r) throw new Error(`refused ${JSON.stringify(command)}: ${r.error.message}`);
  if (seen && state.prompt) seen.add(promptKind(state.prompt));
  return r.state;
}

const promptKind = (p: Prompt): string => (p.kind === 'reroll' ? `reroll:${(p.options as { roll?: string }).roll}` : p.kind);

const bothAi = (seed: number): Record<PlayerId, AiOptions> => ({ p1: { seed }, p2: { seed: seed + 1 } });

describe('practice AI', { timeout: 300_000 }, () => {
  it('gives only commands decide() accepts over 500 seeded games (each from a random point of a self-play game, half with four units a side, ending with that round; the AI plays both seats for 12 commands and answers every prompt)', () => {
    const seen = new Set<string>();
    let commands = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const map = maps[seed % maps.length]!;
      // Every other game has small warbands (four units of up to 30 points a side): shorter rounds,
      // and the dearer cards more often.
      let state = newGame(content, map, seed, seed % 2 === 1 ? 4 : undefined);
      // Random legal play up to a point that differs by seed (possibly the very start), so the AI
      // meets openings, skirmish lines, wounded units, statuses and the last units standing alike.
      const choose = new Chooser(seeded(seed));
      const prefix = (seed * 37) % 160;
      for (let i = 0; i < prefix && !state.over; i++)
        state = !state.turn && !state.prompt ? (step(state, { begin: true }) as { state: GameState }).state : driverStep(state, choose);
      if (state.over) continue;
      // The round limit ends the game at the end of this round, so each game is short.
      state = { ...state, options: { ...state.options, roundLimit: Math.max(1, state.round) } };
      // The AI plays both seats for up to 12 commands (a few units' turns), then random legal
      // play finishes the round and with it the game.
      let n = 0;
      while (!state.over && n < 12) {
        state = aiStep(state, bothAi(seed), seen);
        n++;
      }
      for (let m = 0; !state.over; m++) {
        state =
          !state.turn && !state.prompt
            ? (step(state, { begin: true }) as { state: GameState }).state
            : state.prompt
              ? aiStep(state, bothAi(seed), seen)
              : driverStep(state, choose);
        expect(m, `game ${seed} on ${map} finishes`).toBeLessThan(2000);
      }
      commands += n;
    }
    expect(commands).toBeGreaterThan(4000);
    // Prompts met along the way (the rarer kinds are checked on purpose below).
    expect([...seen]).toEqual(expect.arrayContaining(['reply', 'wounds', 'order']));
  });

  it('plays whole games to the end against random legal play and against itself', () => {
    for (const [seed, map] of [
      [3, 'barrow-hill'],
      [4, 'burning-village'],
    ] as const) {
      // Against the self-play driver, the AI in either seat.
      for (const ai of ['p1', 'p2']) {
        let state = newGame(content, map, seed);
        const choose = new Chooser(seeded(seed));
        let n = 0;
        while (!state.over && n++ < 5000)
          state = waitsOn(state) === ai ? aiStep(state, { [ai]: { seed } }) : !state.turn && !state.prompt ? aiStep(state, {}) : driverStep(state, choose);
        expect(state.over, `game ${seed} on ${map} ends`).toBe(true);
      }
    }
    let state = newGame(content, 'mill-crossing', 9);
    let n = 0;
    while (!state.over && n++ < 5000) state = aiStep(state, bothAi(9));
    expect(state.over).toBe(true);
  });

  it('is deterministic: the same game and seeds give the same commands and events', () => {
    const play = (): { commands: Command[]; events: string } => {
      let state = newGame(content, 'barrow-hill', 21);
      state = { ...state, options: { ...state.options, roundLimit: 2 } };
      const commands: Command[] = [];
      const events: unknown[] = [];
      while (!state.over) {
        if (!state.turn && !state.prompt) {
          const r = step(state, { begin: true }) as { state: GameState; events: unknown[] };
          events.push(...r.events);
          state = r.state;
          continue;
        }
        const player = waitsOn(state)!;
        const played = aiMoves(state, player, bothAi(21)[player]);
        commands.push(...played.commands);
        events.push(...played.events);
        state = played.state;
      }
      return { commands, events: JSON.stringify(events) };
    };
    const a = play();
    const b = play();
    expect(a.commands.length).toBeGreaterThan(20);
    expect(b.commands).toEqual(a.commands);
    expect(b.events).toBe(a.events);
  });

  it('does not look at the dice: the same position with another generator state gives the same command', () => {
    let state = newGame(content, 'burning-village', 5);
    const choose = new Chooser(seeded(5));
    for (let i = 0; i < 120 && !state.over; i++)
      state = !state.turn && !state.prompt ? (step(state, { begin: true }) as { state: GameState }).state : driverStep(state, choose);
    let checked = 0;
    for (let i = 0; i < 40 && !state.over; i++) {
      const player = waitsOn(state);
      if (player === null) {
        state = (step(state, { begin: true }) as { state: GameState }).state;
        continue;
      }
      const command = chooseCommand(state, player);
      expect(chooseCommand({ ...state, rng: seeded(12345 + i) }, player)).toEqual(command);
      checked++;
      state = (step(state, command!, player) as { state: GameState }).state;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers every kind of prompt with an answer decide() accepts', () => {
    const kinds = new Map<string, Command>();
    for (const file of [
      'r27-reply-decided-by-replier-owner-prompt-blocks.json',
      'r27-wound-split-decided-by-owner.json',
      'r7-ap-chooses-order.json',
      'r6-warleader-reroll-wins.json',
      's4.7-warleader-die-rerolls-recovery.json',
      'r10-one-recovery-roll-owner-chooses.json',
    ]) {
      const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', file), 'utf8')) as unknown;
      const parsed = parseWith(scenarioSchema, raw);
      if (!parsed.ok) throw new Error(file);
      let state = scenarioState(parsed.value, content);
      const steps: Command[] = [{ begin: true }, ...parsed.value.steps];
      for (const s of steps) {
        if (state.prompt) {
          const player = waitsOn(state)!;
          const command = chooseCommand(state, player);
          expect(command, `${file}: an answer to ${state.prompt.kind}`).not.toBeNull();
          // With a generator that cannot run out: a scenario's fixed dice end where its own steps do.
          expect(decide({ ...state, rng: seeded(1) }, command!, player), `${file}: ${JSON.stringify(command)}`).not.toHaveProperty('error');
          kinds.set(promptKind(state.prompt), command!);
        }
        const r = step(state, s);
        if ('error' in r) break;
        state = r.state;
      }
      if (state.prompt) {
        const command = chooseCommand(state, waitsOn(state)!);
        expect(decide({ ...state, rng: seeded(1) }, command!, waitsOn(state)!)).not.toHaveProperty('error');
        kinds.set(promptKind(state.prompt), command!);
      }
    }
    expect([...kinds.keys()].sort()).toEqual(['order', 'recover', 'reply', 'reroll:recovery', 'reroll:tactics', 'wounds']);
  });

  it('gives nothing when the game does not wait on the player, and aiMoves stops when it no longer does', () => {
    let state = newGame(content, 'barrow-hill', 2);
    state = (step(state, { begin: true }) as { state: GameState }).state;
    const player = waitsOn(state)!;
    const other = state.players.find((p) => p !== player)!;
    expect(chooseCommand(state, other)).toBeNull();
    const played = aiMoves(state, player);
    expect(played.commands.length).toBeGreaterThan(0);
    expect(waitsOn(played.state)).not.toBe(player);
  });

  it('answers the setup for its seat: two AI seats finish it on every shipped map, with rerolls to spend', () => {
    for (const [n, id] of maps.entries()) {
      const players = ['p1', 'p2'];
      let state: PregameState = pregameInitial({
        players,
        rerolls: { p1: 1, p2: 2 },
        maps: [...maps.slice(n), ...maps.slice(0, n)].map((m) => ({ id: m, map: content.maps.get(m)! })),
        rng: seeded(40 + n),
      });
      const take = (command: Parameters<typeof pregameDecide>[1], by?: string) => {
        const r = pregameDecide(state, command, by);
        if ('error' in r) throw new Error(`${JSON.stringify(command)}: ${r.error.message}`);
        state = r.events.reduce(pregameApply, state);
      };
      take({ begin: true });
      for (let i = 0; i < 50 && !state.done; i++) {
        const player = state.prompt!.player;
        expect(chooseSetup(state, players.find((p) => p !== player)!)).toBeNull();
        take(chooseSetup(state, player)!, player);
      }
      expect(state.done, id).not.toBeNull();
    }
  });
});
