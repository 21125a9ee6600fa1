/**
 * /games: a private list of every open match the player is in, the ones waiting on them first, each
 * with whose move it is, the deadline as a Discord timestamp and a link to the thread; a button per
 * match opens its catch-up digest (what happened since the player's last move), also privately.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type MessageActionRowComponentBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { OPEN_STATUSES, type DeadlineRow, type MatchRow } from '../../store';
import type { App } from '../app';
import { discordTime } from '../../clock/clock-terms';
import type { CommandModule } from '../command';
import { timeoutOf, waitsOf } from '../../clock/deadline-plan';
import { gameOf } from '../../match/match-state';
import { logView } from '../skirmish/log-pages';
import { shown, unshown, clip } from '../../discord/text';
import { encodeComponentId } from '../codec';
import type { Row } from '../prompts/prompt-components';
import { refuse } from '../../match/user-error';
import { limitsText, vacationLimits } from '../../clock/vacation-limits';
import { waitWords } from '../../clock/wait-words';
import { matchRecord } from '../../match/record';
import { storedNames } from '../../store';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

const titleOf = async (app: App, row: MatchRow) => {
  const { setup } = matchRecord(row);
  const name = await storedNames(app.store, row.players);
  return row.players.map((p) => shown(setup?.names[p] ?? name(p))).join(' vs ');
};

export interface GameLine {
  readonly row: MatchRow;
  readonly mine: boolean;
  readonly due: number | null;
  readonly text: string;
}

/** The player's open matches, waiting on them first, then by deadline. */
export async function gameLines(app: App, user: string): Promise<GameLine[]> {
  const rows = await app.store.matches.forPlayer(user, { status: OPEN_STATUSES });
  const pending = await app.store.deadlines.pendingOf(rows.map((r) => r.id));
  const paused = new Map((await app.store.pauses.among(rows.map((r) => r.id))).map((p) => [p.matchId, p]));
  const byMatch = new Map<string, DeadlineRow[]>();
  for (const d of pending) byMatch.set(d.matchId, [...(byMatch.get(d.matchId) ?? []), d]);
  const lines = await Promise.all(
    rows.map(async (row): Promise<GameLine> => {
      const pause = paused.get(row.id);
      if (pause) {
        // Nothing runs on a paused match's clock, so it is nobody's move until it is reopened.
        const where = `Run \`/skirmish reopen\` in <#${row.channelId}> to carry on.`;
        return { row, mine: false, due: null, text: `⏸ **${await titleOf(app, row)}** is paused: the bot lost its thread (${pause.reason}). ${where}` };
      }
      const waits = waitsOf(row);
      const mine = waits.some((w) => w.player === user);
      const wait = waits.find((w) => w.player === user) ?? waits[0];
      const timeout = wait ? timeoutOf(byMatch.get(row.id) ?? [], wait.player) : undefined;
      const due = timeout?.due ?? null;
      const what = wait ? waitWords(row, wait) : 'Nothing is waiting.';
      const when = due !== null ? ` Deadline ${discordTime(due, 'R')}.` : '';
      // The thread's link shows its name, which is the match's title: said once.
      const title = row.threadId ? `<#${row.threadId}>` : `**${await titleOf(app, row)}**`;
      return { row, mine, due, text: `${mine ? '🔔 **Your move** · ' : ''}${title}: ${what}${when}` };
    }),
  );
  return lines.sort((a, b) => Number(b.mine) - Number(a.mine) || (a.due ?? Infinity) - (b.due ?? Infinity));
}

async function games(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const me = interaction.user.id;
  const now = app.now();
  const lines = await gameLines(app, me);
  const away = await app.store.vacations.current(me, now);
  const limits = await vacationLimits(app.store, me, now);
  const footer = [
    away ? `🏖️ You are away until ${discordTime(away.until, 'f')}.` : null,
    limitsText(limits),
    `Reminders by DM: ${(await app.store.notify.dms(me)) ? 'on' : 'off'} (\`/notify\`).`,
  ].filter(Boolean);
  if (lines.length === 0) {
    await interaction.reply({ content: ['You are in no open match. Challenge someone with `/skirmish challenge`.', ...footer].join('\n'), ...privately });
    return;
  }
  const listed = lines.slice(0, 25);
  const body = listed.map((l, i) => `${i + 1}. ${l.text}`);
  const content = [
    `**Your open matches** (${lines.length}):`,
    ...body,
    ...(lines.length > listed.length ? [`…and ${lines.length - listed.length} more.`] : []),
    '',
    ...footer,
  ].join('\n');
  await interaction.reply({
    content: clip(content, 'content'),
    components: digestButtons(
      await Promise.all(
        listed.map(async (l, i) => ({ label: `📜 ${i + 1}. Catch up: ${unshown(await titleOf(app, l.row))}`, match: l.row.id, seq: l.row.seq })),
      ),
    ),
    ...privately,
  });
}

/** One "catch up" button per match, 5 to a row (25 at most, Discord's limit). */
function digestButtons(buttons: readonly { label: string; match: string; seq: number }[]): Row[] {
  const rows: Row[] = [];
  buttons.slice(0, 25).forEach((b, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>());
    rows.at(-1)!.addComponents(
      new ButtonBuilder()
        .setCustomId(encodeComponentId({ action: 'digest', match: b.match, seq: b.seq, arg: '' }))
        .setLabel(clip(b.label, 'buttonLabel'))
        .setStyle(ButtonStyle.Secondary),
    );
  });
  return rows;
}

/**
 * The catch-up digest of one match for a player: what it waits for now and by when, then the match
 * log since the player's last act (`/skirmish log since_last_act:True`, with its paging buttons).
 */
export async function digest(app: App, row: MatchRow, user: string): Promise<{ content: string; components: Row[] }> {
  const title = `📜 **${await titleOf(app, row)}**${row.threadId ? ` (<#${row.threadId}>)` : ''}`;
  const wait = waitsOf(row)[0];
  const timeout = wait ? timeoutOf(await app.store.deadlines.pending(row.id), wait.player) : undefined;
  const now = `**Now:** ${wait ? `${waitWords(row, wait)}${timeout ? ` Deadline ${discordTime(timeout.due, 'R')}.` : ''}` : 'The match is over.'}`;
  const { snapshot } = matchRecord(row);
  if (!snapshot || !gameOf(snapshot)) return { content: [title, now, 'The battle has not begun yet.'].join('\n'), components: [] };
  const log = await logView(app.store, row, user, { since: 'me', page: null });
  const content = [title, now, log.content].join('\n');
  return { content: clip(content, 'content'), components: log.components };
}

/** A "catch up" button from /games. */
export async function showDigest(interaction: ButtonInteraction, app: App, matchId: string): Promise<void> {
  const row = await app.store.matches.get(matchId);
  if (!row) refuse('no-such-match', 'That match no longer exists.');
  if (!row.players.includes(interaction.user.id)) refuse('not-a-player', 'That is not one of your matches.');
  const made = await digest(app, row, interaction.user.id);
  await interaction.reply({ content: made.content, components: made.components, ...privately });
}

export const gamesCommand: CommandModule = {
  data: {
    name: 'games',
    description: 'Your open matches: where you are needed, deadlines, and a catch-up for each',
  } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody,
  run: (interaction, app) => games(interaction, app),
};
