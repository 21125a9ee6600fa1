/**
 * Hand-made maps for the renderer's tests: a sampler with every terrain type (and multiclass cells,
 * edge walls, low cover, objectives, four start areas), a small yard for the overlays, and a
 * generated 40×40 map (the largest a map may be).
 */
import { gridmapSchema, type Gridmap } from '../../src/formats/gridmap';

const parse = (raw: unknown): Gridmap => gridmapSchema.parse(raw);

/** Every grid character, three multiclass cells, edge walls, low cover and two objective areas. */
export const terrainSampler: Gridmap = parse({
  id: 'render-sampler',
  name: 'Render Sampler',
  grid: [
    '11..^^bb~~oo22',
    '11..^^bb~~oo22',
    '..............',
    '..pp..ss..mm..',
    '..pp..##..mm..',
    '....*.....*...',
    '..............',
    '..b.o.^.~.m...',
    '33..........44',
    '33..........44',
  ],
  walls: ['D3/D4', 'J6/J7', 'K6/L6', 'F3/G3'],
  lowCover: ['C6/C7', 'D6/D7', 'L3/L4', 'M3/M4'],
  cells: [
    { at: 'C8', terrain: ['damaging'] },
    { at: 'E8', terrain: ['damaging'] },
    { at: 'G8', terrain: ['brush', 'smoke'] },
  ],
  damage: 'fire',
  objectives: [['K6', 'K7']],
});

/** A small open yard for reach, sight and attack previews: a wall, low cover, brush and smoke. */
export const yard: Gridmap = parse({
  id: 'render-yard',
  name: 'Render Yard',
  grid: [
    '11..........',
    '11..........',
    '............',
    '.......#....',
    '.......#....',
    '.....bm#....',
    '.....b......',
    '.....b......',
    '.....b....22',
    '..........22',
  ],
  lowCover: ['I2/I3', 'J2/J3', 'K2/K3'],
  damage: 'cold',
});

/** A 40×40 map laid out by a fixed pattern: buildings with sliding doors, woods, hills, lava, smoke, pits. */
export function bigMap(): Gridmap {
  const size = 40;
  const rows: string[][] = Array.from({ length: size }, () => Array.from({ length: size }, () => '.'));
  const put = (c: number, r: number, ch: string) => {
    if (r >= 0 && r < size && c >= 0 && c < size) rows[r]![c] = ch;
  };
  for (let c = 17; c < 23; c++) for (const r of [0, 1]) put(c, r, '1');
  for (let c = 17; c < 23; c++) for (const r of [38, 39]) put(c, r, '2');
  // Buildings: a ring of wall with a sliding door on the side facing the middle.
  for (const [c0, r0] of [
    [4, 5],
    [30, 5],
    [4, 30],
    [30, 30],
    [17, 17],
  ] as const) {
    for (let c = c0; c < c0 + 6; c++)
      for (let r = r0; r < r0 + 5; r++) {
        const edge = c === c0 || c === c0 + 5 || r === r0 || r === r0 + 4;
        put(c, r, edge ? '#' : '.');
      }
    put(c0 + 2, r0 < 20 ? r0 + 4 : r0, 's');
    put(c0 + 2, r0 + 2, 'o');
  }
  put(19, 21, 's');
  put(20, 19, '*');
  put(21, 19, '*');
  // Woods, hills, lava, smoke and pits in fixed clumps.
  const clumps: [number, number, string][] = [
    [12, 10, 'b'],
    [26, 12, 'b'],
    [8, 20, 'b'],
    [31, 22, 'b'],
    [14, 31, 'b'],
    [24, 33, 'b'],
    [15, 4, '^'],
    [25, 6, '^'],
    [3, 14, '^'],
    [35, 16, '^'],
    [11, 25, '^'],
    [28, 26, '^'],
    [20, 10, '~'],
    [19, 28, '~'],
    [6, 36, '~'],
    [10, 15, 'm'],
    [29, 18, 'm'],
    [33, 36, 'm'],
    [24, 22, 'p'],
    [14, 21, 'p'],
  ];
  for (const [c, r, ch] of clumps)
    for (const [dc, dr] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
    ] as const)
      put(c + dc, r + dr, ch);
  return parse({
    id: 'render-big',
    name: 'Forty Square Field',
    grid: rows.map((r) => r.join('')),
    walls: ['N8/N9', 'O8/O9', 'P8/P9', 'Y30/Y31', 'Z30/Z31'],
    lowCover: ['H12/H13', 'I12/I13', 'J12/J13', 'AE25/AE26', 'AF25/AF26'],
    cells: [{ at: 'M11', terrain: ['damaging'] }],
  });
}
