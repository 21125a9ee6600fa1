/**
 * A click on the prompt of a game played through its ruleset's table rules: the button's argument is
 * the game's own, read by its `answer`; the change goes through the store's act at the sequence number
 * the prompt was posted at, so a stale or double click is refused and never applies twice.
 */
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { ComponentId } from './codec';
import type { MatchRow } from '../store';
import { recordTableChange, type TableGame } from '../match/table-change';
import { inTransaction } from '../match/table';
import { refuse } from '../match/user-error';
import { withoutRuleCodes } from '../render/plain-rules';
import { shown } from '../discord/text';
import type { App } from './app';
import { answerOwn } from './own-answer';

export async function answerTablePrompt(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  app: App,
  row: MatchRow,
  game: TableGame,
  id: ComponentId,
): Promise<void> {
  if (row.seq !== id.seq || row.snapshot === null) refuse('stale-prompt', 'That prompt has passed.');
  const wait = game.rules.match.waits(row.snapshot).find((w) => w.kind === 'prompt');
  if (!wait) refuse('stale-prompt', 'That prompt has passed.');
  if (wait.player !== interaction.user.id) refuse('not-your-prompt', `That choice is not yours: it is for <@${wait.player}>.`);
  const answer = game.table.answer(row.snapshot, interaction.isStringSelectMenu() ? (interaction.values[0] ?? '') : id.arg);
  if (!answer.ok) refuse(answer.error.code, withoutRuleCodes(answer.error.message));
  const button = interaction.isButton() && 'label' in interaction.component ? interaction.component.label : null;
  // A sealed choice (a Readied attack) is told only as made: the other side learns it when it resolves.
  const chose = answer.sealed
    ? `✅ <@${interaction.user.id}> answered; the choice is sealed until it resolves.`
    : `✅ <@${interaction.user.id}> chose **${shown(button ?? id.arg)}**.`;
  const answered = { messageId: interaction.message.id, lines: () => [chose] };
  const changed = await inTransaction(app, () => recordTableChange(app, row.id, interaction.user.id, id.seq, answer.command, { via: interaction, answered }));
  if (!changed.ok) {
    if (changed.reason === 'refused') refuse(changed.error.code, withoutRuleCodes(changed.error.message));
    refuse('stale-prompt', 'That prompt has passed.');
  }
  await answerOwn(app, interaction, changed.recorded.posts);
}
