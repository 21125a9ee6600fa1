import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBoard, hasTerrain, T, type Board } from '../../src/engine/board';
import { burstCover, seesCentre, sight, traceSegment, type Body, type Occupancy, type SizeRank } from '../../src/engine/sight';
import { gridmapSchema } from '../../src/formats/gridmap';
import { board, openRows, paint, sq } from '../fixtures/boards';

const nobody: Occupancy = () => 0;
const unit = (b: Board, name: string, size: SizeRank = 2): Body => ({ squares: [sq(b, name)], size });
/** A Big unit whose top-left square is `name`. */
const big = (b: Board, name: string): Body => {
  const i = sq(b, name);
  return { squares: [i, i + 1, i + b.width, i + b.width + 1], size: 3 };
};
const standing = (b: Board, units: Record<string, SizeRank>): Occupancy => {
  const at = new Map(Object.entries(units).map(([name, size]) => [sq(b, name), size]));
  return (i) => at.get(i) ?? 0;
};
const CLEAR = { visible: true, cover: false, hidden: false };
const COVER = { visible: true, cover: true, hidden: false };
const UNSEEN = { visible: false, cover: false, hidden: false };
const columnOf = (ch: string, col: string, rows = 10) => Object.fromEntries(Array.from({ length: rows }, (_, r) => [`${col}${r + 1}`, ch]));

const open = board(openRows(10, 10));
/** A line of wall squares E3–E7. */
const wallLine = board(paint(openRows(10, 10), { E3: '#', E4: '#', E5: '#', E6: '#', E7: '#' }));

describe('R17 line of sight on open ground', () => {
  it('R17: open ground is visible without cover', () => {
    expect(sight(open, nobody, unit(open, 'C5'), unit(open, 'H7'))).toEqual(CLEAR);
    expect(sight(open, nobody, unit(open, 'C5'), unit(open, 'D5'))).toEqual(CLEAR);
  });

  it('R17: every pair of units on open ground sees the other without cover', () => {
    const b = board(openRows(12, 12));
    fc.assert(
      fc.property(fc.nat(143), fc.nat(143), (a, c) => {
        fc.pre(a !== c);
        expect(sight(b, nobody, { squares: [a], size: 2 }, { squares: [c], size: 2 })).toEqual(CLEAR);
      }),
    );
  });

  it('R17: pits, challenging ground and damaging ground do not block sight', () => {
    const b = board(paint(openRows(10, 10), { C5: 'p', D5: 'p', E5: 'p', F5: 'p', G5: 'p', E6: '^', E4: '~' }));
    expect(sight(b, nobody, unit(b, 'E8'), unit(b, 'E2'))).toEqual(CLEAR);
  });
});

