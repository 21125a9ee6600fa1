/**
 * A forced move is told with one word wherever a player meets it: the map's tag beside its path, the
 * tag's list line, the header's phrase and the log line ("KN recoiled CI" beside a map that said
 * SHOVED read as two happenings, issue 26).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { lastTurnPhrases } from '../../src/rulesets/sellsword/render/last-turn-words';
import { overlayTags } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { boardGeometry } from '../../src/render/layout';
import { meleeTable, shoveTable, table } from './states';

const names = { p1: 'Alice', p2: 'Bob' };

function told(t: { before: GameState; events: GameEvent[]; state: GameState }) {
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const tags = overlayTags(boardGeometry(view.board), view).filter((x) => x.text !== 'CHARGE' && /^[A-Z]+$/.test(x.text));
  const log = tell(happeningsOf(t.before, t.events, { names }), {}).join(' ');
  const header = lastTurnPhrases(view.lastTurn!)
    .join(' ')
    .replace(/\u00a0/g, ' ');
  return { tags, log, header };
}

describe('a forced move is told with the same word on the map and in the log', () => {
  it.each([
    ['a push by a maul', shoveTable],
    ['the captain shoved by the ogre in a busy melee', meleeTable],
  ])('%s', (_name, make) => {
    const { tags, log, header } = told(make());
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      const verb = tag.text.toLowerCase();
      expect(['pushed', 'pulled', 'recoiled', 'moved']).toContain(verb);
      expect(log).toContain(` ${verb} `);
      expect(header).toContain(` ${verb} `);
      expect(tag.listText).toContain(`was ${verb}`);
    }
  });

  it('a recoil is RECOILED on the map, as the log says "recoiled"', () => {
    const t = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const events: GameEvent[] = [{ type: 'shoved', unit: 'gh', by: 'kn', from: 'J11', path: ['J12'], effect: 'recoil 1' }];
    const view = toMapView(t, { lastTurn: events, before: t });
    const tags = overlayTags(boardGeometry(view.board), view).map((x) => x.text);
    expect(tags).toContain('RECOILED');
    expect(tell(happeningsOf(t, events, { names }), {}).join(' ')).toContain('KN recoiled GH to J12');
  });
});
