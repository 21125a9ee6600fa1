/**
 * /league: making a channel a league and setting its rules, its standings, players' profiles and the
 * organisers' tools (docs/leagues.md). Seasons and pairings add their own subcommands here.
 */
import { ApplicationCommandOptionType as T, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandModule } from '../command';
import { MAX_VACATION_DAYS } from '../../clock/clock-terms';
import { clockPatch, createLeague, mapsPatch, pointsPatch, roundLimitAllowed, settingChange, showSettings } from './league-settings';
import { booleanOption, choiceOption, integerOption, optionSet, roleOption, textOption, userOption, subcommand } from '../option-spec';
import { catalogChange } from './league-catalog';
import { profile } from './league-profile';
import { award, exportSeason, extend, overturn, removePlayer } from './league-organiser';
import { runSeasonCommand, seasonSubcommands } from './league-season';
import { refuse } from '../../match/user-error';
import { standings } from './league-standings';
import { warbandChoices } from '../warband/warband-library';
import { RULESETS } from '../../rulesets';
import { joinChoices } from './league-season';

const options = {
  create: optionSet(
    textOption({ name: 'name', description: 'The league’s name', required: true, max: 80, asName: true }),
    choiceOption({
      name: 'ruleset',
      description: `The game the league plays (default ${RULESETS[0]!.name})`,
      choices: RULESETS.map((r) => ({ name: r.name, value: r.id })),
    }),
  ),
  points: optionSet(
    integerOption({ name: 'points', description: 'Point cap of every warband', min: 20, max: 500 }),
    integerOption({ name: 'vp_target', description: "VP to win (0: the smaller warband's points)", min: 0, max: 1000 }),
    choiceOption({
      name: 'forfeit_score',
      description: 'How a forfeit counts for VP difference',
      choices: [
        { name: 'The forfeiting player loses by the VP target', value: 'target' },
        { name: 'The VP as they stood', value: 'as-played' },
      ],
    }),
    integerOption({ name: 'round_limit', description: 'Sword and Claw: the last round, won on points after it (0: none)', min: 0, max: 100 }),
  ),
  clock: optionSet(
    integerOption({ name: 'turn_hours', description: "Hours for each unit's turn", min: 1, max: 720 }),
    integerOption({ name: 'prompt_hours', description: 'Hours for each reply, wound split or setup choice', min: 1, max: 720 }),
    textOption({ name: 'reminders', description: 'Reminders at these shares of the time, in %, like "50, 90"', max: 40 }),
    textOption({ name: 'remind_before', description: 'And this many hours before the deadline, like "2, 12"', max: 40 }),
    integerOption({ name: 'misses', description: 'Missed deadlines that forfeit a match', min: 1, max: 20 }),
    integerOption({ name: 'vacation_days', description: 'Vacation days each player has per season', min: 0, max: MAX_VACATION_DAYS }),
  ),
  maps: optionSet(textOption({ name: 'maps', description: 'Map ids, comma-separated, or "any"', required: true, max: 400 })),
  catalog: optionSet(textOption({ name: 'version', description: 'The catalog version the league plays with', required: true, max: 40 })),
  challenges: optionSet(booleanOption({ name: 'free', description: 'Players may challenge freely (false: only the season’s pairings)', required: true })),
  standings: optionSet(booleanOption({ name: 'pin', description: 'Organisers: post standings the bot keeps up to date after every result', default: false })),
  profile: optionSet(userOption({ name: 'player', description: 'Whose profile (default: yours)' })),
  award: optionSet(
    textOption({ name: 'reason', description: 'Why (told in the league channel and logged)', required: true, max: 300 }),
    userOption({ name: 'winner', description: 'Who wins (leave out for a draw)' }),
  ),
  overturn: optionSet(textOption({ name: 'reason', description: 'Why (told in the league channel and logged)', required: true, max: 300 })),
  remove: optionSet(
    userOption({ name: 'player', description: 'Who leaves the league', required: true }),
    textOption({ name: 'reason', description: 'Why (told in the league channel and logged)', required: true, max: 300 }),
  ),
  extend: optionSet(
    integerOption({ name: 'hours', description: 'How many hours every waiting deadline moves', required: true, min: 1, max: 720 }),
    textOption({ name: 'reason', description: 'Why (told in the thread and logged)', max: 300 }),
  ),
  organiserRole: optionSet(roleOption({ name: 'role', description: 'Members with this role organise the league (leave out to clear)' })),
};

