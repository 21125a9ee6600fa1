/**
 * The season commands of /league: `season start` and `season close` (organisers),
 * `join`, `leave` and `round`. Everything after sign-ups is the season runner's (season-runner.ts):
 * pairing, opening the matches, the next round, the final standings. Each change is one transaction
 * with its league posts, and the runner is kicked once it has committed.
 */
import { type APIApplicationCommandOption, ApplicationCommandOptionType as T, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { plannedRounds } from '../../league/season-plan';
import type { SeasonRow } from '../../store/rows';
import { threadTrouble } from '../skirmish/match-thread';
import type { App } from '../app';
import { discordTime, HOUR } from '../../clock/clock-terms';
import { forfeitWith } from '../../clock/deadline-actions';
import { waitsOf } from '../../clock/deadline-plan';
import { leagueHere, mustOrganise } from './league-access';
import type { ReadOptions } from '../options';
import { choiceOption, integerOption, optionSet, textOption } from '../option-spec';
import { save } from '../../match/saved';
import { plural } from '../../league/words';
import { checkPoints, committed, displayName } from '../skirmish/skirmish-challenge';
import { DEFAULT_POINTS } from '../../match/setup';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { loadWarband } from '../warband/warband-library';
import { OPEN_STATUSES } from '../../store';
import { seasonView } from '../../league/season-runner';
import { leagueProblems, warbandOfEntry } from './league-catalog';
import { bulletList } from '../../match/warband-check';
import { matchRecord } from '../../match/record';
import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { rulesetOf, type Ruleset, type TableRules } from '../../rulesets';
import { armyChoices, armyNamed, committedArmy } from '../skirmish/table-challenge';

/** A round lasts a week unless the organiser says otherwise. */
export const DEFAULT_ROUND_HOURS = 168;

const startArgs = optionSet(
  choiceOption({
    name: 'pairing',
    description: 'Swiss by rating (any size, the default) or round-robin (everyone meets everyone; small leagues)',
    choices: [
      { name: 'Swiss', value: 'swiss' },
      { name: 'round-robin', value: 'round-robin' },
    ],
    default: 'swiss',
  }),
  integerOption({ name: 'rounds', description: 'How many rounds (default: Swiss ⌈log₂ players⌉, round-robin a full cycle)', min: 1, max: 30 }),
  integerOption({
    name: 'signup_hours',
    description: 'Sign-ups close by themselves after this many hours (default: when an organiser closes them)',
    min: 1,
    max: 24 * 60,
  }),
  integerOption({ name: 'round_hours', description: `How long each round lasts (default ${DEFAULT_ROUND_HOURS} h, a week)`, min: 1, max: 24 * 60 }),
);
const joinArgs = optionSet(textOption({ name: 'warband', description: 'The saved warband you play the season with', required: true, autocomplete: true }));
const roundArgs = optionSet(integerOption({ name: 'number', description: 'Which round (default: the current one)', min: 1, max: 100 }));

/** The subcommands this file handles, as /league registers them. */
export const seasonSubcommands: APIApplicationCommandOption[] = [
  {
    type: T.SubcommandGroup,
    name: 'season',
    description: 'Run a season: sign-ups, then rounds the bot pairs and opens itself',
    options: [
      { type: T.Subcommand, name: 'start', description: 'Open sign-ups for a new season (organisers)', options: startArgs.json },
      { type: T.Subcommand, name: 'close', description: 'Close sign-ups now and pair round 1 (organisers)' },
    ],
  },
  { type: T.Subcommand, name: 'join', description: 'Sign up for the season with one of your saved warbands', options: joinArgs.json },
  { type: T.Subcommand, name: 'leave', description: 'Leave the season (once it runs, your open match is forfeited)' },
  { type: T.Subcommand, name: 'round', description: "A round's matches and how each stands", options: roundArgs.json },
];

/** Handles a season subcommand; false when `options` names another. */
export async function runSeasonCommand(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<boolean> {
  const { group, sub, values } = options;
  if (group === 'season' && sub === 'start') await start(interaction, app, startArgs.parse(values));
  else if (group === 'season' && sub === 'close') await close(interaction, app);
  else if (group === null && sub === 'join') await join(interaction, app, joinArgs.parse(values).warband);
  else if (group === null && sub === 'leave') await leave(interaction, app);
  else if (group === null && sub === 'round') await round(interaction, app, roundArgs.parse(values).number);
  else return false;
  return true;
}

const seasonLabel = (s: SeasonRow) => `Season ${s.number}`;

async function openSeason(app: App, leagueId: string, state?: SeasonRow['state']): Promise<SeasonRow> {
  const season = await app.store.seasons.open(leagueId);
  if (!season) refuse('no-season', 'This league has no season open. An organiser opens one with `/league season start`.');
  if (state && season.state !== state)
    refuse(
      state === 'signup' ? 'signups-closed' : 'not-running',
      state === 'signup' ? `Sign-ups for ${seasonLabel(season)} are closed: it is under way.` : `${seasonLabel(season)} has not started yet.`,
    );
  return season;
}

async function start(
  interaction: ChatInputCommandInteraction,
  app: App,
  o: { pairing: 'swiss' | 'round-robin'; rounds: number | undefined; signup_hours: number | undefined; round_hours: number | undefined },
): Promise<void> {
  const league = await leagueHere(app, interaction);
  mustOrganise(interaction, league.settings);
  if (await app.store.seasons.open(league.id)) refuse('season-open', 'This league already has a season open; it must end before the next starts.');
  const now = app.now();
  const signupDeadline = o.signup_hours === undefined ? null : now + o.signup_hours * HOUR;
  const roundHours = o.round_hours ?? DEFAULT_ROUND_HOURS;
  const season = await save(app, interaction, async () => {
    const made = await app.store.seasons.create({
      leagueId: league.id,
      pairing: o.pairing,
      rounds: o.rounds ?? null,
      roundHours,
      signupDeadline,
      settings: league.settings,
    });
    await app.store.leagueLog.add({
      leagueId: league.id,
      by: interaction.user.id,
      kind: 'season',
      subject: 'start',
      before: null,
      after: { pairing: o.pairing, rounds: o.rounds ?? null, roundHours, signupDeadline },
    });
    return made;
  });
  const closes =
    signupDeadline === null
      ? 'An organiser closes sign-ups with `/league season close`.'
      : `Sign-ups close ${discordTime(signupDeadline, 'f')} (${discordTime(signupDeadline, 'R')}).`;
  const rounds = o.rounds === undefined ? (o.pairing === 'swiss' ? 'as many rounds as the field needs' : 'everyone meets everyone') : plural(o.rounds, 'round');
  await interaction.reply({
    content: `📣 **${seasonLabel(season)}** of **${shown(league.name)}** is open for sign-ups: ${o.pairing === 'swiss' ? 'Swiss by rating' : 'round-robin'}, ${rounds}, ${roundHours} h a round. Join with \`/league join warband:\`. ${closes} The bot pairs each round and opens its matches itself.`,
    allowedMentions: { parse: [] },
  });
}

async function close(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const league = await leagueHere(app, interaction);
  mustOrganise(interaction, league.settings);
  const season = await openSeason(app, league.id, 'signup');
  const entries = (await app.store.seasons.entries(season.id)).filter((e) => e.removed === null);
  if (entries.length < 2) refuse('too-few-players', `${entries.length === 0 ? 'Nobody has' : 'Only one player has'} signed up yet; a season needs two.`);
  // Sign-ups close now: the runner pairs round 1 as it would at a deadline.
  await save(app, interaction, () => app.store.seasons.setSignupDeadline(season.id, app.now()));
  await interaction.reply({
    content: `Sign-ups for **${seasonLabel(season)}** are closed: ${entries.length} players. Round 1 is being paired.`,
    allowedMentions: { parse: [] },
  });
  app.seasons?.kick();
}

/** `warband:` suggestions for `/league join`: the league's game's armies when it is played at the table, else the player's saved warbands. */
export async function joinChoices(
  app: App,
  channelId: string,
  typed: unknown,
  saved: () => Promise<ApplicationCommandOptionChoiceData[]> | ApplicationCommandOptionChoiceData[],
): Promise<ApplicationCommandOptionChoiceData[]> {
  const league = await app.store.leagues.get(channelId);
  const game = league ? leagueGame(league.ruleset) : null;
  return game ? armyChoices(game.table, typed) : saved();
}

async function join(interaction: ChatInputCommandInteraction, app: App, name: string): Promise<void> {
  const league = await leagueHere(app, interaction);
  const season = await openSeason(app, league.id);
  const me = interaction.user.id;
  const again = await app.store.seasons.entry(season.id, me);
  // Once the season runs, only its players may join again: to change the warband of their next matches.
  if (season.state === 'running' && (!again || again.removed !== null))
    refuse('signups-closed', `Sign-ups for ${seasonLabel(season)} are closed: it is under way.`);
  const game = leagueGame(league.ruleset);
  if (game) return joinWithArmy(interaction, app, season, game, name, again);
  // The warband check a challenge makes, with the league's point cap, then the league's catalog version.
  const warband = await loadWarband(app, me, name);
  const points = league.settings.points ?? DEFAULT_POINTS;
  checkPoints(warband, points, 'this league');
  const problems = await leagueProblems(app, league.settings, warbandOfEntry(committed(warband)));
  if (problems.length > 0)
    refuse(
      'warband-not-legal',
      `**${shown(warband.row.name)}** breaks this league's warband rules (catalog ${shown(league.settings.catalogVersion ?? 'as shipped')}):\n${bulletList(problems.map((p) => `${p.charAt(0).toUpperCase()}${p.slice(1)}.`))}`,
    );
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: me, name: displayName(interaction) });
    await app.store.seasons.join({ seasonId: season.id, player: me, warbandId: warband.row.id, warband: committed(warband) as never, joined: app.now() });
  });
  const count = (await app.store.seasons.entries(season.id)).filter((e) => e.removed === null).length;
  await interaction.reply({
    content: `${again && again.removed === null ? '🔁' : '✍️'} **${shown(displayName(interaction))}** ${again && again.removed === null ? 'changes their warband for' : 'joins'} **${seasonLabel(season)}** with **${shown(warband.row.name)}** (${warband.faction}, ${warband.points} points). ${count} signed up.`,
    allowedMentions: { parse: [] },
  });
}

