/**
 * The your-turn ping that follows a turn's post is a message of its own after it (issue 26): on a
 * phone, a ping riding on the post sat above the map and the close-up and scrolled away. The post
 * keeps the map, and hands its close-up to the ping, which shows it under its words: each message
 * carries one picture, and the ping's words and its picture of now come last in the thread. Its
 * digest of what happened since the player's last act stops where the posted turn began.
 */
import { describe, expect, it } from 'vitest';
import { planPosts } from '../../src/posts/announce';
import { picturePost, withPing } from '../../src/posts/post-pictures';
import { Chooser } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import type { MatchEvent, MatchSetup, MatchSnapshot } from '../../src/match/match-state';
import type { PostBody } from '../../src/posts/post-body';
import type { MatchRow } from '../../src/store';
import { gameOf } from '../../src/match/match-state';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

describe('the ping that follows a turn post', () => {
  it('is planned after it, and delivered as its own message with the close-up alone, which the post leaves out', async () => {
    const store = memoryStore();
    await storedMatch(store, 'm1', setupFor(41, ['burning-village']));
    const choose = new Chooser(seeded(41));
    await untilPlaying(store, 'm1', choose);
    // Play on until a turn with a close-up (it did more than end) is followed by a ping.
    let planned: { before: MatchRow; after: MatchRow; posts: PostBody[] } | null = null;
    for (let i = 0; i < 300 && !planned; i++) {
      const before = (await store.matches.get('m1'))!;
      const after = await playOn(store, 'm1', choose);
      const events = await store.matches.events<MatchEvent>('m1', before.seq);
      const posts = await planPosts(store, {
        row: after,
        setup: after.setup as MatchSetup,
        before: before.snapshot as MatchSnapshot,
        after: after.snapshot as MatchSnapshot,
        events,
      });
      const [t, p] = posts.slice(-2);
      if (t?.kind !== 'turn' || p?.kind !== 'your-turn') continue;
      const alone = await picturePost(store, after, { kind: 'turn', seq: t.seq });
      if (alone.files?.some((f) => f.name.endsWith('close-up.png'))) planned = { before, after, posts };
    }
    expect(planned).not.toBeNull();
    const { after, posts } = planned!;
    const next = gameOf(after.snapshot as MatchSnapshot)!.turn!.player;
    const [turn, ping] = posts.slice(-2);
    expect(turn).toMatchObject({ kind: 'turn', pingAt: after.seq });
    expect(turn).not.toHaveProperty('ping');
    expect(ping).toMatchObject({ kind: 'your-turn', player: next, seq: after.seq, after: (turn as { seq: number }).seq });

    const turnPost = await picturePost(store, after, turn as Extract<typeof turn, { kind: 'turn' }>);
    expect(turnPost.ping ?? []).toEqual([]);
    expect(turnPost.content).toMatch(/'s turn with .* is over\./);
    expect(turnPost.content).not.toContain(`<@${next}>`);
    expect(turnPost.files?.map((f) => f.name)).toEqual([`turn-${(turn as { seq: number }).seq}.png`]);

    const pingPost = await picturePost(store, after, ping as Extract<typeof ping, { kind: 'your-turn' }>);
    expect(pingPost.ping).toEqual([next]);
    expect(pingPost.content).toMatch(new RegExp(`^<@${next}>, it's your turn \\(round \\d+, phase \\d+\\)`));
    // At most one picture: the close-up of now, which is the turn's the post left out (the same bytes),
    // in an embed under the ping's words.
    const alone = await picturePost(store, after, { kind: 'turn', seq: (turn as { seq: number }).seq });
    const own = alone.files?.find((f) => f.name.endsWith('close-up.png'));
    expect(pingPost.files?.map((f) => [f.name, f.inEmbed])).toEqual([['last-turn-close-up.png', true]]);
    expect(pingPost.files![0]!.png.equals(own!.png)).toBe(true);
    // The digest does not tell the turn the post above told.
    expect(pingPost.content).not.toMatch(/'s turn with .* is over/);
  });

  it('keeps the ping whole when the post is too long, cutting the post instead', () => {
    const line = '<@1>, it’s your turn.\n-# Since your last act: a lot.';
    const long = withPing('x'.repeat(2500), line);
    expect(long.length).toBe(2000);
    expect(long.endsWith(`…\n${line}`)).toBe(true);
    expect(withPing('short', line)).toBe(`short\n${line}`);
  });
});
