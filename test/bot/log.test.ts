/**
 * The bot's log (src/bot/log.ts): JSON lines through pino that never carry an interaction token, a
 * webhook token or the bot token, wherever in an error they sit.
 */
import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createBotLog, REDACTED } from '../../src/bot/log';
import { readConfig } from '../../src/config';

// Made-up secrets, put together at run time so no token-shaped string sits in the source.
const BOT_TOKEN = ['MTIzNDU2Nzg5MDEyMzQ1Njc4OQ', 'GhIjKl', 'Zm9vYmFyLWJvdC10b2tlbi1zZWNyZXQtMDEyMzQ1Njc'].join('.');
const INTERACTION_TOKEN = `aW50ZXJhY3Rpb246${'MTEyMjMzNDQ1NTY2Nzc4ODk5MDA6c2VjcmV0LWludGVyYWN0aW9u'}`;
const WEBHOOK_TOKEN = `wHk_${'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z0x1C2v3B4n5M6q7W8e9R0'}`;
const OTHER_INTERACTION_TOKEN = `tok_${'notbase64butsecret0123456789abcdefghij'}`;
const API = 'https://discord.com/api/v10';
const APP_ID = '1111111111111111111';
const INTERACTION_ID = '2222222222222222222';

const SECRETS = [BOT_TOKEN, INTERACTION_TOKEN, WEBHOOK_TOKEN, OTHER_INTERACTION_TOKEN];

/** A log writing into an array, one parsed object per line. */
function capture(options: { token?: string; level?: string } = {}) {
  const lines: string[] = [];
  const log = createBotLog({ token: BOT_TOKEN, ...options, destination: { write: (line: string) => void lines.push(line) } });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read a parsed log line's nested fields directly.
  return { log, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, any>) };
}

function expectNoSecrets(lines: readonly string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) for (const secret of SECRETS) expect(line).not.toContain(secret);
}

/** What discord.js throws when an interaction's answer fails, with the token in its url. */
function callbackError(): DiscordAPIError {
  const webhookUrl = `${API}/webhooks/${APP_ID}/${WEBHOOK_TOKEN}/messages/@original`;
  const error = new DiscordAPIError(
    { code: 10062, message: 'Unknown interaction' },
    10062,
    404,
    'POST',
    `${API}/interactions/${INTERACTION_ID}/${INTERACTION_TOKEN}/callback?with_response=false`,
    {
      files: [{ name: 'map.png', contentType: 'image/png', data: Buffer.alloc(2048, 7) }],
      body: { type: 4, data: { content: `edit it at ${webhookUrl}`, embeds: [{ footer: { text: `token ${INTERACTION_TOKEN}` } }] } },
    },
  );
  // A follow-up that failed first, and under it the request with the bot's Authorization header.
  const followUp = new DiscordAPIError({ code: 50027, message: 'Invalid Webhook Token' }, 50027, 401, 'PATCH', webhookUrl, { body: { content: 'x' } });
  followUp.cause = new Error(`request failed: Authorization: Bot ${BOT_TOKEN}`);
  error.cause = followUp;
  return error;
}