describe('R17 walls', () => {
  it('R17: a wall square between blocks sight', () => {
    expect(sight(wallLine, nobody, unit(wallLine, 'C5'), unit(wallLine, 'H5'))).toEqual(UNSEEN);
    expect(sight(wallLine, nobody, unit(wallLine, 'C5'), unit(wallLine, 'H2'))).toEqual(UNSEEN);
  });

  it('R17: an edge wall between blocks sight, and does not block along its own side', () => {
    const b = board(openRows(10, 10), { walls: 'BCDEFGH'.split('').map((c) => `${c}4/${c}5`) });
    expect(sight(b, nobody, unit(b, 'D7'), unit(b, 'E2'))).toEqual(UNSEEN);
    expect(sight(b, nobody, unit(b, 'C4'), unit(b, 'G4'))).toEqual(CLEAR);
  });

  it('R17: a line through a single wall corner point is clear, but R18 counts the corner for cover', () => {
    const b = board(paint(openRows(10, 10), { D4: '#' }));
    // C3's top-right corner to E5's top-right corner passes exactly through D4's top-right corner.
    expect(traceSegment(b, nobody, unit(b, 'C3'), unit(b, 'E5'), [3, 2], [5, 4])).toMatchObject({ blocked: false, touches: true });
    // Every line to E5's centre goes through D4 or touches its corner: visible, with cover.
    expect(sight(b, nobody, unit(b, 'C3'), unit(b, 'E5'))).toEqual(COVER);
  });

  it('R17: a line running along a wall edge, or along the side shared by two wall squares, is blocked', () => {
    const b = board(paint(openRows(10, 10), { D4: '#', D5: '#' }), { walls: ['F3/F4'] });
    expect(traceSegment(b, nobody, null, null, [5, 3], [7, 3])).toMatchObject({ blocked: true });
    expect(traceSegment(b, nobody, null, null, [3, 4], [4.5, 4])).toMatchObject({ blocked: true });
    // Along the side of one wall square: clear, but touching it (R18).
    expect(traceSegment(b, nobody, null, null, [4, 2.5], [4, 3.5])).toEqual({ blocked: false, touches: true, brush: false, veiled: false });
  });

  it('R17: the only lines between units on either side of an edge wall run along it, so they are blocked', () => {
    // C4 is above the wall line, F5 below it: every line crosses y = 4 between B and H, or runs along it.
    const b = board(openRows(10, 10), { walls: 'BCDEFGH'.split('').map((c) => `${c}4/${c}5`) });
    expect(sight(b, nobody, unit(b, 'C4'), unit(b, 'F5'))).toEqual(UNSEEN);
  });

  it('R17: two wall squares touching at a corner close it (as R12 forbids cutting it)', () => {
    const b = board(paint(openRows(10, 10), { D4: '#', E5: '#' }));
    expect(traceSegment(b, nobody, null, null, [3, 5], [5, 3])).toMatchObject({ blocked: true });
    expect(traceSegment(b, nobody, null, null, [4, 2], [4, 6])).toMatchObject({ blocked: true });
  });

  it('R17: a unit beside an edge wall cannot see through it from the wall, but sees out along it', () => {
    // Edge walls between columns E and F on rows 2–9.
    const b = board(openRows(10, 10), { walls: [2, 3, 4, 5, 6, 7, 8, 9].map((r) => `E${r}/F${r}`) });
    const looker = unit(b, 'E5');
    expect(sight(b, nobody, looker, unit(b, 'F5'))).toEqual(UNSEEN);
    // From the midpoint of its wall side: out across the wall is blocked, back across its own square is not.
    expect(traceSegment(b, nobody, looker, null, [5, 4.5], [6.5, 4.5])).toMatchObject({ blocked: true });
    expect(traceSegment(b, nobody, looker, null, [5, 4.5], [4.5, 0.5])).toMatchObject({ blocked: false, touches: false });
    // Up along the wall: clear and without cover.
    expect(sight(b, nobody, looker, unit(b, 'E1'))).toEqual(CLEAR);
    // F1 peeks past the top end of the wall (F2's edge): visible, with cover.
    expect(sight(b, nobody, looker, unit(b, 'F1'))).toEqual(COVER);
  });

  it('R17: a unit at the end of a wall sees round it; a wall square closing the corner seals it', () => {
    const walls = 'ABCDE'.split('').map((c) => `${c}4/${c}5`);
    const endOfWall = board(openRows(10, 10), { walls });
    // The wall runs along E5's top and stops at its top-right corner: lines leave from that corner.
    expect(traceSegment(endOfWall, nobody, unit(endOfWall, 'E5'), null, [5, 4], [6.5, 2.5])).toMatchObject({ blocked: false, touches: false });
    expect(sight(endOfWall, nobody, unit(endOfWall, 'E5'), unit(endOfWall, 'H2'))).toEqual(CLEAR);
    const sealed = board(paint(openRows(10, 10), { F5: '#' }), { walls });
    expect(traceSegment(sealed, nobody, unit(sealed, 'E5'), null, [5, 4], [6.5, 2.5])).toMatchObject({ blocked: true });
    expect(sight(sealed, nobody, unit(sealed, 'E5'), unit(sealed, 'H2'))).toEqual(UNSEEN);
  });

  it('R17: a single edge wall between two units is passed at its ends (grazing lines), with cover', () => {
    const b = board(openRows(10, 10), { walls: ['D5/E5'] });
    expect(sight(b, nobody, unit(b, 'D5'), unit(b, 'E5'))).toEqual(COVER);
  });

  it('R17 §3.11: a closed sliding wall blocks; one a unit holds open does not', () => {
    const b = board(paint(openRows(10, 10), { ...Object.fromEntries('ABCDFGHIJ'.split('').map((c) => [`${c}5`, '#'])), E5: 's' }));
    expect(sight(b, nobody, unit(b, 'E8'), unit(b, 'E2'))).toEqual(UNSEEN);
    // Held open by a small unit: visible, and the line passes through two sides of its square (cover).
    expect(sight(b, standing(b, { E5: 1 }), unit(b, 'E8'), unit(b, 'E2'))).toEqual(COVER);
    // The looker itself holds it open.
    expect(sight(b, nobody, unit(b, 'E5'), unit(b, 'E2'))).toEqual(CLEAR);
  });
});

