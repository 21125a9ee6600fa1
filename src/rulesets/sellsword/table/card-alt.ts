/** A stat card in words: the picture's alt text for screen readers (`/catalog card`). */
import type { UnitCard } from '../formats/card';
import type { ModCard } from '../formats/mod';
import { unitCost } from '../engine';
import { CARD_STATS } from '../formats/vocabulary';
import { DISCORD_ALT_TEXT_LIMIT } from '../../../render';
import { attackBody, capital, descriptorLine, traitText } from '../render/card-text';
import { clip } from '../../../discord/text';

/** The card in words, for screen readers: what the picture shows, fullest first, cut to Discord's limit. */
export function cardAltText(card: UnitCard, mod?: ModCard, limit = DISCORD_ALT_TEXT_LIMIT): string {
  const stat = (s: (typeof CARD_STATS)[number]) => card.stats[s] + (mod?.stats[s] ?? 0);
  const stats = CARD_STATS.map((s) => `${capital(s)} ${stat(s)}${s === 'move' && card.stats.fly ? ' (flies)' : ''}`).join(', ');
  const tokens = (['react', 'blue', 'red'] as const).map((t) => `${card.tokens[t] + (mod?.tokens[t] ?? 0)} ${t}`).join(', ');
  const attacks = [...card.attacks, ...(mod?.attacks ?? [])].map((a) => `${a.name} ${attackBody(a)}`);
  const traits = [...card.traits, ...(mod?.traits ?? [])].map((t) => {
    const { name, text } = traitText(t);
    const said = name ? `${name}: ${text}` : text;
    return said.endsWith('.') ? said : `${said}.`;
  });
  const parts = [
    `Stat card: ${card.name}${mod ? ` with ${mod.name}` : ''}, ${capital(card.faction)}, ${unitCost(card, mod)} points, ${card.size}, fantasy ${card.fantasy}.`,
    `${descriptorLine(card.descriptors, card.quality).replace(/ · /g, ', ')}.`,
    `${stats}. Tokens: ${tokens}. Injury boxes: ${card.injuries.map((b) => (typeof b === 'string' ? b : `trait ${b.trait}`)).join(', ')}.`,
    attacks.length > 0 ? `Attacks: ${attacks.join(' ')}` : 'No attacks.',
    traits.length > 0 ? `Traits: ${traits.join(' ')}` : '',
    `Mod-use marks: ${card.modUse.length > 0 ? card.modUse.join(', ') : 'none'}.`,
  ].filter(Boolean);
  const text = parts.join(' ');
  return clip(text, limit);
}
