/**
 * Moving a league to a new catalog version: every registered
 * warband is checked again with the same rule check as a submission (the engine's R1, checkWarband),
 * against the new cards and the league's limits and maps. A warband that passed before and fails now
 * is flagged, with what changed in its own cards and what to fix, in words a player reads. Pure: the
 * caller reads the warbands and both catalogs and posts the notices.
 */
import { checkWarband, type RosterProblem, type WarbandLimits } from '../rulesets/sellsword/engine';
import type { UnitCard } from '../rulesets/sellsword/formats/card';
import type { CatalogIndex } from '../rulesets/sellsword/formats/catalog';
import type { ModCard } from '../rulesets/sellsword/formats/mod';
import type { Warband } from '../rulesets/sellsword/formats/warband';

export interface RegisteredWarband {
  /** Who registered it (a Discord user id). */
  readonly player: string;
  readonly warband: Warband;
}

export interface FlaggedWarband extends RegisteredWarband {
  /** What the new catalog changed in this warband's own cards and mods, one line each. */
  readonly changes: readonly string[];
  /** Why it no longer passes, one line each (the rule check's words). */
  readonly problems: readonly string[];
}

/** What changed between two versions of one card or mod that a player would care about. */
function cardChange(id: string, before: UnitCard | ModCard | undefined, after: UnitCard | ModCard | undefined): string | null {
  if (!before && !after) return null;
  if (before && !after) return `${before.name} (${id}) is no longer in the catalog`;
  if (!before && after) return null;
  const b = before!;
  const a = after!;
  const parts: string[] = [];
  if (b.cost !== a.cost) parts.push(`costs ${a.cost} points (was ${b.cost})`);
  if (b.faction !== a.faction) parts.push(`is now a ${a.faction} card (was ${b.faction})`);
  if ('fantasy' in b && 'fantasy' in a && b.fantasy !== a.fantasy) parts.push(`has fantasy rating ${a.fantasy} (was ${b.fantasy})`);
  if (b.modUse.join(',') !== a.modUse.join(',')) parts.push(`has mod-use marks [${a.modUse.join(', ')}] (was [${b.modUse.join(', ')}])`);
  return parts.length ? `${a.name} (${id}) ${parts.join(', ')}` : null;
}

/** The lines saying what the new catalog changed in one warband's cards and mods. */
export function warbandChanges(warband: Warband, before: CatalogIndex, after: CatalogIndex): string[] {
  const ids = new Set<string>();
  const lines: string[] = [];
  for (const u of warband.units) {
    if (!ids.has(u.card)) {
      ids.add(u.card);
      const line = cardChange(u.card, before.units.get(u.card), after.units.get(u.card));
      if (line) lines.push(line);
    }
    if (u.mod !== undefined && !ids.has(u.mod)) {
      ids.add(u.mod);
      const line = cardChange(u.mod, before.mods.get(u.mod), after.mods.get(u.mod));
      if (line) lines.push(line);
    }
  }
  return lines;
}

const problemLine = (p: RosterProblem): string => {
  const unit = /^units\[(\d+)\]/.exec(p.path);
  return unit ? `Unit ${Number(unit[1]) + 1}: ${p.message}.` : `${p.message.charAt(0).toUpperCase()}${p.message.slice(1)}.`;
};

/**
 * The warbands the move from `before` to `after` makes illegal: those that passed the rule check with
 * the old catalog and fail it with the new one. A warband that was already illegal is not the
 * catalog change's doing and is left out (it was refused, or flagged, when that happened).
 */
export function recheckWarbands(
  warbands: readonly RegisteredWarband[],
  before: CatalogIndex,
  after: CatalogIndex,
  limits: WarbandLimits,
  mapIds?: ReadonlySet<string>,
): FlaggedWarband[] {
  const flagged: FlaggedWarband[] = [];
  for (const w of warbands) {
    if (checkWarband(w.warband, before, limits, mapIds).length > 0) continue;
    const now = checkWarband(w.warband, after, limits, mapIds);
    if (now.length === 0) continue;
    flagged.push({ ...w, changes: warbandChanges(w.warband, before, after), problems: now.map(problemLine) });
  }
  return flagged;
}

/** The notice for one flagged player: what changed and what to fix. */
export function recheckNotice(flag: FlaggedWarband, version: string): string {
  const changed = flag.changes.length ? flag.changes.map((l) => `• ${l}`).join('\n') : '• (no card of yours changed; the league limits did)';
  return [
    `⚠️ <@${flag.player}>: the league now plays catalog **${version}**, and your warband **${flag.warband.name}** no longer passes the warband rules.`,
    `What changed:\n${changed}`,
    `What to fix:\n${flag.problems.map((l) => `• ${l}`).join('\n')}`,
    'Fix it with `/warband submit`, then `/league join` with it: your next matches use it. Matches already under way keep the cards they started with.',
  ].join('\n');
}
