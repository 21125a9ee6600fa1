/**
 * Pictures are drawn in the render pool's worker threads: the turn's map is posted from
 * there, a worker that dies while drawing is replaced and the turn's image is still posted, and a post
 * that kills its worker every time fails its outbox row, which is tried again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf, type MatchEvent } from '../../src/match/match-state';
import type { RenderPool } from '../../src/bot/render-pool';
import { openPrompt } from './driver';
import { challengeAccepted, matchUnderWay, snapshotOf } from './setup-match';
import { componentsOf, startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(11);
  thread = await matchUnderWay(world);
}, 60_000);
afterAll(async () => world?.close());

const pool = (): RenderPool => world.bot.renderPool!;

/** Ends the active player's turn with a unit that has not acted: one turn-ending act. Gives the turn end's seq. */
async function endATurn(): Promise<number> {
  const row = (await world.store.matches.byThread(thread))!;
  const game = gameOf(await snapshotOf(world, thread))!;
  const turn = game.turn!;
  const unit = turn.unit ?? Object.values(game.units).find((u) => u.player === turn.player && !u.turnTaken && !u.dropped)!.id;
  await world.run({ user: world.fake.user(turn.player)!.username, channel: thread, name: 'end', options: { unit } });
  const ended = (await world.store.matches.events<MatchEvent>(row.id, row.seq)).find((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended');
  if (!ended) throw new Error('the turn did not end');
  return ended.seq;
}

const turnImage = (seq: number) => world.messages(thread).find((m) => m.attachments.some((a) => a.filename === `turn-${seq}.png`));

describe('the render pool', () => {
  it('draws the pictures the thread gets, off the main thread', async () => {
    expect(pool()).not.toBeNull();
    const drawn = pool().done;
    const seq = await endATurn();
    expect(turnImage(seq)).toBeDefined();
    expect(pool().done).toBeGreaterThan(drawn);
    expect(world.errors).toEqual([]);
  }, 60_000);

  it('replaces a worker that dies while drawing, and the turn’s image is still posted', async () => {
    const restarts = pool().restarts;
    pool().crashNextJob();
    const seq = await endATurn();
    const image = turnImage(seq);
    expect(image).toBeDefined();
    expect(image!.attachments[0]!.size).toBeGreaterThan(10_000);
    expect(pool().restarts).toBe(restarts + 1);
    expect(world.errors.filter((e) => e.includes('a render worker stopped (exit code 70, drawing a turn post'))).toHaveLength(1);
    // The new worker goes on drawing.
    const next = await endATurn();
    expect(turnImage(next)).toBeDefined();
    world.errors.length = 0;
  }, 60_000);

  it('fails a post whose worker dies on every try, and the outbox posts it on its next attempt', async () => {
    const restarts = pool().restarts;
    // Both of the pool's tries die: the pool gives the row up, and the outbox tries it again 1 s later.
    pool().crashNextJob(2);
    const seq = await endATurn();
    const id = (await world.store.matches.byThread(thread))!.id;
    const failed = (await world.store.outbox.pending(id)).find((r) => (r.body as { kind: string; seq?: number }).kind === 'turn');
    expect(failed?.attempts).toBe(1);
    expect(failed?.error).toContain('RenderWorkerCrashed');
    expect(turnImage(seq)).toBeUndefined();
    await world.fake.waitFor(() => turnImage(seq), 20_000);
    expect(pool().restarts).toBe(restarts + 2);
    await world.bot.idle();
    expect(await world.store.outbox.pending(id)).toEqual([]);
    expect(world.errors.some((e) => e.includes('trying again in 1 s'))).toBe(true);
  }, 60_000);

  it("draws an entry tile's map in a worker too, so the main thread keeps no canvases", async () => {
    const second = await challengeAccepted(world);
    world.errors.length = 0;
    const restarts = pool().restarts;
    let armed = false;
    for (let i = 0; i < 10; i++) {
      const s = await snapshotOf(world, second);
      const prompt = s.stage === 'pregame' ? s.pregame.prompt : null;
      if (!prompt || prompt.kind === 'entry') break;
      // The answer to the map's chooser (or the map) brings the entry prompt: the next job the pool gets is its map.
      if (!armed && (prompt.kind === 'map-chooser' || prompt.kind === 'map')) {
        pool().crashNextJob();
        armed = true;
      }
      const message = openPrompt(world, second)!;
      const who = world.fake.user(prompt.player)!.username;
      if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
      else await world.click(who, message);
    }
    expect(armed).toBe(true);
    expect(openPrompt(world, second)?.attachments.map((a) => a.filename)).toEqual(['entry-tiles.png']);
    expect(pool().restarts).toBe(restarts + 1);
    expect(world.errors.filter((e) => e.includes('a render worker stopped (exit code 70, drawing a prompt post'))).toHaveLength(1);
    world.errors.length = 0;
  }, 60_000);
});
