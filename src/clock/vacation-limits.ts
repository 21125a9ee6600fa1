/**
 * Whose vacation allowance a player's vacation counts against (docs/playing.md "Vacation"): each
 * league the player plays in (an open match in its channel, or an entry in its open season) gives its
 * own `vacation_days` per season, counted from that season's start (from 1 January, UTC, while the
 * league has no open season); matches outside any league allow the default days per calendar year.
 * A vacation pauses every match at once, so it must fit every limit that applies.
 */
import { OPEN_STATUSES, type Store, type VacationRow } from '../store';
import { DAY, DEFAULT_CLOCK } from './clock-terms';
import { shown } from '../discord/text';
import { plural } from '../league/words';

/** The first instant of the calendar year `at` falls in: 1 January, UTC. */
export const yearStart = (at: number): number => Date.UTC(new Date(at).getUTCFullYear(), 0, 1);

/** Whole days a vacation counts for: those asked for, or, ended early, the days begun before it ended. */
export const daysCharged = (v: VacationRow): number => (v.ended === null ? v.days : Math.min(v.days, Math.ceil((v.ended - v.start) / DAY)));

export interface VacationLimit {
  /** The league's name (escaped for markdown), or null for matches outside any league. */
  readonly league: string | null;
  readonly allowance: number;
  /** Days used since `from` (a running vacation counted whole). */
  readonly used: number;
  /** "this season" or "this year". */
  readonly period: string;
}

/** Every limit that applies to the player now: one per league they play in, and the default for their other matches (or when they have none). */
export async function vacationLimits(store: Store, user: string, now: number): Promise<VacationLimit[]> {
  const leagues = new Map<string, number | null>();
  const open = await store.matches.forPlayer(user, { status: OPEN_STATUSES });
  let free = open.length === 0;
  for (const row of open) {
    if (await store.leagueSettings.get(row.channelId)) leagues.set(row.channelId, null);
    else free = true;
  }
  for (const season of await store.seasons.active()) {
    const entry = await store.seasons.entry(season.id, user);
    if (entry && entry.removed === null) leagues.set(season.leagueId, null);
  }
  const usedSince = async (from: number) => (await store.vacations.since(user, from)).reduce((n, v) => n + daysCharged(v), 0);
  const limits: VacationLimit[] = [];
  for (const leagueId of leagues.keys()) {
    const [settings, league, season] = await Promise.all([store.leagueSettings.get(leagueId), store.leagues.get(leagueId), store.seasons.open(leagueId)]);
    const from = season ? season.created : yearStart(now);
    limits.push({
      league: shown(league?.name ?? 'a league'),
      allowance: settings?.vacationDays ?? DEFAULT_CLOCK.vacationDays,
      used: await usedSince(from),
      period: season ? 'this season' : 'this year',
    });
  }
  limits.sort((a, b) => a.league!.localeCompare(b.league!));
  if (free || limits.length === 0)
    limits.push({ league: null, allowance: DEFAULT_CLOCK.vacationDays, used: await usedSince(yearStart(now)), period: 'this year' });
  return limits;
}

/** "**North**: 3 of 10 days used this season" or "Other matches: 3 of 14 days used this year". */
export const limitText = (l: VacationLimit): string =>
  `${l.league ? `**${l.league}**` : 'Matches outside a league'}: ${l.used} of ${plural(l.allowance, 'day')} used ${l.period}`;

/** The limits as one line, for `/vacation` and `/games`. */
export const limitsText = (limits: readonly VacationLimit[]): string => `Vacation: ${limits.map(limitText).join(' · ')}.`;
