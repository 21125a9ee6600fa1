/**
 * An organiser adds a map to their server: who may, and whether the file is a playable gridmap whose
 * id is free. Pure apart from throwing refusals, so each rule is tested without Discord.
 */
import { PermissionFlagsBits } from 'discord.js';
import { parseText } from '../../formats/document';
import type { Gridmap } from '../../formats/gridmap';
import { battlefieldSchema } from '../../rulesets/sellsword/engine';
import { formatProblems, parseWith } from '../../formats/problems';
import type { MapRow } from '../../store';
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

/** Parses and validates a gridmap upload (shape and battlefield rules), listing the first problems. */
export function parseMapSubmission(text: string, fileName: string): Gridmap {
  const doc = parseText(text, fileName);
  const parsed = doc.ok ? parseWith(battlefieldSchema, doc.value) : doc;
  if (parsed.ok) return parsed.value;
  const lines = parsed.problems.map((p) => formatProblems([p]));
  return refuse(
    'bad-map',
    `**${shown(fileName)}** is not a valid map:\n${bulletList(lines)}\nThe map format is described in the bot's docs/formats.md ("Gridmap").`,
  );
}

/**
 * Whether this server may use the id: not a shipped map's, and not another server's. Returns the
 * row it would replace (this server's own earlier version), if any.
 */
export async function checkMapId(app: MapLibrary, map: Gridmap, guildId: string): Promise<MapRow | undefined> {
  const shipped = app.content.maps.get(map.id);
  if (shipped) {
    return refuse('map-id-taken', `\`${map.id}\` is the id of ${shown(shipped.name)}, which ships with the bot. Give your map another \`id\`.`);
  }
  const row = await app.store.maps.get(map.id);
  if (row && row.guildId !== guildId) {
    return refuse('map-id-taken', `\`${map.id}\` is already used by a map from another server. Give your map another \`id\`, such as \`${map.id}-2\`.`);
  }
  return row;
}

/** Checks and stores an organiser's map; `replaced` says whether it overwrote their earlier version. */
export function submitMap(app: MapLibrary, text: string, fileName: string, owner: string, guildId: string): Promise<{ map: Gridmap; replaced: boolean }> {
  const map = parseMapSubmission(text, fileName);
  return app.store.transaction(async () => {
    const old = await checkMapId(app, map, guildId);
    await app.store.maps.save({ id: map.id, name: map.name, gridmap: map, owner, guildId });
    return { map, replaced: old !== undefined };
  });
}
