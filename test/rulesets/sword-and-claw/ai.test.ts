/**
 * Sword and Claw's practice opponent: every order it gives is accepted by the rules, it plays a match
 * to its end against itself, and it beats random legal play at least four times in five.
 */
import { describe, expect, it } from 'vitest';
import { seeded, rollDie, type Rng } from '../../../src/engine/dice';
import { rulesetOf } from '../../../src/rulesets';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { beginSc, decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { PlayerId, ScCommand, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

function setup(seed: number, armies: readonly [string, string] = ['iron-company', 'mire-raiders']): ScSetup {
  return makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: content.armies.get(armies[0])!, bob: content.armies.get(armies[1])! },
    troops: content.troops,
    map: content.maps.get('reed-ford')!,
  });
}

/** Whom the match waits on: the prompt's player, the deploying side or the side whose turn it is. */
const waitingOn = (s: ScState): PlayerId | null => s.prompt?.player ?? s.deploying?.player ?? s.turn?.player ?? null;

const CLOSING = new Set<string>(['next', 'end-turn', 'deploy-done', 'deploy-rest']);

/** A random listed command: an order five times in six when there is one, else a closing command. */
function randomCommand(s: ScSetup, state: ScState, rng: Rng): [ScCommand, Rng] {
  const options = legalCommands(s, state);
  const orders = options.filter((o) => !CLOSING.has(o.type));
  const closing = options.filter((o) => CLOSING.has(o.type));
  const [roll, next] = rollDie(rng, 6 * Math.max(1, orders.length, closing.length));
  const r = (roll ?? 1) - 1;
  const from = orders.length > 0 && (r % 6 !== 0 || closing.length === 0) ? orders : closing;
  return [from[Math.floor(r / 6) % from.length]!, next];
}

/** Plays a match to its end, or `limit` commands: `ai` seats play with the practice opponent, the others at random. */
function play(s: ScSetup, ai: ReadonlySet<PlayerId>, limit = 4000): ScState {
  const begun = beginSc(s);
  if (!begun.ok) throw new Error(begun.error.message);
  let state = begun.state;
  let rng = seeded(s.seed ^ 0x5eed);
  for (let i = 0; i < limit && !state.end; i++) {
    const who = waitingOn(state);
    if (who === null) break;
    let command: ScCommand;
    if (ai.has(who)) {
      const chosen = chooseScCommand(s, state, who);
      if (!chosen) throw new Error(`the practice opponent gave no order while the match waits on ${who}`);
      command = chosen;
    } else [command, rng] = randomCommand(s, state, rng);
    const r = decideSc(s, state, command, undefined);
    if (!r.ok)
      throw new Error(`${ai.has(who) ? 'the practice opponent' : 'random play'} was refused ${JSON.stringify(command)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
  }
  return state;
}

describe("Sword and Claw's practice opponent", () => {
  it('gives only orders the rules accept, and plays itself to an elimination', () => {
    for (const seed of [1, 2, 3]) {
      const end = play(setup(seed), new Set(['alice', 'bob'])).end;
      expect(end?.reason, `seed ${seed}`).toBe('elimination');
    }
  });

  it('gives no order while the match waits on the other side', () => {
    const begun = beginSc(setup(4));
    if (!begun.ok) throw new Error(begun.error.message);
    const other = begun.state.players.find((p) => p !== waitingOn(begun.state))!;
    expect(chooseScCommand(setup(4), begun.state, other)).toBeNull();
  });

  it('beats random legal play at least four times in five, on either side and with either army', () => {
    let wins = 0;
    const games = 20;
    for (let g = 0; g < games; g++) {
      const armies: [string, string] = g % 2 === 0 ? ['iron-company', 'mire-raiders'] : ['mire-raiders', 'iron-company'];
      const seat = g % 4 < 2 ? 'alice' : 'bob';
      const state = play(setup(100 + g, armies), new Set([seat]));
      if (state.end?.winner === seat) wins++;
    }
    expect(wins / games, `${wins} of ${games} won`).toBeGreaterThanOrEqual(0.8);
    // Twenty whole games: about 25 s alone on a shared 2-core machine, past the suite's 60 s limit when
    // the whole folder runs beside it. The limit guards against a hang, not a speed (bench:table-game times it).
  }, 180_000);

  it("walks a troop that Can't Run towards the enemy, never ordering it to run (SC App. A Can't Run, ruling SC36)", () => {
    const s = setup(5, ['slagwall-foundry', 'winter-moon-hunt']);
    const begun = beginSc(s);
    if (!begun.ok) throw new Error(begun.error.message);
    let state = begun.state;
    const colossus = 'kilnborn-kiln-colossus-1';
    let order: ScCommand | null = null;
    for (let i = 0; i < 500 && !order && !state.end; i++) {
      const command = chooseScCommand(s, state, waitingOn(state)!)!;
      if (command.type === 'move' && command.troop === colossus) order = command;
      const r = decideSc(s, state, command, undefined);
      if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
      state = r.state;
    }
    expect(order).toMatchObject({ type: 'move', troop: colossus, how: 'move' });
  });

  it("is the game's practice opponent behind the boundary, on a map the table set-up takes by id", () => {
    const found = rulesetOf('sword-and-claw');
    if (!found.ok) throw new Error(found.error.message);
    const { table, match, practice } = found.ruleset;
    const made = table!.setup({ seed: 9, players: ['a', 'b'], armies: { a: 'mire-skirmish-host', b: 'iron-company' }, map: 'long-marsh' });
    if (!made.ok) throw new Error(made.error.message);
    expect((made.setup as ScSetup).map.id).toBe('long-marsh');
    const begun = match.begin(made.setup);
    if (!begun.ok) throw new Error(begun.error.message);
    const seat = match.waits(begun.state)[0]!.player;
    expect(practice!.choose(made.setup, begun.state, seat)).toEqual(chooseScCommand(made.setup as ScSetup, begun.state as ScState, seat));
    const unknown = table!.setup({ seed: 9, players: ['a', 'b'], armies: { a: 'iron-company', b: 'mire-raiders' }, map: 'atlantis' });
    expect(unknown.ok ? null : unknown.error.code).toBe('unknown-map');
  });
});