describe('R17 R18 §3.12 occupied squares', () => {
  const bigBetween = standing(open, { D4: 3, E4: 3, D5: 3, E5: 3 });

  it('R18 §3.12: a Big unit between blocks sight to a medium target, not to a Big one', () => {
    expect(sight(open, bigBetween, unit(open, 'C3'), unit(open, 'F6'))).toEqual(UNSEEN);
    expect(sight(open, bigBetween, unit(open, 'C3'), big(open, 'F6'))).toEqual(COVER);
  });

  it('R18 §3.12: a line along the middle of a Big unit is blocked (it cannot slip between its squares)', () => {
    expect(traceSegment(open, bigBetween, null, unit(open, 'E8'), [4, 1], [4, 8])).toMatchObject({ blocked: true });
    expect(traceSegment(open, bigBetween, null, big(open, 'E8'), [4, 1], [4, 8])).toMatchObject({ blocked: false, touches: true });
  });

  it('R18 §3.12: medium units between do not block a medium target, but give cover', () => {
    const mediums = standing(open, { D4: 2, E4: 2, D5: 2, E5: 2 });
    expect(sight(open, mediums, unit(open, 'C3'), unit(open, 'F6'))).toEqual(COVER);
  });

  it('R18 §3.12: an occupied square between gives cover, whatever the size', () => {
    expect(sight(open, standing(open, { E5: 1 }), unit(open, 'E8'), unit(open, 'E2'))).toEqual(COVER);
    // One square of a larger unit leaves lines along its sides; a row of them does not.
    expect(sight(open, standing(open, { E5: 2 }), unit(open, 'E8'), unit(open, 'E2', 1))).toEqual(COVER);
    expect(sight(open, standing(open, { D5: 2, E5: 2, F5: 2 }), unit(open, 'E8'), unit(open, 'E2', 1))).toEqual(UNSEEN);
    expect(sight(open, standing(open, { D5: 2, E5: 2, F5: 2 }), unit(open, 'E8'), unit(open, 'E2', 2))).toEqual(COVER);
  });

  it("R18: the looker's and the target's own squares are ignored by the occupancy", () => {
    const everywhere: Occupancy = () => 3;
    const b = board(openRows(6, 6));
    expect(sight(b, () => 0, unit(b, 'C3'), unit(b, 'D3'))).toEqual(CLEAR);
    const only = (i: number) => (i === sq(b, 'C3') || i === sq(b, 'D3') ? everywhere(i) : 0);
    expect(sight(b, only, unit(b, 'C3'), unit(b, 'D3', 1))).toEqual(CLEAR);
  });
});