/** The league's game when it is played at the table (rulesets/ruleset.ts `TableRules`); null for the default game's leagues. */
function leagueGame(ruleset: string): { rules: Ruleset; table: TableRules } | null {
  const found = rulesetOf(ruleset);
  return found.ok && found.ruleset.table ? { rules: found.ruleset, table: found.ruleset.table } : null;
}

/** Joins a season of a league played at the table with one of its game's armies (the game's sample armies for now). */
async function joinWithArmy(
  interaction: ChatInputCommandInteraction,
  app: App,
  season: SeasonRow,
  game: { rules: Ruleset; table: TableRules },
  name: string,
  again: { removed: number | null } | undefined,
): Promise<void> {
  const me = interaction.user.id;
  const army = armyNamed(game.table, game.rules, name);
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: me, name: displayName(interaction) });
    await app.store.seasons.join({ seasonId: season.id, player: me, warbandId: null, warband: committedArmy(army) as never, joined: app.now() });
  });
  const count = (await app.store.seasons.entries(season.id)).filter((e) => e.removed === null).length;
  const changes = again !== undefined && again.removed === null;
  await interaction.reply({
    content: `${changes ? '🔁' : '✍️'} **${shown(displayName(interaction))}** ${changes ? 'changes their army for' : 'joins'} **${seasonLabel(season)}** with **${shown(army.name)}** (${army.faction}, ${army.points} points). ${count} signed up.`,
    allowedMentions: { parse: [] },
  });
}

