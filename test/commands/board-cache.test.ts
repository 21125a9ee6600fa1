/**
 * The board, its view and its picture are found by the map's content: the bot reads a
 * match afresh from the store on every act, so each act brings the map as a new object, and a cache
 * by object identity never hit.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { seeded } from '../../src/engine/dice';
import { Lru } from '../../src/cache/lru';
import { boardCacheStats, boardOf } from '../../src/rulesets/sellsword/engine/table';
import { boardGeometry } from '../../src/render/layout';
import { boardPicture } from '../../src/render/terrain';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

const gameIn = (row: { snapshot: unknown }) => gameOf(row.snapshot as MatchSnapshot)!;

describe('the board cache', () => {
  it('gives a second act on a match, read afresh from the store, the board of the first', async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(21));
    await storedMatch(store, 'm1', setupFor(21, ['burning-village']));
    const first = gameIn(await untilPlaying(store, 'm1', choose));
    const board = boardOf(first);
    const view = toMapView(first).board;
    const colours = ['#123456', '#654321'];
    const picture = boardPicture(boardGeometry(view), view, colours);
    const built = boardCacheStats().built;

    const read = gameIn(await playOn(store, 'm1', choose));
    // A new object with the same content, as a read from the store gives whenever this process has not
    // kept the map's shared part (another process, or a part dropped from its bounded memory).
    const second = { ...read, map: structuredClone(read.map) };
    expect(second.map).not.toBe(first.map);
    expect(second.map).toEqual(first.map);
    expect(boardOf(second)).toBe(board);
    expect(boardCacheStats().built).toBe(built);
    const again = toMapView(second).board;
    expect(again).toBe(view);
    expect(boardPicture(boardGeometry(again), again, colours)).toBe(picture);
    // Another colour set is another picture of the same board.
    expect(boardPicture(boardGeometry(again), again, ['#000000', '#ffffff'])).not.toBe(picture);
  });

  it('tells apart two maps with the same id and different content', async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(22));
    await storedMatch(store, 'm2', setupFor(22, ['burning-village']));
    const game = gameIn(await untilPlaying(store, 'm2', choose));
    const edited = { ...game.map, grid: game.map.grid.map((row, r) => (r === 0 ? `.${row.slice(1)}` : row)) };
    expect(edited.grid[0]).not.toBe(game.map.grid[0]);
    expect(boardOf({ ...game, map: edited })).not.toBe(boardOf(game));
  });
});

describe('Lru', () => {
  it('keeps at most its limit, dropping the least recently used', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
    expect(lru.getOrMake('d', () => 4)).toBe(4);
    expect(lru.getOrMake('d', () => 5)).toBe(4);
    expect(lru.size).toBe(2);
  });
});