describe('R18 cover', () => {
  const lowRow = board(openRows(10, 10), { lowCover: 'ABCDEFGHIJ'.split('').map((c) => `${c}4/${c}5`) });

  it('R18 §3.11: low cover between gives cover', () => {
    expect(sight(lowRow, nobody, unit(lowRow, 'D7'), unit(lowRow, 'E2'))).toEqual(COVER);
  });

  it('R18 §3.11: low cover touching the looker is ignored; touching the target it still counts', () => {
    expect(sight(lowRow, nobody, unit(lowRow, 'D5'), unit(lowRow, 'E2'))).toEqual(CLEAR);
    expect(sight(lowRow, nobody, unit(lowRow, 'D7'), unit(lowRow, 'E4'))).toEqual(COVER);
  });

  it('R18 §3.11: an obstructing square between gives cover, unless it touches the looker', () => {
    const b = board(paint(openRows(10, 10), { E5: 'o' }));
    expect(sight(b, nobody, unit(b, 'E8'), unit(b, 'E2'))).toEqual(COVER);
    expect(sight(b, nobody, unit(b, 'E6'), unit(b, 'E2'))).toEqual(CLEAR);
  });

  it('R18 §4.1: a wall only part of the target hides gives cover', () => {
    expect(sight(wallLine, nobody, unit(wallLine, 'C2'), unit(wallLine, 'H4'))).toEqual(COVER);
    expect(sight(wallLine, nobody, unit(wallLine, 'C2'), unit(wallLine, 'H3'))).toEqual(CLEAR);
  });

  it('R17 R18: a Big looker and a Big target, in the open and round a wall between', () => {
    expect(sight(open, nobody, big(open, 'D7'), big(open, 'D2'))).toEqual(CLEAR);
    const b = board(paint(openRows(10, 10), { D5: '#', E5: '#' }));
    // Lines along the wall's outer sides still reach the target; every line to its centre meets the wall.
    expect(sight(b, nobody, big(b, 'D7'), big(b, 'D2'))).toEqual(COVER);
    // A Big unit's squares may be listed in any order.
    const shuffled = { squares: [...big(b, 'D7').squares].reverse(), size: 3 as const };
    expect(sight(b, nobody, shuffled, big(b, 'D2'))).toEqual(COVER);
    const wide = board(paint(openRows(10, 10), { B5: '#', C5: '#', D5: '#', E5: '#', F5: '#', G5: '#' }));
    expect(sight(wide, nobody, big(wide, 'D7'), big(wide, 'D2'))).toEqual(UNSEEN);
  });
});

describe('R18 brush and smoke', () => {
  const hedge = board(paint(openRows(10, 10), columnOf('b', 'E')));
  const smoke = board(paint(openRows(10, 10), columnOf('m', 'E')));

  it('R18 §3.11: a target in brush has cover but is not hidden (a line through one side of brush)', () => {
    expect(sight(hedge, nobody, unit(hedge, 'C5'), unit(hedge, 'E5'))).toEqual(COVER);
  });

  it('R18 §3.11: a line through a whole brush square hides the target, and brush cover stacks', () => {
    expect(sight(hedge, nobody, unit(hedge, 'C5'), unit(hedge, 'H5'))).toEqual({ visible: true, cover: true, hidden: true });
  });

  it("R18 §3.11: the looker's own brush does not count", () => {
    expect(sight(hedge, nobody, unit(hedge, 'E5'), unit(hedge, 'H5'))).toEqual(CLEAR);
  });

  it('R18 §3.11: smoke between hides the target but gives no cover; a target in smoke is not hidden', () => {
    expect(sight(smoke, nobody, unit(smoke, 'C5'), unit(smoke, 'H5'))).toEqual({ visible: true, cover: false, hidden: true });
    expect(sight(smoke, nobody, unit(smoke, 'C5'), unit(smoke, 'E5'))).toEqual(CLEAR);
  });

  it('R18: a single brush square leaves lines round it: no cover, not hidden', () => {
    const b = board(paint(openRows(10, 10), { E5: 'b' }));
    expect(sight(b, nobody, unit(b, 'C5'), unit(b, 'H5'))).toEqual(CLEAR);
  });

  it('R18: a line between two brush squares of a hedge counts as going through the hedge', () => {
    expect(traceSegment(hedge, nobody, null, null, [5, 2], [5, 6]).veiled).toBe(false);
    const row = board(paint(openRows(10, 10), { C5: 'b', D5: 'b', E5: 'b', F5: 'b' }));
    expect(traceSegment(row, nobody, null, null, [4, 2], [4, 8])).toMatchObject({ brush: true, veiled: true });
    expect(sight(row, nobody, unit(row, 'D8'), unit(row, 'D2'))).toEqual({ visible: true, cover: true, hidden: true });
  });
});

