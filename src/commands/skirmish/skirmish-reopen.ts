/**
 * `/skirmish reopen`: a match paused because the bot lost its thread (posts/post-trouble.ts) goes on
 * in a new thread of the channel the old one hung from: the map as it stands, then the open prompt with
 * live buttons, and its clock runs again from where it stopped (store/pauses.ts).
 */
import { ChannelType, type ChatInputCommandInteraction } from 'discord.js';
import { gameOf } from '../../match/match-state';
import { matchRecord } from '../../match/record';
import { OPEN_STATUSES, storedNames, type MatchRow } from '../../store';
import type { App } from '../app';
import { aboutMatch } from '../../match/services';
import type { PostBody } from '../../posts/post-body';
import { save } from '../../match/saved';
import { threadName } from '../../match/setup';
import { enqueue } from '../../match/table';
import { refuse } from '../../match/user-error';

/** The caller's paused open match that hung from this channel (the most recently changed one). */
async function pausedHere(app: App, user: string, channelId: string): Promise<MatchRow> {
  const mine = (await app.store.matches.forPlayer(user, { status: OPEN_STATUSES })).filter((m) => m.channelId === channelId);
  const paused = new Set((await app.store.pauses.among(mine.map((m) => m.id))).map((p) => p.matchId));
  return (
    mine.find((m) => paused.has(m.id)) ??
    refuse('nothing-paused', 'You have no paused match from this channel. `/games` lists your matches and says where each one is.')
  );
}

/** Whether the match waits on a prompt (a setup choice, a reply, a wound split…): it is posted again with live buttons. */
function hasOpenPrompt(row: MatchRow): boolean {
  const snapshot = matchRecord(row).snapshot;
  if (!snapshot) return false;
  return snapshot.stage === 'pregame' ? snapshot.pregame.prompt !== null && snapshot.pregame.prompt !== undefined : Boolean(gameOf(snapshot)?.prompt);
}

export async function reopen(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const channel = interaction.channel;
  if (!interaction.guildId || !channel || channel.type !== ChannelType.GuildText)
    refuse('not-a-text-channel', 'Run `/skirmish reopen` in the channel the match’s thread was in.');
  const row = await pausedHere(app, interaction.user.id, channel.id);
  await interaction.deferReply();
  const name = await storedNames(app.store, row.players);
  const number = (await app.store.matches.countIn(channel.id)) + 1;
  const thread = await channel.threads.create({
    name: threadName(row.players.map(name), number),
    autoArchiveDuration: 10080,
    reason: 'Sellsword match reopened',
  });
  const moved = await save(app, interaction, async () => {
    const paused = await app.store.pauses.resume(row.id, app.now());
    await app.store.matches.setThread(row.id, thread.id);
    // The old thread's prompt messages are gone with it: the open prompt is posted again below.
    await app.store.prompts.close(row.id);
    const now = (await app.store.matches.get(row.id))!;
    const who = now.players.map((p) => `<@${p}>`).join(' ');
    const bodies: PostBody[] = [
      {
        kind: 'text',
        content: `▶️ ${who}: the match goes on here${paused ? `, after its thread was lost (${paused.reason})` : ''}. Its clock runs again.`,
        ping: now.players,
      },
      { kind: 'board' },
      ...(hasOpenPrompt(now) ? [{ kind: 'prompt', seq: now.seq } as const] : []),
    ];
    await enqueue(app, now, bodies);
    return now;
  });
  app.outbox.kick(moved.id);
  // A player not added still finds the thread through the post that pings them; the log says why.
  await Promise.all(
    moved.players.map((p) =>
      thread.members.add(p).catch((error: unknown) => app.log(`could not add ${p} to the reopened thread of match ${moved.id}`, error, aboutMatch(moved))),
    ),
  );
  await interaction.editReply({ content: `The match goes on in <#${thread.id}>, and its clock runs again.`, allowedMentions: { parse: [] } });
}
