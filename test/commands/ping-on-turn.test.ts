/**
 * The your-turn ping that follows a turn's post rides on it: one message, not two, in the
 * thread, and one request fewer against Discord's global limit. Its line closes the post, with the
 * digest of what happened since the player's last act, and the player is pinged.
 */
import { describe, expect, it } from 'vitest';
import { planPosts } from '../../src/posts/announce';
import { picturePost, withPing } from '../../src/posts/post-pictures';
import { Chooser } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import type { MatchEvent, MatchSetup, MatchSnapshot } from '../../src/match/match-state';
import { gameOf } from '../../src/match/match-state';
import { memoryStore } from '../store/fixture';
import { actOn, playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

describe('a turn post carries the ping that follows it', () => {
  it('is planned as one body, and delivered as one message that pings the next player', async () => {
    const store = memoryStore();
    await storedMatch(store, 'm1', setupFor(41, ['burning-village']));
    const choose = new Chooser(seeded(41));
    await untilPlaying(store, 'm1', choose);
    // On to a unit's turn not yet begun, with no prompt open.
    const waiting = async () => gameOf((await store.matches.get('m1'))!.snapshot as MatchSnapshot)!;
    for (let i = 0; i < 50; i++) {
      const game = await waiting();
      if (game.turn && !game.turn.unit && !game.prompt) break;
      await playOn(store, 'm1', choose);
    }
    const before = (await store.matches.get('m1'))!;
    const game = gameOf(before.snapshot as MatchSnapshot)!;
    const unit = Object.values(game.units).find((u) => u.player === game.turn!.player && !u.turnTaken && !u.dropped)!.id;
    const after = (await actOn(store, 'm1', { game: { end: unit } }))!;
    const events = await store.matches.events<MatchEvent>('m1', before.seq);
    const posts = await planPosts(store, {
      row: after,
      setup: after.setup as MatchSetup,
      before: before.snapshot as MatchSnapshot,
      after: after.snapshot as MatchSnapshot,
      events,
    });
    expect(posts.map((p) => p.kind)).not.toContain('your-turn');
    const turn = posts.find((p) => p.kind === 'turn');
    const next = gameOf(after.snapshot as MatchSnapshot)!.turn!.player;
    expect(turn).toMatchObject({ kind: 'turn', ping: { player: next, seq: after.seq, content: expect.stringContaining(`<@${next}>`) } });

    const post = await picturePost(store, after, turn as Extract<typeof turn, { kind: 'turn' }>);
    expect(post.ping).toEqual([next]);
    expect(post.content).toMatch(/'s turn with .* is over\./);
    expect(post.content).toMatch(new RegExp(`\\n<@${next}>, it's your turn \\(round \\d+, phase \\d+\\)`));
    expect(post.files?.[0]?.name).toMatch(/^turn-\d+\.png$/);
  });

  it('keeps the ping whole when the post is too long, cutting the post instead', () => {
    const line = '<@1>, it’s your turn.\n-# Since your last act: a lot.';
    const long = withPing('x'.repeat(2500), line);
    expect(long.length).toBe(2000);
    expect(long.endsWith(`…\n${line}`)).toBe(true);
    expect(withPing('short', line)).toBe(`short\n${line}`);
  });
});
