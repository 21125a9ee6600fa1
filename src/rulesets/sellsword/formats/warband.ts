/**
 * Warbands (docs/formats.md "Warband"), as JSON, YAML or the one-line chat form
 * `Hrolf's Watch | valor | mill-crossing | valor-squire, valor-serf+valor-shield-wall`.
 * Whether the warband is legal for a scenario is R1, in engine/roster.ts.
 */
import { z } from 'zod';
import { chatParts } from '../../../formats/chat-line';
import { parseText } from '../../../formats/document';
import { idSchema, nameField, wordSchema } from '../../../formats/fields';
import { fail, parseWith, type Problem, type Result } from '../../../formats/problems';

export const warbandUnitSchema = z.strictObject({ card: idSchema, mod: idSchema.optional() });

export const warbandSchema = z.strictObject({
  name: nameField(100),
  faction: wordSchema,
  map: idSchema,
  units: z.array(warbandUnitSchema).min(1).max(40),
});

export type Warband = z.output<typeof warbandSchema>;
export type WarbandUnit = z.output<typeof warbandUnitSchema>;

const CHAT_FIELDS = ['name', 'faction', 'map', 'units'] as const;
const CHAT_HELP = 'name | faction | map | card, card+mod, …';

/** Reads the one-line chat form into the JSON shape, then validates it like any warband. */
export function parseWarbandLine(line: string): Result<Warband> {
  const read = chatParts(line, CHAT_FIELDS, CHAT_HELP);
  if (!read.ok) return read;
  const [name, faction, map, list] = read.value as [string, string, string, string];
  const units = list.split(',').map((entry) => {
    const [card, mod, ...extra] = entry.split('+').map((s) => s.trim());
    return { card, ...(mod !== undefined ? { mod } : {}), ...(extra.length ? { extra: extra.join('+') } : {}) };
  });
  const problems: Problem[] = units.flatMap((u, i) => [
    ...(u.card === '' ? [{ path: `units[${i}].card`, message: 'is empty (two commas in a row, or a stray "+"?)' }] : []),
    ...(u.mod === '' ? [{ path: `units[${i}].mod`, message: 'is empty after "+"' }] : []),
    ...(u.extra ? [{ path: `units[${i}]`, message: 'a unit takes at most one mod (card+mod)' }] : []),
  ]);
  if (problems.length > 0) return fail(problems);
  // A map is typed as players read it ("Mill Crossing"): words joined by hyphens make its id.
  return parseWith(warbandSchema, { name, faction: faction.toLowerCase(), map: map.toLowerCase().replace(/[\s_]+/g, '-'), units });
}

/**
 * Reads a warband from an upload or a chat message: JSON or YAML by file name or content, and the
 * chat form for a single line with "|".
 */
export function parseWarbandText(text: string, fileName?: string): Result<Warband> {
  if (fileName === undefined && !text.trim().includes('\n') && text.includes('|') && !/^\s*[[{]/.test(text)) {
    return parseWarbandLine(text);
  }
  const doc = parseText(text, fileName);
  return doc.ok ? parseWith(warbandSchema, doc.value) : doc;
}
