/**
 * The catalog as embeds: per faction, every unit card (name, id, cost, fantasy, size) and every mod,
 * split so no embed and no message breaks Discord's limits however big a league's catalogs grow.
 */
import { DiscordLimit } from '../../discord/limits';
import type { APIEmbed } from 'discord.js';
import type { UnitCard } from '../../rulesets/sellsword/formats/card';
import type { CatalogIndex } from '../../rulesets/sellsword/formats/catalog';
import type { ModCard } from '../../rulesets/sellsword/formats/mod';
import { capitalise, factionColour } from '../warband/warband-embed';
import { shown, clip } from '../../discord/text';

/** Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */

/** What Discord counts towards the 6,000 characters of a message's embeds. */
export function embedLength(e: APIEmbed): number {
  const fields = (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  return (e.title?.length ?? 0) + (e.description?.length ?? 0) + fields + (e.footer?.text.length ?? 0) + (e.author?.name.length ?? 0);
}

/** Factions in the catalog, in the order their first card appears. */
export function factionsOf(index: CatalogIndex): string[] {
  return [...new Set([...index.units.values()].map((c) => c.faction).concat([...index.mods.values()].map((m) => m.faction)))];
}

const byCost = <C extends { cost: number; name: string }>(a: C, b: C): number => a.cost - b.cost || a.name.localeCompare(b.name);

export function cardLine(c: UnitCard): string {
  return `**${shown(c.name)}** \`${c.id}\` · ${c.cost} pts · fantasy ${c.fantasy} · ${c.size}`;
}

export function modLine(m: ModCard): string {
  const uses = m.modUse.length > 0 ? m.modUse.join(', ') : 'any unit';
  return `**${shown(m.name)}** \`${m.id}\` · +${m.cost} pts · ${uses}`;
}

/** Lines packed into descriptions of at most `limit` characters, never splitting a line. */
function packDescriptions(lines: readonly string[], limit: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = clip(raw, limit);
    if (current !== '' && current.length + 1 + line.length > limit) {
      out.push(current);
      current = '';
    }
    current = current === '' ? line : `${current}\n${line}`;
  }
  if (current !== '') out.push(current);
  return out;
}

/** One faction's cards and mods, as one embed or (for a very large faction) several. */
export function factionEmbeds(index: CatalogIndex, faction: string): APIEmbed[] {
  const units = [...index.units.values()].filter((c) => c.faction === faction).sort(byCost);
  const mods = [...index.mods.values()].filter((m) => m.faction === faction).sort(byCost);
  const lines = [...units.map(cardLine), ...(mods.length > 0 ? ['', `__Mods__ (add to a unit with card+mod)`, ...mods.map(modLine)] : [])];
  const title = `${capitalise(faction)} · ${units.length} unit cards, ${mods.length} mods`;
  const pages = packDescriptions(lines, DiscordLimit.embedDescription);
  return pages.map((description, i) => ({
    title: i === 0 ? title : `${capitalise(faction)} (continued)`,
    color: factionColour(faction),
    description,
  }));
}

/** Embeds grouped into messages: at most ten each and 6,000 characters in all. */
export function packMessages(embeds: readonly APIEmbed[]): APIEmbed[][] {
  const messages: APIEmbed[][] = [];
  let current: APIEmbed[] = [];
  let length = 0;
  for (const e of embeds) {
    const n = embedLength(e);
    if (current.length > 0 && (current.length === DiscordLimit.embeds || length + n > DiscordLimit.embedTotal)) {
      messages.push(current);
      current = [];
      length = 0;
    }
    current.push(e);
    length += n;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}

/** The whole catalog, or one faction, as messages of embeds; the footer of the last says how to see a card. */
export function catalogMessages(index: CatalogIndex, faction?: string): APIEmbed[][] {
  const factions = faction === undefined ? factionsOf(index) : [faction];
  const embeds = factions.flatMap((f) => factionEmbeds(index, f));
  const last = embeds[embeds.length - 1];
  if (last) embeds[embeds.length - 1] = { ...last, footer: { text: '/catalog card card shows a stat card' } };
  return packMessages(embeds);
}
