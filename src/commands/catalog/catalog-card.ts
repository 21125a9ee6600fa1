/**
 * One stat card: finding it (by id or printed name), the mods that fit it, and autocomplete over both.
 * The card in words, for the image's alt text, is the game's own (rulesets/sellsword/table `cardAltText`).
 */
import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import type { UnitCard } from '../../rulesets/sellsword/formats/card';
import type { CatalogIndex } from '../../rulesets/sellsword/formats/catalog';
import type { ModCard } from '../../rulesets/sellsword/formats/mod';
import { didYouMean } from '../../formats/suggest';
import { choice, suggest } from '../command';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { capitalise } from '../warband/warband-embed';

const fold = (s: string): string => s.trim().toLowerCase();

/** A card by id, or by its printed name ignoring case (what people type when autocomplete is ignored). */
export function findCard(index: CatalogIndex, typed: string): UnitCard {
  const key = fold(typed);
  const card = index.units.get(key) ?? [...index.units.values()].find((c) => fold(c.name) === key);
  if (card) return card;
  const hint = index.mods.has(key) ? ` ("${key}" is a mod: pick a card in \`card\` and the mod in \`mod\`)` : didYouMean(key, index.units.keys());
  return refuse('unknown-card', `There is no unit card "${shown(typed)}" in the catalog${hint}. \`/catalog units\` lists them all.`);
}

/** Why a mod cannot go on a card (R1), or null when it fits. */
export function modMisfit(card: UnitCard, mod: ModCard): string | null {
  if (mod.faction !== card.faction) return `${shown(mod.name)} is a ${mod.faction} mod; it cannot go on the ${card.faction} card ${shown(card.name)}.`;
  const missing = mod.modUse.filter((m) => !card.modUse.includes(m));
  if (missing.length > 0) {
    const has = card.modUse.length > 0 ? card.modUse.join(', ') : 'none';
    return `${shown(mod.name)} needs the mod-use mark${missing.length === 1 ? '' : 's'} ${missing.join(', ')}; ${shown(card.name)} has ${has}.`;
  }
  return null;
}

/** A mod by id or name that fits the card. */
export function findMod(index: CatalogIndex, card: UnitCard, typed: string): ModCard {
  const key = fold(typed);
  const mod = index.mods.get(key) ?? [...index.mods.values()].find((m) => fold(m.name) === key);
  if (!mod) return refuse('unknown-mod', `There is no mod "${shown(typed)}" in the catalog${didYouMean(key, index.mods.keys())}.`);
  const misfit = modMisfit(card, mod);
  if (misfit) return refuse('mod-does-not-fit', misfit);
  return mod;
}

/** Autocomplete over every card: "Gray Necromancer · Havoc · 31 pts" → its id. */
export function cardChoices(index: CatalogIndex, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const cards = [...index.units.values()].sort((a, b) => a.faction.localeCompare(b.faction) || a.name.localeCompare(b.name));
  return suggest(
    cards.map((c) => choice(`${c.name} · ${capitalise(c.faction)} · ${c.cost} pts`, c.id)),
    typed,
  );
}

/** Autocomplete over the mods that fit the chosen card (all mods while no known card is chosen). */
export function modChoices(index: CatalogIndex, cardTyped: unknown, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const key = fold(String(cardTyped ?? ''));
  const card = index.units.get(key) ?? [...index.units.values()].find((c) => fold(c.name) === key);
  const mods = [...index.mods.values()].filter((m) => !card || modMisfit(card, m) === null).sort((a, b) => a.name.localeCompare(b.name));
  return suggest(
    mods.map((m) => choice(`${m.name} · +${m.cost} pts${card ? '' : ` · ${capitalise(m.faction)}`}`, m.id)),
    typed,
  );
}