async function leave(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const league = await leagueHere(app, interaction);
  const season = await openSeason(app, league.id);
  const me = interaction.user.id;
  const entry = await app.store.seasons.entry(season.id, me);
  if (!entry || entry.removed !== null) refuse('not-in-season', `You are not in ${seasonLabel(season)}.`);
  const open =
    season.state === 'running' ? (await app.store.seasons.pairings(season.id)).flatMap((p) => (p.matchId && p.players.includes(me) ? [p.matchId] : [])) : [];
  const forfeited = await save(app, interaction, async () => {
    await app.store.seasons.removeEntry(season.id, me, app.now());
    const ended: string[] = [];
    for (const id of open) {
      const row = await app.store.matches.get(id);
      if (!row || !(OPEN_STATUSES as readonly string[]).includes(row.status) || !matchRecord(row).setup) continue;
      await forfeitWith(app, row, me, 'withdrawn', (n) => `🚪 ${n} left the season, so ${n} forfeits the match.`);
      ended.push(id);
    }
    return ended;
  });
  for (const id of forfeited) app.outbox.kick(id);
  await interaction.reply({
    content: `🚪 You left **${seasonLabel(season)}**.${forfeited.length ? ` Your open match is forfeited.` : ''}`,
    flags: MessageFlags.Ephemeral,
  });
  app.seasons?.kick();
}

