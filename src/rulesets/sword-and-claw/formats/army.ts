/**
 * Sword and Claw army lists (docs/formats.md "Sword and Claw: army list"), as JSON, YAML or the
 * one-line chat form `Iron Company | humans | 4 human-crossbowman, 6 human-spearman`, with two more
 * parts for the two reserve forces (SC Set-up 6). `units` is the core force; a list without
 * `reserves` (every list written before reserves were played) is a core force alone. Whether an army
 * is legal for a match is the army check (../army-check.ts).
 */
import { z } from 'zod';
import { chatParts } from '../../../formats/chat-line';
import { parseText } from '../../../formats/document';
import { idSchema, int, nameField, wordSchema } from '../../../formats/fields';
import { fail, parseWith, type Problem, type Result } from '../../../formats/problems';
import { RULESET_ID, rulesetKey } from './ruleset-key';

/** One line of the list: a troop card and how many of it. */
export const armyUnitSchema = z.strictObject({ troop: idSchema, count: int(1, 60).default(1) });

const unitsSchema = z.array(armyUnitSchema).min(1).max(40);

/** One reserve force (SC Set-up 6): its troops, and a name its player may give it. */
export const reserveSchema = z.strictObject({ name: nameField(60).optional(), units: unitsSchema });

export const armySchema = z.strictObject({
  ruleset: rulesetKey,
  name: nameField(100),
  faction: wordSchema,
  sample: z.boolean().default(false),
  /** The core force. */
  units: unitsSchema,
  /** The two reserve forces, of which one takes the field (SC Set-up 6, 7); absent: the core force alone. */
  reserves: z.array(reserveSchema).length(2).optional(),
});

export type Army = z.output<typeof armySchema>;
export type ArmyUnit = z.output<typeof armyUnitSchema>;
export type ArmyReserve = z.output<typeof reserveSchema>;

const CHAT_FIELDS = ['name', 'faction', 'units'] as const;
const CHAT_HELP = 'name | faction | 4 troop, 2 troop, troop, …';
const RESERVE_FIELDS = [...CHAT_FIELDS, 'reserves[0]', 'reserves[1]'] as const;
const RESERVE_HELP = 'name | faction | core troops | first reserve troops | second reserve troops';

/** "4 human-crossbowman", "4x human-crossbowman", "human-crossbowman x4", "human-crossbowman". */
function readEntry(entry: string): { troop: string; count: number } | null {
  const e = entry.trim().toLowerCase();
  const before = /^(\d{1,3})\s*[x×]?\s+(\S+)$/.exec(e) ?? /^(\d{1,3})\s*[x×]\s*(\S+)$/.exec(e);
  if (before) return { troop: before[2]!, count: Number(before[1]) };
  const after = /^(\S+)\s*[x×]\s*(\d{1,3})$/.exec(e);
  if (after) return { troop: after[1]!, count: Number(after[2]) };
  return /^\S+$/.test(e) ? { troop: e, count: 1 } : null;
}

/** One part of the chat form's troops, read entry by entry; `at` is where its problems are reported. */
function readEntries(list: string, at: string, problems: Problem[]): ({ troop: string; count: number } | null)[] {
  const entries = list.split(',').map(readEntry);
  entries.forEach((u, i) => {
    if (u === null)
      problems.push({ path: `${at}[${i}]`, message: 'expected a troop id with an optional count, like "4 human-crossbowman" or "human-crossbowman x4"' });
  });
  return entries;
}

/**
 * Reads the one-line chat form into the JSON shape, then validates it like any army list: three
 * parts for a core force alone, five with the two reserve forces.
 */
export function parseArmyLine(line: string): Result<Army> {
  const withReserves = line.split('|').length > CHAT_FIELDS.length;
  const read = withReserves ? chatParts(line, RESERVE_FIELDS, RESERVE_HELP) : chatParts(line, CHAT_FIELDS, CHAT_HELP);
  if (!read.ok) return read;
  const [name, faction, list, ...reserveLists] = read.value as [string, string, string, ...string[]];
  const problems: Problem[] = [];
  const units = readEntries(list, 'units', problems);
  const reserves = reserveLists.map((r, i) => ({ units: readEntries(r, `reserves[${i}].units`, problems) }));
  if (problems.length > 0) return fail(problems);
  return parseWith(armySchema, { ruleset: RULESET_ID, name, faction: faction.toLowerCase(), units, ...(withReserves ? { reserves } : {}) });
}

/** Reads an army list from an upload or a chat message: JSON or YAML, or the chat form for a single line with "|". */
export function parseArmyText(text: string, fileName?: string): Result<Army> {
  if (fileName === undefined && !text.trim().includes('\n') && text.includes('|') && !/^\s*[[{]/.test(text)) return parseArmyLine(text);
  const doc = parseText(text, fileName);
  return doc.ok ? parseWith(armySchema, doc.value) : doc;
}

/** The chat form of an army list: what `parseArmyLine` reads back to the same army. */
export function armyLine(army: Army): string {
  const troops = (units: readonly ArmyUnit[]) => units.map((u) => (u.count === 1 ? u.troop : `${u.count} ${u.troop}`)).join(', ');
  return [army.name, army.faction, troops(army.units), ...(army.reserves ?? []).map((r) => troops(r.units))].join(' | ');
}
