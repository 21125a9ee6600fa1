/**
 * A league's settings (`/league settings`): what they mean for its matches, and how a change is told.
 * A null setting leaves the match as a free challenge would have it, so a league pins only what its
 * organiser chose.
 */
import type { ClockTerms } from '../match/record';
import type { ForfeitScore, LeagueSettingsPatch, LeagueSettingsRow } from '../store';
import { DEFAULT_FORFEIT_SCORE, FORFEIT_SCORE_WORDS } from './result-kind';

/** What a league fixes for every match in its channel; absent members are the challenge's to choose. */
export interface LeagueTerms {
  readonly points?: number;
  readonly target?: number;
  readonly clock?: Partial<ClockTerms>;
  /** Only these maps may be played; absent: any map of the server. */
  readonly maps?: readonly string[];
  readonly catalogVersion?: string;
  /** The last round of a game that plays one (ruling SC32). */
  readonly roundLimit?: number;
}

/** The league's terms for a new match. */
export function leagueTerms(s: LeagueSettingsRow): LeagueTerms {
  const clock: { -readonly [K in keyof ClockTerms]?: ClockTerms[K] } = {};
  if (s.turnHours !== null) clock.turnHours = s.turnHours;
  if (s.promptHours !== null) clock.promptHours = s.promptHours;
  if (s.remindAt !== null) clock.remindAt = s.remindAt;
  if (s.remindBeforeHours !== null) clock.remindBeforeHours = s.remindBeforeHours;
  if (s.maxMisses !== null) clock.maxMisses = s.maxMisses;
  if (s.vacationDays !== null) clock.vacationDays = s.vacationDays;
  return {
    ...(s.points !== null ? { points: s.points } : {}),
    ...(s.vpTarget !== null ? { target: s.vpTarget } : {}),
    ...(Object.keys(clock).length > 0 ? { clock } : {}),
    ...(s.maps !== null ? { maps: s.maps } : {}),
    ...(s.catalogVersion !== null ? { catalogVersion: s.catalogVersion } : {}),
    ...(s.roundLimit !== null ? { roundLimit: s.roundLimit } : {}),
  };
}

/** The settings a player or organiser reads, by topic, in the words `/league settings show` uses. */
export const SETTING_NAMES: Readonly<Record<keyof LeagueSettingsPatch, string>> = {
  organiserRole: 'organiser role',
  points: 'points limit',
  vpTarget: 'VP target',
  turnHours: 'time per turn',
  promptHours: 'time per reply',
  remindAt: 'reminders (share of the time)',
  remindBeforeHours: 'reminders (hours before the deadline)',
  maxMisses: 'missed deadlines before a forfeit',
  vacationDays: 'vacation days per season',
  roundLimit: 'round limit',
  forfeitScore: 'forfeit score',
  maps: 'allowed maps',
  catalogVersion: 'catalog version',
  freeChallenges: 'free challenges',
  standingsPost: 'pinned standings',
};

/** A setting's value as text: "not set" for null. */
export function settingText(key: keyof LeagueSettingsPatch, value: unknown): string {
  if (value === null || value === undefined) {
    if (key === 'maps') return 'any map';
    if (key === 'vpTarget') return "the smaller warband's points";
    if (key === 'forfeitScore') return FORFEIT_SCORE_WORDS[DEFAULT_FORFEIT_SCORE];
    if (key === 'roundLimit') return 'none';
    return 'the default';
  }
  if (key === 'organiserRole') return `<@&${String(value)}>`;
  if (key === 'forfeitScore') return FORFEIT_SCORE_WORDS[value as ForfeitScore];
  if (key === 'freeChallenges') return value ? 'allowed' : 'pairings only';
  if (key === 'turnHours' || key === 'promptHours') return `${String(value)} h`;
  if (key === 'remindBeforeHours') return (value as number[]).map((h) => `${h} h`).join(', ');
  if (key === 'remindAt') return (value as number[]).map((f) => `${Math.round(f * 100)}%`).join(', ');
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The changes a patch makes to the settings: only those whose value differs. */
export function changesOf(before: LeagueSettingsRow, patch: LeagueSettingsPatch): { key: keyof LeagueSettingsPatch; before: unknown; after: unknown }[] {
  return (Object.keys(patch) as (keyof LeagueSettingsPatch)[])
    .filter((key) => patch[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(patch[key]))
    .map((key) => ({ key, before: before[key], after: patch[key] }));
}

/** One line for the league channel per change: "⚙️ **Ann** set the points limit: 121 → 150." */
export function changeLine(by: string, c: { key: keyof LeagueSettingsPatch; before: unknown; after: unknown }): string {
  return `⚙️ ${by} set the ${SETTING_NAMES[c.key]}: ${settingText(c.key, c.before)} → ${settingText(c.key, c.after)}.`;
}

/** A list of numbers typed as "0.5, 0.9" (or empty for none): the numbers, or a sentence saying what is wrong. */
export function numberList(text: string, min: number, max: number): readonly number[] | string {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const numbers = parts.map(Number);
  const bad = parts.find((_, i) => !Number.isFinite(numbers[i]!) || numbers[i]! < min || numbers[i]! > max);
  if (bad !== undefined) return `"${bad}" is not a number from ${min} to ${max}`;
  if (numbers.length > 5) return 'give at most 5';
  return [...new Set(numbers)].sort((a, b) => a - b);
}
