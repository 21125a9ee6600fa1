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

  it('keeps everything across a restart', async () => {
    const before = openStore(file);
    await before.players.upsert({ id: 'alice', name: 'Alice' });
    await before.warbands.save({ owner: 'alice', name: 'Raiders', faction: 'Havoc', points: 98, document: { units: [] }, source: 'x' });
    await before.maps.save({ id: 'hill', name: 'Hill', gridmap: { rows: ['..'] } });
    await before.catalogs.save({ id: 'extra', faction: 'Havoc', document: { cards: [] }, owner: 'alice' });
    await before.leagues.ensure('g1', 'c1', 'Autumn League');
    await before.matches.create(aMatch());
    await before.matches.setThread('m1', 't1');
    await before.matches.act('m1', 0, add(2));
    await before.prompts.record({ matchId: 'm1', seq: 1, channelId: 't1', messageId: 'msg1', player: 'bob', kind: 'reply' });
    await before.follows.add('m1', 'carol');
    await before.deadlines.add({ matchId: 'm1', due: 10, kind: 'turn', player: 'bob' });
    const match = await before.matches.get('m1');
    await before.close();

    const after = openStore(file);
    try {
      expect((await after.players.get('alice'))?.name).toBe('Alice');
      expect((await after.warbands.get('alice', 'Raiders'))?.document).toEqual({ units: [] });
      expect((await after.maps.get('hill'))?.gridmap).toEqual({ rows: ['..'] });
      expect((await after.catalogs.get('extra'))?.document).toEqual({ cards: [] });
      expect((await after.leagues.get('c1'))?.name).toBe('Autumn League');
      expect(await after.matches.get('m1')).toEqual(match);
      expect((await after.matches.byThread('t1'))?.id).toBe('m1');
      expect(await after.matches.events('m1')).toEqual([{ seq: 1, event: { add: 2 } }]);
      expect((await after.prompts.open()).map((p) => p.messageId)).toEqual(['msg1']);
      expect(await after.follows.list('m1')).toEqual(['carol']);
      expect((await after.deadlines.due(10)).map((d) => d.kind)).toEqual(['turn']);
      // And play goes on from the stored seq and snapshot.
      expect(await after.matches.act('m1', 1, add(3))).toMatchObject({ ok: true, seq: 2, snapshot: 5 });
    } finally {
      await after.close();
    }
  });

  it('lets two connections to one file act in turn, the slower one seeing it is stale', async () => {
    const one = openStore(file);
    const two = openStore(file);
    try {
      await one.matches.create(aMatch());
      expect(await one.matches.act('m1', 0, add(1))).toMatchObject({ ok: true, seq: 1 });
      expect(await two.matches.act('m1', 0, add(1))).toEqual({ ok: false, reason: 'stale', seq: 1 });
      expect(await two.matches.act('m1', 1, add(1))).toMatchObject({ ok: true, seq: 2, snapshot: 2 });
      expect((await one.matches.events('m1')).map((e) => e.seq)).toEqual([1, 2]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
