/**
 * An organiser adds a map to their server: who may, and whether the file is a playable gridmap (or
 * a map of a game played at the table, checked by that game) whose id is free. Pure apart from throwing refusals, so each rule is tested without Discord.
 */
import { PermissionFlagsBits } from 'discord.js';
import { parseText } from '../../formats/document';
import type { Gridmap } from '../../formats/gridmap';
import { battlefieldSchema } from '../../rulesets/sellsword/engine';
import { formatProblems, parseWith } from '../../formats/problems';
import type { Json, MapRow } from '../../store';
import { RULESETS, type Ruleset } from '../../rulesets';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import type { MapLibrary } from './map-library';
import { bulletList } from '../../match/warband-check';

/** What discord.js gives as `interaction.memberPermissions` (null outside a server). */
export interface PermissionSet {
  has(permission: bigint): boolean;
}

/** Organisers are members who may manage the server: the people who already run it. */
export function checkOrganiser(guildId: string | null, permissions: PermissionSet | null): string {
  if (guildId === null) return refuse('server-only', "Maps are added to a server. Run `/map submit` in your league's server, not in a direct message.");
  if (!permissions?.has(PermissionFlagsBits.ManageGuild)) {
    return refuse('organisers-only', 'Only organisers can add maps: you need the **Manage Server** permission. Ask an organiser to submit it for you.');
  }
  return guildId;
}

/**
 * A checked upload: a Sellsword gridmap, or the map of a game played at the table, which names its
 * game in its `ruleset` key (docs/formats.md "Sword and Claw: map") and is checked by that game.
 */
export type MapSubmission =
  | { readonly game: null; readonly map: Gridmap; readonly id: string; readonly name: string }
  | { readonly game: Ruleset; readonly map: Json; readonly id: string; readonly name: string; readonly about: string };

/** The game a document names in its `ruleset` key, other than Sellsword (whose gridmaps name none); null when it names none. */
function gameNamed(doc: unknown, fileName: string): Ruleset | null {
  const named = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>).ruleset : undefined;
  if (named === undefined || named === 'sellsword') return null;
  const game = RULESETS.find((r) => r.id === named);
  if (game?.table?.readMap) return game;
  const takes = RULESETS.filter((r) => r.id === 'sellsword' || r.table?.readMap).map((r) => `\`${r.id}\``);
  return refuse(
    'bad-map',
    `**${shown(fileName)}** names the game ${typeof named === 'string' ? `\`${shown(named)}\`` : 'in an unreadable `ruleset`'}, whose maps cannot be submitted. \`ruleset\` may be ${takes.join(' or ')} (a Sellsword gridmap may leave it out).`,
  );
}

/** Parses and validates a map upload (a gridmap's shape and battlefield rules, or its game's map rules), listing the first problems. */
export function parseMapSubmission(text: string, fileName: string): MapSubmission {
  const doc = parseText(text, fileName);
  const game = doc.ok ? gameNamed(doc.value, fileName) : null;
  if (doc.ok && game) {
    const read = game.table!.readMap!(doc.value);
    if (read.ok) return { game, map: read.map as Json, id: read.offer.id, name: read.offer.name, about: read.offer.about };
    return refuse(
      'bad-map',
      `**${shown(fileName)}** is not a valid ${game.name} map:\n${bulletList(read.problems)}\nThe map format is described in the bot's docs/formats.md ("${game.name}: map").`,
    );
  }
  const parsed = doc.ok ? parseWith(battlefieldSchema, doc.value) : doc;
  if (parsed.ok) return { game: null, map: parsed.value, id: parsed.value.id, name: parsed.value.name };
  const lines = parsed.problems.map((p) => formatProblems([p]));
  return refuse(
    'bad-map',
    `**${shown(fileName)}** is not a valid map:\n${bulletList(lines)}\nThe map format is described in the bot's docs/formats.md ("Gridmap"; a Sword and Claw map names its game: "Sword and Claw: map").`,
  );
}

/**
 * Whether this server may use the id: not a shipped map's, and not another server's. Returns the
 * row it would replace (this server's own earlier version), if any.
 */
export async function checkMapId(app: MapLibrary, map: Pick<Gridmap, 'id'>, guildId: string): Promise<MapRow | undefined> {
  // Every game's shipped maps: a match names its map by id alone.
  const shipped = app.content.maps.get(map.id) ?? RULESETS.flatMap((r) => r.table?.maps() ?? []).find((m) => m.id === map.id);
  if (shipped) {
    return refuse('map-id-taken', `\`${map.id}\` is the id of ${shown(shipped.name)}, which ships with the bot. Give your map another \`id\`.`);
  }
  const row = await app.store.maps.get(map.id);
  if (row && row.guildId !== guildId) {
    return refuse('map-id-taken', `\`${map.id}\` is already used by a map from another server. Give your map another \`id\`, such as \`${map.id}-2\`.`);
  }
  return row;
}

/**
 * Checks and stores an organiser's map; `replaced` says whether it overwrote their earlier version.
 * Another game's map is stored as its document, with its `ruleset` key, which Sellsword's map library
 * leaves out (map-library.ts storedMap).
 */
export function submitMap(
  app: MapLibrary,
  text: string,
  fileName: string,
  owner: string,
  guildId: string,
): Promise<{ submitted: MapSubmission; replaced: boolean }> {
  const submitted = parseMapSubmission(text, fileName);
  return app.store.transaction(async () => {
    const old = await checkMapId(app, submitted, guildId);
    await app.store.maps.save({ id: submitted.id, name: submitted.name, gridmap: submitted.map, owner, guildId });
    return { submitted, replaced: old !== undefined };
  });
}
