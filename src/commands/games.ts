/**
 * /games: a private list of every open match the player is in, the ones waiting on them first, each
 * with whose move it is, the deadline as a Discord timestamp and a link to the thread; a button per
 * match opens its catch-up digest (what happened since the player's last move), also privately.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type MessageActionRowComponentBuilder, type ButtonInteraction, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { apply, type GameEvent } from '../engine/events';
import { eventSentences } from '../render';
import { OPEN_STATUSES, type DeadlineRow, type MatchRow } from '../store';
import type { App } from './app';
import { discordTime } from './clock-terms';
import type { CommandModule } from './command';
import { timeoutOf, waitsOf } from './deadline-plan';
import { gameOf, rebuildMatch, type MatchEvent, type MatchSetup, type MatchSnapshot } from './match-state';
import { encodeComponentId } from './codec';
import type { Row } from './prompt-components';
import { refuse } from './user-error';
import { vacationDays } from './vacation';
import { waitWords } from './wait-words';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

const titleOf = (app: App, row: MatchRow) => row.players.map((p) => (row.setup as MatchSetup | null)?.names[p] ?? app.store.players.get(p)?.name ?? p).join(' vs ');

export interface GameLine {
  readonly row: MatchRow;
  readonly mine: boolean;
  readonly due: number | null;
  readonly text: string;
}

/** The player's open matches, waiting on them first, then by deadline. */
export function gameLines(app: App, user: string): GameLine[] {
  const rows = app.store.matches.forPlayer(user, { status: OPEN_STATUSES });
  const pending = app.store.deadlines.pendingOf(rows.map((r) => r.id));
  const byMatch = new Map<string, DeadlineRow[]>();
  for (const d of pending) byMatch.set(d.matchId, [...(byMatch.get(d.matchId) ?? []), d]);
  const lines = rows.map((row): GameLine => {
    const waits = waitsOf(row);
    const mine = waits.some((w) => w.player === user);
    const wait = waits.find((w) => w.player === user) ?? waits[0];
    const timeout = wait ? timeoutOf(byMatch.get(row.id) ?? [], wait.player) : undefined;
    const due = timeout?.due ?? null;
    const what = wait ? waitWords(row, wait) : 'Nothing is waiting.';
    const when = due !== null ? ` Deadline ${discordTime(due, 'R')}.` : '';
    const link = row.threadId ? ` <#${row.threadId}>` : '';
    return { row, mine, due, text: `${mine ? '🔔 **Your move** · ' : ''}**${titleOf(app, row)}**${link}: ${what}${when}` };
  });
  return lines.sort((a, b) => Number(b.mine) - Number(a.mine) || (a.due ?? Infinity) - (b.due ?? Infinity));
}

async function games(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const me = interaction.user.id;
  const now = app.now();
  const lines = gameLines(app, me);
  const away = app.store.vacations.current(me, now);
  const { used, allowance } = vacationDays(app.store, me, now);
  const footer = [
    away ? `🏖️ You are away until ${discordTime(away.until, 'f')}.` : null,
    `Vacation this year: ${used} of ${allowance} days used.`,
    `Reminders by DM: ${app.store.notify.dms(me) ? 'on' : 'off'} (\`/notify\`).`,
  ].filter(Boolean);
  if (lines.length === 0) {
    await interaction.reply({ content: ['You are in no open match. Challenge someone with `/skirmish challenge`.', ...footer].join('\n'), ...privately });
    return;
  }
  const shown = lines.slice(0, 25);
  const body = shown.map((l, i) => `${i + 1}. ${l.text}`);
  let content = [`**Your open matches** (${lines.length}):`, ...body, ...(lines.length > shown.length ? [`…and ${lines.length - shown.length} more.`] : []), '', ...footer].join('\n');
  if (content.length > 2000) content = `${content.slice(0, 1990)}…`;
  await interaction.reply({ content, components: digestButtons(shown.map((l, i) => ({ label: `📜 ${i + 1}. Catch up: ${titleOf(app, l.row)}`, match: l.row.id, seq: l.row.seq }))), ...privately });
}

/** One "catch up" button per match, 5 to a row (25 at most, Discord's limit). */
function digestButtons(buttons: readonly { label: string; match: string; seq: number }[]): Row[] {
  const rows: Row[] = [];
  buttons.slice(0, 25).forEach((b, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>());
    const label = b.label.length > 80 ? `${b.label.slice(0, 79)}…` : b.label;
    rows.at(-1)!.addComponents(new ButtonBuilder().setCustomId(encodeComponentId({ action: 'digest', match: b.match, seq: b.seq, arg: '' })).setLabel(label).setStyle(ButtonStyle.Secondary));
  });
  return rows;
}

/** Events since the player's last move: their last turn's end, answer or setup choice. */
function sinceLastMove(events: readonly { seq: number; event: MatchEvent }[], user: string): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!.event;
    const ev = e.event as { type: string; player?: string; ap?: string; by?: string | null };
    if (e.stage === 'game' && (ev.type === 'turn-ended' || ev.type === 'answered') && ev.player === user) return i + 1;
    if (e.stage === 'pregame' && (ev.player === user || ev.by === user || (ev.type === 'chooser-named' && ev.ap === user))) return i + 1;
  }
  return 0;
}

export function digest(app: App, row: MatchRow, user: string): string {
  const title = `📜 **${titleOf(app, row)}**${row.threadId ? ` (<#${row.threadId}>)` : ''}`;
  const wait = waitsOf(row)[0];
  const timeout = wait ? timeoutOf(app.store.deadlines.pending(row.id), wait.player) : undefined;
  const now = wait ? `${waitWords(row, wait)}${timeout ? ` Deadline ${discordTime(timeout.due, 'R')}.` : ''}` : 'The match is over.';
  const setup = row.setup as MatchSetup | null;
  const snapshot = row.snapshot as MatchSnapshot | null;
  const game = snapshot ? gameOf(snapshot) : null;
  if (!setup || !game) return [title, `**Now:** ${now}`].join('\n');
  const all = app.store.matches.events<MatchEvent>(row.id);
  const from = Math.max(sinceLastMove(all, user), all.findIndex((e) => e.event.stage === 'game'));
  const before = gameOf(rebuildMatch(setup, all.slice(0, from).map((e) => e.event))) ?? setup.start!;
  const events: GameEvent[] = all.slice(from).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  const after = events.reduce(apply, before);
  const lines = eventSentences(after, { lastTurn: events, before, names: setup.names });
  const shown = lines.slice(-15);
  const head = lines.length === 0 ? 'Nothing has happened since your last move.' : `Since your last move${lines.length > shown.length ? ` (the last ${shown.length} of ${lines.length})` : ''}:`;
  const text = [title, head, ...shown.map((l) => `• ${l}`), `**Now:** ${now}`].join('\n');
  return text.length > 2000 ? `${text.slice(0, 1990)}…` : text;
}

/** A "catch up" button from /games. */
export async function showDigest(interaction: ButtonInteraction, app: App, matchId: string): Promise<void> {
  const row = app.store.matches.get(matchId);
  if (!row) refuse('no-such-match', 'That match no longer exists.');
  if (!row.players.includes(interaction.user.id)) refuse('not-a-player', 'That is not one of your matches.');
  await interaction.reply({ content: digest(app, row, interaction.user.id), ...privately });
}

export const gamesCommand: CommandModule = {
  data: { name: 'games', description: 'Your open matches: where you are needed, deadlines, and a catch-up for each' } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody,
  run: (interaction, app) => games(interaction, app),
};
