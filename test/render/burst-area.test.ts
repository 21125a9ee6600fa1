/**
 * R24 on the last-turn picture: a burst's area is drawn, the squares the engine's burstArea gives
 * (never worked out again by the picture), with its centre, so a player sees where it landed and not
 * only the units it caught. A close-up round the turn holds the whole area.
 */
import { describe, expect, it } from 'vitest';
import { nameOf, squareIndex } from '../../src/engine';
import { boardOf, burstArea, findAttack } from '../../src/rulesets/sellsword/engine';
import { focusWindow } from '../../src/rulesets/sellsword/render/focus';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { createCanvas } from '@napi-rs/canvas';
import { drawBoardMarks } from '../../src/rulesets/sellsword/render/overlays';
import { mapKey } from '../../src/rulesets/sellsword/render/legend';
import type { MapView } from '../../src/rulesets/sellsword/render/view';
import { boardGeometry, cornerOf } from '../../src/render/layout';
import { burstTable } from './states';
import { keyWords } from './key-words';

describe('R24: a burst on the last-turn overlay', () => {
  it("carries the burst's area from burstArea, and its centre", () => {
    const t = burstTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    const last = view.lastTurn!;
    expect(last.bursts).toHaveLength(1);
    const b = last.bursts[0]!;
    expect(b).toMatchObject({ attacker: 'PD', attack: 'Dawnburst', origin: { name: 'J14' } });
    const board = boardOf(t.before);
    const attack = findAttack(t.before, t.before.units.priest!, 'dawnburst')!;
    const area = [...burstArea(t.before, attack, squareIndex(board, 'J14')!).keys()];
    expect(b.squares.map((s) => s.name).sort()).toEqual(area.map((i) => nameOf(board, i)).sort());
    expect(area).toHaveLength(9);
  });

  it('shades every square of the area on the picture, and a close-up holds the whole area', () => {
    const t = burstTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    const w = focusWindow(view)!;
    for (const s of view.lastTurn!.bursts[0]!.squares) {
      expect(s.col).toBeGreaterThanOrEqual(w.col);
      expect(s.row).toBeGreaterThanOrEqual(w.row);
      expect(s.col).toBeLessThan(w.col + w.cols);
      expect(s.row).toBeLessThan(w.row + w.rows);
    }
    // An empty square of the area (K13, clear of the attack lines) is tinted orange by the marks; one outside it (M14) is not.
    const g = boardGeometry(view.board);
    const redness = (v: MapView, name: string) => {
      const canvas = createCanvas(g.width, g.height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ece4cf';
      ctx.fillRect(0, 0, g.width, g.height);
      drawBoardMarks(ctx, g, v, []);
      const { x, y } = cornerOf(g, { col: name.charCodeAt(0) - 65, row: Number(name.slice(1)) - 1 });
      const [r, , b] = ctx.getImageData(x + g.cell * 0.75, y + g.cell * 0.25, 1, 1).data;
      return r! - b!;
    };
    const without = { ...view, lastTurn: { ...view.lastTurn!, bursts: [] } };
    expect(redness(view, 'K13') - redness(without, 'K13')).toBeGreaterThan(30);
    expect(redness(view, 'M14') - redness(without, 'M14')).toBe(0);
  });
});

describe("R24: the burst's key never says its attacker was attacked", () => {
  it('says every unit on the shaded squares but the attacker was attacked (the priest stood clear here, but may stand in its own burst)', () => {
    const t = burstTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    // The key's words as drawn (a wide key, so the line is not wrapped into pieces).
    const words = keyWords((ctx) => mapKey(ctx, view, [], 4000, 14));
    expect(words).not.toContain('every unit on them was attacked');
    expect(words).toContain('every unit on them but the attacker was attacked, allies too');
  });
});