describe('the bot log', () => {
  it('writes a DiscordAPIError with its callback url, webhook url, request body and causes, without a token', () => {
    const { log, lines, records } = capture();
    log(`interaction ${INTERACTION_ID} failed (bot ${BOT_TOKEN})`, callbackError());
    expectNoSecrets(lines);
    expect(lines).toHaveLength(1);
    const [record] = records();
    expect(record!.level).toBe(50);
    expect(record!.msg).toBe(`interaction ${INTERACTION_ID} failed (bot ${REDACTED})`);
    const err = record!.err;
    expect(err).toMatchObject({ name: 'DiscordAPIError[10062]', message: 'Unknown interaction', code: 10062, status: 404, method: 'POST' });
    expect(err.url).toBe(`${API}/interactions/${INTERACTION_ID}/${REDACTED}/callback?with_response=false`);
    expect(err.stack).toContain('Unknown interaction');
    // The body's text is there, redacted; the file is named, its bytes are not dumped.
    expect(err.requestBody.json.data.content).toBe(`edit it at ${API}/webhooks/${APP_ID}/${REDACTED}/messages/@original`);
    expect(err.requestBody.json.data.embeds[0].footer.text).toBe(`token ${REDACTED}`);
    expect(err.requestBody.files).toEqual([{ name: 'map.png', contentType: 'image/png' }]);
    expect(err.cause).toMatchObject({
      name: 'DiscordAPIError[50027]',
      status: 401,
      method: 'PATCH',
      url: `${API}/webhooks/${APP_ID}/${REDACTED}/messages/@original`,
    });
    expect(err.cause.cause.message).toBe(`request failed: Authorization: Bot ${REDACTED}`);
    expect(err.cause.cause.stack).toContain(`Bot ${REDACTED}`);
  });

  it('redacts an interaction token in a url even when it does not look like one', () => {
    const { log, lines, records } = capture();
    const error = Object.assign(new Error('Unknown interaction'), { url: `${API}/interactions/${INTERACTION_ID}/${OTHER_INTERACTION_TOKEN}/callback` });
    log('could not answer an interaction', error);
    expectNoSecrets(lines);
    expect(records()[0]!.err.url).toBe(`${API}/interactions/${INTERACTION_ID}/${REDACTED}/callback`);
  });

  it('takes the bot token out of a plain message, given or only shaped like one', () => {
    const given = capture();
    given.log(`logged in with ${BOT_TOKEN}.`);
    expectNoSecrets(given.lines);
    expect(given.records()[0]).toMatchObject({ level: 30, msg: `logged in with ${REDACTED}.` });

    // Not passed in: still caught by the shape of a Discord bot token.
    const shaped = capture({ token: 'some-other-token-value' });
    shaped.log(`token ${BOT_TOKEN} rejected`);
    expectNoSecrets(shaped.lines);
    expect(shaped.records()[0]!.msg).toBe(`token ${REDACTED} rejected`);
  });

  it('guards direct use of the pino logger too', () => {
    const { log, lines } = capture();
    log.pino.error(callbackError());
    log.pino.warn({ request: { url: `${API}/webhooks/${APP_ID}/${WEBHOOK_TOKEN}` } }, `bot ${BOT_TOKEN}`);
    expectNoSecrets(lines);
    expect(lines).toHaveLength(2);
  });

  it('copes with a cause that points back at the error, and with things that are not errors', () => {
    const { log, lines, records } = capture();
    const a = new Error(`a ${API}/webhooks/${APP_ID}/${WEBHOOK_TOKEN}`);
    const b = new Error('b', { cause: a });
    a.cause = b;
    log('loop', a);
    log('a string', `${API}/webhooks/${APP_ID}/${WEBHOOK_TOKEN}`);
    expectNoSecrets(lines);
    const [loop, text] = records();
    expect(loop!.err.cause).toMatchObject({ message: 'b', cause: '[circular]' });
    expect(text!.err).toBe(`${API}/webhooks/${APP_ID}/${REDACTED}`);
  });

  it("does not replace a made-up short token (the sandbox's) inside ordinary words", () => {
    const lines: string[] = [];
    const log = createBotLog({ token: 'sandbox', destination: { write: (line: string) => void lines.push(line) } });
    log('the sandbox page is up');
    expect(JSON.parse(lines[0]!).msg).toBe('the sandbox page is up');
  });

  it('takes the level LOG_LEVEL gives (src/config), info by default, and refuses an unknown one', () => {
    const info = capture();
    info.log.pino.debug('hidden');
    info.log('shown');
    expect(info.records().map((r) => r.msg)).toEqual(['shown']);

    const quiet = capture({ level: readConfig({ LOG_LEVEL: 'ERROR' }).LOG_LEVEL });
    quiet.log('hidden');
    quiet.log('shown', new Error('boom'));
    expect(quiet.records().map((r) => [r.level, r.msg])).toEqual([[50, 'shown']]);

    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => capture({ level: 'loud' })).toThrow(/must be one of/);
  });
});

describe('what a line is about', () => {
  it('carries the match id, guild and shard of a line about a match', () => {
    const lines: string[] = [];
    const log = createBotLog({ token: BOT_TOKEN, base: { shard: 1 }, destination: { write: (line: string) => void lines.push(line) } });
    log('a post for match m1 failed', new Error('boom'), { matchId: 'm1', guildId: '42', outboxRow: 7 });
    log.child({ matchId: 'm2', guildId: '43' })('nothing wrong');
    log('not about a match');
    const [failed, child, plain] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failed).toMatchObject({ level: 50, shard: 1, matchId: 'm1', guildId: '42', outboxRow: 7, msg: 'a post for match m1 failed' });
    expect(child).toMatchObject({ level: 30, shard: 1, matchId: 'm2', guildId: '43', msg: 'nothing wrong' });
    expect(plain).toMatchObject({ shard: 1, msg: 'not about a match' });
    expect(plain).not.toHaveProperty('matchId');
  });

  it('reads LOG_PRETTY as a yes or no, and leaves it unset when not given', () => {
    expect(readConfig({}).LOG_PRETTY).toBeUndefined();
    expect(readConfig({ LOG_PRETTY: '1' }).LOG_PRETTY).toBe(true);
    expect(readConfig({ LOG_PRETTY: 'no' }).LOG_PRETTY).toBe(false);
  });
});
