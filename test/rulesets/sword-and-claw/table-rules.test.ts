/**
 * Sword and Claw at the table (table/): `/order` read into the match's commands, suggestions that are
 * exactly the legal orders (and say why when none fit), the opportunity prompt's buttons and answer,
 * the log words with their dice and where the turn picture follows, and refusals with labels.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import type { ScCommand, ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { labelOf, squareWords } from '../../../src/rulesets/sword-and-claw/table/names';

const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const rules = found.ruleset;
const table: TableRules = found.ruleset.table;

function begin(seed = 5): { setup: ScSetup; state: ScState; events: ScEvent[] } {
  const made = table.setup({ seed, players: ['alice', 'bob'], armies: { alice: 'iron-company', bob: 'mire-raiders' } });
  if (!made.ok) throw new Error(made.error.message);
  const begun = rules.match.begin(made.setup);
  if (!begun.ok) throw new Error(begun.error.message);
  return { setup: made.setup as ScSetup, state: begun.state as ScState, events: [...begun.events] as ScEvent[] };
}

function step(setup: ScSetup, s: ScState, c: ScCommand, by?: string): { state: ScState; events: ScEvent[] } {
  const r = decideSc(setup, s, c, by);
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.state, events: r.events };
}

const name = (p: string) => p.toUpperCase();

describe('Sword and Claw at the table', () => {
  it('offers its two sample armies and refuses an army it does not have', () => {
    expect(table.armies().map((a) => a.name)).toEqual(expect.arrayContaining(['Iron Company', 'Mire Raiders']));
    const r = table.setup({ seed: 1, players: ['a', 'b'], armies: { a: 'iron-company', b: 'nope' } });
    expect(r.ok).toBe(false);
  });

  it('suggests exactly the legal deployments, and says why to the player who is not deploying', () => {
    const { setup, state } = begin();
    const me = state.deploying!.player;
    const other = me === 'alice' ? 'bob' : 'alice';
    const troops = table.suggest(setup, state, me, 'deploy', 'troop', {});
    const legal = legalCommands(setup, state).filter((c) => c.type === 'deploy');
    expect(new Set(troops.choices.map((c) => c.value))).toEqual(new Set(legal.map((c) => labelOf(setup, (c as { troop: string }).troop))));
    const first = troops.choices[0]!.value;
    const squares = table.suggest(setup, state, me, 'deploy', 'square', { troop: first });
    for (const sq of squares.choices) {
      const parsed = table.parse(setup, state, me, 'deploy', { troop: first, square: sq.value });
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(rules.match.step(setup, state, parsed.command, me, 1).ok).toBe(true);
    }
    expect(table.suggest(setup, state, other, 'deploy', 'troop', {})).toEqual({ choices: [], why: 'It is not your deployment: the other side is deploying.' });
    expect(table.suggest(setup, state, me, 'attack', 'troop', {}).why).toMatch(/Deploy your troops first/);
  });

  it('reads troops by label or id and squares by name, refusing what is not there in a sentence', () => {
    const { setup, state } = begin();
    const id = setup.troops[0]!.id;
    const byLabel = table.parse(setup, state, 'alice', 'move', { troop: labelOf(setup, id).toLowerCase(), to: 'c4' });
    expect(byLabel).toMatchObject({ ok: true, command: { type: 'move', troop: id, how: 'move', to: 3 * 24 + 2 } });
    expect(table.parse(setup, state, 'alice', 'move', { troop: 'zz9', to: 'c4' })).toMatchObject({ ok: false, error: { code: 'unknown-troop' } });
    expect(table.parse(setup, state, 'alice', 'move', { troop: id, to: 'Z99' })).toMatchObject({ ok: false, error: { code: 'bad-square' } });
    expect(table.parse(setup, state, 'alice', 'slide', { troop: id, to: 'c4', then: 'c5' })).toMatchObject({
      ok: true,
      command: { how: 'slide', then: { to: 4 * 24 + 2 } },
    });
    expect(table.plain(setup, `${id} cannot reach C4 with 4 inches.`)).toBe(`${labelOf(setup, id)} cannot reach C4 with 4 inches.`);
  });

  it('tells deployment and the first turn, with the picture after deployment and after a turn', () => {
    let { setup, state, events } = begin();
    const told = table.tell(setup, rules.match.replay(setup, []), events, name);
    expect(told[0]!.lines[0]).toMatch(/^🎲 Roll-off: [AB]/);
    const all: ScEvent[] = [];
    const before = state;
    for (let i = 0; i < 40 && state.deploying; i++) {
      const r = step(setup, state, { type: 'deploy-rest' });
      state = r.state;
      all.push(...r.events);
    }
    const r = step(setup, state, { type: 'end-turn' });
    all.push(...r.events);
    const lines = table.tell(setup, before, all, name);
    const pictures = all.filter((_, i) => lines[i]!.picture).map((e) => e.type);
    expect(pictures).toEqual(['turn-began', 'turn-ended']);
    expect(lines.flatMap((l) => l.lines).join('\n')).toMatch(/places [A-Z]+\d? at [A-X]\d+/);
  });

  it('puts an opportunity attack to the inactive player as buttons with its odds, and reads the answer', () => {
    let { setup, state } = begin(11);
    for (let i = 0; i < 4 && state.deploying; i++) state = step(setup, state, { type: 'deploy-rest' }).state;
    // Walk troops at each other until one is asked about an opportunity attack.
    for (let i = 0; i < 400 && !state.prompt && !state.end; i++) {
      const legal = legalCommands(setup, state);
      const c = legal.find((x) => x.type === 'attack') ?? legal.find((x) => x.type === 'move' && x.how === 'move') ?? legal.find((x) => x.type === 'next')!;
      state = step(setup, state, c).state;
    }
    expect(state.prompt).not.toBeNull();
    const post = table.prompt(setup, state, name)!;
    expect(post.player).toBe(state.prompt!.player);
    expect(post.text).toMatch(/opportunity attack\?\n• .+: \d+% to hit \(Melee Defense \d+\), then \d+% to wound\./);
    expect(post.buttons.at(-1)).toEqual({ label: 'No attack', arg: 'none', style: 'secondary' });
    expect(table.answer(state, 'none')).toEqual({ ok: true, command: { type: 'opportunity', attack: null } });
    expect(table.answer(state, post.buttons[0]!.arg)).toEqual({ ok: true, command: { type: 'opportunity', attack: state.prompt!.attacks[0] } });
    expect(rules.match.timeout(state, name)!.command).toEqual({ type: 'opportunity', attack: null });
    expect(squareWords(setup, 0)).toBe('A1');
  });
});
