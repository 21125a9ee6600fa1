/**
 * /vacation start and end, and /notify (docs/playing.md "Vacation", "Reminders"). A vacation pauses
 * the player's clocks in every match: each deadline waiting on them moves by the time away (a wait that
 * begins while they are away starts its clock when they are back), and each thread is told. Ending
 * early gives back the unused days. Each league the player plays in holds the vacation to its own
 * allowance (vacation-limits.ts).
 */
import {
  ApplicationCommandOptionType as T,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { OPEN_STATUSES, type MatchRow } from '../../store';
import type { App } from '../app';
import { DAY, DEFAULT_CLOCK, discordTime, MAX_VACATION_DAYS } from '../../clock/clock-terms';
import { daysCharged, limitsText, vacationLimits } from '../../clock/vacation-limits';
import { plural } from '../../league/words';
import type { CommandModule } from '../command';
import { booleanOption, integerOption, optionSet } from '../option-spec';
import { save } from '../../match/saved';
import { enqueue } from '../../match/table';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { matchRecord } from '../../match/record';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

const nameOf = async (app: App, user: string, row: MatchRow) => shown(matchRecord(row).setup?.names[user] ?? (await app.store.players.get(user))?.name ?? user);

/** Posts a line in the thread of every open match of the player; returns how many. */
async function tellThreads(app: App, user: string, line: (name: string) => string): Promise<string[]> {
  const rows = await app.store.matches.forPlayer(user, { status: OPEN_STATUSES });
  for (const row of rows) await enqueue(app, row, [{ kind: 'text', content: line(await nameOf(app, user, row)) }]);
  return rows.map((r) => r.id);
}

async function start(interaction: ChatInputCommandInteraction, app: App, days: number): Promise<void> {
  const me = interaction.user.id;
  const now = app.now();
  const away = await app.store.vacations.current(me, now);
  if (away) refuse('already-away', `You are already away until ${discordTime(away.until, 'f')}. \`/vacation end\` ends it.`);
  const limits = await vacationLimits(app.store, me, now);
  const over = limits.find((l) => l.used + days > l.allowance);
  if (over)
    refuse(
      'no-days-left',
      `${over.league ? `**${over.league}** allows` : 'Matches outside a league allow'} ${plural(over.allowance, 'vacation day')} ${over.period === 'this season' ? 'a season' : 'a year'}; you have ${over.allowance - over.used} left (${over.used} used), not ${days}.${limits.length > 1 ? " A vacation pauses all your matches, so it must fit each league's limit." : ''}`,
    );
  const until = now + days * DAY;
  const { moved, told } = await save(app, interaction, async () => {
    await app.store.vacations.add({ userId: me, days, start: now, until });
    const moved = await app.store.deadlines.shift(me, days * DAY);
    const told = await tellThreads(
      app,
      me,
      (name) =>
        `🏖️ **${name}** is away until ${discordTime(until, 'f')} (${discordTime(until, 'R')}): their deadlines move by ${days} day${days === 1 ? '' : 's'}.`,
    );
    return { moved, told };
  });
  for (const id of told) app.outbox.kick(id);
  await interaction.reply({
    content: `🏖️ You are away until ${discordTime(until, 'f')}. Your deadlines in ${moved.length} match${moved.length === 1 ? '' : 'es'} moved by ${days} day${days === 1 ? '' : 's'}; a wait that begins meanwhile starts its clock when you are back. ${limitsText(limits.map((l) => ({ ...l, used: l.used + days })))} \`/vacation end\` comes back early and gives back the days not begun.`,
    ...privately,
  });
}

async function end(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const me = interaction.user.id;
  const now = app.now();
  const away = await app.store.vacations.current(me, now);
  if (!away) refuse('not-away', 'You are not on vacation.');
  const early = away.until - now;
  const told = await save(app, interaction, async () => {
    if (!(await app.store.vacations.end(away.id, now))) refuse('not-away', 'You are not on vacation.');
    // Each deadline moved by the whole vacation at its start (or began at its end): take back the time not spent away.
    await app.store.deadlines.shift(me, -early);
    return tellThreads(app, me, (name) => `🏖️ **${name}** is back: their deadlines run again from now.`);
  });
  for (const id of told) app.outbox.kick(id);
  const charged = daysCharged({ ...away, ended: now });
  const limits = await vacationLimits(app.store, me, now);
  await interaction.reply({
    content: `Welcome back. This vacation counts ${charged} day${charged === 1 ? '' : 's'}; ${away.days - charged} ${away.days - charged === 1 ? 'is' : 'are'} given back. ${limitsText(limits)}`,
    ...privately,
  });
}

const startArgs = optionSet(
  integerOption({
    name: 'days',
    description: `How many days (each of your leagues' allowance applies; ${DEFAULT_CLOCK.vacationDays} a year outside leagues)`,
    required: true,
    min: 1,
    max: MAX_VACATION_DAYS,
  }),
);
const notifyArgs = optionSet(booleanOption({ name: 'dms', description: 'Also send reminders as direct messages', required: true }));

export const vacationCommand: CommandModule = {
  data: {
    name: 'vacation',
    description: 'Pause your clocks in every match while you are away',
    options: [
      {
        type: T.Subcommand,
        name: 'start',
        description: 'Go away for some days: your deadlines move by that much',
        options: startArgs.json,
      },
      { type: T.Subcommand, name: 'end', description: 'Come back early: the days not begun are given back' },
    ],
  } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody,
  async run(interaction, app, { sub, values }) {
    if (sub === 'start') return start(interaction, app, startArgs.parse(values).days);
    if (sub === 'end') return end(interaction, app);
    return refuse('unknown-command', `Unknown subcommand ${String(sub)}.`);
  },
};

export const notifyCommand: CommandModule = {
  data: {
    name: 'notify',
    description: 'How the bot reminds you of deadlines',
    options: notifyArgs.json,
  } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody,
  async run(interaction, app, { values }) {
    const { dms } = notifyArgs.parse(values);
    await save(app, interaction, () => app.store.notify.setDms(interaction.user.id, dms));
    await interaction.reply({
      content: dms
        ? "🔔 Reminders now also come to you by direct message (Discord must allow DMs from this server's members). Every reminder is still posted in the match thread."
        : '🔕 Reminders come only in the match threads, with a ping.',
      ...privately,
    });
  },
};
