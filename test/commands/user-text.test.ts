/**
 * Names people chose are shown as typed wherever the bot's messages read markdown, so a
 * warband called **Winners** or [click](https://…) cannot format or link the bot's posts.
 */
import { describe, expect, it } from 'vitest';
import { nameIn } from '../../src/posts/announce';
import { mapListEmbed } from '../../src/commands/map/map-library';
import type { MatchSetup } from '../../src/match/match-state';
import { shown, unshown } from '../../src/discord/text';
import { checkSubmission } from '../../src/match/warband-check';
import { warbandEmbed } from '../../src/commands/warband/warband-embed';
import { defaultContent } from '../../src/content/load';
import { openStore } from '../../src/store';

const content = defaultContent();
const MARKDOWN = '**Bold** _it_ __u__ ~~s~~ ||spoiler|| `code` [click](https://evil.example) <@123> @everyone # big';

describe('shown(text)', () => {
  it('escapes emphasis, code, spoilers, masked links, mentions, headings and lists', () => {
    expect(shown(MARKDOWN)).toBe(
      '\\*\\*Bold\\*\\* \\_it\\_ \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| \\`code\\` \\[click](https://evil.example) \\<@123> @\u200beveryone # big',
    );
    expect(shown('# Heading')).toBe('\\# Heading');
    expect(shown('- item')).toBe('\\- item');
    expect(shown('1. item')).toBe('1\\. item');
    expect(shown('> quote')).toBe('\\> quote');
    expect(shown('-# small')).toBe('\\-# small');
    expect(shown('a\\*b')).toBe('a\\\\\\*b');
  });

  it('leaves ordinary names alone', () => {
    for (const name of ["Hrolf's Watch", 'Ærinn Þórsdóttir', '🐺 Wolves & Co. (2nd)', 'Mill Crossing']) expect(shown(name)).toBe(name);
  });

  it('unshown gives the typed text back, for plain-text places such as button labels', () => {
    for (const text of [MARKDOWN, '# Heading', '- item', '1. item', '> quote', '-# small', 'a\\*b', 'back\\slash', "Hrolf's Watch"])
      expect(unshown(shown(text))).toBe(text);
  });
});

describe('user text in posts', () => {
  it('a markdown-laden warband name comes out escaped in its embed', () => {
    const checked = checkSubmission(
      `**Winners** [here](https://evil.example) | valor | mill-crossing | valor-squire`,
      undefined,
      content.index,
      new Set(content.maps.keys()),
    );
    expect(checked.warband.name).toBe('**Winners** [here](https://evil.example)');
    const embed = warbandEmbed(checked, '__Mill__');
    expect(embed.title).toBe('\\*\\*Winners\\*\\* \\[here](https://evil.example)');
    expect(embed.fields?.find((f) => f.name === 'Map')?.value).toBe('\\_\\_Mill\\_\\_ (`mill-crossing`)');
  });

  it('a player’s display name in match posts, and a submitted map’s name in the map list', async () => {
    const setup = { names: { p1: '*Sneaky* @everyone' } } as unknown as MatchSetup;
    expect(nameIn(setup)('p1')).toBe('\\*Sneaky\\* @\u200beveryone');
    const store = openStore(':memory:');
    try {
      const map = { ...content.maps.get('mill-crossing')!, id: 'trap', name: '[Free Nitro](https://evil.example)' };
      await store.maps.save({ id: 'trap', name: map.name, gridmap: map, owner: 'u1', guildId: 'g1' });
      expect((await mapListEmbed({ store, content }, 'g1')).description).toContain('**\\[Free Nitro](https://evil.example)** `trap`');
    } finally {
      await store.close();
    }
  });
});
