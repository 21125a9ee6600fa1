import { describe, expect, it } from 'vitest';
// @ts-expect-error the sandbox page's plain-JS module has no types
import { latestPing } from '../../src/sandbox/public/waiting.js';

const BOT = 'bot';
const msg = (id: string, content: string, mentions: string[], components: unknown[] = []) => ({
  id,
  author: { id: BOT },
  content,
  mentions,
  components,
});

describe('the message a sandbox channel waits on (the pulsing dot in the top bar)', () => {
  it('is the latest ping that asks a player to act', () => {
    const ping = msg('1', '<@alice>, your turn.', ['alice']);
    expect(latestPing([ping], BOT)?.id).toBe('1');
  });

  it('is none once the match result names the players without asking anything', () => {
    const ping = msg('1', '<@alice>, your turn.', ['alice']);
    const result = msg('2', '<@bob> beat <@alice> 89–65.', ['bob', 'alice']);
    expect(latestPing([ping, result], BOT)).toBeUndefined();
  });

  it('stays on the ping when a picture without mentions follows it', () => {
    const ping = msg('1', '<@alice>, your turn.', ['alice']);
    const picture = msg('2', '', []);
    expect(latestPing([ping, picture], BOT)?.id).toBe('1');
  });
});
