/**
 * The maps a Sword and Claw match may be played on (`/skirmish challenge map:`): the shipped maps, the
 * sample Reed Ford first as the one a match that names none is played on, each with its size in
 * inches (a square is an inch, SC Introduction) and the kinds of terrain it has.
 */
import { formatProblems, parseWith } from '../../../formats/problems';
import type { MapOffer, TableRules } from '../../ruleset';
import type { ScContent } from '../content';
import { depthOf, scMapSchema, terrainOf, type ScMap, type ScTerrain } from '../formats/map';

/** The map a match is played on when its challenge names none. */
export const SC_DEFAULT_MAP = 'reed-ford';

const TERRAIN_WORDS: readonly [ScTerrain, string][] = [
  ['blocking', 'blocking terrain'],
  ['difficult', 'difficult ground'],
  ['light', 'trees'],
];

/** "24×16: blocking terrain, difficult ground, water up to 3 deep" (ruling SC68 for the depth). */
export function aboutMap(map: ScMap): string {
  const terrain = new Set(terrainOf(map));
  const kinds = TERRAIN_WORDS.filter(([t]) => terrain.has(t)).map(([, words]) => words);
  const deepest = Math.max(0, ...depthOf(map));
  if (deepest > 0) kinds.push(`water up to ${deepest} deep`);
  const size = `${map.grid[0]!.length}×${map.grid.length}`;
  return kinds.length > 0 ? `${size}: ${kinds.join(', ')}` : `${size}: open ground`;
}

/** Every shipped map as an offer, the default first, then by name. */
export function mapOffers(content: Pick<ScContent, 'maps'>): MapOffer[] {
  return [...content.maps.values()]
    .sort((a, b) => Number(b.id === SC_DEFAULT_MAP) - Number(a.id === SC_DEFAULT_MAP) || a.name.localeCompare(b.name))
    .map((m) => ({ id: m.id, name: m.name, about: aboutMap(m) }));
}

/**
 * An uploaded map checked as the shipped ones are (docs/formats.md "Sword and Claw: map"): its shape,
 * its squares' characters, its size; each problem a line naming where it is.
 */
export const readScMap: NonNullable<TableRules['readMap']> = (document) => {
  const parsed = parseWith(scMapSchema, document);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => formatProblems([p])) };
  const map = parsed.value;
  return { ok: true, offer: { id: map.id, name: map.name, about: aboutMap(map) }, map };
};

/**
 * A map submitted to a server, from its stored document (`TableBegin.mapDocument`, `ViewRules.map`),
 * read again with the map rules above; undefined when there is none, or it no longer passes them or
 * names another id. A shipped map of the same id wins before this is asked.
 */
export function submittedScMap(id: string | undefined, document: unknown): ScMap | undefined {
  if (id === undefined || document === undefined) return undefined;
  const read = readScMap(document);
  return read.ok && read.offer.id === id ? (read.map as ScMap) : undefined;
}