const data = {
  name: 'league',
  description: 'Leagues: settings, standings, profiles and organiser tools',
  options: [
    subcommand('create', 'Organisers: make this channel a league', options.create),
    subcommand('profile', "A player's record, rating and trend, favourite units and reliability", options.profile),
    subcommand('award', "Organisers, in a match's thread: set its result (a winner, or a draw)", options.award),
    subcommand('overturn', "Organisers, in a match's thread: its result no longer counts", options.overturn),
    subcommand('remove', 'Organisers: remove a player; their open matches here are forfeited', options.remove),
    subcommand('extend', "Organisers, in a match's thread: move its waiting deadlines later", options.extend),
    subcommand('export', 'Organisers: the season as CSV and JSON files'),
    subcommand('standings', "The season's table: played, won, drawn, lost, forfeits, VP difference, rating", options.standings),
    {
      type: T.SubcommandGroup,
      name: 'settings',
      description: "The league's rules for its matches",
      options: [
        subcommand('show', "Every setting of this channel's league"),
        subcommand('points', 'Organisers: the point cap, VP target and round limit', options.points),
        subcommand('clock', 'Organisers: deadlines, reminders, misses and vacation days', options.clock),
        subcommand('maps', 'Organisers: the maps league matches may be played on', options.maps),
        subcommand('catalog', 'Organisers: the catalog version the league plays with', options.catalog),
        subcommand('challenges', 'Organisers: free challenges, or only the season’s pairings', options.challenges),
        subcommand('organiser_role', 'Organisers: the role whose members also organise the league', options.organiserRole),
      ],
    },
    // Seasons: sign-ups, pairings and rounds (league-season.ts).
    ...seasonSubcommands,
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const leagueCommand: CommandModule = {
  data,
  async run(interaction, app, read) {
    const { group, sub: name, values } = read;
    if (await runSeasonCommand(interaction, app, read)) return;
    if (group === 'settings') {
      switch (name) {
        case 'show':
          return showSettings(interaction, app);
        case 'points': {
          const o = options.points.parse(values);
          if (o.round_limit !== undefined) await roundLimitAllowed(app, interaction.channelId);
          return settingChange(interaction, app, pointsPatch(o));
        }
        case 'clock':
          return settingChange(interaction, app, clockPatch(options.clock.parse(values)));
        case 'maps':
          return settingChange(interaction, app, await mapsPatch(app, interaction.guildId, interaction.channelId, options.maps.parse(values).maps));
        case 'catalog':
          // The warbands registered in the season are checked again (league-catalog.ts).
          return catalogChange(interaction, app, options.catalog.parse(values).version);
        case 'challenges':
          return settingChange(interaction, app, { freeChallenges: options.challenges.parse(values).free });
        case 'organiser_role':
          return settingChange(interaction, app, { organiserRole: options.organiserRole.parse(values).role ?? null });
      }
    }
    switch (name) {
      case 'create':
        return createLeague(interaction, app, options.create.parse(values));
      case 'award':
        return award(interaction, app, options.award.parse(values));
      case 'overturn':
        return overturn(interaction, app, options.overturn.parse(values));
      case 'remove':
        return removePlayer(interaction, app, options.remove.parse(values));
      case 'extend':
        return extend(interaction, app, options.extend.parse(values));
      case 'export':
        return exportSeason(interaction, app);
      case 'profile':
        return profile(interaction, app, options.profile.parse(values));
      case 'standings':
        return standings(interaction, app, options.standings.parse(values));
      default:
        return refuse('unknown-command', `Unknown subcommand ${String(name)}.`);
    }
  },
  autocomplete(interaction, app, { sub: name, focused, values }) {
    if (name === 'join' && focused === 'warband')
      return joinChoices(app, interaction.channelId, values.warband, () => warbandChoices(app, interaction.user.id, values.warband));
    return [];
  },
};
