/**
 * A trait used as an act draws no line, so what it gave is told in a label on each unit that gained,
 * in the log's amounts (a playtester's Mend Wounds left the map unchanged, issue 26).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { overlayTags } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { boardGeometry } from '../../src/render/layout';
import { mendTable, table } from './states';

describe('a trait used as an act, on the map', () => {
  it('labels the user and each ally with the Vigor Mend Wounds gave them', () => {
    const t = mendTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    const texts = overlayTags(boardGeometry(view.board), view).map((x) => x.text);
    expect(texts).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PD: \+\d+ Vigor from Mend Wounds$/), expect.stringMatching(/^SQ: \+\d+ Vigor from PD's Mend Wounds$/)]),
    );
  });

  it('counts a single token as one ("+1 blue token"), never "+a blue token"', () => {
    const t = table({ map: 'barrow-hill', units: [{ id: 'priest', card: 'valor-priest', player: 'p1', at: 'J10' }] });
    const events: GameEvent[] = [
      { type: 'act-begun', unit: 'priest', act: 'trait', acts: 1, trait: 'mend' },
      { type: 'gained', unit: 'priest', tokens: { blue: 1 } },
    ];
    const view = toMapView(t, { lastTurn: events, before: t });
    const texts = overlayTags(boardGeometry(view.board), view).map((x) => x.text);
    expect(texts).toContain('PD: +1 blue token from Mend Wounds');
  });
});
