/**
 * SC Army Selection (SC Set-up 1, 2, 6; rulings SC1, SC110): an army list's core force and its two
 * reserve forces, as the format reads them and the army check judges them.
 */
import { describe, expect, it } from 'vitest';
import { checkArmy } from '../../../src/rulesets/sword-and-claw/army-check';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { type Army, armyLine, parseArmyLine, parseArmyText } from '../../../src/rulesets/sword-and-claw/formats/army';
import { checkDice, commitmentOf, seedFrom } from '../../../src/match/dice-proof';
import { rulesetOf } from '../../../src/rulesets';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { beginSc, decideSc, replaySc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { ScCommand, ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { scPhase, scTimeout, scWaitingWords, scWaits } from '../../../src/rulesets/sword-and-claw/match/waits';
import { scPromptAnswer, scPromptPost } from '../../../src/rulesets/sword-and-claw/table/prompt';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import { scView } from '../../../src/rulesets/sword-and-claw/view';
import { playRandom } from './random-play';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const { troops, armies, maps } = loaded.value;

/** Humans: crossbowman 16, spearman 12, captain 30 points. */
const army = (units: Army['units'], reserves?: [Army['units'], Army['units']]): Army => ({
  ruleset: 'sword-and-claw',
  name: 'A',
  faction: 'humans',
  sample: false,
  units,
  ...(reserves ? { reserves: reserves.map((u) => ({ units: u })) } : {}),
});
const codes = (a: Army) => checkArmy(a, troops, { points: 200 }).problems.map((p) => `${p.code} ${p.path}`);

describe('SC Army Selection: the army list format (core + reserves)', () => {
  it('reads an army with two reserve forces; a list without them (written before reserves) still reads as a core force alone', () => {
    const old = parseArmyText(
      JSON.stringify({ ruleset: 'sword-and-claw', name: 'Old', faction: 'humans', units: [{ troop: 'human-spearman', count: 4 }] }),
      'old.json',
    );
    expect(old.ok && old.value.reserves).toBeUndefined();
    const text = JSON.stringify({
      ruleset: 'sword-and-claw',
      name: 'New',
      faction: 'humans',
      units: [{ troop: 'human-captain' }, { troop: 'human-spearman', count: 6 }],
      reserves: [{ name: 'Crossbow line', units: [{ troop: 'human-crossbowman', count: 4 }] }, { units: [{ troop: 'human-spearman', count: 5 }] }],
    });
    const r = parseArmyText(text, 'new.json');
    expect(r.ok && r.value.reserves).toEqual([
      { name: 'Crossbow line', units: [{ troop: 'human-crossbowman', count: 4 }] },
      { units: [{ troop: 'human-spearman', count: 5 }] },
    ]);
  });

  it('asks for exactly two reserves, each with troops, and names a misspelt key', () => {
    const base = { ruleset: 'sword-and-claw', name: 'A', faction: 'humans', units: [{ troop: 'human-spearman' }] };
    const one = parseArmyText(JSON.stringify({ ...base, reserves: [{ units: [{ troop: 'human-spearman' }] }] }), 'a.json');
    expect(one.ok ? [] : one.problems.map((p) => p.path)).toEqual(['reserves']);
    const empty = parseArmyText(JSON.stringify({ ...base, reserves: [{ units: [] }, { units: [{ troop: 'human-spearman' }] }] }), 'a.json');
    expect(empty.ok ? [] : empty.problems.map((p) => p.path)).toEqual(['reserves[0].units']);
    const typo = parseArmyText(JSON.stringify({ ...base, reserve: [] }), 'a.json');
    expect(typo.ok ? [] : typo.problems).toEqual([{ path: 'reserve', message: 'unknown key (not part of the format; check the spelling)' }]);
  });

  it('the chat form takes two more parts for the reserves, and writes them back', () => {
    const r = parseArmyLine('Iron Company | humans | human-captain, 6 human-spearman | 4 human-crossbowman | human-spearman x5');
    expect(r.ok && r.value.reserves).toEqual([{ units: [{ troop: 'human-crossbowman', count: 4 }] }, { units: [{ troop: 'human-spearman', count: 5 }] }]);
    if (r.ok) expect(armyLine(r.value)).toBe('Iron Company | humans | human-captain, 6 human-spearman | 4 human-crossbowman | 5 human-spearman');
    if (r.ok) expect(parseArmyText(armyLine(r.value))).toEqual(r);
    expect(parseArmyLine('A | humans | human-captain | 4 human-crossbowman')).toMatchObject({ ok: false, problems: [{ message: /missing reserves\[1\]/ }] });
    expect(parseArmyLine('A | humans | human-captain | 4 human-crossbowman | two spearmen')).toMatchObject({
      ok: false,
      problems: [{ path: 'reserves[1].units[0]' }],
    });
  });
});

describe('SC Army Selection: the army check (SC Set-up 6; ruling SC110)', () => {
  it('takes a core of at least half the points and two reserves each within the points the core leaves', () => {
    // Core 30 + 72 = 102 of 200 leaves 98: reserves of 96 and 90. The army fields 102 + 96 at most.
    const core = [
      { troop: 'human-captain', count: 1 },
      { troop: 'human-spearman', count: 6 },
    ];
    const second = [
      { troop: 'human-captain', count: 1 },
      { troop: 'human-crossbowman', count: 3 },
      { troop: 'human-spearman', count: 1 },
    ];
    expect(checkArmy(army(core, [[{ troop: 'human-crossbowman', count: 6 }], second]), troops, { points: 200 })).toEqual({
      points: 198,
      problems: [],
      core: 102,
      reserves: [96, 90],
    });
  });

  it('refuses an army with over half of its points on the reserves: the core must be at least half', () => {
    // Core 96 of 200: under the 100 the core must have, though each reserve (96) is within the 104 left.
    const a = army([{ troop: 'human-spearman', count: 8 }], [[{ troop: 'human-crossbowman', count: 6 }], [{ troop: 'human-spearman', count: 8 }]]);
    expect(checkArmy(a, troops, { points: 200 }).problems).toEqual([
      { code: 'core-under-half', path: 'units', message: "the core force costs 96 points; at least half of the battle's 200 (100) must be spent on it" },
    ]);
    // Exactly half (5 × 12 + 16 + 24 = 100) is enough.
    const half = [
      { troop: 'human-spearman', count: 7 },
      { troop: 'human-crossbowman', count: 1 },
    ];
    expect(codes(army(half, [[{ troop: 'human-spearman', count: 8 }], [{ troop: 'human-captain', count: 3 }]]))).toEqual([]);
  });

  it('refuses a reserve worth more than the points the core leaves, naming which', () => {
    // Core 150 leaves 50: a reserve of 48 fits, one of 60 does not.
    const core = [
      { troop: 'human-captain', count: 1 },
      { troop: 'human-spearman', count: 10 },
    ];
    const a = army(core, [[{ troop: 'human-crossbowman', count: 3 }], [{ troop: 'human-captain', count: 2 }]]);
    expect(checkArmy(a, troops, { points: 200 }).problems).toEqual([
      { code: 'reserve-over-points', path: 'reserves[1]', message: "the second reserve costs 60 points; the core force (150) leaves 50 of the battle's 200" },
    ]);
    expect(codes(army(core, [[{ troop: 'human-captain', count: 2 }], [{ troop: 'human-crossbowman', count: 3 }]]))).toEqual([
      'reserve-over-points reserves[0]',
    ]);
  });

  it('checks the reserves’ troops as the core’s: one faction, every troop known with a suggestion', () => {
    const a = army([{ troop: 'human-captain', count: 4 }], [[{ troop: 'reptilian-skirmisher', count: 1 }], [{ troop: 'human-crosbowman', count: 1 }]]);
    expect(checkArmy(a, troops, { points: 200 }).problems).toEqual([
      {
        code: 'mixed-faction',
        path: 'reserves[0].units[0].troop',
        message: '"reptilian-skirmisher" is a reptilians troop; a humans army takes humans troops only',
      },
      { code: 'unknown-troop', path: 'reserves[1].units[0].troop', message: 'no troop card "human-crosbowman" (did you mean "human-crossbowman"?)' },
    ]);
  });

  it('ruling SC1: a list without reserves is a core force alone, which may spend the whole total or less', () => {
    expect(codes(army([{ troop: 'human-spearman', count: 2 }]))).toEqual([]);
    expect(codes(army([{ troop: 'human-crossbowman', count: 13 }]))).toEqual(['over-points units']);
  });
});

/** Alice attacks with the Reed Wardens (reserves: a spear wall or a crossbow line); Bob defends with reptilians that have reserves too. */
function marsh(): Army {
  return {
    ruleset: 'sword-and-claw',
    name: 'Marsh Watch',
    faction: 'reptilians',
    sample: false,
    units: [
      { troop: 'reptilian-swamp-brute', count: 2 },
      { troop: 'reptilian-skirmisher', count: 2 },
    ],
    reserves: [
      { units: [{ troop: 'reptilian-skirmisher', count: 4 }] },
      {
        name: 'Brute and pack',
        units: [
          { troop: 'reptilian-swamp-brute', count: 1 },
          { troop: 'reptilian-skirmisher', count: 2 },
        ],
      },
    ],
  };
}

function reservesMatch(seed = 7): ScSetup {
  const bob = marsh();
  expect(checkArmy(bob, troops).problems).toEqual([]);
  return makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: armies.get('reed-wardens')!, bob },
    troops,
    map: maps.get('long-marsh')!,
    attacker: 'alice',
  });
}

