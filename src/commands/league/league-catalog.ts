/**
 * A league's catalog version. A version names a catalog: one
 * the bot ships (`northlands`), or one an organiser stored (the `catalogs` table, by id); no version
 * is the shipped content. Moving the league to another version checks every warband registered in
 * its open season again (league/catalog-recheck.ts): each entry's problem is set or cleared, and the
 * players whose warband the move made illegal are told in the league channel what changed and what
 * to fix. Matches under way keep the cards they started with (their setup holds them).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { checkWarband, DEFAULT_LIMITS, type WarbandLimits } from '../../rulesets/sellsword/engine';
import { type CatalogIndex, catalogSchema, indexCatalogs } from '../../rulesets/sellsword/formats/catalog';
import type { Warband } from '../../rulesets/sellsword/formats/warband';
import { recheckNotice, recheckWarbands } from '../../league/catalog-recheck';
import type { CommittedWarband } from '../../match/record';
import type { LeagueSettingsRow } from '../../store';
import type { App } from '../app';
import { leagueHere, mustOrganise } from './league-access';
import { postInLeague } from '../../league/league-posts';
import { settingChange } from './league-settings';
import { DEFAULT_POINTS } from '../../match/setup';
import { inTransaction } from '../../match/table';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';

/** The cards and mods of a catalog version; null when there is no such version. */
export async function catalogIndexOf(app: Pick<App, 'store' | 'content'>, version: string | null): Promise<CatalogIndex | null> {
  if (version === null || app.content.catalogs.some((c) => c.id === version)) return app.content.index;
  const row = await app.store.catalogs.get(version);
  if (!row) return null;
  const parsed = catalogSchema.safeParse(row.document);
  if (!parsed.success) return null;
  const index = indexCatalogs([parsed.data]);
  return index.ok ? index.value : null;
}

/** The warband rules a league holds its warbands to: the default limits with its point cap. */
export const leagueLimits = (settings: Pick<LeagueSettingsRow, 'points'>): WarbandLimits => ({
  ...DEFAULT_LIMITS,
  pointCap: settings.points ?? DEFAULT_POINTS,
});

/** A season entry's warband as the warband document the rule check reads. */
export const warbandOfEntry = (w: CommittedWarband): Warband => ({ name: w.name, faction: w.faction, map: w.map, units: w.units.map((u) => ({ ...u })) });

/** The problems of a warband under the league's catalog version and limits, in the rule check's words. */
export async function leagueProblems(app: Pick<App, 'store' | 'content'>, settings: LeagueSettingsRow, warband: Warband): Promise<string[]> {
  const index = (await catalogIndexOf(app, settings.catalogVersion)) ?? app.content.index;
  return checkWarband(warband, index, leagueLimits(settings)).map((p) => p.message);
}

/** `/league settings catalog version:` — the change, then every registered warband checked again. */
export async function catalogChange(interaction: ChatInputCommandInteraction, app: App, version: string): Promise<void> {
  const league = await leagueHere(app, interaction);
  mustOrganise(interaction, league.settings);
  const after = await catalogIndexOf(app, version);
  if (!after)
    refuse(
      'unknown-catalog',
      `There is no catalog version "${shown(version)}". A version is a catalog's id: ${app.content.catalogs.map((c) => `\`${c.id}\``).join(', ')}, or one stored with the bot.`,
    );
  const before = (await catalogIndexOf(app, league.settings.catalogVersion)) ?? app.content.index;
  await settingChange(interaction, app, { catalogVersion: version });
  const season = await app.store.seasons.open(league.id);
  if (!season) return;
  const entries = (await app.store.seasons.entries(season.id)).filter((e) => e.removed === null);
  const registered = entries.map((e) => ({ player: e.player, warband: warbandOfEntry(e.warband as unknown as CommittedWarband) }));
  const limits = leagueLimits(league.settings);
  const flagged = recheckWarbands(registered, before, after, limits);
  await inTransaction(app, async () => {
    for (const r of registered) {
      const now = checkWarband(r.warband, after, limits);
      await app.store.seasons.setProblem(season.id, r.player, now.length > 0 ? now.map((p) => p.message).join('; ') : null);
    }
    if (flagged.length > 0)
      await postInLeague(
        app,
        league.id,
        flagged.map((f) => ({ kind: 'text', content: recheckNotice(f, version), ping: [f.player] })),
      );
  });
  app.outbox.kickLeague?.();
}
