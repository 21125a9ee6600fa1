/**
 * Objectives score at the round's end, after the last turn's post has shown the score: the thread
 * is told the new totals under the objective lines, in the same post, so no score it sees is stale.
 */
import { describe, expect, it } from 'vitest';
import { boardOf } from '../../src/rulesets/sellsword/engine';
import { planPosts } from '../../src/posts/announce';
import { Chooser } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import type { MatchEvent, MatchSetup, MatchSnapshot } from '../../src/match/match-state';
import { gameOf } from '../../src/match/match-state';
import { memoryStore } from '../store/fixture';
import { setupFor, storedMatch, untilPlaying } from './stored-match';

describe("the round's objective scores", () => {
  it('are followed in their post by the new totals', async () => {
    const store = memoryStore();
    const setup = setupFor(41, ['burning-village']);
    await storedMatch(store, 'm1', setup);
    const row = await untilPlaying(store, 'm1', new Chooser(seeded(41)));
    const snapshot = row.snapshot as MatchSnapshot;
    const game = gameOf(snapshot)!;
    const [p1, p2] = game.players as [string, string];
    const scored = (player: string, n: number): MatchEvent => ({ stage: 'game', event: { type: 'scored', player, points: 5, reason: `objective ${n}` } });
    const events = [scored(p2, 1), scored(p1, 2)].map((event, i) => ({ seq: row.seq + 1 + i, event }));
    const posts = await planPosts(store, { row, setup: row.setup as MatchSetup, before: snapshot, after: snapshot, events });
    const text = posts.find((p) => p.kind === 'text');
    const name = (p: string) => setup.names[p] ?? p;
    expect(text).toEqual({
      kind: 'text',
      content: [
        `${name(p2)} scored 5 VP for holding objective 1.`,
        `${name(p1)} scored 5 VP for holding objective 2.`,
        `Score: ${name(p1)} ${(game.score[p1] ?? 0) + 5}; ${name(p2)} ${(game.score[p2] ?? 0) + 5}.`,
      ].join('\n'),
    });
  });

  it('say an objective contested at the round end scored nobody, above the new round in bold (R4, issue 26)', async () => {
    const store = memoryStore();
    const setup = setupFor(41, ['burning-village']);
    await storedMatch(store, 'm1', setup);
    const row = await untilPlaying(store, 'm1', new Chooser(seeded(41)));
    const snapshot = row.snapshot as MatchSnapshot;
    const game = gameOf(snapshot)!;
    // One unit of each side on objective 1's squares as the round ends.
    const area = boardOf(game).objectives[0]!;
    const [a, b] = game.players.map((p) => Object.values(game.units).find((u) => u.player === p && !u.dropped)!);
    const placed = { ...game, units: { ...game.units, [a!.id]: { ...a!, at: area[0]! }, [b!.id]: { ...b!, at: area[area.length - 1]! } } };
    const before = { ...snapshot, game: placed } as MatchSnapshot;
    const round: MatchEvent = { stage: 'game', event: { type: 'round-started', round: game.round + 1 } };
    const posts = await planPosts(store, { row, setup: row.setup as MatchSetup, before, after: before, events: [{ seq: row.seq + 1, event: round }] });
    const text = posts.find((p) => p.kind === 'text');
    expect(text && 'content' in text ? text.content : '').toMatch(
      new RegExp(`^Objective 1 is contested \\(\\w+ and \\w+\\): nobody scores it\\.\n\\*\\*Round ${game.round + 1} begins\\.\\*\\*$`),
    );
  });
});
