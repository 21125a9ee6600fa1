/**
 * The maps a server may play on: the ones shipped with the bot, plus the ones its organisers
 * submitted (a submitted map belongs to the server it was submitted in, so one league's maps do not
 * crowd another's lists). Shipped maps win any id clash, and are checked first.
 */
import { DiscordLimit } from '../../discord/limits';
import type { APIEmbed, ApplicationCommandOptionChoiceData } from 'discord.js';
import { buildBoard } from '../../engine';
import type { Gridmap } from '../../formats/gridmap';
import { battlefieldSchema } from '../../rulesets/sellsword/engine';
import type { MapRow } from '../../store';
import type { App } from '../app';
import { choice, suggest } from '../command';
import { shown } from '../../discord/text';

export type MapLibrary = Pick<App, 'store' | 'content'>;

/**
 * Which server is asking: a guild id, null for a DM (shipped and global maps only), or undefined for
 * no scoping at all (a caller that has already checked access, such as an existing match).
 */
export type GuildScope = string | null | undefined;

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
  const submitted = rows.filter((r) => !app.content.maps.has(r.id)).map((r): MapEntry => ({ id: r.id, name: r.name, shipped: false, owner: r.owner }));
  return [...shipped, ...submitted];
}

/** Ids a warband may name as its map in this server. */
export const mapIds = async (app: MapLibrary, guild?: GuildScope): Promise<Set<string>> => new Set((await listMaps(app, guild)).map((m) => m.id));

/** Autocomplete for a map option: name and id, filtered by what is typed. */
export async function mapChoices(app: MapLibrary, typed: unknown, guild?: GuildScope): Promise<ApplicationCommandOptionChoiceData[]> {
  return suggest(
    (await listMaps(app, guild)).map((m) => choice(`${m.name} (${m.id})`, m.id)),
    typed,
  );
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
  return { title: 'Maps', description: lines.join('\n'), footer: { text: '/map show map draws one' } };
}
