/**
 * A challenge's or practice match's `map:` takes a map by its id or by the name the bot shows for it:
 * "Barrow Hill" was refused with a list that named "Barrow Hill" (playtest round 23).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/commands/app';
import { gridmapNamed } from '../../src/commands/map/map-library';
import { openStore, type Store } from '../../src/store';
import { appOver } from './stored-match';

let store: Store;
let app: App;
beforeEach(() => {
  store = openStore(':memory:');
  app = appOver(store);
});
afterEach(async () => store.close());

describe('a map named in a challenge', () => {
  it('is found by its shown name, any case, as by its id', async () => {
    expect((await gridmapNamed(app, 'barrow-hill', 'g1')).id).toBe('barrow-hill');
    expect((await gridmapNamed(app, 'Barrow Hill', 'g1')).id).toBe('barrow-hill');
    expect((await gridmapNamed(app, ' barrow hill ', 'g1')).id).toBe('barrow-hill');
  });

  it('that no map has is still refused with the maps there are', async () => {
    await expect(gridmapNamed(app, 'Nowhere', 'g1')).rejects.toMatchObject({ code: 'unknown-map' });
  });
});
