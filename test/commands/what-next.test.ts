/**
 * Whoever the game waits on is pinged: the next player, and the player who just acted when a new turn
 * of theirs begins (they go again, or the order they chose puts them first); not a player going on with
 * the same unit. A finished match closes: the result, the league's post, the thread renamed.
 */
import { describe, expect, it } from 'vitest';
import { whatNext } from '../../src/posts/announce';
import type { MatchRow } from '../../src/store';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { table } from '../render/states';

const row = {
  id: 'm1',
  seq: 7,
  status: 'playing',
  players: ['p1', 'p2'],
  terms: { points: 60, map: null, accepted: {} },
  setup: null,
  snapshot: null,
} as unknown as MatchRow;
const start = () =>
  table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'pi', card: 'valor-pikeman', player: 'p1', at: 'H4' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
    ],
  });

describe('who is pinged', () => {
  it('the player whose new turn begins, even the one who just acted', () => {
    const game = start();
    expect(game.turn).toMatchObject({ player: 'p1', unit: null });
    const same = whatNext(row, { stage: 'game', game }, 'p1', true);
    expect(same).toEqual([expect.objectContaining({ kind: 'your-turn', player: 'p1', seq: 7 })]);
    expect(whatNext(row, { stage: 'game', game }, 'p2', false)).toEqual([expect.objectContaining({ kind: 'your-turn', player: 'p1' })]);
  });

  it('not the player going on with the same unit', () => {
    const r = decide(start(), { act: 'move', unit: 'kn', to: 'J11' });
    if ('error' in r) throw new Error(r.error.message);
    const game = r.events.reduce(apply, start());
    expect(whatNext(row, { stage: 'game', game }, 'p1', false)).toEqual([]);
  });

  it('a finished match posts its result, tells the league and closes its thread', () => {
    const game = { ...start(), over: true, winner: 'p1' };
    expect(whatNext({ ...row, status: 'over' } as MatchRow, { stage: 'game', game }, 'p2').map((b) => b.kind)).toEqual([
      'result',
      'league-result',
      'close-thread',
    ]);
  });

  it('never the practice opponent, whose turn the bot takes itself, and a practice result is not told to the league', () => {
    const practice = { ...row, terms: { points: 60, map: null, accepted: {}, practice: { seat: 'p1' } } } as unknown as MatchRow;
    expect(whatNext(practice, { stage: 'game', game: start() }, 'p2', true)).toEqual([]);
    const game = { ...start(), over: true, winner: 'p1' };
    expect(whatNext({ ...practice, status: 'over' } as MatchRow, { stage: 'game', game }, 'p2').map((b) => b.kind)).toEqual(['result', 'close-thread']);
  });
});
