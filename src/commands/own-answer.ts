/**
 * The interaction behind a change answers it itself when it can: an act's public line becomes the
 * command's reply, and a click writes its answer on the prompt it clicked. The outbox row for that
 * answer was held from the worker when it was written (table.ts `enqueue`); here it is delivered
 * through the interaction and released. If the interaction fails (expired, already answered, a 5xx),
 * the worker delivers the row to the thread instead, so the thread never misses it.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { OutboxRow } from '../store';
import type { App } from './app';
import type { PostBody } from '../posts/post-body';
import { clip } from '../discord/text';
import { answeredText } from '../posts/answered-text';

export async function answerOwn(
  app: App,
  interaction: ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction,
  posts: readonly OutboxRow[],
): Promise<void> {
  const own = posts.find((r) => app.outbox.isHeld(r.id));
  try {
    if (!own) return;
    const body = own.body as PostBody;
    if (body.kind === 'reply') {
      const sent = await interaction.reply({
        content: clip(body.content, 'content'),
        allowedMentions: { users: [...(body.ping ?? [])], parse: [] },
        withResponse: true,
      });
      await app.store.outbox.delivered(own.id, sent.resource?.message?.id ?? null);
    } else if (body.kind === 'answered' && interaction.isMessageComponent()) {
      await interaction.update({
        content: clip(answeredText(interaction.message.content, body.lines, body.replace === true, interaction.message.attachments.size > 0), 'content'),
        components: [],
        allowedMentions: { parse: [] },
      });
      await app.store.outbox.delivered(own.id, interaction.message.id);
    }
  } catch (error) {
    app.log('answering an interaction failed; its thread still gets the post', error, {
      matchId: posts[0]?.matchId,
      guildId: interaction.guildId ?? undefined,
    });
  } finally {
    if (own) app.outbox.release(own.id, own.matchId);
    else if (posts[0]) app.outbox.kick(posts[0].matchId);
  }
}