type Played = { state: ScState; events: ScEvent[] };

function play(setup: ScSetup, from: Played, command: ScCommand, by: string | undefined): Played {
  const r = decideSc(setup, from.state, command, by);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return { state: r.state, events: [...from.events, ...r.events] };
}

function begun(setup: ScSetup): Played {
  const r = beginSc(setup);
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.state, events: r.events };
}

const who = (id: string) => id;
const ofForce = (s: ScState, player: string) =>
  Object.values(s.troops)
    .filter((t) => t.player === player)
    .map((t) => t.reserve ?? 0);

describe('SC Army Selection: reserves take the field (SC Set-up 7; ruling SC111)', () => {
  it('cores first, attackers then defenders; the attackers choose a reserve; the defenders choose and place theirs; the attackers place theirs; then the first turn', () => {
    const setup = reservesMatch();
    let p = begun(setup);
    p = play(setup, p, { type: 'deploy-rest' }, 'alice');
    p = play(setup, p, { type: 'deploy-rest' }, 'bob');
    expect(p.state.prompt).toEqual({ kind: 'reserve', player: 'alice', sealed: true });
    expect(scPhase(p.state)).toBe('setup');
    expect(scWaits(p.state)).toEqual([{ kind: 'prompt', player: 'alice' }]);
    // The attackers answer first: nobody else, and nothing else, may go on.
    expect(decideSc(setup, p.state, { type: 'reserve', reserve: 1 }, 'bob')).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    expect(decideSc(setup, p.state, { type: 'deploy-done' }, 'alice')).toMatchObject({ ok: false, error: { code: 'prompt-open' } });
    expect(legalCommands(setup, p.state)).toEqual([
      { type: 'reserve', reserve: 1 },
      { type: 'reserve', reserve: 2 },
    ]);
    p = play(setup, p, { type: 'reserve', reserve: 2 }, 'alice');
    expect(p.state.prompt).toEqual({ kind: 'reserve', player: 'bob', sealed: false });
    // Neither reserve is on the table yet: both wait off it.
    expect(ofForce(p.state, 'alice').every((n) => n === 0)).toBe(true);
    p = play(setup, p, { type: 'reserve', reserve: 1 }, 'bob');
    const bobs = p.events.at(-1)!;
    expect(bobs).toMatchObject({ type: 'deployment-began', player: 'bob', reserve: 1 });
    expect(p.state.deploying).toMatchObject({ player: 'bob', reserve: 1 });
    expect(ofForce(p.state, 'bob').filter((n) => n === 1)).toHaveLength(4);
    // Each force is placed in its own step: a core troop left over is not placed with the reserve.
    const coreTroop = Object.values(p.state.troops).find((t) => t.player === 'bob' && t.reserve === undefined)!;
    expect(coreTroop.at).not.toBeNull();
    p = play(setup, p, { type: 'deploy-rest' }, 'bob');
    expect(p.events.at(-1)).toMatchObject({ type: 'deployment-began', player: 'alice', reserve: 2 });
    p = play(setup, p, { type: 'deploy-rest' }, 'alice');
    expect(p.events.at(-1)).toMatchObject({ type: 'turn-began', player: 'alice', round: 1 });
    // Only the chosen reserves took the field: Alice's crossbow line (5), Bob's skirmishers (4).
    expect(ofForce(p.state, 'alice').filter((n) => n === 2)).toHaveLength(5);
    expect(ofForce(p.state, 'alice')).not.toContain(1);
    expect(ofForce(p.state, 'bob')).not.toContain(2);
    expect(Object.values(p.state.troops).every((t) => t.at !== null)).toBe(true);
    // Every group rolled its own 1d6 + 3.
    expect(p.events.filter((e) => e.type === 'deployment-began').map((e) => e.type === 'deployment-began' && e.dice.length)).toEqual([1, 1, 1, 1]);
  });

  it('the attackers’ choice is sealed: nothing the defenders see differs with it until the defenders’ reserve is placed', () => {
    const setup = reservesMatch();
    /** What Bob sees after each change, up to his reserve placed (the change that reveals Alice's choice is left out). */
    const seen = (choice: 1 | 2) => {
      const out: unknown[] = [];
      let p = begun(setup);
      const look = (before: ScState, events: readonly ScEvent[]) => {
        out.push(scTell(setup, before, events, who).map((t) => t.lines));
        out.push(scWaitingWords(p.state, who), scView.table(setup, p.state), chooseScCommand(setup, p.state, 'bob'));
        out.push(p.state.prompt?.player === 'bob' ? [scPromptPost(setup, p.state, who), legalCommands(setup, p.state)] : null);
        out.push(p.state.deploying?.player === 'bob' ? legalCommands(setup, p.state) : null);
      };
      const steps: [ScCommand, string][] = [
        [{ type: 'deploy-rest' }, 'alice'],
        [{ type: 'deploy-rest' }, 'bob'],
        [{ type: 'reserve', reserve: choice }, 'alice'],
        [{ type: 'reserve', reserve: 1 }, 'bob'],
        [{ type: 'deploy-done' }, 'bob'],
      ];
      for (const [given, by] of steps) {
        // Bob places one troop of his reserve, where the legal orders put it first.
        const command = given.type === 'deploy-done' ? legalCommands(setup, p.state).find((c) => c.type === 'deploy')! : given;
        if (command.type === 'reserve' && by === 'alice') {
          // The button's answer is sealed: the thread is told only that it was given.
          expect(scPromptAnswer(p.state, String(choice))).toMatchObject({ ok: true, sealed: true });
        }
        const before = p.state;
        const at = p.events.length;
        p = play(setup, p, command, by);
        look(before, p.events.slice(at));
      }
      const reveal = decideSc(setup, p.state, { type: 'deploy-rest' }, 'bob');
      if (!reveal.ok) throw new Error('reveal');
      return { out, revealed: scTell(setup, p.state, reveal.events, who).flatMap((t) => t.lines) };
    };
    const first = seen(1);
    const second = seen(2);
    expect(second.out).toEqual(first.out);
    expect(JSON.stringify(first.out)).toMatch(/has chosen a reserve force; it is told when they place it/);
    // Bob's own choice is not sealed: his answer, and what it is, are told.
    expect(JSON.stringify(first.out)).toMatch(/bob brings the first reserve/);
    // Placing his reserve reveals Alice's.
    expect(first.revealed.join('\n')).toMatch(/alice's sealed choice: the first reserve \(Spear wall\) takes the field/);
    expect(second.revealed.join('\n')).toMatch(/alice's sealed choice: the second reserve \(Crossbow line\) takes the field/);
  });

  it('the reserve prompt: a button for each reserve with its troops and points; a missed deadline takes the first; the practice opponent fields its dearer', () => {
    const setup = reservesMatch();
    let p = begun(setup);
    p = play(setup, p, { type: 'deploy-rest' }, 'alice');
    p = play(setup, p, { type: 'deploy-rest' }, 'bob');
    const post = scPromptPost(setup, p.state, who)!;
    expect(post.buttons.map((b) => [b.label, b.arg])).toEqual([
      ['First reserve (Spear wall)', '1'],
      ['Second reserve (Crossbow line)', '2'],
    ]);
    expect(post.text).toContain('• First reserve (Spear wall): 5 Human Spearman, 1 Human Crossbowman: 76 points.');
    expect(post.text).toContain('Your choice is sealed');
    expect(scPromptAnswer(p.state, '3')).toMatchObject({ ok: false, error: { code: 'unknown-answer' } });
    expect(scTimeout(p.state, who)?.command).toEqual({ type: 'reserve', reserve: 1 });
    expect(chooseScCommand(setup, p.state, 'alice')).toEqual({ type: 'reserve', reserve: 2 });
    p = play(setup, p, { type: 'reserve', reserve: 1 }, undefined);
    expect(scPromptAnswer(p.state, '2')).toEqual({ ok: true, command: { type: 'reserve', reserve: 2 } });
    expect(chooseScCommand(setup, p.state, 'bob')).toEqual({ type: 'reserve', reserve: 2 });
  });

  it('an army without reserves skips its reserve steps: the other side’s are played alone', () => {
    const setup = makeScSetup({
      seed: 3,
      players: ['alice', 'bob'],
      armies: { alice: armies.get('iron-company')!, bob: marsh() },
      troops,
      map: maps.get('long-marsh')!,
      attacker: 'alice',
    });
    let p = begun(setup);
    p = play(setup, p, { type: 'deploy-rest' }, 'alice');
    p = play(setup, p, { type: 'deploy-rest' }, 'bob');
    expect(p.state.prompt).toEqual({ kind: 'reserve', player: 'bob', sealed: false });
    p = play(setup, p, { type: 'reserve', reserve: 2 }, 'bob');
    p = play(setup, p, { type: 'deploy-rest' }, 'bob');
    expect(p.events.at(-1)).toMatchObject({ type: 'turn-began', player: 'alice' });
  });

  it('replays to the same state, and its dice verify, through random legal play with reserves', () => {
    const secret = 'army-selection';
    const seed = seedFrom(secret, []);
    const setup = reservesMatch(seed);
    const picks = Array.from({ length: 400 }, (_, i) => (i * 7919) % 10_007);
    const { state, events } = playRandom(setup, picks, 5);
    expect(events.some((e) => e.type === 'reserve-chosen')).toBe(true);
    expect(events.some((e) => e.type === 'turn-began')).toBe(true);
    expect(replaySc(setup, events)).toEqual(state);
    const found = rulesetOf('sword-and-claw');
    if (!found.ok) throw new Error('ruleset');
    expect(found.ruleset.match.replay(setup, events)).toEqual(state);
    const check = checkDice(
      { secret, seed, commitment: commitmentOf(secret), entropy: [] },
      events.map((event, i) => ({ seq: i + 1, event })),
      found.ruleset.diceOf,
    );
    expect(check.ok).toBe(true);
  });
});
