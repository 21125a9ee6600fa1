/**
 * The close-up of an attack a player previews (/skirmish view) holds the attacker and the target, and
 * for a burst its whole area, as the turn close-up keeps the acting unit and the last target (issue 26:
 * "SA attacking WH, close up B10 to J18" left WH on D9 out, its arrow running off the top edge).
 */
import { describe, expect, it } from 'vitest';
import { focusWindow, toMapView } from '../../src/rulesets/sellsword/render';
import { table } from './states';

type Spot = { readonly at: { readonly col: number; readonly row: number }; readonly span: number };
const inside = (w: { col: number; row: number; cols: number; rows: number }, s: Spot) =>
  s.at.col >= w.col && s.at.col + s.span <= w.col + w.cols && s.at.row >= w.row && s.at.row + s.span <= w.row + w.rows;

describe('an attack preview close-up', () => {
  it('holds the target five rows above the attacker, not only the attacker (issue 26)', () => {
    const state = table({
      map: 'barrow-hill',
      units: [
        { id: 'archer', card: 'havoc-skeletal-archer', player: 'p1', at: 'A14' },
        { id: 'ghoul', card: 'havoc-ghoul', player: 'p1', at: 'A16' },
        { id: 'hound', card: 'valor-war-hound', player: 'p2', at: 'A9' },
      ],
    });
    const view = toMapView(state, { preview: { unit: 'archer', attack: 'bow', target: 'hound' } });
    const p = view.preview!;
    expect(p.odds, p.problem ?? '').not.toBeNull();
    const w = focusWindow(view)!;
    expect(w).not.toBeNull();
    expect(inside(w, { at: p.from!, span: p.fromSpan }), JSON.stringify(w)).toBe(true);
    expect(inside(w, { at: p.to!, span: p.toSpan }), JSON.stringify(w)).toBe(true);
  });

  it("a burst's holds its attacker and the burst's whole area, six rows apart", () => {
    const state = table({
      map: 'barrow-hill',
      units: [
        { id: 'priest', card: 'valor-priest', player: 'p1', at: 'J8', tokens: { blue: 1 } },
        { id: 'ghoul', card: 'havoc-ghoul', player: 'p2', at: 'J14' },
        { id: 'zombie', card: 'havoc-zombie', player: 'p2', at: 'K15' },
      ],
    });
    const view = toMapView(state, { burst: { unit: 'priest', attack: 'dawnburst', origin: 'J14' } });
    const b = view.burst!;
    expect(b.squares.length).toBe(9);
    const w = focusWindow(view)!;
    expect(w).not.toBeNull();
    expect(inside(w, { at: b.from!, span: b.fromSpan }), JSON.stringify(w)).toBe(true);
    for (const at of b.squares) expect(inside(w, { at, span: 1 }), `${at.name} in ${JSON.stringify(w)}`).toBe(true);
  });
});
