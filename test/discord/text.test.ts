/** The one place that cuts and escapes user text for Discord, and the fake refusing what Discord refuses. */
import { describe, expect, it } from 'vitest';
import { clip, graphemesOf, shown, wellFormed } from '../../src/discord/text';
import { DiscordLimit } from '../../src/discord/limits';
import { checkCommand } from '../../src/fakecord/command-registry';
import { checkWellFormed } from '../../src/fakecord/message-limits';
import { threadName } from '../../src/match/setup';
import { choice } from '../../src/commands/command';

const EMOJI_NAME = '🐉'.repeat(16); // 32 UTF-16 units: Discord's longest display name, in emoji

describe('clip', () => {
  it('cuts between graphemes, never inside an emoji, and says it cut', () => {
    const cut = clip('😀'.repeat(60), 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(wellFormed(cut)).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    const family = '👨‍👩‍👧‍👦';
    expect(
      graphemesOf(clip(family.repeat(10), 30))
        .slice(0, -1)
        .every((g) => g === family),
    ).toBe(true);
  });

  it('leaves text that fits alone, and takes a Discord limit by name', () => {
    expect(clip('abc', 'content')).toBe('abc');
    expect(clip('x'.repeat(3000), 'content')).toHaveLength(DiscordLimit.content);
    expect(clip('hello world again', 12, { atWord: true })).toBe('hello…');
  });

  it('thread names and choice names of emoji names stay whole (the old cut by length split a pair)', () => {
    const name = threadName([EMOJI_NAME, EMOJI_NAME, EMOJI_NAME, EMOJI_NAME], 12345);
    expect(name.length).toBeLessThanOrEqual(DiscordLimit.threadName);
    expect(wellFormed(name)).toBe(true);
    const c = choice(`${'x'.repeat(98)}${'🐉'.repeat(3)}`, 'v');
    expect(c.name.length).toBeLessThanOrEqual(DiscordLimit.choiceName);
    expect(wellFormed(c.name)).toBe(true);
  });
});

describe('shown', () => {
  it('escapes markdown and mentions in a hostile name', () => {
    const hostile = '@everyone <@&123> [x](https://evil.example) **Bob**';
    const out = shown(hostile);
    expect(out).not.toContain('@everyone');
    expect(out).not.toMatch(/(?<!\\)<@/);
    expect(out).not.toMatch(/(?<!\\)\*\*/);
    expect(out).not.toMatch(/(?<!\\)\[x\]/);
  });
});

describe('the fake refuses what Discord refuses', () => {
  it('a lone surrogate anywhere in a body', () => {
    expect(checkWellFormed({ content: 'ok', embeds: [{ title: 'a\uD83D' }] }).map((p) => p.path)).toEqual(['embeds.0.title']);
    expect(checkWellFormed({ content: '🐉 whole' })).toEqual([]);
  });

  it('option bounds and contexts on command definitions', () => {
    const codes = (body: unknown) => checkCommand(body).map((p) => `${p.path} ${p.code}`);
    expect(codes({ name: 'm', description: 'x', contexts: [0, 1], options: [{ type: 3, name: 'a', description: 'a', max_length: 80 }] })).toEqual([]);
    expect(codes({ name: 'm', description: 'x', options: [{ type: 3, name: 'a', description: 'a', max_length: 7000 }] })).toEqual([
      'options.0.max_length NUMBER_TYPE_MAX',
    ]);
    expect(codes({ name: 'm', description: 'x', options: [{ type: 4, name: 'a', description: 'a', min_value: 5, max_value: 1 }] })).toEqual([
      'options.0.min_value NUMBER_TYPE_MAX',
    ]);
    expect(codes({ name: 'm', description: 'x', contexts: [7] })).toEqual(['contexts BASE_TYPE_CHOICES']);
  });
});

describe('shown, with the same hostile name twice in one text', () => {
  it('escapes every masked link, not only the first of a line', () => {
    const twice = shown('[x](https://evil.example) and [y](https://evil.example)');
    expect(twice).not.toMatch(/(?<!\\)\[/);
  });
});
