/**
 * Colours, and the shapes that stand beside them. Colour is never the only cue: every terrain has a
 * glyph, every player a token shape, every overlay mark a word (and a game's statuses a letter, kept
 * with the game's drawing). Terrain fills are spaced in lightness so the map still reads in greyscale.
 */
import type { Terrain } from '../formats/vocabulary';

export const INK = '#1d1b18';
export const PAPER = '#f7f3ea';
export const MUTED = '#6b655c';
export const GRID_LINE = 'rgba(40, 34, 26, 0.28)';

/** Fill and glyph colour per terrain; drawn in TERRAIN_ORDER so walls win over what they cover. */
export const TERRAIN_FILL: Record<Terrain | 'clear', string> = {
  clear: '#ece4cf',
  challenging: '#cfb07a',
  brush: '#86b468',
  damaging: '#f0a060',
  obstructing: '#a7a096',
  pit: '#2b2724',
  'sliding-wall': '#6f7278',
  smoke: '#cdc8dc',
  wall: '#3b3935',
};

export const TERRAIN_INK: Record<Terrain, string> = {
  challenging: '#5c3d14',
  brush: '#24501b',
  damaging: '#a2240e',
  obstructing: '#3f3a33',
  pit: '#000000',
  'sliding-wall': '#f1efe9',
  smoke: '#57507a',
  wall: '#57534d',
};

/** Water, a look of table views only (table-board.ts): a blue fill, lighter than a pit, darker than clear ground. */
export const WATER_FILL = '#8fb8d8';
export const WATER_INK = '#163f66';

/**
 * Damaging terrain whose damage is cold: an icy fill and ink, so it never reads as fire's orange
 * (terrain.ts draws a snowflake on it, a flame on every other damage).
 */
export const COLD_FILL = '#b9d6ee';
export const COLD_INK = '#0d4f8b';

/** Which fill a multiclass square takes: the first of these it has. */
export const TERRAIN_ORDER: readonly Terrain[] = ['wall', 'sliding-wall', 'pit', 'damaging', 'obstructing', 'smoke', 'brush', 'challenging'];

export const EDGE_WALL = '#24221f';
export const LOW_COVER = '#6b4a1e';
/** Start areas belong to no player (either may enter from any), so they are drawn in a neutral ink. */
export const START_AREA = '#5c5548';
export const OBJECTIVE = '#e0a800';
export const OBJECTIVE_INK = '#5a4300';

/** Faction colours (the issue: Havoc red, Valor blue); players beyond them take the spares in seat order. */
export const FACTION_COLOUR: Readonly<Record<string, string>> = { havoc: '#c62828', valor: '#1f5fbf' };
export const SPARE_COLOURS = ['#2e7d32', '#d46a00', '#6a3d9a', '#00838f'] as const;
/** Players' colours by seat on a table view (table-view.ts), which names no faction: blue, red, then the spares. */
export const SEAT_COLOURS: readonly string[] = [FACTION_COLOUR.valor!, FACTION_COLOUR.havoc!, ...SPARE_COLOURS];
/** Colour names by seat, for words that say which tokens are whose. */
export const SEAT_COLOUR_NAMES: readonly string[] = ['blue', 'red', 'green', 'orange', 'purple', 'teal'];

/** Token shapes by seat: the second cue for whose unit it is. */
export const SEAT_SHAPES = ['circle', 'square', 'hexagon', 'diamond'] as const;
export type TokenShape = (typeof SEAT_SHAPES)[number];

/** The active unit's corner brackets: a colour nothing else on the map uses (objectives are gold). */
export const ACTIVE_MARK = '#ff2bd6';
export const MORTAL = '#b00020';

/** Overlay marks. */
export const PATH = '#ffffff';
export const PATH_EDGE = '#141414';
export const HIT = '#111111';
export const MISS = '#5f5f5f';
export const CRITICAL = '#b00020';
/** The squares an area attack covered: a warm orange, apart from the players' colours and the marks' inks. */
export const TEMPLATE = '#e07b00';
/** An area's own marks (its centre's outline, its tag): the area's orange darkened, so white words on it read. */
export const TEMPLATE_INK = '#8f4700';
export const REPLY = '#5b2a86';
/** A label for what a trait used as an act gave (Vigor, tokens): a healer's green, apart from every harm's red. */
export const GAIN = '#2c6a35';
export const REACH = [49, 110, 214] as const;
export const CHARGE = '#e65100';
export const SIGHT = { clear: '#1b7f3a', cover: '#b26a00', invisible: '#6a3d9a', blocked: '#5f5f5f' } as const;
export const PREVIEW = '#0d47a1';
