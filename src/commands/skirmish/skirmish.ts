/**
 * /skirmish: challenge, practice, accept, decline, status, log, concede, follow, view, entry, check, verify, export
 * replay and reopen.
 */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandModule } from '../command';
import { choice, nothingToChoose, suggest } from '../command';
import type { Choice } from '../../discord/choices';
import { DiscordLimit } from '../../discord/limits';
import { mapChoices } from '../map/map-library';
import { matchRecord } from '../../match/record';
import { gameOf, type MatchSnapshot } from '../../match/match-state';
import { booleanOption, choiceOption, integerOption, optionSet, textOption, userOption, subcommand } from '../option-spec';
import { accept, challenge, decline } from './skirmish-challenge';
import { practice } from './skirmish-practice';
import { opponentWarbandChoices } from './practice-warbands';
import { check, concede, entry, follow, log, status, unitChoiceName, view, viewAttackChoices, viewTargetChoices } from './skirmish-play';
import { refuse } from '../../match/user-error';
import { warbandChoices } from '../warband/warband-library';
import { exportFile, verify } from './skirmish-dice';
import { replay } from './skirmish-replay';
import { RULESETS, rulesetOf as findRuleset } from '../../rulesets';
import { tableGameOf } from '../../match/table-change';
import { armyChoices } from './table-challenge';

const rulesetOf = (id: string) => {
  const found = findRuleset(id);
  return found.ok ? found.ruleset : { table: undefined };
};
import { reopen } from './skirmish-reopen';

const warband = textOption({ name: 'warband', description: 'One of your saved warbands', required: true, autocomplete: true });
const points = integerOption({
  name: 'points',
  description: "Point cap and VP target (default: cap 121, target the smaller warband's points)",
  min: 20,
  max: 500,
});
const map = textOption({
  name: 'map',
  description: "The map (Sellsword default: one of the warbands' maps; Sword and Claw default: Reed Ford)",
  autocomplete: true,
  max: 60,
});

const rulesetChoice = choiceOption({
  name: 'ruleset',
  description: `The game (default ${RULESETS[0]!.name})`,
  choices: RULESETS.map((r) => ({ name: r.name, value: r.id })),
});

/** Each subcommand's options, defined once: registered from here, and parsed by the same definitions. */
const options = {
  challenge: optionSet(
    userOption({ name: 'opponent', description: 'Who you challenge', required: true }),
    warband,
    userOption({ name: 'opponent2', description: 'A second opponent, for a three-player match' }),
    userOption({ name: 'opponent3', description: 'A third opponent, for a four-player match' }),
    points,
    map,
    integerOption({ name: 'turn_hours', description: "Hours for each unit's turn (default 48)", min: 1, max: 720 }),
    integerOption({ name: 'prompt_hours', description: 'Hours for each reply, wound split or setup choice (default 24)', min: 1, max: 720 }),
    integerOption({ name: 'misses', description: 'Missed deadlines that forfeit the match (default 3)', min: 1, max: 20 }),
    rulesetChoice,
  ),
  practice: optionSet(
    warband,
    textOption({
      name: 'opponent_warband',
      description: "The bot's warband: a house warband or one of yours (default: a house warband near yours)",
      autocomplete: true,
    }),
    points,
    map,
    rulesetChoice,
  ),
  accept: optionSet(warband),
  log: optionSet(
    booleanOption({ name: 'since_last_act', description: 'Only what happened since your last act' }),
    integerOption({ name: 'page', description: 'Which page (1 is the start of the match)', min: 1, max: 1000 }),
  ),
  view: optionSet(
    textOption({ name: 'unit', description: 'Any unit, by its map label', required: true, autocomplete: true, max: 40 }),
    choiceOption({
      name: 'overlay',
      description: 'What to show (default: where it can move)',
      default: 'reach',
      choices: [
        { name: 'where it can move', value: 'reach' },
        { name: 'where it can maneuver', value: 'maneuver' },
        { name: 'what it can see', value: 'sight' },
        { name: 'attack preview', value: 'preview' },
        { name: 'just the map', value: 'none' },
      ],
    }),
    textOption({ name: 'attack', description: 'For a preview: the attack', autocomplete: true, max: 60 }),
    textOption({ name: 'target', description: 'For a preview: the target; for a burst, the square (or unit) it is centred on', autocomplete: true, max: 40 }),
  ),
  entry: optionSet(textOption({ name: 'square', description: 'Top-left square of the 2×2 tile, like B1', required: true, max: 8, autocomplete: true })),
  replay: optionSet(integerOption({ name: 'turn', description: 'Show this turn privately, with buttons to step (0 is the opening)', min: 0, max: 100000 })),
};

