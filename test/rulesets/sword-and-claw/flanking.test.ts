/**
 * SC Flanking and SC App. C (ruling SC72): which places round a troop flank it, drawn as pictures
 * (`T` the target's squares, `1`, `2`… enemies, `f` a friend of the target), for a one-square troop
 * and a Large one; and the +1 at the table: in the target suggestions' odds, the opportunity prompt's
 * odds and the log's modifiers. The scenario sc-app-c-flanking-plus-one-to-melee-strikes plays it.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { isFlanked } from '../../../src/rulesets/sword-and-claw/rules/flanking';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';

/** The table a picture draws: `T` (one square, or a 2×2 block for a Large target), digits enemies, `f` a friend of the target. */
function flanked(rows: readonly string[]): boolean {
  const width = rows[0]!.length;
  const pieces: Piece[] = [];
  const seen = new Set<string>();
  rows.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      if (ch === '.' || seen.has(ch)) return;
      seen.add(ch);
      const large = ch === 'T' && rows[r]![c + 1] === 'T';
      pieces.push({ id: ch, player: ch === 'T' || ch === 'f' ? 'them' : 'us', size: large ? 'large' : 'medium', at: r * width + c });
    }),
  );
  const table = scTable({ id: 'm', name: 'M', grid: rows.map((r) => '.'.repeat(r.length)) }, pieces);
  return isFlanked(table, table.pieces.get('T')!);
}

describe('SC App. C: who flanks a one-square troop (no facing: the map’s sides and corners)', () => {
  it('two enemies on opposite sides flank it, either way across', () => {
    expect(flanked(['.....', '.1T2.', '.....'])).toBe(true);
    expect(flanked(['..1..', '..T..', '..2..'])).toBe(true);
  });

  it('a corner and the opposite corner, or a square next to the opposite corner, flank it', () => {
    expect(flanked(['...1', '..T.', '.2..'])).toBe(true);
    expect(flanked(['...1', '..T.', '..2.'])).toBe(true);
    expect(flanked(['...1', '.2T.', '....'])).toBe(true);
  });

  it('two enemies a quarter turn apart do not: two sides round a corner, two corners along a side, a corner and a side by it', () => {
    expect(flanked(['..1.', '..T2', '....'])).toBe(false);
    expect(flanked(['.1.2', '..T.', '....'])).toBe(false);
    expect(flanked(['..12', '..T.', '....'])).toBe(false);
  });

  it('takes two enemies: one alone, or an enemy facing a friend of the target, does not flank', () => {
    expect(flanked(['.....', '.1T..', '.....'])).toBe(false);
    expect(flanked(['.....', '.1Tf.', '.....'])).toBe(false);
  });
});

describe('SC App. C with flyers (ruling SC92): only an enemy that may fight the troop hand to hand flanks it', () => {
  const table = (altitude: 'hover' | 'low') =>
    scTable({ id: 'm', name: 'M', grid: ['...', '...', '...'] }, [
      { id: 'T', player: 'them', size: 'medium', at: 4 },
      { id: 'w', player: 'us', size: 'medium', at: 3 },
      { id: 'e', player: 'us', size: 'medium', at: 5, altitude },
    ]);
  it('a Hovering enemy flanks a troop on the ground; one at Low Altitude does not', () => {
    expect(isFlanked(table('hover'), table('hover').pieces.get('T')!)).toBe(true);
    expect(isFlanked(table('low'), table('low').pieces.get('T')!)).toBe(false);
  });
});

describe('SC App. C: a Large troop is flanked the same way round its whole space', () => {
  it('enemies on opposite sides anywhere along them', () => {
    expect(flanked(['.1..', '.TT.', '.TT.', '..2.'])).toBe(true);
    expect(flanked(['....', '1TT.', '.TT2', '....'])).toBe(true);
  });

  it('a corner and the squares next to the opposite corner, but not the rest of that side', () => {
    expect(flanked(['...1', '.TT.', '.TT.', '.2..'])).toBe(true);
    expect(flanked(['...1', '.TT.', '2TT.', '....'])).toBe(true);
    expect(flanked(['...1', '.TT.', '.TT.', '..2.'])).toBe(false);
    expect(flanked(['...1', '2TT.', '.TT.', '....'])).toBe(false);
  });
});

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();
const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const table: TableRules = found.ruleset.table;

/** Two spearmen west and east of a skirmisher (flanked), one spearman north of another (not), p1's melee step. */
function atMelee() {
  const scenario = scScenarioSchema.parse({
    ruleset: 'sword-and-claw',
    map: { id: 'f', name: 'F', grid: Array.from({ length: 8 }, () => '........') },
    players: ['p1', 'p2'],
    attacker: 'p1',
    start: { turn: 'p1', step: 'movement' },
    units: [
      { id: 's1', troop: 'human-spearman', player: 'p1', at: 'C3' },
      { id: 's2', troop: 'human-spearman', player: 'p1', at: 'E3' },
      { id: 'k1', troop: 'reptilian-skirmisher', player: 'p2', at: 'D3' },
      { id: 's3', troop: 'human-spearman', player: 'p1', at: 'D6' },
      { id: 'k2', troop: 'reptilian-skirmisher', player: 'p2', at: 'D7' },
    ],
    dice: ['d10:4', 'd6:3'],
  });
  const { setup, state } = scenarioStart(scenario, content);
  const r = decideSc(setup, state, { type: 'next' }, 'p1');
  if (!r.ok) throw new Error(r.error.message);
  return { setup, state: r.state };
}

describe('SC Flanking at the table', () => {
  it('the target suggestions show the +1 in the odds and say the target is flanked', () => {
    const { setup, state } = atMelee();
    const [flank] = table.suggest(setup, state, 'p1', 'attack', 'target', { troop: 's1', attack: 'spear' }).choices;
    const [plain] = table.suggest(setup, state, 'p1', 'attack', 'target', { troop: 's3', attack: 'spear' }).choices;
    // Spear +0 against Melee Defense 5: 60% to hit, 70% with the flank.
    expect(flank!.name).toMatch(/\(flanked, 70% to hit, \d+% to wound\)$/);
    expect(plain!.name).toMatch(/\(60% to hit, \d+% to wound\)$/);
  });

  it('the log names the +1 among the modifiers', () => {
    const { setup, state } = atMelee();
    const declared = decideSc(setup, state, { type: 'attack', troop: 's1', attack: 'spear', target: 'k1' }, 'p1');
    if (!declared.ok) throw new Error(declared.error.message);
    const s: ScState = declared.state;
    const closed = decideSc(setup, s, { type: 'next' }, 'p1');
    if (!closed.ok) throw new Error(closed.error.message);
    const lines = table.tell(setup, s, closed.events, (p) => p).flatMap((t) => t.lines);
    expect(lines.join('\n')).toMatch(/Spear at .+: d10 4 \+0 skill \+1 flanked = 5 against Melee Defense 5, a hit/);
  });

  it('the opportunity prompt’s odds count the flank where the mover stands', () => {
    const { setup, state } = atMelee();
    const ended = decideSc(setup, state, { type: 'end-turn' }, 'p1');
    if (!ended.ok) throw new Error(ended.error.message);
    const moved = decideSc(setup, ended.state, { type: 'move', troop: 'k1', how: 'move', path: [3 * 8 + 3] }, 'p2');
    if (!moved.ok) throw new Error(moved.error.message);
    const post = table.prompt(setup, moved.state, (p) => p)!;
    expect(post.text).toMatch(/• Spear: 70% to hit \(Melee Defense 5, flanked\)/);
  });
});
