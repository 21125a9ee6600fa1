/**
 * Sword and Claw army lists (docs/formats.md "Sword and Claw: army list"), as JSON, YAML or the
 * one-line chat form `Iron Company | humans | 4 human-crossbowman, 6 human-spearman`. Whether an army
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

export const armySchema = z.strictObject({
  ruleset: rulesetKey,
  name: nameField(100),
  faction: wordSchema,
  sample: z.boolean().default(false),
  units: z.array(armyUnitSchema).min(1).max(40),
});

export type Army = z.output<typeof armySchema>;
export type ArmyUnit = z.output<typeof armyUnitSchema>;

const CHAT_FIELDS = ['name', 'faction', 'units'] as const;
const CHAT_HELP = 'name | faction | 4 troop, 2 troop, troop, …';

/** "4 human-crossbowman", "4x human-crossbowman", "human-crossbowman x4", "human-crossbowman". */
function readEntry(entry: string): { troop: string; count: number } | null {
  const e = entry.trim().toLowerCase();
  const before = /^(\d{1,3})\s*[x×]?\s+(\S+)$/.exec(e) ?? /^(\d{1,3})\s*[x×]\s*(\S+)$/.exec(e);
  if (before) return { troop: before[2]!, count: Number(before[1]) };
  const after = /^(\S+)\s*[x×]\s*(\d{1,3})$/.exec(e);
  if (after) return { troop: after[1]!, count: Number(after[2]) };
  return /^\S+$/.test(e) ? { troop: e, count: 1 } : null;
}

/** Reads the one-line chat form into the JSON shape, then validates it like any army list. */
export function parseArmyLine(line: string): Result<Army> {
  const read = chatParts(line, CHAT_FIELDS, CHAT_HELP);
  if (!read.ok) return read;
  const [name, faction, list] = read.value as [string, string, string];
  const entries = list.split(',').map(readEntry);
  const problems: Problem[] = entries.flatMap((u, i) =>
    u === null ? [{ path: `units[${i}]`, message: 'expected a troop id with an optional count, like "4 human-crossbowman" or "human-crossbowman x4"' }] : [],
  );
  if (problems.length > 0) return fail(problems);
  return parseWith(armySchema, { ruleset: RULESET_ID, name, faction: faction.toLowerCase(), units: entries });
}

/** Reads an army list from an upload or a chat message: JSON or YAML, or the chat form for a single line with "|". */
export function parseArmyText(text: string, fileName?: string): Result<Army> {
  if (fileName === undefined && !text.trim().includes('\n') && text.includes('|') && !/^\s*[[{]/.test(text)) return parseArmyLine(text);
  const doc = parseText(text, fileName);
  return doc.ok ? parseWith(armySchema, doc.value) : doc;
}

/** The chat form of an army list: what `parseArmyLine` reads back to the same army. */
export function armyLine(army: Army): string {
  return `${army.name} | ${army.faction} | ${army.units.map((u) => (u.count === 1 ? u.troop : `${u.count} ${u.troop}`)).join(', ')}`;
}
