/**
 * The clear line a picture draws for a shot or a sight mark (sight.ts sightLine), issue 26: on Mill
 * Crossing the Skeletal Archer on L13 shot the Longbowman on L5 with cover, and the picture drew the
 * shot straight down column L over the wall squares L7–L12. The shot is legal: R17 lets a line run
 * along the side of a wall square (only the side two wall squares share, or a wall edge, blocks it),
 * and R18 gives cover to a line that touches a wall. The line drawn must be one the walk found clear.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildBoard, hasTerrain, T, type Board } from '../../src/engine/board';
import { sight, sightLine, traceSegment, type Body, type Occupancy } from '../../src/engine/sight';
import { gridmapSchema } from '../../src/formats/gridmap';
import { board, openRows, sq } from '../fixtures/boards';

const nobody: Occupancy = () => 0;
const unit = (b: Board, name: string): Body => ({ squares: [sq(b, name)], size: 2 });
const mill = buildBoard(gridmapSchema.parse(JSON.parse(readFileSync(new URL('../../src/content/maps/mill-crossing.json', import.meta.url), 'utf8'))));

/** The wall squares whose inside a segment (in squares) comes into, sampled every 1/64 of a square. */
function wallsCrossed(b: Board, p: readonly [number, number], q: readonly [number, number]): number[] {
  const out = new Set<number>();
  const n = Math.ceil(Math.hypot(q[0] - p[0], q[1] - p[1]) * 64);
  for (let k = 0; k <= n; k++) {
    const x = p[0] + ((q[0] - p[0]) * k) / n;
    const y = p[1] + ((q[1] - p[1]) * k) / n;
    const i = Math.floor(y) * b.width + Math.floor(x);
    // Inside, not on its side: a point on a grid line belongs to no square's inside.
    if (x !== Math.floor(x) && y !== Math.floor(y) && hasTerrain(b, i, T.wall)) out.add(i);
  }
  return [...out];
}

describe('the line drawn for a shot past a wall (issue 26)', () => {
  const sa = unit(mill, 'L13');
  const lo = unit(mill, 'L5');

  it('R17 R18: SA on L13 sees LO on L5 along the side of the wall squares L7–L12, with cover', () => {
    expect([7, 8, 9, 10, 11, 12].every((r) => hasTerrain(mill, sq(mill, `L${r}`), T.wall))).toBe(true);
    expect(sight(mill, nobody, sa, lo)).toEqual({ visible: true, cover: true, hidden: false });
  });

  it('R17: the line is one the walk finds clear, and drawn off its course to the side away from the wall it crosses none', () => {
    const line = sightLine(mill, nobody, sa, lo)!;
    expect(line).not.toBeNull();
    expect(traceSegment(mill, nobody, sa, lo, line.from, line.to).blocked).toBe(false);
    expect(line.lean).toEqual([1, 0]);
    const off = (p: readonly [number, number]): [number, number] => [p[0] + line.lean[0] * 0.1, p[1] + line.lean[1] * 0.1];
    expect(wallsCrossed(mill, off(line.from), off(line.to))).toEqual([]);
    // The centres' line crosses all six.
    expect(wallsCrossed(mill, [11.5, 13.5], [11.5, 5.5])).toHaveLength(6);
  });

  it('R17: on open ground it is the line between the two centres, with no lean', () => {
    const open = board(openRows(10, 10));
    expect(sightLine(open, nobody, unit(open, 'C5'), unit(open, 'H7'))).toEqual({ from: [2.5, 4.5], to: [7.5, 6.5], lean: [0, 0] });
  });

  it('R17: null when no line is clear', () => {
    const walled = board(openRows(10, 10), { walls: 'ABCDEFGHIJ'.split('').map((c) => `${c}4/${c}5`) });
    expect(sightLine(walled, nobody, unit(walled, 'C2'), unit(walled, 'C8'))).toBeNull();
  });
});
