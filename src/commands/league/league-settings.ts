/**
 * /league create and /league settings: making a channel a league, and the settings its matches take
 * (league/settings.ts). Organisers only; every change is written to the league's log and told in its
 * channel, in one transaction.
 */
import { ChannelType, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { changeLine, changesOf, numberList, SETTING_NAMES, settingText } from '../../league/settings';
import type { ForfeitScore, LeagueSettingsPatch, LeagueSettingsRow } from '../../store';
import type { App } from '../app';
import { mustBeAbleIn } from '../bot-permissions';
import { leagueHere, mustOrganise } from './league-access';
import { postInLeague } from '../../league/league-posts';
import { leagueMapIds } from '../map/map-library';
import { tableMapsHere } from '../../match/table-maps';
import { save } from '../../match/saved';
import { displayName } from '../skirmish/skirmish-challenge';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { RULESETS, rulesetOf, type RulesetId } from '../../rulesets';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

export async function createLeague(interaction: ChatInputCommandInteraction, app: App, o: { name: string; ruleset?: RulesetId | undefined }): Promise<void> {
  const channel = interaction.channel;
  if (!interaction.guildId || !channel || channel.type !== ChannelType.GuildText)
    refuse('not-a-text-channel', "Create a league in a server's text channel: its matches get threads there.");
  const existing = await app.store.leagueSettings.get(channel.id);
  mustOrganise(interaction, existing ?? null);
  if (existing) refuse('already-a-league', `This channel is already the league **${shown((await app.store.leagues.get(channel.id))?.name ?? o.name)}**.`);
  await mustBeAbleIn(channel, "run a league here (post its news and open its matches' threads)");
  const by = interaction.user.id;
  const game = RULESETS.find((r) => r.id === o.ruleset) ?? RULESETS[0]!;
  // A league of the default game says nothing of its game.
  const plays = game === RULESETS[0] ? '' : ` It plays **${game.name}**: season entries and matches here bring ${game.name} armies.`;
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: by, name: displayName(interaction) });
    await app.store.leagues.ensure(interaction.guildId!, channel.id, o.name, game.id);
    await app.store.leagueSettings.create(channel.id);
    await app.store.leagueLog.add({ leagueId: channel.id, by, kind: 'create', subject: channel.id, after: o.name });
    await postInLeague(app, channel.id, [
      {
        kind: 'text',
        content: `🏟️ **${shown(displayName(interaction))}** made this channel the league **${shown(o.name)}**. Challenges here count for its standings and ratings.${plays} Organisers set its rules with \`/league settings\`; \`/league standings\` shows the table.`,
      },
    ]);
  });
  app.outbox.kickLeague?.();
  await interaction.reply({
    content: `🏟️ This channel is now the league **${shown(o.name)}**.${plays} \`/league settings show\` lists its settings.`,
    ...privately,
  });
}

/** Applies a change of settings: refused whole when any part is wrong; logged and told per setting. */
async function change(interaction: ChatInputCommandInteraction, app: App, patch: LeagueSettingsPatch): Promise<void> {
  const league = await leagueHere(app, interaction);
  mustOrganise(interaction, league.settings);
  const changes = changesOf(league.settings, patch);
  if (changes.length === 0) {
    await interaction.reply({ content: 'Nothing changed: the league already has those settings.', ...privately });
    return;
  }
  const by = interaction.user.id;
  const name = `**${shown(displayName(interaction))}**`;
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: by, name: displayName(interaction) });
    await app.store.leagueSettings.set(league.id, patch);
    for (const c of changes)
      await app.store.leagueLog.add({ leagueId: league.id, by, kind: 'setting', subject: c.key, before: c.before as never, after: c.after as never });
    await postInLeague(app, league.id, [{ kind: 'text', content: changes.map((c) => changeLine(name, c)).join('\n') }]);
  });
  app.outbox.kickLeague?.();
  await interaction.reply({ content: `Saved. ${changes.map((c) => changeLine('You', c)).join(' ')}`, ...privately });
}

/** Every setting, as players read it. */
export function settingsText(name: string, s: LeagueSettingsRow): string {
  const keys = Object.keys(SETTING_NAMES).filter((k) => k !== 'standingsPost') as (keyof LeagueSettingsPatch)[];
  return [`**${shown(name)}**: the league's settings`, ...keys.map((k) => `• ${SETTING_NAMES[k]}: ${settingText(k, s[k])}`)].join('\n');
}

