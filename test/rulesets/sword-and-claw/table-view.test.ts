/**
 * Sword and Claw's turn picture as a table view: footprints, wounds, Hurt (SC Hurt), removal, labels,
 * the last turn's marks, and its alt text.
 */
import { describe, expect, it } from 'vitest';
import { DISCORD_ALT_TEXT_LIMIT } from '../../../src/render/alt-limit';
import { describeTable, tableAltText } from '../../../src/render/table-alt';
import { drawTableFocusCanvas, markedSpots, tableFocusAltText, tableFocusWindow, tableUnitsIn } from '../../../src/render/table-focus';
import { TABLE_PLACEMENT } from '../../../src/render/table-picture';
import { drawTableCanvas } from '../../../src/render/table-picture';
import { phonePx, shownWidth } from '../../../src/render/phone';
import { labelUnits } from '../../../src/render/unit-labels';
import { scTableView } from '../../../src/rulesets/sword-and-claw/view/table-view';
import { deployedTable, deployingTable, meleeTable } from '../../render/table-states';

const unit = (view: ReturnType<typeof scTableView>, id: string) => view.units.find((u) => u.id === id)!;

describe('Sword and Claw table view', () => {
  it('gives each troop its footprint: 1×1 medium, 2×2 Large, 3×3 Huge', () => {
    const view = scTableView(meleeTable());
    expect(unit(view, 'i1').span).toBe(1);
    expect(unit(view, 'm2').span).toBe(2);
    expect(unit(view, 'm1')).toMatchObject({ span: 3, at: { col: 13, row: 6 } });
  });

  it('shows wounds taken as pips out of Wounds, and Hurt at half or more (SC Hurt)', () => {
    const view = scTableView(meleeTable());
    expect(unit(view, 'i1')).toMatchObject({ pips: { filled: 2, total: 3 }, badges: [{ text: 'H', word: 'Hurt' }] });
    expect(unit(view, 'i1').condition).toEqual(['2 of 3 wounds taken', 'Hurt']);
    // 3 of 10 is under half: not Hurt; 3 of 6 is half: Hurt.
    expect(unit(view, 'm1').badges).toEqual([]);
    expect(unit(view, 'm2').badges.map((b) => b.word)).toEqual(['Hurt']);
    expect(unit(view, 'i3')).toMatchObject({ pips: { filled: 0, total: 2 }, badges: [], condition: ['0 of 2 wounds taken'] });
  });

  it('takes a removed troop off the table, and marks where it fell', () => {
    const view = scTableView(meleeTable());
    expect(unit(view, 'i2')).toMatchObject({ at: null, removed: true, badges: [], condition: ['removed'] });
    expect(view.overlays).toContainEqual(expect.objectContaining({ kind: 'removed', unit: 'HS1', where: { at: { col: 12, row: 8 }, span: 1 } }));
    expect(view.players[0]!.words).toBe('Iron Company (attacker), 3 of 4 troops on the table');
  });

  it('labels cards that share their first word apart (HCA, HCR; RSW, RSK), numbered within a card', () => {
    const labels = scTableView(deployedTable()).units.map((u) => u.label);
    expect(labels).toEqual(['HCA', 'HS1', 'HS2', 'HS3', 'HS4', 'HCR1', 'HCR2', 'HCR3', 'RSW1', 'RSW2', 'RSK1', 'RSK2', 'RSK3', 'RSK4']);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("leaves Sellsword's labels as they were: the third form only when asked", () => {
    const units = [
      { id: 'a', card: 'Human Captain' },
      { id: 'b', card: 'Human Crossbowman' },
    ];
    expect([...labelUnits(units, (c) => c).values()]).toEqual(['HUC1', 'HUC2']);
    expect([...labelUnits(units, (c) => c, { thirdForm: true }).values()]).toEqual(['HCA', 'HCR']);
  });

  it('draws Move solid, Run dashed and Slide dotted, and tags strikes with their target, attacker and wounds or MISS', () => {
    const view = scTableView(meleeTable());
    const paths = view.overlays.flatMap((o) => (o.kind === 'path' ? [[o.unit, o.style]] : []));
    expect(paths).toEqual([
      ['m1', 'dotted'],
      ['m2', 'dashed'],
      ['m3', 'solid'],
    ]);
    const tags = view.overlays.flatMap((o) => (o.kind === 'attack' ? [o.tag] : []));
    // Named as Sellsword's labels are ("PC: LO's REPLY MISS"): whom it struck, whose it was, what it did.
    expect(tags).toEqual(['HS1: HIT by RM, 2 wounds', 'HCA: HIT by RSW, 1 wound', 'HS2: MISSED by RSK']);
    expect(view.lines).toContain("Marked on the map: Bob's last turn");
    expect(view.marks).toBe("Bob's last turn");
    expect(view.legend.map((e) => e.kind)).toEqual(['look', 'look', 'pips', 'badge', 'path', 'path', 'path', 'attack', 'removed']);
  });

  it("gives one attacker's strikes on one target one line and one tag, each result in order (two attacks a turn, SC Melee)", () => {
    const input = meleeTable();
    const first = input.happenings!.find((h) => h.kind === 'strike' && h.attacker === 'm2')!;
    const again = { ...first, hit: false, wounds: 0 };
    const view = scTableView({ ...input, happenings: [...input.happenings!, again] });
    const lines = view.overlays.filter((o) => o.kind === 'attack');
    expect(lines.map((o) => o.tag)).toEqual(['HS1: HIT by RM, 2 wounds', 'HCA: HIT, MISSED by RSW, 1 wound', 'HS2: MISSED by RSK']);
    expect(lines[1]!.words).toBe('RSW struck HCA twice: hit, 1 wound; missed.');
    // Another kind of strike on the same target stays its own line: an opportunity attack is not a strike of the melee step.
    const reply = { ...first, opportunity: true };
    const both = scTableView({ ...input, happenings: [...input.happenings!, reply] });
    expect(both.overlays.filter((o) => o.kind === 'attack')).toHaveLength(4);
  });

  it('shows the deploying side its zone, and troops not yet placed as such (SC Set-up 7)', () => {
    const view = scTableView(deployingTable());
    expect(view.board.areas).toHaveLength(1);
    expect(view.board.areas[0]).toMatchObject({ seat: 0, tag: 'Z1', words: "Z1: Alice's deployment zone" });
    expect(view.board.areas[0]!.squares).toHaveLength(7 * 16);
    expect(view.legend).toContainEqual({ kind: 'area', seat: 0, words: "Z1: Alice's deployment zone" });
    expect(unit(view, 'i6')).toMatchObject({ at: null, removed: false, condition: ['not deployed yet'] });
    expect(view.title).toBe('Reed Ford, setting up');
    expect(view.lines).toEqual(['Alice deploys']);
  });

  it('keys only the terrain the map has, and no marks before a turn', () => {
    const view = scTableView(deployedTable());
    expect(view.legend).toEqual([
      { kind: 'look', look: 'bricks', words: expect.stringMatching(/^hard blocking terrain/) },
      { kind: 'look', look: 'brush', words: expect.stringMatching(/^difficult terrain/) },
      { kind: 'pips', words: expect.any(String) },
    ]);
    expect(view.overlays).toEqual([]);
  });
});

describe('table alt text', () => {
  it('names every troop on the table with its square or footprint and condition, and what the last turn did', () => {
    const alt = tableAltText(scTableView(meleeTable()));
    expect(alt.length).toBeLessThanOrEqual(DISCORD_ALT_TEXT_LIMIT);
    expect(alt).toContain('Alice, blue circles, Iron Company (attacker)');
    expect(alt).toContain('Bob, red squares, Mire Raiders (defender)');
    expect(alt).toContain('RM (Reptilian Marsh Wyrm) at N7-P9, 3 of 10 wounds taken');
    expect(alt).toContain('RSW (Reptilian Swamp Brute) at J11-K12, 3 of 6 wounds taken, Hurt');
    expect(alt).toContain('HCA (Human Captain) at I10, 2 of 3 wounds taken, Hurt');
    expect(alt).toContain('off the table HS1');
    expect(alt).toContain('RM struck HS1: hit, 2 wounds.');
    expect(alt).toContain('RSK struck HS2: missed.');
    expect(alt).toContain('RSW ran from Q11 to J11.');
  });

  it('falls back to a shorter level that still names every troop and its square when the full one is too long', () => {
    const view = scTableView(deployedTable());
    const short = tableAltText(view, 700);
    expect(describeTable(view).length).toBeGreaterThan(700);
    expect(short.length).toBeLessThanOrEqual(700);
    for (const u of view.units) expect(short).toContain(u.label);
    expect(short).toContain('RSW1 at U6-V7');
  });
});

describe('table picture on a phone', () => {
  it('draws the header, strip and key at a size a phone shows at 11 px or more', () => {
    const canvas = drawTableCanvas(scTableView(deployedTable()));
    const px = phonePx(canvas.width, TABLE_PLACEMENT);
    expect((px * shownWidth(canvas.width, canvas.height, TABLE_PLACEMENT)) / canvas.width).toBeGreaterThanOrEqual(11);
    // Not taller than twice its width, or the phone would show it narrower than its column.
    expect(canvas.height).toBeLessThanOrEqual(canvas.width * 2);
  });
});

describe("a table view's close-up", () => {
  it('holds every marked square, at twice the scale or so, with its text at 11 px or more in a phone embed', () => {
    const view = scTableView(meleeTable());
    const w = tableFocusWindow(view)!;
    expect(w).not.toBeNull();
    for (const s of markedSpots(view)) {
      expect(s.at.col).toBeGreaterThanOrEqual(w.col);
      expect(s.at.row).toBeGreaterThanOrEqual(w.row);
      expect(s.at.col + s.span).toBeLessThanOrEqual(w.col + w.cols);
      expect(s.at.row + s.span).toBeLessThanOrEqual(w.row + w.rows);
    }
    const canvas = drawTableFocusCanvas(view, w);
    const shown = shownWidth(canvas.width, canvas.height);
    expect((phonePx(canvas.width) * shown) / canvas.width).toBeGreaterThanOrEqual(11);
    // A 1×1 token's label is drawn up to 0.56 of a square: as tall as the text, so it reads as well.
    expect((w.cell * 0.56 * shown) / canvas.width).toBeGreaterThanOrEqual(11);
    expect(tableUnitsIn(view, w).map((u) => u.label)).toEqual(['HCA', 'HS2', 'HCR', 'RM', 'RSW', 'RSK']);
  });

  it('is left out when nothing is marked', () => {
    expect(tableFocusWindow(scTableView(deployedTable()))).toBeNull();
  });

  it('says where it is, what happened and who stands in it', () => {
    const view = scTableView(meleeTable());
    const alt = tableFocusAltText(view, tableFocusWindow(view)!);
    expect(alt).toMatch(/^Close-up of squares H2 to S13: Bob's last turn\. /);
    expect(alt).toContain('RSW struck HCA: hit, 1 wound.');
    expect(alt).toContain('RSW J11-K12 (3 of 6 wounds taken, Hurt)');
    expect(alt.length).toBeLessThanOrEqual(DISCORD_ALT_TEXT_LIMIT);
  });
});

describe('Sword and Claw table view: reloading', () => {
  it('badges a troop whose weapon has fired with R, says so in its condition, and keys the badge', () => {
    const input = meleeTable();
    const view = scTableView({ ...input, troops: input.troops.map((t) => (t.id === 'i3' ? { ...t, unloaded: true } : t)) });
    expect(unit(view, 'i3')).toMatchObject({ badges: [{ text: 'R', word: 'to reload' }], condition: ['0 of 2 wounds taken', 'weapon to reload'] });
    expect(view.legend).toContainEqual({ kind: 'badge', text: 'R', words: 'its weapon has fired and must be reloaded' });
    expect(scTableView(input).legend.some((e) => e.kind === 'badge' && e.text === 'R')).toBe(false);
  });
});
