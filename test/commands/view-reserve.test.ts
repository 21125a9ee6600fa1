/**
 * /skirmish view for a unit in reserve (playtest, issue 26): "what it can see" said only "is not on the
 * map", while "where it can move" works for it. It now says why (R5: a reserve unit enters through its
 * entry tile) and what to look at instead.
 */
import { describe, expect, it } from 'vitest';
import { offMapViewWhy } from '../../src/commands/skirmish/skirmish-play';
import { table } from '../render/states';

describe('a reserve unit’s sight and preview say why there is none (R5)', () => {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'sa', card: 'havoc-skeletal-archer', player: 'p1', at: 'reserve' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  });

  it('"what it can see": in reserve, it sees nothing until it enters; use where it can move', () => {
    expect(offMapViewWhy(game, game.units.sa!, 'sight')).toBe(
      'SA (Skeletal Archer) is in reserve: it sees nothing until it enters. Use "where it can move" to see where it may enter.',
    );
  });

  it('a dropped unit is said to be dropped, not in reserve', () => {
    const dropped = { ...game.units.gh!, at: null, dropped: true };
    expect(offMapViewWhy(game, dropped, 'sight')).toBe('GH (Ghoul) is dropped: it is off the map.');
  });
});
