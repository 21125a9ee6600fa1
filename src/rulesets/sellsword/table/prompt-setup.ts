/**
 * The pre-game decisions (§2.1, R5, R6) as prompts (plain text, buttons and menus), and clicks back
 * into setup commands.
 */
import type { PregameCommand, PregamePrompt } from '../engine';
import type { PlayerId } from '../engine';
import { answered, type Answered, type PlainPrompt, refused } from './prompt-plain';
import { unshown } from '../../../discord/text';

/** Discord shows at most 25 options in a menu: a long start area offers every other tile, evenly spread. */
function spread<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!);
}

/** A setup reroll prompt told as what happened, for its answered message (see rerollRecord): null for others. */
/** What placing first means (§3 set-up): first pick of a start area, against seeing the other's tile before placing. */
const FIRST_TILE_MEANS = 'The first to place picks which start area to take; the others place after, seeing where that tile went.';

export function setupRerollRecord(prompt: PregamePrompt, name: (player: PlayerId) => string): string | null {
  if (prompt.kind !== 'reroll') return null;
  const o = prompt.options;
  return `🎲 ${name(prompt.player)} lost the setup tactics check (${o.total} against ${name(o.leader)}'s ${o.leaderTotal}).`;
}

/**
 * How the maps on offer are shown (post-render.ts attaches them, one picture each in the order of the
 * buttons, at most Discord's 10 files a message), so the map is never chosen blind.
 */
/** A message's buttons: five rows of five. */
const MAP_BUTTONS = 25;

function mapsPictured(maps: number, buttons: boolean): string {
  const which = maps > 10 ? 'The first 10 of the maps on offer are' : 'The maps on offer are';
  return `${which} pictured below${buttons ? ', in the order of the buttons' : ''}.`;
}

/** `maps`: how many maps are on offer; with one there is no map to choose, only the first entry tile to place. */
export function setupPromptPost(prompt: PregamePrompt, name: (player: PlayerId) => string, maps = 2): PlainPrompt {
  const who = `<@${prompt.player}>`;
  switch (prompt.kind) {
    case 'reroll': {
      const o = prompt.options;
      return {
        content: `${who}, you lost the setup tactics check (${o.total} against ${name(o.leader)}'s ${o.leaderTotal}). Reroll with a Warleader die? Rerolls left: ${o.rerollsLeft}.`,
        parts: [
          {
            action: 'reroll',
            buttons: [
              { label: 'Reroll', arg: 'y' },
              { label: 'Keep the roll', arg: 'n', style: 'secondary' },
            ],
          },
        ],
      };
    }
    case 'map-chooser':
      return {
        content: `${who}, you won the setup tactics check. ${maps <= 1 ? 'Who places the first entry tile? The map below shows its start areas, hatched and numbered.' : `Who chooses the map and places the first entry tile? ${mapsPictured(maps, false)}`} ${FIRST_TILE_MEANS}`,
        parts: [{ action: 'chooser', buttons: prompt.options.map((p) => ({ label: p === prompt.player ? 'I will' : unshown(name(p)), arg: p })) }],
      };
    case 'map': {
      const n = prompt.options.length;
      if (n <= MAP_BUTTONS)
        return {
          content: `${who}, choose the map. ${mapsPictured(n, true)}`,
          parts: [{ action: 'map', buttons: prompt.options.map((m, i) => ({ label: m.name, arg: String(i) })) }],
        };
      // More maps than a message has buttons (a league's "any"): menus of 25, up to a message's five rows.
      const menus = Array.from({ length: Math.min(Math.ceil(n / MAP_BUTTONS), 5) }, (_, k) => prompt.options.slice(k * 25, k * 25 + 25));
      const listed = menus.reduce((a, m) => a + m.length, 0);
      const more = listed < n ? ` The menus list the first ${listed}.` : '';
      return {
        content: `${who}, choose the map: ${n} maps are on offer, in the ${menus.length} menus below.${more} Only the first 10 are pictured, in the order of the first menu.`,
        parts: menus.map((chunk, k) => ({
          action: 'map',
          menu: `Maps ${k * 25 + 1}–${k * 25 + chunk.length} of ${n}`,
          options: chunk.map((m, i) => ({ label: m.name.slice(0, 100), value: String(k * 25 + i) })),
          tag: String(k),
        })),
      };
    }
    case 'entry': {
      const areas = prompt.options.areas.slice(0, 5);
      return {
        // D13: one tile a start area; said, or a tester wondered why an area with room left was not offered (playtest round 18).
        content: `${who}, place your 2×2 entry tile: pick its top-left square in one of the start areas (hatched and numbered on the map below), or type \`/skirmish entry square\`. Your units enter the map from it. A start area holds one tile: one with a tile in it already is not offered.`,
        parts: areas.map((a) => ({
          action: 'entry',
          menu: `Start area ${a.area}: choose the tile's top-left square`,
          options: spread(a.tiles, 25).map((t) => ({ label: t, value: t })),
          tag: String(a.area),
        })),
      };
    }
  }
}

/** The setup command a click (or `/skirmish entry`) stands for; refuses what the prompt never offered. */
export function setupPromptAnswer(prompt: PregamePrompt, action: string, arg: string): Answered<PregameCommand> {
  const kind = action === 'chooser' ? 'map-chooser' : action;
  if (kind !== prompt.kind) return refused('stale-prompt', 'That prompt has passed.');
  switch (prompt.kind) {
    case 'reroll':
      return answered({ reroll: arg === 'y' });
    case 'map-chooser':
      return answered({ chooser: arg });
    case 'map': {
      // An index, not the id: a submitted map's id may be too long for a component id.
      const map = prompt.options[Number(arg)];
      if (!/^\d+$/.test(arg) || !map) return refused('bad-choice', 'That choice is not on offer.');
      return answered({ map: map.id });
    }
    case 'entry':
      return answered({ entry: arg });
  }
}
