/**
 * A ping's digest does not tell again what was posted just above it. announce.ts withWordsAbove: the
 * ping carries the words its change posted before it (the act's line, an answered prompt, round news);
 * a playtester's ping after the practice bot's answer began "Since your last act: OW replied to KN with
 * Great Cleaver…", the last line of that answer's "act goes on" block just above. pingAfterTurn: a ping
 * planned after a turn's post knows that turn (`after`), round news between them or not, so a ping
 * after the player's own turn does not tell back the round's news just above it.
 */
import { describe, expect, it } from 'vitest';
import { pingAfterTurn, withWordsAbove } from '../../src/posts/announce';
import type { PostBody } from '../../src/posts/post-body';

const turn: PostBody = { kind: 'turn', seq: 40 };
const news: PostBody = { kind: 'text', content: 'Objective B is contested (KN, OW): nobody scores it.\n**Round 3 begins.**' };
const order: PostBody = { kind: 'text', content: '🎲 Round 3 tactics check: Alice rolled 12, Practice bot rolled 7.' };
const ping: PostBody = { kind: 'your-turn', seq: 44, player: 'alice', content: "<@alice>, it's your turn (round 3, phase 1)." };

describe('a ping planned after a turn post', () => {
  it('follows the turn right before it', () => {
    expect(pingAfterTurn([turn, ping])).toEqual([
      { ...turn, pingAt: 44 },
      { ...ping, after: 40 },
    ]);
  });

  it('follows the turn across the round news between them, which stays where it is', () => {
    expect(pingAfterTurn([turn, news, order, ping])).toEqual([{ ...turn, pingAt: 44 }, news, order, { ...ping, after: 40 }]);
  });

  it('follows no turn when something else comes between (an answered prompt, a prompt) or there is none', () => {
    const answered: PostBody = { kind: 'answered', messageId: 'm1', lines: ['chose X'] };
    expect(pingAfterTurn([turn, answered, ping])).toEqual([turn, answered, ping]);
    expect(pingAfterTurn([news, ping])).toEqual([news, ping]);
    expect(pingAfterTurn([turn, news])).toEqual([turn, news]);
  });
});

describe('the words a ping comes under', () => {
  it("are what its change posted before it: the act's line, an answered prompt, round news", () => {
    const reply: PostBody = {
      kind: 'reply',
      content:
        "🤖 **Practice bot**:\n• OW will reply to KN with Great Cleaver, before KN moves on.\n**Alice**'s act goes on:\n• OW replied to KN with Great Cleaver.",
    };
    const answered: PostBody = { kind: 'answered', messageId: 'm1', lines: ['chose **Alice → Practice bot**'] };
    const prompt: PostBody = { kind: 'prompt', seq: 43 };
    const [, , , last] = withWordsAbove([answered, reply, news, ping]);
    expect(last).toEqual({ ...ping, above: [...answered.lines, reply.content, news.content].join('\n') });
    expect(withWordsAbove([turn, ping])).toEqual([turn, ping]);
    expect(withWordsAbove([reply, prompt])).toEqual([reply, prompt]);
  });
});
