/**
 * A warband as a Discord embed: one line per unit with its mod and cost, then faction, map and the
 * total against the cap, so a player can check at a glance what was saved.
 */
import type { APIEmbed } from 'discord.js';
import { DEFAULT_LIMITS, type WarbandLimits } from '../../rulesets/sellsword/engine';
import type { Warband } from '../../rulesets/sellsword/formats/warband';
import { FACTION_COLOUR } from '../../render/palette';
import type { CheckedWarband, WarbandEntry } from '../../match/warband-check';
import { shown, clip } from '../../discord/text';

const NEUTRAL = 0x5865f2;

export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The embed colour for a faction: the same red and blue as the map tokens. */
export function factionColour(faction: string): number {
  const hex = FACTION_COLOUR[faction];
  return hex ? Number.parseInt(hex.slice(1), 16) : NEUTRAL;
}

export function unitLine(u: WarbandEntry, n: number): string {
  const mod = u.mod ? ` + ${shown(u.mod.name)}` : '';
  const ids = u.mod ? `${u.card.id}+${u.mod.id}` : u.card.id;
  return `${n}. **${shown(u.card.name)}**${mod} · ${u.cost} pts · \`${ids}\``;
}

export function warbandEmbed(checked: CheckedWarband, mapName: string | undefined, limits: WarbandLimits = DEFAULT_LIMITS): APIEmbed {
  const { warband, units, points } = checked;
  // Unreachable for a legal warband (8 units), but a stored one checked under other limits may be longer.
  const description = clip(units.map((u, i) => unitLine(u, i + 1)).join('\n'), 'embedDescription');
  return {
    title: shown(warband.name),
    color: factionColour(warband.faction),
    description,
    fields: [
      { name: 'Faction', value: capitalise(warband.faction), inline: true },
      { name: 'Map', value: mapName ? `${shown(mapName)} (\`${warband.map}\`)` : `\`${warband.map}\``, inline: true },
      // The cap is the most any warband may have; a challenge or league may set a lower points limit, so
      // "80 / 121" beside a challenge's "up to 80" read as two different rules.
      {
        name: 'Total',
        value: `${points} points · ${units.length} ${units.length === 1 ? 'unit' : 'units'}\n_A warband may have up to ${limits.pointCap} points and ${limits.unitCap} units; a challenge or league may set fewer points._`,
        inline: false,
      },
    ],
  };
}

/**
 * The warband in the one-line chat form, so a removed warband can be pasted back; null when its name
 * holds a "|" or a line break, which that form cannot carry.
 */
export function warbandLine(warband: Warband): string | null {
  if (/[|\n]/.test(warband.name)) return null;
  const units = warband.units.map((u) => (u.mod ? `${u.card}+${u.mod}` : u.card)).join(', ');
  return `${warband.name} | ${warband.faction} | ${warband.map} | ${units}`;
}