const data = {
  name: 'skirmish',
  description: 'Challenge, follow and play Sellsword matches',
  options: [
    subcommand('challenge', 'Challenge a player to a match (it gets its own thread)', options.challenge),
    subcommand('practice', 'Play a practice match against the bot (it gets its own thread)', options.practice),
    subcommand('accept', 'Accept the challenge in this thread', options.accept),
    subcommand('decline', 'Decline (or withdraw) the challenge in this thread'),
    subcommand('status', "The match's state: score, whose turn, every unit"),
    subcommand('log', 'The whole match, page by page, with its rolls (newest page first)', options.log),
    subcommand('concede', 'Give up this match'),
    subcommand('follow', 'Follow this match as a spectator'),
    subcommand('view', 'A private picture: where a unit can go, what it sees, or an attack or burst preview', options.view),
    subcommand('entry', 'Place your entry tile by typing its top-left square', options.entry),
    subcommand('check', 'Players and organisers: rebuild the match from its log and compare it with the saved state'),
    subcommand('verify', 'Check every roll of a finished match against the dice commitment posted before it began'),
    subcommand('export', 'The whole match as a file: setup, every event, and once it is over the dice’s secret'),
    subcommand('replay', 'Watch the match again: an animation of every turn, or one turn with its log', options.replay),
    subcommand('reopen', 'Carry on your paused match in a new thread (when the bot lost its old one)'),
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const skirmishCommand: CommandModule = {
  data,
  async run(interaction, app, { sub: name, values }) {
    switch (name) {
      case 'challenge':
        return challenge(interaction, app, options.challenge.parse(values));
      case 'accept':
        return accept(interaction, app, options.accept.parse(values));
      case 'practice':
        return practice(interaction, app, options.practice.parse(values));
      case 'decline':
        return decline(interaction, app);
      case 'status':
        return status(interaction, app);
      case 'log':
        return log(interaction, app, options.log.parse(values));
      case 'concede':
        return concede(interaction, app);
      case 'follow':
        return follow(interaction, app);
      case 'view':
        return view(interaction, app, options.view.parse(values));
      case 'entry':
        return entry(interaction, app, options.entry.parse(values).square);
      case 'check':
        return check(interaction, app);
      case 'verify':
        return verify(interaction, app);
      case 'export':
        return exportFile(interaction, app);
      case 'replay':
        return replay(interaction, app, options.replay.parse(values));
      case 'reopen':
        return reopen(interaction, app);
      default:
        return refuse('unknown-command', `Unknown subcommand ${String(name)}.`);
    }
  },
  async autocomplete(interaction, app, { focused, values }) {
    if (focused === 'warband') {
      // A game played through its table rules brings one of its armies: the one chosen in the challenge, or the thread's.
      const thread = typeof values.ruleset === 'string' ? null : await app.store.matches.byThread(interaction.channelId);
      const table = typeof values.ruleset === 'string' ? rulesetOf(values.ruleset).table : thread ? tableGameOf(thread)?.table : undefined;
      if (table) return armyChoices(table, values.warband);
      return warbandChoices(app, interaction.user.id, values.warband);
    }
    if (focused === 'opponent_warband') {
      const table = typeof values.ruleset === 'string' ? rulesetOf(values.ruleset).table : undefined;
      return table ? armyChoices(table, values.opponent_warband) : opponentWarbandChoices(app, interaction.user.id, values.opponent_warband);
    }
    if (focused === 'map') {
      // The game named in the command, else the one this channel's league plays: its maps are offered.
      const named = typeof values.ruleset === 'string' ? values.ruleset : (await app.store.leagues.get(interaction.channelId))?.ruleset;
      const game = named ? findRuleset(named) : undefined;
      return mapChoices(app, values.map, interaction.guildId, game?.ok ? game.ruleset : undefined);
    }
    const row = await app.store.matches.byThread(interaction.channelId);
    const snapshot = row ? matchRecord(row).snapshot : null;
    if (focused === 'square') return entryChoices(snapshot, interaction.user.id, values.square);
    const game = snapshot ? gameOf(snapshot) : null;
    if (!game) return [];
    if (focused === 'unit')
      return suggest(
        Object.values(game.units)
          .filter((u) => !u.dropped)
          .map((u) => choice(unitChoiceName(game, u), u.id)),
        values.unit,
      );
    const unit = String(values.unit ?? '').toLowerCase();
    if (!game.units[unit]) return [];
    if (focused === 'attack') return viewAttackChoices(game, unit, values.attack);
    if (focused === 'target') return viewTargetChoices(game, unit, values.attack, values.target);
    return [];
  },
};

/**
 * /skirmish entry's squares: every tile the entry prompt offers, by start area, those starting with what
 * is typed ("H" the tiles in column H). A tester typing a square saw only "like B1" where every other
 * option lists what is legal (playtest round 14).
 */
function entryChoices(snapshot: MatchSnapshot | null | undefined, user: string, typed: unknown): Choice[] {
  const prompt = snapshot?.stage === 'pregame' ? snapshot.pregame.prompt : null;
  if (prompt?.kind !== 'entry') return [nothingToChoose('nobody is placing an entry tile now', String(typed ?? ''))];
  if (prompt.player !== user) return [nothingToChoose('the entry tile to place now is not yours', String(typed ?? ''))];
  const q = String(typed ?? '')
    .trim()
    .toUpperCase();
  const tiles = prompt.options.areas.flatMap((a) => a.tiles.map((t) => choice(`${t} · start area ${a.area}`, t)));
  const found = tiles.filter((c) => String(c.value).startsWith(q)).slice(0, DiscordLimit.choices);
  return found.length > 0 ? found : [nothingToChoose(`no entry tile starts at "${q}": pick a square from the list`, q)];
}
