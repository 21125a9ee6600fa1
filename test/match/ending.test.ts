/**
 * Ending a match is an explicit step of the change that ends it (match/ending.ts `recordEnding`): it
 * records the league result and wakes the season runner. Queuing the `league-result` post does
 * neither: the outbox only carries posts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Services } from '../../src/match/services';
import { recordEnding } from '../../src/match/ending';
import { enqueue } from '../../src/match/table';
import type { MatchRow, Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from '../store/fixture';

const recorded = vi.hoisted(() => [] as string[]);
vi.mock('../../src/league/results', async (original) => ({
  ...(await original<typeof import('../../src/league/results')>()),
  recordMatchResult: async (_store: Store, row: MatchRow) => {
    recorded.push(row.id);
  },
}));

function appWith(store: Store) {
  const kicks: string[] = [];
  const app = {
    store,
    now: () => 1_700_000_000_000,
    log: () => undefined,
    outbox: { hold: () => undefined, isHeld: () => false, release: () => undefined, kick: () => undefined },
    seasons: { kick: () => kicks.push('kick'), run: async () => undefined },
  } as unknown as Services;
  return { app, kicks };
}

async function ended(store: Store, id: string, status: 'over' | 'cancelled', practice = false): Promise<MatchRow> {
  const terms = { points: 100, map: 'barrow-hill', accepted: {}, ...(practice ? { practice: { seat: 'bob' } } : {}) };
  const row = await store.matches.create(aMatch({ id, terms }));
  const done = await store.matches.act<unknown, never, never>(row.id, row.seq, (s) => ({
    ok: true,
    events: [],
    snapshot: s,
    status,
    winner: null,
    result: { conceded: 'bob' },
  }));
  if (!done.ok) throw new Error('could not end the match');
  return done.row;
}

describe('ending a match', () => {
  beforeEach(() => {
    recorded.length = 0;
  });

  it('records the result and wakes the season runner in its own step', async () => {
    const store = memoryStore(testClock());
    const { app, kicks } = appWith(store);
    const row = await ended(store, 'm1', 'over');
    await recordEnding(app, row);
    expect(recorded).toEqual(['m1']);
    expect(kicks).toEqual(['kick']);
  });

  it('is not a side effect of queuing the league-result post', async () => {
    const store = memoryStore(testClock());
    const { app, kicks } = appWith(store);
    const row = await ended(store, 'm1', 'over');
    await store.transaction(() => enqueue(app, row, [{ kind: 'league-result' }, { kind: 'close-thread' }]));
    expect(recorded).toEqual([]);
    expect(kicks).toEqual([]);
  });

  it('records nothing for a practice match or a called-off challenge', async () => {
    const store = memoryStore(testClock());
    const { app, kicks } = appWith(store);
    await recordEnding(app, await ended(store, 'practice', 'over', true));
    await recordEnding(app, await ended(store, 'off', 'cancelled'));
    expect(recorded).toEqual([]);
    expect(kicks).toEqual([]);
  });
});