describe('§4.5 burst attacks', () => {
  it('§4.5: the attacker must trace sight to the centre of the origin square', () => {
    expect(seesCentre(wallLine, nobody, unit(wallLine, 'C5'), sq(wallLine, 'G5'))).toBe(false);
    expect(seesCentre(wallLine, nobody, unit(wallLine, 'C5'), sq(wallLine, 'E1'))).toBe(true);
    expect(seesCentre(wallLine, nobody, unit(wallLine, 'C5'), sq(wallLine, 'E4'))).toBe(false);
    expect(seesCentre(wallLine, nobody, unit(wallLine, 'C5'), sq(wallLine, 'C5'))).toBe(true);
    expect(seesCentre(wallLine, nobody, big(wallLine, 'B4'), sq(wallLine, 'G8'))).toBe(false);
  });

  it('§4.5: units do not block the line to an origin square', () => {
    expect(seesCentre(open, standing(open, { D4: 3, E4: 3, D5: 3, E5: 3 }), unit(open, 'C3'), sq(open, 'F6'))).toBe(true);
  });

  it('§4.5: burst cover when the line from the origin centre to the target centre meets a wall', () => {
    expect(burstCover(wallLine, nobody, sq(wallLine, 'C5'), unit(wallLine, 'G5'))).toBe(true);
    expect(burstCover(wallLine, nobody, sq(wallLine, 'C5'), unit(wallLine, 'C8'))).toBe(false);
    expect(burstCover(wallLine, nobody, sq(wallLine, 'G2'), big(wallLine, 'B4'))).toBe(true);
    expect(burstCover(wallLine, nobody, sq(wallLine, 'B9'), big(wallLine, 'B4'))).toBe(false);
    expect(burstCover(wallLine, nobody, sq(wallLine, 'C5'), unit(wallLine, 'C5'))).toBe(false);
  });

  it('§4.5: touching a wall corner gives burst cover; an edge wall crossed does too', () => {
    // D1's centre to F3's centre passes exactly through E3's top-right corner.
    expect(burstCover(wallLine, nobody, sq(wallLine, 'D1'), unit(wallLine, 'F3'))).toBe(true);
    const b = board(openRows(10, 10), { walls: ['E5/E6'] });
    expect(burstCover(b, nobody, sq(b, 'E2'), unit(b, 'E8'))).toBe(true);
  });

  it('§4.5: only walls give burst cover: low cover and units do not', () => {
    const b = board(openRows(10, 10), { lowCover: 'ABCDEFGHIJ'.split('').map((c) => `${c}4/${c}5`) });
    expect(burstCover(b, standing(b, { E6: 2 }), sq(b, 'E2'), unit(b, 'E8'))).toBe(false);
  });
});

describe('R17 R18 perft on Barrow Hill', () => {
  const map = JSON.parse(readFileSync(new URL('../../src/content/maps/barrow-hill.json', import.meta.url), 'utf8'));
  const hill = buildBoard(gridmapSchema.parse(map));
  const count = (looker: Body) => {
    const n = { visible: 0, cover: 0, hidden: 0 };
    for (let i = 0; i < hill.width * hill.height; i++) {
      if (looker.squares.includes(i) || hasTerrain(hill, i, T.wall)) continue;
      const s = sight(hill, nobody, looker, { squares: [i], size: 2 });
      if (!s.visible) continue;
      n.visible++;
      if (s.cover) n.cover++;
      if (s.hidden) n.hidden++;
    }
    return n;
  };
  const at = (name: string, to: string) => sight(hill, nobody, unit(hill, name), unit(hill, to));

  it('R17 R18: from J14, the squares a medium unit sees, with cover and hidden', () => {
    // Checked by hand: E14 and Q14 are brush (cover); B16 is behind the D15–F15 low cover, A16 is not;
    // A13 shows only its bottom past the B13–E13 walls (cover); M13 is behind obstructing L13; K17 is
    // behind the J16–K16 smoke (hidden), J17 is not (lines pass down the smoke's left side).
    expect(at('J14', 'E14')).toEqual(COVER);
    expect(at('J14', 'B16')).toEqual(COVER);
    expect(at('J14', 'A16')).toEqual(CLEAR);
    expect(at('J14', 'A13')).toEqual(COVER);
    expect(at('J14', 'M13')).toEqual(COVER);
    expect(at('J14', 'K17')).toEqual({ visible: true, cover: false, hidden: true });
    expect(at('J14', 'J17')).toEqual(CLEAR);
    expect(at('J14', 'C10').visible).toBe(false);
    expect(count(unit(hill, 'J14'))).toEqual({ visible: 337, cover: 133, hidden: 35 });
  });

  it('R17 R18: from a Big unit on player 2’s entry tile J19–K20', () => {
    expect(count(big(hill, 'J19'))).toEqual({ visible: 309, cover: 102, hidden: 22 });
  });
});