export async function showSettings(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const league = await leagueHere(app, interaction);
  await interaction.reply({ content: settingsText(league.name, league.settings), ...privately });
}

/**
 * A round limit is a setting of the games that play one: those played at the table (Sword and Claw,
 * ruling SC32). A Sellsword match ends at its VP target.
 */
export async function roundLimitAllowed(app: App, channelId: string): Promise<void> {
  const league = await app.store.leagues.get(channelId);
  const found = league ? rulesetOf(league.ruleset) : null;
  if (found?.ok && !found.ruleset.table)
    refuse('no-round-limit', `${found.ruleset.name} matches end at their VP target: a round limit is for Sword and Claw leagues.`);
}

export function pointsPatch(o: {
  points?: number | undefined;
  vp_target?: number | undefined;
  forfeit_score?: ForfeitScore | undefined;
  round_limit?: number | undefined;
}): LeagueSettingsPatch {
  if (o.points === undefined && o.vp_target === undefined && o.forfeit_score === undefined && o.round_limit === undefined)
    refuse('nothing-to-set', 'Give `points`, `vp_target`, `forfeit_score`, `round_limit`, or more than one.');
  return {
    // 0: no round limit.
    ...(o.round_limit !== undefined ? { roundLimit: o.round_limit === 0 ? null : o.round_limit } : {}),
    ...(o.forfeit_score !== undefined ? { forfeitScore: o.forfeit_score } : {}),
    ...(o.points !== undefined ? { points: o.points } : {}),
    // 0 goes back to the default: the smaller warband's points.
    ...(o.vp_target !== undefined ? { vpTarget: o.vp_target === 0 ? null : o.vp_target } : {}),
  };
}

export function clockPatch(o: {
  turn_hours?: number | undefined;
  prompt_hours?: number | undefined;
  reminders?: string | undefined;
  remind_before?: string | undefined;
  misses?: number | undefined;
  vacation_days?: number | undefined;
}): LeagueSettingsPatch {
  const patch: { -readonly [K in keyof LeagueSettingsPatch]: LeagueSettingsPatch[K] } = {};
  if (o.turn_hours !== undefined) patch.turnHours = o.turn_hours;
  if (o.prompt_hours !== undefined) patch.promptHours = o.prompt_hours;
  if (o.misses !== undefined) patch.maxMisses = o.misses;
  if (o.vacation_days !== undefined) patch.vacationDays = o.vacation_days;
  if (o.reminders !== undefined) {
    const percents = numberList(o.reminders, 1, 99);
    if (typeof percents === 'string') refuse('bad-reminders', `reminders: ${percents}. Give the share of the time as percentages, like \`50, 90\`.`);
    patch.remindAt = percents.map((p) => p / 100);
  }
  if (o.remind_before !== undefined) {
    const hours = numberList(o.remind_before, 0.25, 720);
    if (typeof hours === 'string') refuse('bad-reminders', `remind_before: ${hours}. Give hours before the deadline, like \`2, 12\`.`);
    patch.remindBeforeHours = hours;
  }
  if (Object.keys(patch).length === 0) refuse('nothing-to-set', 'Give at least one of the clock settings.');
  return patch;
}

/**
 * The league's map pool from what the organiser typed: ids separated by commas or spaces, or (a game
 * played at the table, its shipped and this server's submitted maps) names separated by commas; `any` clears it. Checked against the maps of the
 * league's game (map-library.ts `leagueMapIds`).
 */
export async function mapsPatch(app: App, guildId: string | null, channelId: string, text: string): Promise<LeagueSettingsPatch> {
  if (text.trim().toLowerCase() === 'any') return { maps: null };
  const league = await app.store.leagues.get(channelId);
  const found = league ? rulesetOf(league.ruleset) : null;
  const game = found?.ok ? found.ruleset : RULESETS[0]!;
  const names = new Set((await tableMapsHere(app, game, guildId)).map((m) => m.name.toLowerCase()));
  const typed = text
    .split(',')
    .map((piece) => piece.trim())
    .flatMap((piece) => (names.has(piece.toLowerCase()) ? [piece] : piece.split(/\s+/)))
    .filter((s) => s !== '');
  return { maps: await leagueMapIds(app, game, typed, guildId) };
}

export const settingChange = change;
