/**
 * A submitted warband, from text to a checked roster: parse (JSON, YAML or the chat line), then R1
 * with the league's catalog and maps. Each step refuses with a reply that names what is wrong and
 * where, so the player can fix everything in one go. Pure apart from throwing the refusal.
 */
import type { UnitCard } from '../rulesets/sellsword/formats/card';
import type { CatalogIndex } from '../rulesets/sellsword/formats/catalog';
import type { ModCard } from '../rulesets/sellsword/formats/mod';
import { formatProblems, type Problem } from '../formats/problems';
import { parseWarbandText, type Warband } from '../rulesets/sellsword/formats/warband';
import { checkWarband, DEFAULT_LIMITS, unitCost, type RosterProblem, type WarbandLimits } from '../rulesets/sellsword/engine';
import { refuse } from './user-error';
import { shown, clip } from '../discord/text';

export interface WarbandEntry {
  readonly card: UnitCard;
  readonly mod?: ModCard;
  /** Card plus mod: what the unit is worth in VP (R3). */
  readonly cost: number;
}

export interface CheckedWarband {
  readonly warband: Warband;
  readonly units: readonly WarbandEntry[];
  readonly points: number;
}

/** More than a handful of problems is a wall of text; the first few are enough to start fixing. */
export const MAX_LISTED_PROBLEMS = 5;

const CHAT_FORM_EXAMPLE = "`Hrolf's Watch | valor | mill-crossing | valor-squire, valor-serf+valor-shield-wall`";
export const CHAT_FORM_HELP = `Write it as \`name | faction | map | card, card+mod, …\`, for example ${CHAT_FORM_EXAMPLE}.`;

/**
 * The chat line as the warband's own words: a command pasted in whole ("/warband submit text:Small
 * Watch | …", as a tester did, issue 26) loses its command and option name, however often repeated.
 * A name still written like a command is refused, so a warband is never saved under a command line.
 */
export function chatLine(text: string): string {
  let line = text.trim();
  for (let before = ''; before !== line; ) {
    before = line;
    line = line
      .replace(/^\/?warband\s+submit\b\s*/i, '')
      .replace(/^text\s*:\s*/i, '')
      .trim();
  }
  const name = line.split('|')[0]!.trim();
  if (name.startsWith('/') || /(^|\s)(text|file)\s*:/i.test(name)) {
    refuse('bad-warband', `"${shown(clip(name, 80))}" reads as a command, not a warband's name: put only the warband in \`text\`. ${CHAT_FORM_HELP}`);
  }
  return line;
}

/** One problem line at most; a reply must stay under Discord's 2,000 characters. */
const LINE_LIMIT = 300;

/**
 * Bulleted lines, the first `max` of them, and how many more there are. The lines are plain text that
 * quotes what the player wrote (keys, ids, names), so they are escaped for markdown.
 */
export function bulletList(lines: readonly string[], max = MAX_LISTED_PROBLEMS): string {
  const bullets = lines.slice(0, max).map((l) => `• ${shown(clip(l, LINE_LIMIT))}`);
  if (lines.length > max) bullets.push(`…and ${lines.length - max} more.`);
  return bullets.join('\n');
}

/** Parses the text of a submission; `fileName` is set for uploads, absent for the chat line. */
export function parseSubmission(text: string, fileName?: string): Warband {
  const parsed = parseWarbandText(text, fileName);
  if (parsed.ok) return parsed.value;
  if (fileName) {
    const lines = parsed.problems.map((p: Problem) => formatProblems([p]));
    return refuse('bad-warband', `**${shown(fileName)}** is not a valid warband:\n${bulletList(lines)}`);
  }
  // A chat line has no visible structure to point into, so "units[1].card" becomes "unit 2".
  const lines = parsed.problems.map((p: Problem) => formatProblems([{ ...p, path: chatPath(p.path) }]));
  const help = lines.some((l) => l.includes('Write it as')) ? `\nFor example: ${CHAT_FORM_EXAMPLE}.` : `\n${CHAT_FORM_HELP}`;
  return refuse('bad-warband', `That warband is not valid:\n${bulletList(lines)}${help}`);
}