describe('R17 R18 symmetry', () => {
  /** A board drawn directly (no gridmap checks), so any terrain layout can be tried. */
  const N = 7;
  const CHARS = '......#sbmop';
  const FLAGS: Record<string, number> = { '.': 0, '#': T.wall, s: T['sliding-wall'], b: T.brush, m: T.smoke, o: T.obstructing, p: T.pit };
  const raw = (terrain: number[], walls: number[], low: number[]): Board => ({
    id: 'raw',
    name: 'Raw',
    width: N,
    height: N,
    terrain,
    walls: new Set(walls),
    lowCover: new Set(low),
    damage: 'fire',
    objectives: [],
    startAreas: [],
    defaultStartAreas: true,
  });
  /** The 8 symmetries of the square, as maps of (col,row). */
  const symmetries: ((c: number, r: number) => [number, number])[] = [
    (c, r) => [c, r],
    (c, r) => [N - 1 - c, r],
    (c, r) => [c, N - 1 - r],
    (c, r) => [N - 1 - c, N - 1 - r],
    (c, r) => [r, c],
    (c, r) => [N - 1 - r, c],
    (c, r) => [r, N - 1 - c],
    (c, r) => [N - 1 - r, N - 1 - c],
  ];
  const edgeSquares = (e: number): [number, number] => (e % 2 === 0 ? [e / 2, e / 2 + 1] : [(e - 1) / 2, (e - 1) / 2 + N]);
  const edgeOf = (a: number, b: number) => {
    const lo = Math.min(a, b);
    return Math.max(a, b) - lo === 1 ? 2 * lo : 2 * lo + 1;
  };
  /** All edge ids between orthogonal neighbours. */
  const edges = Array.from({ length: 2 * N * N }, (_, e) => e).filter((e) => {
    const [a, b] = edgeSquares(e);
    return e % 2 === 0 ? a % N !== N - 1 : b < N * N;
  });
  const bodyArb = fc.oneof(
    fc
      .record({ c: fc.nat(N - 1), r: fc.nat(N - 1), size: fc.constantFrom<SizeRank>(1, 2) })
      .map(({ c, r, size }) => ({ cells: [[c, r]] as [number, number][], size })),
    fc.record({ c: fc.nat(N - 2), r: fc.nat(N - 2) }).map(({ c, r }) => ({
      cells: [
        [c, r],
        [c + 1, r],
        [c, r + 1],
        [c + 1, r + 1],
      ] as [number, number][],
      size: 3 as SizeRank,
    })),
  );

  it('R17 R18 §4.5: sight, cover and burst cover do not depend on how the board is turned or mirrored', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CHARS), { minLength: N * N, maxLength: N * N }),
        fc.subarray(edges, { maxLength: 8 }),
        fc.subarray(edges, { maxLength: 8 }),
        fc.array(fc.constantFrom<SizeRank | 0>(0, 0, 0, 0, 1, 2, 3), { minLength: N * N, maxLength: N * N }),
        bodyArb,
        bodyArb,
        (chars, walls, low, occupants, looker, target) => {
          const key = (cells: [number, number][]) => new Set(cells.map(([c, r]) => r * N + c));
          const lk = key(looker.cells);
          if (target.cells.some(([c, r]) => lk.has(r * N + c))) return;
          const results = symmetries.map((f) => {
            const at = (i: number) => {
              const [c, r] = f(i % N, Math.floor(i / N));
              return r * N + c;
            };
            const terrain: number[] = [];
            const occ: number[] = [];
            chars.forEach((ch, i) => {
              terrain[at(i)] = FLAGS[ch]!;
              occ[at(i)] = occupants[i]!;
            });
            const moveEdge = (e: number) => {
              const [a, b] = edgeSquares(e);
              return edgeOf(at(a), at(b));
            };
            const b = raw(terrain, walls.map(moveEdge), low.map(moveEdge));
            const from = { squares: looker.cells.map(([c, r]) => at(r * N + c)), size: looker.size };
            const to = { squares: target.cells.map(([c, r]) => at(r * N + c)), size: target.size };
            const occupancy: Occupancy = (i) => occ[i] as SizeRank | 0;
            const origin = from.squares[0]!;
            return { ...sight(b, occupancy, from, to), burst: burstCover(b, occupancy, origin, to), centre: seesCentre(b, occupancy, from, to.squares[0]!) };
          });
          for (const r of results) expect(r).toEqual(results[0]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
