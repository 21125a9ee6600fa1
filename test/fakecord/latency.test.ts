/**
 * The fake's Discord-like latency (`latencyMs`, for the benchmarks): every REST answer waits between
 * `min` and `max` ms, while the request itself is carried out when it arrives, as Discord does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, latencyMs: { min: 200, max: 250 } });
});
afterAll(async () => fake?.close());

describe('latencyMs', () => {
  it('answers a request no sooner than min, having carried it out on arrival', async () => {
    let stored = 0;
    fake.on('message-create', () => (stored = performance.now()));
    const sent = performance.now();
    const response = await fetch(`${fake.apiBase}/channels/${fake.channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bot t', 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hello' }),
    });
    const answered = performance.now();
    expect(response.status).toBe(200);
    expect(answered - sent).toBeGreaterThanOrEqual(200);
    // The message existed before the answer was sent.
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(answered);
  });

  it('refuses a range that is not one', async () => {
    await expect(startFakeDiscord({ latencyMs: { min: 100, max: 50 } })).rejects.toThrow('latencyMs');
  });
});
