/**
 * The maps a server may play on: the ones shipped with the bot, plus the ones its organisers
 * submitted (a submitted map belongs to the server it was submitted in, so one league's maps do not
 * crowd another's lists). Shipped maps win any id clash, and are checked first. These are Sellsword's;
 * a game played at the table ships its own (its ruleset's `table.maps()`) and takes the server's
 * submitted maps of that game beside them (match/table-maps.ts), and the `map` option of a match is
 * suggested and looked up here for either, so a map of the other game is refused by name.
 */
import { DiscordLimit } from '../../discord/limits';
import type { APIEmbed, ApplicationCommandOptionChoiceData } from 'discord.js';
import { buildBoard } from '../../engine';
import type { Gridmap } from '../../formats/gridmap';
import { battlefieldSchema } from '../../rulesets/sellsword/engine';
import type { MapRow } from '../../store';
import type { App } from '../app';
import { choice, nothingToChoose, suggest } from '../command';
import { shown } from '../../discord/text';
import { refuse } from '../../match/user-error';
import { RULESETS, type MapOffer, type Ruleset, type TableRules } from '../../rulesets';
import { tableMapsHere, type GuildScope, type TableMap } from '../../match/table-maps';

export type MapLibrary = Pick<App, 'store' | 'content'>;

export type { GuildScope } from '../../match/table-maps';

export interface MapEntry {
  readonly id: string;
  readonly name: string;
  readonly shipped: boolean;
  /** Who submitted it; null for shipped maps. */
  readonly owner: string | null;
}

const visible = (row: MapRow, guild: GuildScope): boolean => guild === undefined || row.guildId === null || row.guildId === guild;

/** A stored map, read through the schema again so it gets the same defaults as a shipped one. */
function storedMap(row: MapRow): Gridmap | undefined {
  const parsed = battlefieldSchema.safeParse(row.gridmap);
  return parsed.success ? parsed.data : undefined;
}

/** Whether a stored map is Sellsword's gridmap: another game's map names its game in its `ruleset` key (map-submit.ts). */
const isGridmapRow = (row: MapRow): boolean => {
  const g = row.gridmap;
  return typeof g !== 'object' || g === null || Array.isArray(g) || (g as { ruleset?: unknown }).ruleset === undefined;
};

/** The map with this id that the server may use, or undefined. Ids are case-insensitive on input. */
export async function mapById(app: MapLibrary, id: string, guild?: GuildScope): Promise<Gridmap | undefined> {
  const key = id.trim().toLowerCase();
  const shipped = app.content.maps.get(key);
  if (shipped) return shipped;
  const row = await app.store.maps.get(key);
  return row && visible(row, guild) ? storedMap(row) : undefined;
}