/** "units[1].card" → "unit 2", "units[1].mod" → "unit 2's mod"; other paths stay. */
function chatPath(path: string): string {
  const m = /^units\[(\d+)\](?:\.(card|mod))?$/.exec(path);
  if (!m) return path;
  const unit = `unit ${Number(m[1]) + 1}`;
  return m[2] === 'mod' ? `${unit}'s mod` : unit;
}

/** "units[3].card" → 3; null for paths outside the unit list. */
function unitIndex(path: string): number | null {
  const m = /^units\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * A hint for an unknown card the edit distance cannot find: players type a card's printed name
 * ("Squire", "town guard") or drop the faction prefix, neither of which is close to the id.
 */
function nameHint(typed: string, catalog: CatalogIndex, faction: string): string {
  const words = typed.replace(/-/g, ' ').toLowerCase();
  for (const card of catalog.units.values()) {
    if (card.name.toLowerCase() === words || card.id === `${faction}-${typed}`) return ` (did you mean "${card.id}", the ${card.name}?)`;
  }
  return '';
}

function describeProblem(p: RosterProblem, warband: Warband, catalog: CatalogIndex, money: { units: number; mods: number }, limits: WarbandLimits): string {
  switch (p.code) {
    case 'over-point-cap':
      return `${warband.name} costs ${money.units + money.mods} points (units ${money.units} + mods ${money.mods}); the cap is ${limits.pointCap}.`;
    case 'too-many-units':
      return `${warband.name} has ${warband.units.length} units; the cap is ${limits.unitCap}.`;
    case 'unknown-map':
      return `Map: ${p.message}.`;
    default: {
      const i = unitIndex(p.path);
      let message = p.message;
      if (p.code === 'unknown-card' && !message.includes('(')) {
        const entry = i === null ? undefined : warband.units[i];
        if (entry) message += nameHint(entry.card, catalog, warband.faction);
      }
      return i === null ? `${message}.` : `Unit ${i + 1}: ${message}.`;
    }
  }
}

/**
 * R1 with the given limits and the maps the player may choose from. Refuses with the first
 * problem's code and every problem listed (up to a few); returns the units with their cards and costs.
 */
export function checkRoster(warband: Warband, catalog: CatalogIndex, mapIds: ReadonlySet<string>, limits: WarbandLimits = DEFAULT_LIMITS): CheckedWarband {
  const problems = checkWarband(warband, catalog, limits, mapIds);
  if (problems.length > 0) {
    const money = { units: 0, mods: 0 };
    for (const u of warband.units) {
      money.units += catalog.units.get(u.card)?.cost ?? 0;
      money.mods += u.mod === undefined ? 0 : (catalog.mods.get(u.mod)?.cost ?? 0);
    }
    const lines = problems.map((p) => describeProblem(p, warband, catalog, money, limits));
    const head =
      problems.length === 1 ? `**${shown(warband.name)}** breaks a warband rule:` : `**${shown(warband.name)}** breaks ${problems.length} warband rules:`;
    return refuse(problems[0]!.code, `${head}\n${bulletList(lines)}`);
  }
  const units = warband.units.map((u): WarbandEntry => {
    // checkWarband has just confirmed every card and mod exists.
    const card = catalog.units.get(u.card)!;
    const mod = u.mod === undefined ? undefined : catalog.mods.get(u.mod)!;
    return { card, ...(mod ? { mod } : {}), cost: unitCost(card, mod) };
  });
  return { warband, units, points: units.reduce((sum, u) => sum + u.cost, 0) };
}

/** Parse, then R1: a submission that passes is safe to store. */
export function checkSubmission(text: string, fileName: string | undefined, catalog: CatalogIndex, mapIds: ReadonlySet<string>): CheckedWarband {
  return checkRoster(parseSubmission(text, fileName), catalog, mapIds);
}
