/**
 * A ping shows the state it speaks of: "go on with …" in the middle of a unit's turn carries that
 * turn so far, with the unit that is acting, never the close-up of the turn before.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { picturePost } from '../../src/posts/post-pictures';
import { renderUnitStrip } from '../../src/rulesets/sellsword/render';
import { seeded } from '../../src/engine/dice';
import { gameOf, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../src/match/match-state';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

describe('the mid-turn ping', () => {
  it('carries the close-up of the turn under way, with the acting unit', async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(31));
    await storedMatch(store, 'm1', setupFor(31, ['burning-village']));
    await untilPlaying(store, 'm1', choose);
    let ended = 0;
    // Play until a unit has acted, has acts left, and at least one turn has ended before it.
    for (let i = 0; i < 400; i++) {
      const row = (await store.matches.get('m1'))!;
      const game = gameOf(row.snapshot as MatchSnapshot)!;
      ended = (await store.matches.events<MatchEvent>('m1', 0)).filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended').length;
      if (ended > 0 && game.turn?.unit && game.turn.actsLeft > 0 && !game.prompt) break;
      await playOn(store, 'm1', choose);
    }
    const row = (await store.matches.get('m1'))!;
    const game = gameOf(row.snapshot as MatchSnapshot)!;
    expect(game.turn?.unit).toBeTruthy();
    const post = await picturePost(store, row, { kind: 'your-turn', seq: row.seq, player: game.turn!.player, content: 'go on' });
    const files = post.files ?? [];
    expect(files.map((f) => f.name)).not.toContain('last-turn-close-up.png');
    const close = files.find((f) => f.name === 'this-turn-close-up.png');
    expect(close).toBeDefined();
    expect(close!.alt).toContain(`${game.turn!.unit!.toUpperCase()} moved`);
    // Its title and alt text say it is the turn under way, not the last one.
    expect(close!.alt).toContain('where the turn under way is happening');
    expect(close!.alt).not.toContain('last turn');
  });
});

describe("a round's first ping (playtest)", () => {
  it('carries the map as it stands, drawn once for the same state, where it carried no picture', async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(31));
    await storedMatch(store, 'm2', setupFor(31, ['burning-village']));
    await untilPlaying(store, 'm2', choose);
    // Play until round 2 has begun and waits on a player to choose a unit, no turn ended since.
    const atRoundStart = async () => {
      const row = (await store.matches.get('m2'))!;
      const game = gameOf(row.snapshot as MatchSnapshot)!;
      if (game.round < 2 || !game.turn || game.turn.unit || game.prompt) return null;
      const events = await store.matches.events<MatchEvent>('m2', 0);
      const last = events.findLast((e) => e.event.stage === 'game' && (e.event.event.type === 'turn-ended' || e.event.event.type === 'round-started'));
      return last?.event.stage === 'game' && last.event.event.type === 'round-started' ? { row, game } : null;
    };
    let found = await atRoundStart();
    for (let i = 0; i < 2000 && !found; i++) {
      await playOn(store, 'm2', choose);
      found = await atRoundStart();
    }
    expect(found).not.toBeNull();
    const { row, game } = found!;
    const body = { kind: 'your-turn' as const, seq: row.seq, player: game.turn!.player, content: 'round 2 begins' };
    const post = await picturePost(store, row, body);
    const files = post.files ?? [];
    // The map, then every unit's strip under it, readable on a phone (playtest round 14).
    expect(files.map((f) => f.name)).toEqual([`now-${row.seq}.png`, `units-${row.seq}.png`]);
    expect(files[0]!.alt).toContain(`round ${game.round}`);
    expect(files[1]!.inEmbed).toBe(true);
    for (const u of Object.values(game.units).filter((u) => u.at !== null && !u.dropped)) expect(files[1]!.alt).toContain(u.id.toUpperCase());
    // Drawn in the render worker's way (a kept canvas, deflated on zlib's threads), the strip is the picture renderUnitStrip draws.
    const strip = renderUnitStrip(game, { names: (row.setup as MatchSetup).names })!;
    expect(Buffer.compare(files[1]!.png, strip.png)).toBe(0);
    expect(files[1]!.alt).toBe(strip.alt);
    // The same state again gives the same picture (kept, not drawn again).
    const again = await picturePost(store, row, body);
    expect(Buffer.compare(again.files![0]!.png, files[0]!.png)).toBe(0);
  }, 60_000);
});
