import { refusal } from './refusal';
import type { APIEmbed, ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/commands/app';
import { catalogCommand, catalogData } from '../../src/commands/catalog/catalog';
import { cardChoices, findCard, findMod, modChoices } from '../../src/commands/catalog/catalog-card';
import { cardAltText } from '../../src/rulesets/sellsword/table';
import { DiscordLimit } from '../../src/discord/limits';
import { catalogMessages, embedLength, factionEmbeds, factionsOf, packMessages } from '../../src/commands/catalog/catalog-embeds';
import type { ReadOptions } from '../../src/commands/options';
import { defaultContent } from '../../src/content/load';
import type { UnitCard } from '../../src/rulesets/sellsword/formats/card';
import { NARROW_CARD_WIDTH } from '../../src/rulesets/sellsword/render/card-narrow';
import type { CatalogIndex } from '../../src/rulesets/sellsword/formats/catalog';

const content = defaultContent();
const index = content.index;

/** Every limit Discord puts on a message's embeds. */
function expectWithinLimits(messages: APIEmbed[][]): void {
  for (const embeds of messages) {
    expect(embeds.length).toBeGreaterThan(0);
    expect(embeds.length).toBeLessThanOrEqual(DiscordLimit.embeds);
    expect(embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(DiscordLimit.embedTotal);
    for (const e of embeds) {
      expect(e.title?.length ?? 0).toBeLessThanOrEqual(DiscordLimit.embedTitle);
      expect(e.description?.length ?? 0).toBeLessThanOrEqual(DiscordLimit.embedDescription);
      expect(e.fields?.length ?? 0).toBeLessThanOrEqual(DiscordLimit.embedFields);
      for (const f of e.fields ?? []) {
        expect(f.name.length).toBeLessThanOrEqual(DiscordLimit.embedFieldName);
        expect(f.value.length).toBeLessThanOrEqual(DiscordLimit.embedFieldValue);
      }
    }
  }
}

/** The shipped catalog copied `times` over under new ids: what a league with big catalogs might load. */
function bigIndex(times: number): CatalogIndex {
  const units = new Map<string, UnitCard>();
  for (let i = 0; i < times; i++) {
    for (const c of index.units.values()) units.set(`${c.id}-${i}`, { ...c, id: `${c.id}-${i}`, name: `${c.name} the ${i}th` });
  }
  return { units, mods: index.mods };
}

describe('/catalog units', () => {
  it("lists every shipped card and mod with name, id, cost, fantasy and size, within Discord's limits", () => {
    const messages = catalogMessages(index);
    expectWithinLimits(messages);
    const text = messages
      .flat()
      .map((e) => e.description)
      .join('\n');
    for (const c of index.units.values()) expect(text).toContain(`**${c.name}** \`${c.id}\` · ${c.cost} pts · fantasy ${c.fantasy} · ${c.size}`);
    for (const m of index.mods.values()) expect(text).toContain(`\`${m.id}\` · +${m.cost} pts`);
    expect(messages).toHaveLength(1);
  });

  it('lists one faction, cheapest first', () => {
    const [embed, ...rest] = factionEmbeds(index, 'havoc');
    expect(rest).toEqual([]);
    expect(embed!.title).toBe('Havoc · 14 unit cards, 6 mods');
    const lines = embed!.description!.split('\n');
    expect(lines[0]).toBe('**Shambling Dead** `havoc-zombie` · 8 pts · fantasy 2 · medium');
    expect(lines.join('\n')).not.toContain('valor-');
  });

  it('splits a catalog many times larger across embeds and messages, never past a limit', () => {
    const big = bigIndex(40);
    const messages = catalogMessages(big);
    expectWithinLimits(messages);
    expect(messages.length).toBeGreaterThan(1);
    const text = messages
      .flat()
      .map((e) => e.description)
      .join('\n');
    expect(text.match(/`havoc-zombie-\d+`/g)).toHaveLength(40);
  });

  it('packs embeds by count as well as length', () => {
    const tiny = Array.from({ length: 23 }, (_, i): APIEmbed => ({ title: `t${i}`, description: 'x' }));
    expect(packMessages(tiny).map((m) => m.length)).toEqual([10, 10, 3]);
  });

  it('answers privately unless shared, and refuses an unknown faction', async () => {
    const sent: unknown[] = [];
    const interaction = {
      async reply(p: unknown) {
        sent.push(p);
      },
    } as unknown as ChatInputCommandInteraction;
    const run = (values: ReadOptions['values']) => catalogCommand.run(interaction, { content } as App, { group: null, sub: 'units', values, focused: null });
    await run({ faction: 'valor' });
    await run({ share: true });
    expect(sent).toMatchObject([{ flags: 64, embeds: [{ title: 'Valor · 14 unit cards, 6 mods' }] }, { embeds: [{}, {}] }]);
    expect((sent[1] as { flags?: number }).flags).toBeUndefined();
    await expect(run({ faction: 'elves' })).rejects.toMatchObject({
      code: 'unknown-faction',
      message: 'There is no faction "elves". The catalog has Havoc, Valor.',
    });
  });

  it("offers the catalog's factions as choices", () => {
    const faction = catalogData(content).options[0]!.options[0]!;
    expect('choices' in faction && faction.choices).toEqual([
      { name: 'Havoc', value: 'havoc' },
      { name: 'Valor', value: 'valor' },
    ]);
    expect(factionsOf(index)).toEqual(['havoc', 'valor']);
  });
});

describe('/catalog card', () => {
  it('finds a card by id or printed name, and says what was meant otherwise', () => {
    expect(findCard(index, 'havoc-ghoul').name).toBe('Ghoul');
    expect(findCard(index, ' gray necromancer ').id).toBe('havoc-gray-necromancer');
    expect(refusal(() => findCard(index, 'havoc-goul'))).toEqual({
      code: 'unknown-card',
      message: 'There is no unit card "havoc-goul" in the catalog (did you mean "havoc-ghoul"?). `/catalog units` lists them all.',
    });
    expect(refusal(() => findCard(index, 'valor-banner')).message).toContain('is a mod');
  });

  it('takes only a mod that fits the card, saying why not', () => {
    const levy = findCard(index, 'valor-levy');
    const knight = findCard(index, 'valor-knight-captain');
    expect(findMod(index, knight, 'valor-banner').name).toBe('Banner of the Watch');
    expect(findMod(index, levy, "alchemist's pots").id).toBe('valor-alchemist-pots');
    expect(refusal(() => findMod(index, levy, 'valor-banner'))).toEqual({
      code: 'mod-does-not-fit',
      message: 'Banner of the Watch needs the mod-use mark command; Levy Spearman has none.',
    });
    expect(refusal(() => findMod(index, knight, 'havoc-war-drums')).message).toBe('War Drums is a havoc mod; it cannot go on the valor card Knight-Captain.');
    expect(refusal(() => findMod(index, knight, 'valor-baner')).code).toBe('unknown-mod');
  });

  it('autocompletes cards by name or id, and only the mods that fit the chosen card', () => {
    expect(cardChoices(index, 'necro')).toEqual([{ name: 'Gray Necromancer · Havoc · 31 pts', value: 'havoc-gray-necromancer' }]);
    expect(cardChoices(index, '')).toHaveLength(25);
    expect(modChoices(index, 'valor-levy', '').map((c) => c.value)).toEqual(['valor-alchemist-pots']);
    expect(modChoices(index, 'valor-knight-captain', '').map((c) => c.value)).toEqual([
      'valor-alchemist-pots',
      'valor-banner',
      'valor-blessed-steel',
      'valor-shield-wall',
    ]);
    expect(modChoices(index, '', 'drums')).toEqual([{ name: 'War Drums · +4 pts · Havoc', value: 'havoc-war-drums' }]);
  });

  it('describes every card, with and without a mod, in at most 1,024 characters', () => {
    for (const c of index.units.values()) {
      const alt = cardAltText(c);
      expect(alt.length).toBeLessThanOrEqual(1024);
      expect(alt).toContain(c.name);
      for (const m of index.mods.values()) if (m.faction === c.faction) expect(cardAltText(c, m).length).toBeLessThanOrEqual(1024);
    }
    const alt = cardAltText(findCard(index, 'havoc-gray-necromancer'), index.mods.get('havoc-infernal-aura'));
    expect(alt).toMatch(/^Stat card: Gray Necromancer with Infernal Aura, Havoc, 37 points, medium, fantasy 2\./);
    expect(alt).toContain('Sacrificial Dagger (Range 1) +9 vs. Armor; 10 Pierce THEN 10 recurring Magic (Spirit).');
    expect(alt).toContain('Vigor 20');
  });

  it('defers, then answers with the card picture and its alt text', async () => {
    const sent: { kind: string; payload: unknown }[] = [];
    const interaction = {
      async deferReply(p: unknown) {
        sent.push({ kind: 'defer', payload: p });
      },
      async editReply(p: unknown) {
        sent.push({ kind: 'edit', payload: p });
      },
    } as unknown as ChatInputCommandInteraction;
    const options: ReadOptions = { group: null, sub: 'card', values: { card: 'havoc-ghoul', mod: 'havoc-grave-hunger' }, focused: null };
    await catalogCommand.run(interaction, { content } as App, options);
    expect(sent.map((s) => s.kind)).toEqual(['defer', 'edit']);
    expect(sent[0]!.payload).toEqual({ flags: 64 });
    const edit = sent[1]!.payload as { content: string; files: { name: string; description: string; attachment: Buffer }[] };
    expect(edit.content).toBe('**Ghoul** + Grave Hunger · Havoc · 18 pts · `havoc-ghoul+havoc-grave-hunger`');
    expect(edit.files[0]!.name).toBe('havoc-ghoul+havoc-grave-hunger.png');
    expect(edit.files[0]!.description).toMatch(/^Stat card: Ghoul with Grave Hunger/);
    expect(edit.files[0]!.attachment.subarray(1, 4).toString()).toBe('PNG');
    // The narrow layout, which reads on a phone (Discord does not say how wide the reader's screen is).
    expect(edit.files[0]!.attachment.readUInt32BE(16)).toBe(NARROW_CARD_WIDTH);
  });

  it('refuses a bad card before deferring', async () => {
    const interaction = {
      async deferReply() {
        throw new Error('should not defer');
      },
    } as unknown as ChatInputCommandInteraction;
    const options: ReadOptions = { group: null, sub: 'card', values: { card: 'valor-levy', mod: 'valor-banner' }, focused: null };
    await expect(catalogCommand.run(interaction, { content } as App, options)).rejects.toMatchObject({ code: 'mod-does-not-fit' });
  });
});