/** How a pairing's match stands, in a few words. */
async function pairingState(app: App, matchId: string | null, bye: boolean): Promise<string> {
  if (bye) return 'bye';
  if (!matchId) return 'being opened';
  const row = await app.store.matches.get(matchId);
  if (!row) return 'gone';
  if (!row.threadId && row.status === 'challenged') {
    const trouble = threadTrouble(app, row.id);
    return trouble ? `waiting for its thread (${trouble.tries} ${trouble.tries === 1 ? 'try' : 'tries'}): ${trouble.reason}` : 'being opened';
  }
  const thread = row.threadId ? ` <#${row.threadId}>` : '';
  if (row.status === 'over') {
    const names = matchRecord(row).setup?.names ?? {};
    return row.winner ? `won by ${shown(names[row.winner] ?? row.winner)}${thread}` : `drawn${thread}`;
  }
  if (row.status === 'setup') {
    const waiting = waitsOf(row)[0]?.player;
    return `in setup${waiting ? `, waiting on <@${waiting}>` : ''}${thread}`;
  }
  if (row.status === 'playing') {
    const waiting = waitsOf(row)[0]?.player;
    return `playing${waiting ? `, waiting on <@${waiting}>` : ''}${thread}`;
  }
  return row.status;
}

async function round(interaction: ChatInputCommandInteraction, app: App, number: number | undefined): Promise<void> {
  const league = await leagueHere(app, interaction);
  const season = (await app.store.seasons.open(league.id)) ?? (await app.store.seasons.latest(league.id));
  if (!season) refuse('no-season', 'This league has had no season yet.');
  const rounds = await app.store.seasons.rounds(season.id);
  if (rounds.length === 0) {
    const count = (await app.store.seasons.entries(season.id)).filter((e) => e.removed === null).length;
    refuse(
      'no-round',
      `${seasonLabel(season)} has no round yet: ${count} signed up, sign-ups ${season.signupDeadline ? `close ${discordTime(season.signupDeadline, 'R')}` : 'are open'}.`,
    );
  }
  const r =
    number === undefined
      ? rounds.at(-1)!
      : (rounds.find((x) => x.number === number) ?? refuse('no-round', `${seasonLabel(season)} has rounds 1 to ${rounds.length}.`));
  const { view } = await seasonView(app, season);
  const of = plannedRounds(view, view.entrants.length);
  const pairings = await app.store.seasons.pairings(season.id, r.number);
  const lines: string[] = [];
  for (const p of pairings) {
    const who = p.players.map((x) => `<@${x}>`).join(' vs ');
    lines.push(`• ${p.bye ? '' : `Table ${p.table}: `}${who}: ${await pairingState(app, p.matchId, p.bye)}`);
  }
  const when = r.ended !== null ? 'over' : r.deadline !== null ? `ends ${discordTime(r.deadline, 'f')} (${discordTime(r.deadline, 'R')})` : 'under way';
  await interaction.reply({
    content: `📋 **${seasonLabel(season)}, round ${r.number} of ${of}** (${when}):\n${lines.join('\n')}`,
    allowedMentions: { parse: [] },
  });
}
