/**
 * /league (issue 14). This branch (season) brings the season subcommands (league-season.ts); the
 * league branch brings the rest (create, settings, standings, profile, organiser tools). When the two
 * meet, this file becomes theirs with `seasonSubcommands` added to its options and
 * `runSeasonCommand` tried first in its handler.
 */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandModule } from './command';
import { runSeasonCommand, seasonSubcommands } from './league-season';
import { refuse } from './user-error';
import { warbandChoices } from './warband-library';

export const leagueCommand: CommandModule = {
  data: {
    name: 'league',
    description: "This channel's league: seasons, rounds and results",
    options: [...seasonSubcommands],
  } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody,
  async run(interaction, app, options) {
    if (await runSeasonCommand(interaction, app, options)) return;
    return refuse('unknown-command', `Unknown subcommand ${String(options.sub)}.`);
  },
  autocomplete(interaction, app, { sub, focused, values }) {
    if (sub === 'join' && focused === 'warband') return warbandChoices(app, interaction.user.id, values.warband);
    return [];
  },
};
