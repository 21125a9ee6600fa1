/**
 * The maps a match of a game played at the table may be played on in one server: the game's shipped
 * maps (`TableRules.maps()`), then the ones that server's organisers submitted for it (`/map submit`,
 * stored with the game's id in their `ruleset` key and read again with the game's own `readMap`). A
 * submitted map belongs to its server: a DM, or another server, sees only the shipped maps. Shipped
 * maps win an id clash, as in Sellsword's library (commands/map/map-library.ts): a map shipped later
 * with a submitted map's id hides it.
 */
import { RULESETS, type MapOffer, type Ruleset, type TableRules } from '../rulesets';
import type { MapRow } from '../store';
import type { Services } from './services';
import type { Terms } from './record';

/**
 * Which server is asking: a guild id, null for a DM (shipped and global maps only), or undefined for
 * no scoping at all (a caller that has already checked access, such as an existing match).
 */
export type GuildScope = string | null | undefined;

/** A map a match of the game may be played on; a submitted one carries its stored document, which the match's setup keeps. */
export interface TableMap extends MapOffer {
  readonly submitted: boolean;
  /** The stored document of a submitted map, as `TableBegin.mapDocument` takes it; absent for a shipped one. */
  readonly document?: unknown;
}

export type TableMaps = Pick<Services, 'store' | 'content'>;

/** A game played at the table, as the registry gives it. */
export type TableGameOf = Pick<Ruleset, 'id'> & { readonly table?: TableRules | undefined };

const visible = (row: MapRow, guild: GuildScope): boolean => guild === undefined || row.guildId === null || row.guildId === guild;

/** Every shipped map id of every game (Sellsword's content and each table game's): a submitted map with one of them is hidden. */
const isShipped = (app: TableMaps, id: string): boolean => app.content.maps.has(id) || RULESETS.some((r) => r.table?.maps().some((m) => m.id === id));

/** A stored row as a submitted map of `game`, when it names that game and still passes the game's map rules. */
function submittedMap(app: TableMaps, game: TableGameOf, row: MapRow, guild: GuildScope): TableMap | undefined {
  const table = game.table;
  if (!table?.readMap || !visible(row, guild) || isShipped(app, row.id)) return undefined;
  const doc = row.gridmap;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || (doc as { ruleset?: unknown }).ruleset !== game.id) return undefined;
  const read = table.readMap(doc);
  return read.ok && read.offer.id === row.id ? { ...read.offer, submitted: true, document: read.map } : undefined;
}

/** The game's maps in this server: shipped first (the default first of all), then submitted ones by name. */
export async function tableMapsHere(app: TableMaps, game: TableGameOf, guild: GuildScope): Promise<TableMap[]> {
  const shipped = (game.table?.maps() ?? []).map((m): TableMap => ({ ...m, submitted: false }));
  if (guild === null || !game.table?.readMap) return shipped;
  const rows = guild === undefined ? await app.store.maps.list() : await app.store.maps.list(guild);
  const submitted = rows.flatMap((r) => submittedMap(app, game, r, guild) ?? []);
  return [...shipped, ...submitted];
}

/**
 * The stored documents of the submitted maps a match beginning with `terms` may be played on (its
 * `map`, or its league's pool `allowedMaps`), by id, read from the server the match is in. Read before
 * the act that begins the match (whose step is synchronous): the setup then keeps the document, so
 * the match never reads the stored row again.
 */
export async function submittedMapDocuments(
  app: TableMaps,
  game: TableGameOf,
  terms: Pick<Terms, 'map' | 'allowedMaps'>,
  guild: string | null,
): Promise<Readonly<Record<string, unknown>>> {
  const table = game.table;
  if (!table?.readMap || guild === null) return {};
  const ids = [...new Set([...(terms.map ? [terms.map] : []), ...(terms.allowedMaps ?? [])])].filter((id) => !isShipped(app, id));
  const found: Record<string, unknown> = {};
  for (const id of ids) {
    const row = await app.store.maps.get(id);
    const map = row ? submittedMap(app, game, row, guild) : undefined;
    if (map) found[id] = map.document;
  }
  return found;
}
