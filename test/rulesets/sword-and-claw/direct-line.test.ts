/**
 * SC Direct Line Attacks (rulings SC51, SC52): where a missed shot flies, drawn as pictures (`A` the
 * shooter, `T` its target, `a`… the squares in the order flown over, `#` a wall), its log line and its marks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScEvent } from '../../../src/rulesets/sword-and-claw/match/types';
import { flightSquares, type Veer, veerPoint } from '../../../src/rulesets/sword-and-claw/rules/direct-line';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import { happeningsOf } from '../../../src/rulesets/sword-and-claw/view/from-match';

const W = 10;
const piece = (id: string, col: number, row: number): Piece => ({ id, player: id === 'a' ? 'p1' : 'p2', size: 'medium', at: row * W + col });

/** The picture of a shot from `a` at `t` flying on `veer` by `inches`, to `long` inches; `walls` are blocking squares [col, row]. */
function picture(a: Piece, t: Piece, veer: Veer, inches: number, long: number, walls: [number, number][] = []): string[] {
  const rows = Array.from({ length: W }, (_, r) => Array.from({ length: W }, (_, c) => (walls.some(([x, y]) => x === c && y === r) ? '#' : '.')).join(''));
  const table = scTable({ id: 'm', name: 'M', grid: rows }, [a, t]);
  const squares = flightSquares(table, a, veerPoint(table, a, t, veer, inches), long);
  return rows.map((line, r) =>
    [...line]
      .map((ch, c) => {
        const i = r * W + c;
        const k = squares.indexOf(i);
        return table.occupant[i] === 'a' ? 'A' : table.occupant[i] === 't' ? 'T' : k >= 0 ? String.fromCharCode(97 + k) : ch;
      })
      .join(''),
  );
}

describe('SC Direct Line Attacks: the line a miss flies along', () => {
  it('5 or more: on through the centre of the target (its square is flown over, c), as far as its Long range', () => {
    expect(picture(piece('a', 1, 4), piece('t', 4, 4), 'centre', 0, 6)).toEqual([
      '..........',
      '..........',
      '..........',
      '..........',
      '.AabTdef..',
      '..........',
      '..........',
      '..........',
      '..........',
      '..........',
    ]);
  });

  it('less: veered to the shooter’s right (south, facing east) by 5 − the roll inches', () => {
    expect(picture(piece('a', 1, 4), piece('t', 4, 4), 'right', 2, 6)).toEqual([
      '..........',
      '..........',
      '..........',
      '..........',
      '.Aa.T.....',
      '..bc......',
      '...def....',
      '.....gh...',
      '..........',
      '..........',
    ]);
  });

  it('to the left (north), and it stops at hard blocking terrain', () => {
    expect(picture(piece('a', 1, 4), piece('t', 4, 4), 'left', 2, 8, [[5, 1]])).toEqual([
      '..........',
      '.....#....',
      '...def....',
      '..bc......',
      '.Aa.T.....',
      '..........',
      '..........',
      '..........',
      '..........',
      '..........',
    ]);
  });
});

describe('a Direct Line miss in the log', () => {
  it('says where it flew, each troop rolled against in turn, and the damage of the hit', () => {
    const content = (() => {
      const r = loadScContent();
      if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
      return r.value;
    })();
    const scenario = scScenarioSchema.parse(JSON.parse(readFileSync('test/scenarios/sword-and-claw/sc-direct-line-attacks-a-miss-flies-on.json', 'utf8')));
    const { setup, state } = scenarioStart(scenario, content);
    const events = runParsedScenario(scenario, content).steps.flatMap((x) => (x.ok ? x.events : [])) as ScEvent[];
    const lines = scTell(setup, state, events, (p) => p)
      .flatMap((t) => t.lines)
      .filter((l) => l.startsWith('🎲'));
    // The picture: each flight's squares, a miss at the target, and the troop hit on the way.
    const marks = happeningsOf(state, events).map((h) =>
      h.kind === 'strike' ? `${h.target} ${h.hit ? 'hit' : 'miss'}` : h.kind === 'area' ? `${h.shape} ${h.squares.length}` : h.kind,
    );
    expect(marks).toEqual(['Direct Line 8', 's1 miss', 's3 hit', 'Direct Line 6', 's1 miss']);
    expect(lines).toEqual([
      "🎲 BT's Heavy Bolt at SO2, 4\" (short range): d10 5 +0 skill = 5 against Ranged Defense 6, a miss: it flies on through the centre of SO2's space over C5–J5; SO3: d10 3 +0 skill -1 medium range -1 cover = 1 against Ranged Defense 6, a miss; SO4: d10 10 +0 skill -2 long range -2 cover = 6 against Ranged Defense 6, a hit; d6 4 +2 = 6 damage, 1 wound.",
      '🎲 BT\'s Heavy Bolt at SO2, 4" (short range): d10 2 +0 skill = 2 against Ranged Defense 6, a miss: it veers 3" to the left (d6 2) and flies on over C5–E2; SO1: d10 1 +0 skill = 1 against Ranged Defense 6, a miss.',
    ]);
  });
});
