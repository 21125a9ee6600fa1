import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store';
import type { Step } from '../../src/store';
import { aMatch } from './fixture';

const add =
  (n: number): Step<number, { add: number }, never> =>
  (snapshot) => ({ ok: true, events: [{ add: n }], snapshot: (snapshot ?? 0) + n, status: 'playing' });

describe('a file database', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sellsword-restart-'));
    file = join(dir, 'bot.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps everything across a restart', () => {
    const before = openStore(file);
    before.players.upsert({ id: 'alice', name: 'Alice' });
    before.warbands.save({ owner: 'alice', name: 'Raiders', faction: 'Havoc', points: 98, document: { units: [] }, source: 'x' });
    before.maps.save({ id: 'hill', name: 'Hill', gridmap: { rows: ['..'] } });
    before.catalogs.save({ id: 'extra', faction: 'Havoc', document: { cards: [] }, owner: 'alice' });
    before.leagues.ensure('g1', 'c1', 'Autumn League');
    before.matches.create(aMatch());
    before.matches.setThread('m1', 't1');
    before.matches.act('m1', 0, add(2));
    before.prompts.record({ matchId: 'm1', seq: 1, channelId: 't1', messageId: 'msg1', player: 'bob', kind: 'reply' });
    before.follows.add('m1', 'carol');
    before.deadlines.add({ matchId: 'm1', due: 10, kind: 'turn', player: 'bob' });
    const match = before.matches.get('m1');
    before.close();

    const after = openStore(file);
    try {
      expect(after.players.get('alice')?.name).toBe('Alice');
      expect(after.warbands.get('alice', 'Raiders')?.document).toEqual({ units: [] });
      expect(after.maps.get('hill')?.gridmap).toEqual({ rows: ['..'] });
      expect(after.catalogs.get('extra')?.document).toEqual({ cards: [] });
      expect(after.leagues.get('c1')?.name).toBe('Autumn League');
      expect(after.matches.get('m1')).toEqual(match);
      expect(after.matches.byThread('t1')?.id).toBe('m1');
      expect(after.matches.events('m1')).toEqual([{ seq: 1, event: { add: 2 } }]);
      expect(after.prompts.open().map((p) => p.messageId)).toEqual(['msg1']);
      expect(after.follows.list('m1')).toEqual(['carol']);
      expect(after.deadlines.due(10).map((d) => d.kind)).toEqual(['turn']);
      // And play goes on from the stored seq and snapshot.
      expect(after.matches.act('m1', 1, add(3))).toMatchObject({ ok: true, seq: 2, snapshot: 5 });
    } finally {
      after.close();
    }
  });

  it('lets two connections to one file act in turn, the slower one seeing it is stale', () => {
    const one = openStore(file);
    const two = openStore(file);
    try {
      one.matches.create(aMatch());
      expect(one.matches.act('m1', 0, add(1))).toMatchObject({ ok: true, seq: 1 });
      expect(two.matches.act('m1', 0, add(1))).toEqual({ ok: false, reason: 'stale', seq: 1 });
      expect(two.matches.act('m1', 1, add(1))).toMatchObject({ ok: true, seq: 2, snapshot: 2 });
      expect(one.matches.events('m1').map((e) => e.seq)).toEqual([1, 2]);
    } finally {
      one.close();
      two.close();
    }
  });
});
