/**
 * Sword and Claw at the table (table/): `/order` read into the match's commands, suggestions that are
 * exactly the legal orders (and say why when none fit), the opportunity prompt's buttons and answer,
 * the log words with their dice and where the turn picture follows, and refusals with labels.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import type { ScCommand, ScEvent, ScOpportunityPrompt, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { labelOf, squareWords } from '../../../src/rulesets/sword-and-claw/table/names';
import { startTurn } from '../../../src/engine/step-turn';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';

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
    expect(table.answer(state, post.buttons[0]!.arg)).toEqual({
      ok: true,
      command: { type: 'opportunity', attack: (state.prompt as ScOpportunityPrompt).attacks[0] },
    });
    expect(rules.match.timeout(state, name)!.command).toEqual({ type: 'opportunity', attack: null });
    expect(squareWords(setup, 0)).toBe('A1');
  });
});

describe('Sword and Claw at the table: the ranged step', () => {
  const content = loadScContent();
  if (!content.ok) throw new Error('content');
  const cards = Object.fromEntries(['human-crossbowman', 'reptilian-skirmisher'].map((id) => [id, content.value.troops.get(id)!]));
  const setup: ScSetup = {
    ruleset: 'sword-and-claw',
    seed: 3,
    players: ['alice', 'bob'],
    attacker: 'alice',
    defenderEdge: null,
    map: { ruleset: 'sword-and-claw', id: 'f', name: 'F', sample: false, grid: Array.from({ length: 8 }, () => '........') },
    cards,
    armies: { alice: 'Iron Company', bob: 'Mire Raiders' },
    troops: [
      { id: 'human-crossbowman-1', troop: 'human-crossbowman', player: 'alice' },
      { id: 'reptilian-skirmisher-1', troop: 'reptilian-skirmisher', player: 'bob' },
    ],
  };
  const start = initialState(setup);
  const state: ScState = {
    ...start,
    attacker: 'alice',
    defender: 'bob',
    round: 1,
    troops: {
      'human-crossbowman-1': { ...start.troops['human-crossbowman-1']!, at: 0 },
      'reptilian-skirmisher-1': { ...start.troops['reptilian-skirmisher-1']!, at: 40 },
    },
    turn: { ...startTurn(STEP_RULES, 'alice', 'alice'), step: 'ranged' },
  };

  it('suggests the shooters, their ranged attacks and the targets with range and odds; the shot is told with its dice', () => {
    const shooters = table.suggest(setup, state, 'alice', 'shoot', 'troop', {}).choices;
    expect(shooters.map((c) => c.value)).toEqual([labelOf(setup, 'human-crossbowman-1')]);
    const troop = shooters[0]!.value;
    expect(table.suggest(setup, state, 'alice', 'shoot', 'attack', { troop }).choices.map((c) => c.value)).toEqual(['crossbow']);
    const targets = table.suggest(setup, state, 'alice', 'shoot', 'target', { troop, attack: 'crossbow' }).choices;
    expect(targets.map((c) => c.name)).toEqual([expect.stringMatching(/\(5", short range, 60% to hit, 100% to wound\)$/)]);
    expect(table.suggest(setup, state, 'alice', 'attack', 'troop', {}).why).toBe(
      'Melee attacks are declared in the melee step; this is the ranged step (/order next closes it).',
    );
    const parsed = table.parse(setup, state, 'alice', 'shoot', { troop, attack: 'crossbow', target: targets[0]!.value });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const declared = step(setup, state, parsed.command as ScCommand, 'alice');
    const resolved = step(setup, declared.state, { type: 'next' }, 'alice');
    const told = table.tell(setup, declared.state, resolved.events, name).flatMap((t) => t.lines);
    const [hc, rs] = [labelOf(setup, 'human-crossbowman-1'), labelOf(setup, 'reptilian-skirmisher-1')];
    expect(told[0]).toMatch(
      new RegExp(`^🎲 ${hc}'s Crossbow at ${rs}, 5" \\(short range\\): d10 \\d+ \\+1 skill = \\d+ against Ranged Defense 6, a (hit|miss)`),
    );
  });
});
