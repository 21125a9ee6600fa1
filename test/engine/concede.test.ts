/** Conceding (decide's `{ concede }`): the player is out, their units leave unscored, play goes on cleanly. */
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { newGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { nameOf } from '../../src/engine/board';
import type { Command, Concession } from '../../src/rulesets/sellsword/engine/commands';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { defaultDecision } from '../../src/rulesets/sellsword/engine/defaults';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { replay } from '../../src/rulesets/sellsword/engine/replay';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';

const content = defaultContent();

/** A game in progress with its log, so every test can check that replay rebuilds the state. */
class Game {
  readonly log: GameEvent[] = [];
  constructor(
    readonly start: GameState,
    public state: GameState = start,
  ) {}

  play(command: Command | Concession, by?: string): GameEvent[] {
    const r = decide(this.state, command, by);
    if ('error' in r) throw new Error(`${JSON.stringify(command)}: ${r.error.code}: ${r.error.message}`);
    this.state = r.events.reduce(apply, this.state);
    this.log.push(...r.events);
    return r.events;
  }

  refused(command: Command | Concession, by?: string): string {
    const before = structuredClone(this.state);
    const r = decide(this.state, command, by);
    expect(this.state).toEqual(before);
    if (!('error' in r)) throw new Error(`${JSON.stringify(command)} was accepted`);
    return r.error.code;
  }

  /** Answers open prompts with the defaults (docs/formats.md `auto`). */
  settle(): void {
    while (this.state.prompt) this.play({ decide: defaultDecision(this.state.prompt) });
  }

  expectReplayed(): void {
    expect(replay(this.start, this.log)).toEqual(this.state);
  }
}

const soldier = {
  id: 't-soldier',
  name: 'Test Soldier',
  faction: 'test',
  quality: 3,
  size: 'medium',
  cost: 10,
  stats: { agility: 10, brawn: 10, spirit: 10, wits: 10, move: 5, armor: 10, vigor: 10 },
  tokens: { react: 1 },
  injuries: ['mobility', 'defensive', 'mortal'],
  attacks: [{ id: 'sword', name: 'Sword', range: 1, bonus: 5, vs: 'armor', effects: [{ wound: 5, type: 'cut' }] }],
};

/**
 * Three players on an open 8×8 yard: a (p1) at C3 beside b (p2) at D3 and c (p3) at C4; d (p3) far
 * off so p3 keeps a unit. `react` sets each unit's react tokens; `start` skips round 1's tactics check.
 */
function threePlayers(opts: { react?: Record<string, number>; dice?: number[]; start?: boolean } = {}): Game {
  const unit = (id: string, player: string, at: string) => ({ id, card: 't-soldier', player, at, tokens: { react: opts.react?.[id] ?? 0 } });
  const scenario = scenarioSchema.parse({
    map: { id: 'yard8', name: 'Yard', grid: Array.from({ length: 8 }, () => '........') },
    cards: [soldier],
    players: ['p1', 'p2', 'p3'],
    ...(opts.start === false ? {} : { start: { round: 1, order: ['p1', 'p2', 'p3'] } }),
    units: [unit('a', 'p1', 'C3'), unit('b', 'p2', 'D3'), unit('c', 'p3', 'C4'), unit('d', 'p3', 'H8')],
    dice: opts.dice ?? [],
    steps: [],
  });
  const game = new Game(scenarioState(scenario, content));
  game.play({ begin: true });
  return game;
}

const units = (state: GameState, player: string) => Object.values(state.units).filter((u) => u.player === player);

describe('two players', () => {
  function midTurn(): Game {
    const game = new Game(newGame(content, 'mill-crossing', 7));
    game.play({ begin: true });
    game.settle();
    const player = game.state.turn!.player;
    const unit = units(game.state, player)[0]!;
    const tile = game.state.entry[player]!;
    game.play({ act: 'move', unit: unit.id, path: [nameOf(boardOf(game.state), tile)] }, player);
    expect(game.state.turn?.unit).toBe(unit.id);
    return game;
  }

  it('ends the game mid-turn with the other player winning, and no VP for the departed units', () => {
    const game = midTurn();
    const conceder = game.state.turn!.player;
    const other = game.state.players.find((p) => p !== conceder)!;
    const score = { ...game.state.score };
    expect(game.play({ concede: conceder }, conceder)).toEqual([
      { type: 'conceded', player: conceder },
      { type: 'game-over', winner: other, reason: `${conceder} conceded` },
    ]);
    expect(game.state).toMatchObject({ over: true, winner: other, turn: null, prompt: null, out: [conceder], score });
    expect(units(game.state, conceder).every((u) => u.dropped && u.at === null)).toBe(true);
    expect(units(game.state, other).some((u) => u.dropped)).toBe(false);
    game.expectReplayed();
  });

  it('lets the player waiting for their turn concede too', () => {
    const game = midTurn();
    const waiting = game.state.players.find((p) => p !== game.state.turn!.player)!;
    const turn = game.state.turn!.player;
    game.play({ concede: waiting });
    expect(game.state).toMatchObject({ over: true, winner: turn, out: [waiting] });
    game.expectReplayed();
  });

  it('refuses a concession for someone else, by a stranger, or after the game is over', () => {
    const game = midTurn();
    expect(game.refused({ concede: 'p1' }, 'p2')).toBe('not-your-concession');
    expect(game.refused({ concede: 'p9' })).toBe('not-a-player');
    game.play({ concede: 'p1' }, 'p1');
    expect(game.refused({ concede: 'p2' }, 'p2')).toBe('game-over');
  });
});

describe('three players', () => {
  it("passes the conceder's turn to the next player", () => {
    const game = threePlayers();
    expect(game.state.turn?.player).toBe('p1');
    game.play({ act: 'move', unit: 'a', to: 'B2' }, 'p1');
    const events = game.play({ concede: 'p1' }, 'p1');
    expect(events.map((e) => e.type)).toEqual(['conceded', 'turn-ended', 'turn-started']);
    expect(game.state).toMatchObject({ over: false, winner: null, out: ['p1'], turn: { player: 'p2', unit: null }, prompt: null });
    expect(game.state.units.a).toMatchObject({ dropped: true, at: null });
    expect(game.refused({ concede: 'p1' }, 'p1')).toBe('already-out');
    // The round goes on without p1: p2, then p3.
    game.play({ end: 'b' }, 'p2');
    expect(game.state.turn?.player).toBe('p3');
    game.expectReplayed();
  });

  it("withdraws the conceder's reply prompt; the attacker's turn goes on", () => {
    const game = threePlayers({ react: { c: 1 } });
    game.play({ act: 'attack', unit: 'a', attack: 'sword', target: 'c' }, 'p1');
    expect(game.state.prompt).toMatchObject({ kind: 'reply', player: 'p3', unit: 'c' });
    expect(game.play({ concede: 'p3' }, 'p3').map((e) => e.type)).toEqual(['conceded']);
    expect(game.state).toMatchObject({ prompt: null, resume: [], out: ['p3'], turn: { player: 'p1', unit: 'a', actsLeft: 2 } });
    expect(units(game.state, 'p3').every((u) => u.dropped)).toBe(true);
    game.play({ end: 'a' }, 'p1');
    expect(game.state.turn?.player).toBe('p2');
    game.expectReplayed();
  });

  it("withdraws the conceder's wound split: nothing more lands on the departed unit", () => {
    const game = threePlayers({ dice: [15] });
    game.play({ act: 'attack', unit: 'a', attack: 'sword', target: 'c' }, 'p1');
    expect(game.state.prompt).toMatchObject({ kind: 'wounds', player: 'p3', unit: 'c' });
    expect(game.play({ concede: 'p3' }).map((e) => e.type)).toEqual(['conceded']);
    expect(game.state.units.c).toMatchObject({ dropped: true, injuries: [], vigor: 10 });
    expect(game.state.score).toEqual({ p1: 0, p2: 0, p3: 0 });
    expect(game.state.turn).toMatchObject({ player: 'p1', unit: 'a' });
    game.expectReplayed();
  });

  it("re-opens another player's prompt when the conceder's attack is paused on it; the turn then passes", () => {
    const game = threePlayers({ react: { b: 1 } });
    game.play({ act: 'attack', unit: 'a', attack: 'sword', target: 'b' }, 'p1');
    const prompt = game.state.prompt;
    expect(prompt).toMatchObject({ kind: 'reply', player: 'p2', unit: 'b' });
    expect(game.play({ concede: 'p1' }, 'p1').map((e) => e.type)).toEqual(['conceded', 'prompted']);
    expect(game.state.prompt).toEqual(prompt);
    // The reply has nobody left to strike: no token is spent, no die rolled, and p2's turn comes.
    const events = game.play({ decide: { unit: 'b', reply: 'sword' } }, 'p2');
    expect(events.map((e) => e.type)).toEqual(['answered', 'reply-declared', 'turn-ended', 'turn-started']);
    expect(game.state.units.b!.tokens.react).toBe(1);
    expect(game.state.turn?.player).toBe('p2');
    game.expectReplayed();
  });

  it('rolls a new tactics check when the AP concedes before ordering the round', () => {
    // Round 1: p1 5, p2 17, p3 9: p2 orders. Then p1 12, p3 4 among the two left.
    const game = threePlayers({ start: false, dice: [5, 17, 9, 12, 4] });
    expect(game.state.prompt).toMatchObject({ kind: 'order', player: 'p2', options: ['p1', 'p2', 'p3'] });
    const events = game.play({ concede: 'p2' }, 'p2');
    expect(events).toEqual([
      { type: 'conceded', player: 'p2' },
      { type: 'tactics-rolled', rolls: [12, 4], totals: { p1: 12, p3: 4 }, winner: null },
      expect.objectContaining({ type: 'prompted', prompt: { kind: 'order', player: 'p1', options: ['p1', 'p3'] } }),
    ]);
    game.play({ decide: { player: 'p1', order: ['p3', 'p1'] } }, 'p1');
    expect(game.state.turn?.player).toBe('p3');
    game.expectReplayed();
  });

  it('asks the AP again for the order without the player who left', () => {
    const game = threePlayers({ start: false, dice: [5, 17, 9] });
    const events = game.play({ concede: 'p3' }, 'p3');
    expect(events.map((e) => e.type)).toEqual(['conceded', 'prompted']);
    expect(game.state.prompt).toEqual({ kind: 'order', player: 'p2', options: ['p1', 'p2'] });
    game.play({ decide: { player: 'p2', order: ['p2', 'p1'] } }, 'p2');
    expect(game.state.turn?.player).toBe('p2');
    game.expectReplayed();
  });

  it('ends the game when the second of three concedes', () => {
    const game = threePlayers();
    game.play({ concede: 'p2' }, 'p2');
    expect(game.state.over).toBe(false);
    expect(game.play({ concede: 'p1' }, 'p1').at(-1)).toEqual({ type: 'game-over', winner: 'p3', reason: 'p1 conceded' });
    expect(game.state).toMatchObject({ over: true, winner: 'p3', out: ['p2', 'p1'] });
    game.expectReplayed();
  });
});
