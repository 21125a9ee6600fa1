/**
 * A map on its own, before any warband stands on it. The renderer draws game states, so the picture
 * comes from `initial()` with no players and no units: the board, start areas and objectives, with a
 * "Setup, before round 1" header. The renderer's alt text describes a game (round, score, units),
 * which says nothing useful here, so the description is written from the board instead.
 */
import { clip } from '../discord/text';
import { buildBoard, hasTerrain, nameOf, T, type Board } from '../engine';
import { seeded } from '../engine';
import { initial } from '../rulesets/sellsword/engine';
import type { Gridmap } from '../formats/gridmap';
import { TERRAINS } from '../formats/vocabulary';
import { DISCORD_ALT_TEXT_LIMIT, type Picture } from '../render';
import { DiscordLimit } from '../discord/limits';
import type { PostFile } from './plain-post';
import { renderLegend, renderMap } from '../rulesets/sellsword/render';

/** "G1–L2" for a rectangle; "12 squares within G1–L2" when the area is not one. */
function areaText(board: Board, area: readonly number[]): string {
  const cols = area.map((i) => i % board.width);
  const rows = area.map((i) => Math.floor(i / board.width));
  const [c0, c1, r0, r1] = [Math.min(...cols), Math.max(...cols), Math.min(...rows), Math.max(...rows)];
  const from = nameOf(board, r0 * board.width + c0);
  const to = nameOf(board, r1 * board.width + c1);
  const box = from === to ? from : `${from}–${to}`;
  return area.length === (c1 - c0 + 1) * (r1 - r0 + 1) ? box : `${area.length} squares within ${box}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The map in words: size, players, start areas, objectives, terrain. Fits Discord's 1,024 characters. */
export function mapPreviewAlt(map: Gridmap, limit = DISCORD_ALT_TEXT_LIMIT): string {
  const board = buildBoard(map);
  const parts = [`Map ${map.name}, ${board.width} by ${board.height} squares, for ${board.startAreas.length} players, no units placed.`];
  const starts = board.startAreas.map((a, p) => `P${p + 1} ${areaText(board, a)}`);
  parts.push(`Start areas${board.defaultStartAreas ? ' (the two short edges)' : ''}: ${starts.join('; ')}.`);
  if (board.objectives.length > 0) parts.push(`Objectives: ${board.objectives.map((a) => areaText(board, a)).join('; ')}.`);
  const counts = TERRAINS.map((t) => [t, board.terrain.filter((_, i) => hasTerrain(board, i, T[t])).length] as const).filter(([, n]) => n > 0);
  if (counts.length > 0) parts.push(`Terrain squares: ${counts.map(([t, n]) => `${n} ${t.replace('-', ' ')}`).join(', ')}.`);
  const edges = [
    board.walls.size > 0 ? plural(board.walls.size, 'wall edge') : '',
    board.lowCover.size > 0 ? plural(board.lowCover.size, 'low-cover edge') : '',
  ].filter(Boolean);
  if (edges.length > 0) parts.push(`${edges.join(', ')}.`);
  if (counts.some(([t]) => t === 'damaging')) parts.push(`Damaging terrain deals ${map.damage} wounds.`);
  const text = parts.join(' ');
  // Only a big map with many scattered objectives runs this long; the cut keeps size, players and start areas.
  return clip(text, limit);
}

/** The map set up with no players and no units: the board, start areas and objectives. */
function emptyState(map: Gridmap) {
  const setup = initial({
    map,
    cards: new Map(),
    mods: new Map(),
    options: { vpTarget: 121, glancingBlow: true, roundLimit: null },
    players: [],
    units: [],
    // Nothing is rolled before round 1; any seed gives the same picture.
    rng: seeded(0),
  });
  if ('error' in setup) throw new Error(`map ${map.id} cannot be set up empty: ${setup.error.message}`);
  return setup.state;
}

/** The map drawn with no units, and its alt text; and the key to its terrain and marks. */
export function renderMapPreview(map: Gridmap): { png: Buffer; alt: string; key: Picture } {
  const state = emptyState(map);
  return { png: renderMap(state), alt: mapPreviewAlt(map), key: renderLegend(state) };
}

/**
 * Discord takes at most 25 MB of files in one message; the map choice's pictures stay well under it,
 * so one oversized submitted map cannot make the whole prompt fail to post.
 */
const MAP_CHOICE_BYTES = 20 * 1024 * 1024;

/**
 * The candidate maps pictured for the setup's map choice (§2.1), in the order of its buttons: each
 * drawn empty with its name in the header, as `map-1.png`, `map-2.png`… At most Discord's 10 files a
 * message: a longer list is pictured up to the tenth (the prompt's text says so).
 */
export function mapChoiceFiles(maps: readonly { readonly map: Gridmap }[]): PostFile[] {
  const files: PostFile[] = [];
  let bytes = 0;
  for (const [i, { map }] of maps.slice(0, DiscordLimit.files).entries()) {
    const png = renderMap(emptyState(map));
    if (bytes + png.length > MAP_CHOICE_BYTES) break;
    bytes += png.length;
    files.push({ png, name: `map-${i + 1}.png`, alt: clip(`Map ${i + 1} of ${maps.length} on offer. ${mapPreviewAlt(map)}`, 'altText', { atWord: true }) });
  }
  return files;
}