/** Every map the server may use: shipped first, then submitted ones, each by name. */
export async function listMaps(app: MapLibrary, guild?: GuildScope): Promise<MapEntry[]> {
  const shipped = [...app.content.maps.values()]
    .map((m): MapEntry => ({ id: m.id, name: m.name, shipped: true, owner: null }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const rows = guild === undefined ? await app.store.maps.list() : (await app.store.maps.list(guild ?? undefined)).filter((r) => visible(r, guild));
  const submitted = rows
    .filter((r) => !app.content.maps.has(r.id) && isGridmapRow(r))
    .map((r): MapEntry => ({ id: r.id, name: r.name, shipped: false, owner: r.owner }));
  return [...shipped, ...submitted];
}

/** Ids a warband may name as its map in this server. */
export const mapIds = async (app: MapLibrary, guild?: GuildScope): Promise<Set<string>> => new Set((await listMaps(app, guild)).map((m) => m.id));

/**
 * Autocomplete for a map option: name and id, filtered by what is typed. For a match of a game played
 * at the table (`game`), that game's own maps, each with its size and terrain.
 */
export async function mapChoices(app: MapLibrary, typed: unknown, guild?: GuildScope, game?: Ruleset): Promise<ApplicationCommandOptionChoiceData[]> {
  if (game?.table) {
    const fit = suggest(
      (await tableMapsHere(app, game, guild)).map((m) => choice(`${m.name} · ${m.about}${m.submitted ? ' · submitted' : ''}`, m.id)),
      typed,
    );
    return fit.length > 0 ? fit : [nothingToChoose(`${game.name} has no map matching "${String(typed ?? '')}".`, String(typed ?? ''))];
  }
  return suggest(
    (await listMaps(app, guild)).map((m) => choice(`${m.name} (${m.id})`, m.id)),
    typed,
  );
}

/** Sellsword's name: the game whose maps this library keeps (the default game). */
const SELLSWORD = () => RULESETS[0]!.name;

const sameMap = (m: { readonly id: string; readonly name: string }, key: string) => m.id === key || m.name.toLowerCase() === key;

/** The game played at the table, other than `except`, that ships a map by this id or name. */
export function tableGameWith(key: string, except?: string): { readonly game: Ruleset; readonly map: MapOffer } | undefined {
  for (const game of RULESETS) {
    const map = game.id === except ? undefined : game.table?.maps().find((m) => sameMap(m, key));
    if (map) return { game, map };
  }
  return undefined;
}

/** A few of the server's Sellsword maps by name, for a refusal (the rest are in `/map list`). */
async function someMaps(app: MapLibrary, guild: GuildScope): Promise<string> {
  const all = await listMaps(app, guild);
  const named = all.slice(0, 6).map((m) => `**${shown(m.name)}** (\`${m.id}\`)`);
  return all.length > named.length ? `${named.join(', ')} and ${all.length - named.length} more (\`/map list\`)` : named.join(', ');
}

/**
 * The Sellsword map named `typed` (its id or its shown name, any case) that the server may use; refused
 * when there is none, naming the game whose map it is when another game ships it, and some of
 * Sellsword's maps. A name is taken as the refusal shows it: "There is no map "Barrow Hill". Sellsword's
 * maps: Barrow Hill (barrow-hill)" refused the very name it listed (playtest round 23).
 */
export async function gridmapNamed(app: MapLibrary, typed: string, guild: GuildScope): Promise<Gridmap> {
  const found = await mapById(app, typed, guild);
  if (found) return found;
  const key = typed.trim().toLowerCase();
  const byName = (await listMaps(app, guild)).find((m) => m.name.trim().toLowerCase() === key);
  const named = byName ? await mapById(app, byName.id, guild) : undefined;
  if (named) return named;
  const other = tableGameWith(typed.trim().toLowerCase());
  if (other)
    refuse(
      'map-of-another-game',
      `**${shown(other.map.name)}** is a ${other.game.name} map: add \`ruleset:${other.game.name}\` to play on it, or pick one of ${SELLSWORD()}'s maps: ${await someMaps(app, guild)}.`,
    );
  return refuse('unknown-map', `There is no map "${shown(typed)}". ${SELLSWORD()}'s maps: ${await someMaps(app, guild)}.`);
}

/**
 * The map named `typed` (id or name, any case) among the maps of `game`, played at the table, in this
 * server (its shipped maps, then the server's submitted ones); refused naming that game's maps, and
 * the game whose map it is when it belongs to another.
 */
export async function tableMapNamed(app: MapLibrary, game: Ruleset, rules: TableRules, typed: string, guild: GuildScope): Promise<TableMap> {
  const key = typed.trim().toLowerCase();
  const offers = await tableMapsHere(app, { id: game.id, table: rules }, guild);
  const found = offers.find((m) => sameMap(m, key));
  if (found) return found;
  const theirs = offers.map((m) => `**${shown(m.name)}** (\`${m.id}\`)`).join(', ');
  const sellsword = await mapById(app, key, guild);
  const table = sellsword ? undefined : tableGameWith(key, game.id);
  const other = sellsword ? { game: SELLSWORD(), name: sellsword.name } : table ? { game: table.game.name, name: table.map.name } : undefined;
  if (other) return refuse('map-of-another-game', `**${shown(other.name)}** is a ${other.game} map. ${game.name} is played on ${theirs}.`);
  return refuse('unknown-map', `${game.name} has no map "${shown(typed)}". Its maps: ${theirs}.`);
}

export interface MapFacts {
  readonly width: number;
  readonly height: number;
  /** How many players it has start areas for (R5's two short edges when none are marked). */
  readonly players: number;
}

export function mapFacts(map: Gridmap): MapFacts {
  const board = buildBoard(map);
  return { width: board.width, height: board.height, players: board.startAreas.length };
}

/** The map list as one embed; a line per map, cut short (with a count) if a server ever has hundreds. */
export async function mapListEmbed(app: MapLibrary, guild?: GuildScope): Promise<APIEmbed> {
  const lines: string[] = [];
  let length = 0;
  const entries = await listMaps(app, guild);
  for (const [i, m] of entries.entries()) {
    const map = await mapById(app, m.id, guild);
    const facts = map ? mapFacts(map) : undefined;
    const size = facts ? ` · ${facts.width}×${facts.height} · ${facts.players} players` : '';
    const line = `**${shown(m.name)}** \`${m.id}\`${size}${m.shipped ? '' : ' · submitted'}`;
    const more = `…and ${entries.length - i} more: type in \`/map show\` to find them.`;
    if (length + line.length + 1 + more.length > DiscordLimit.embedDescription) {
      lines.push(more);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  const others = RULESETS.filter((r) => r.table).map((r) => `${r.name}'s maps: /map list ruleset:${r.name}`);
  return { title: 'Maps', description: lines.join('\n'), footer: { text: ['/map show map draws one', ...others].join(' · ') } };
}

/** A game played at the table's maps in this server as one embed: a line per map with its size and terrain, the default and submitted ones marked. */
export async function tableMapListEmbed(app: MapLibrary, game: Ruleset, guild: GuildScope): Promise<APIEmbed> {
  const maps = await tableMapsHere(app, game, guild);
  const lines = maps.map((m, i) => `**${shown(m.name)}** \`${m.id}\` · ${m.about}${i === 0 ? ' · the default' : ''}${m.submitted ? ' · submitted' : ''}`);
  return {
    title: `${game.name} maps`,
    description: lines.join('\n'),
    footer: { text: `/map show map draws one with its key · a square is an inch · ${SELLSWORD()}'s maps: /map list ruleset:${SELLSWORD()}` },
  };
}

/**
 * The maps a league's pool may hold (`/league settings maps:`), by id or name, any case: for a league
 * of a game played at the table, that game's own (shipped, and the server's submitted ones), each checked with
 * `tableMapNamed`, so a map of the other game is refused by name with this game's list; for the default
 * game, the server's Sellsword maps. Ids in the order given, each once.
 */
export async function leagueMapIds(app: MapLibrary, game: Ruleset, typed: readonly string[], guild: GuildScope): Promise<string[]> {
  const ids: string[] = [];
  if (game.table) {
    for (const t of typed) ids.push((await tableMapNamed(app, game, game.table, t, guild)).id);
    return [...new Set(ids)];
  }
  const unknown: string[] = [];
  for (const t of typed) {
    const found = await mapById(app, t, guild);
    if (found) ids.push(found.id);
    else unknown.push(t);
  }
  const theirs = unknown.map((u) => tableGameWith(u.trim().toLowerCase())).find((x) => x !== undefined);
  if (theirs)
    refuse(
      'map-of-another-game',
      `**${shown(theirs.map.name)}** is a ${theirs.game.name} map, and this league plays ${SELLSWORD()}. Its maps: ${await someMaps(app, guild)}.`,
    );
  if (unknown.length > 0) refuse('unknown-map', `There is no map ${unknown.map((u) => `"${shown(u)}"`).join(', ')}. \`/map list\` shows them.`);
  return [...new Set(ids)];
}
