/**
 * SC App. B Sweep and SC Opportunity Attacks (rulings SC49, SC50): the squares a sweep strikes, drawn
 * as pictures (`A` the attacker, `1`… the squares in the order struck, `.` the rest), and what a sweep
 * counts for opportunity attacks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScSize } from '../../../src/rulesets/sword-and-claw/formats/vocabulary';
import { opportunityAttacksPerRound } from '../../../src/rulesets/sword-and-claw/rules/opportunity';
import { type SweepAim, sweepSquares, sweptTroops } from '../../../src/rulesets/sword-and-claw/rules/sweep';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { troop } from './cards';

const W = 7;
const grid = Array.from({ length: W }, () => '.'.repeat(W));
const piece = (id: string, player: string, size: ScSize, col: number, row: number): Piece => ({ id, player, size, at: row * W + col });

/** The picture of a sweep of `size` by `attacker` from `target`, with `others` on the table (`T` the target's squares not swept, `o` theirs). */
function picture(attacker: Piece, target: Piece, size: number, aim: SweepAim, others: readonly Piece[] = []): string[] {
  const table = scTable({ id: 'm', name: 'M', grid }, [attacker, target, ...others]);
  const squares = sweepSquares(table, attacker, size, target, aim);
  return Array.from({ length: W }, (_, r) =>
    Array.from({ length: W }, (_, c) => {
      const i = r * W + c;
      const k = squares.indexOf(i);
      if (k >= 0) return String(k + 1);
      const who = table.occupant[i];
      return who === attacker.id ? 'A' : who === target.id ? 'T' : who ? 'o' : '.';
    }).join(''),
  );
}

describe('SC App. B Sweep: the squares, from the target round the attacker', () => {
  const me = piece('a', 'p1', 'medium', 3, 3);

  it('clockwise from the square east of a Medium troop, round the corner squares (never cutting them)', () => {
    expect(picture(me, piece('t', 'p2', 'medium', 4, 3), 3, { turn: 'clockwise' })).toEqual([
      '.......',
      '.......',
      '.......',
      '...A1..',
      '...32..',
      '.......',
      '.......',
    ]);
  });

  it('counterclockwise, and fewer squares than its size when the player says so', () => {
    expect(picture(me, piece('t', 'p2', 'medium', 4, 3), 4, { turn: 'counterclockwise', squares: 2 })).toEqual([
      '.......',
      '.......',
      '....2..',
      '...A1..',
      '.......',
      '.......',
      '.......',
    ]);
  });

  it('a Large target next to it is swept from its first ring square in the turn, so both of its squares beside the attacker are in the sweep', () => {
    expect(picture(me, piece('t', 'p2', 'large', 4, 2), 3, { turn: 'counterclockwise' })).toEqual([
      '.......',
      '.......',
      '...32T.',
      '...A1T.',
      '.......',
      '.......',
      '.......',
    ]);
  });

  it('round a Huge troop, sixteen squares; a sweep of 5 turns at the corner', () => {
    const wyrm = piece('w', 'p1', 'huge', 1, 1);
    expect(picture(wyrm, piece('t', 'p2', 'medium', 4, 2), 5, { turn: 'clockwise' })).toEqual([
      '.......',
      '.AAA...',
      '.AAA1..',
      '.AAA2..',
      '..543..',
      '.......',
      '.......',
    ]);
  });

  it('squares off the board are counted and strike nobody (no square is skipped)', () => {
    const corner = piece('a', 'p1', 'medium', 0, 1);
    const table = scTable({ id: 'm', name: 'M', grid }, [corner, piece('t', 'p2', 'medium', 1, 1), piece('u', 'p2', 'medium', 1, 0)]);
    const squares = sweepSquares(table, corner, 4, table.pieces.get('t')!, { turn: 'counterclockwise' });
    expect(squares).toEqual([1 * W + 1, 0 * W + 1, 0 * W + 0, null]);
  });

  it('strikes each troop in the squares once, friend or foe, in the order reached, never the attacker', () => {
    const big = piece('big', 'p2', 'large', 4, 2);
    const friend = piece('f', 'p1', 'medium', 2, 2);
    const table = scTable({ id: 'm', name: 'M', grid }, [me, big, friend]);
    const squares = sweepSquares(table, me, 5, big, { turn: 'counterclockwise' });
    expect(sweptTroops(table, squares, 'a', big).map((p) => p.id)).toEqual(['big', 'f']);
  });
});

describe('SC Opportunity Attacks: a troop with a Sweep', () => {
  it('counts as many opportunity attacks a round as the size of its sweep', () => {
    const wyrm = troop({
      attacks: [
        {
          or: [
            { id: 'bite', name: 'Bite', toHit: 2, dmg: 'd6+5', atk: 1 },
            { id: 'tail', name: 'Tail Sweep', toHit: 0, dmg: 'd6+3', atk: 1, qualities: ['Sweep 5'] },
          ],
        },
      ],
    });
    expect(opportunityAttacksPerRound(wyrm)).toBe(5);
  });
});

describe('the practice opponent and a Sweep', () => {
  it('sweeps the way that reaches the most enemies and spares its own troop', () => {
    const content = (() => {
      const r = loadScContent();
      if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
      return r.value;
    })();
    const scenario = scScenarioSchema.parse(
      JSON.parse(readFileSync('test/scenarios/sword-and-claw/sc-app-b-sweep-round-the-attacker-friend-and-foe.json', 'utf8')),
    );
    const { setup, state } = scenarioStart(scenario, content);
    const order = chooseScCommand(setup, state, 'p2');
    // From HS2 at D5 counterclockwise: D5, E5, E4, E3, E2 reach all three spearmen; clockwise from HS1
    // would end on its own skirmisher at C5.
    expect(order).toEqual({ type: 'attack', troop: 'w1', attack: 'tail-sweep', target: 's2', sweep: { turn: 'counterclockwise', squares: 5 } });
  });
});
