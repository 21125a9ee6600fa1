/**
 * Answers that work whatever state the interaction is in (fresh, deferred or already answered), so
 * the central error handler can always tell the user what happened.
 */
import { MessageFlags, type InteractionReplyOptions, type RepliableInteraction } from 'discord.js';

export async function answerPrivately(
  interaction: RepliableInteraction,
  content: string,
  extra: Omit<InteractionReplyOptions, 'content' | 'flags'> = {},
): Promise<void> {
  if (interaction.deferred && !interaction.replied) {
    // A deferred reply keeps the visibility chosen at defer time, so a refusal after a public defer is public.
    await interaction.editReply({ content, ...extra } as never);
  } else if (interaction.replied) {
    await interaction.followUp({ content, ...extra, flags: MessageFlags.Ephemeral } as never);
  } else {
    await interaction.reply({ content, ...extra, flags: MessageFlags.Ephemeral } as never);
  }
}
