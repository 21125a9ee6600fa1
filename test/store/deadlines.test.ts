import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { aMatch, memoryStore } from './fixture';

describe('deadlines', () => {
  let store: Store;
  beforeEach(() => {
    store = memoryStore();
    store.matches.create(aMatch());
    store.matches.create(aMatch({ id: 'm2' }));
  });

  it('lists pending deadlines due by a time, earliest first', () => {
    store.deadlines.add({ matchId: 'm1', due: 300, kind: 'turn', player: 'alice' });
    store.deadlines.add({ matchId: 'm2', due: 100, kind: 'reminder' });
    store.deadlines.add({ matchId: 'm1', due: 200, kind: 'reminder', player: 'bob' });
    expect(store.deadlines.due(99)).toEqual([]);
    expect(store.deadlines.due(200).map((d) => [d.due, d.kind, d.player])).toEqual([
      [100, 'reminder', null],
      [200, 'reminder', 'bob'],
    ]);
    expect(store.deadlines.due(1000, 1).map((d) => d.due)).toEqual([100]);
  });

  it('lets exactly one caller mark a deadline done', () => {
    const d = store.deadlines.add({ matchId: 'm1', due: 100, kind: 'turn' });
    expect(store.deadlines.done(d.id)).toBe(true);
    expect(store.deadlines.done(d.id)).toBe(false);
    expect(store.deadlines.due(1000)).toEqual([]);
    expect(store.deadlines.done(9999)).toBe(false);
  });

  it('marks a match’s pending deadlines done together', () => {
    store.deadlines.add({ matchId: 'm1', due: 100, kind: 'turn' });
    store.deadlines.add({ matchId: 'm1', due: 200, kind: 'reminder' });
    store.deadlines.add({ matchId: 'm2', due: 150, kind: 'turn' });
    expect(store.deadlines.doneForMatch('m1')).toBe(2);
    expect(store.deadlines.due(1000).map((d) => d.matchId)).toEqual(['m2']);
  });
});
