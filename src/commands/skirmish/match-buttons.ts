/**
 * Buttons outside the game's own prompts: confirming a concession, and answering a challenge (Accept
 * opens a menu of the player's warbands; choosing one accepts with it, as `/skirmish accept` does).
 */
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { MatchRecord } from '../../match/record';
import type { App } from '../app';
import { selectRow } from '../prompts/prompt-components';
import { accept, decline } from './skirmish-challenge';
import { concedeNow } from './skirmish-play';
import { challengeTaker } from '../../match/challenge-taker';
import { refuse } from '../../match/user-error';
import { warbandChoices } from '../warband/warband-library';
import { tableGameOf } from '../../match/table-change';
import { armyChoices } from './table-challenge';

export async function confirmConcede(interaction: ButtonInteraction, app: App, row: MatchRecord, arg: string): Promise<void> {
  if (arg !== 'yes') {
    await interaction.update({ content: 'Not conceded: play on.', components: [] });
    return;
  }
  await concedeNow(interaction, app, row);
}

export async function answerChallenge(interaction: ButtonInteraction | StringSelectMenuInteraction, app: App, row: MatchRecord, arg: string): Promise<void> {
  if (interaction.isStringSelectMenu()) return accept(interaction, app, { warband: interaction.values[0] ?? '' });
  if (arg === 'decline') return decline(interaction, app);
  const me = interaction.user.id;
  challengeTaker(row, me, 'choose Decline');
  // A game played through its table rules is accepted with one of its armies.
  const table = tableGameOf(row)?.table;
  // Only warbands within the challenge's point cap: accepting with another would be refused.
  const mine = table ? armyChoices(table, '') : await warbandChoices(app, me, '', row.terms.points);
  if (mine.length === 0) {
    const any = !table && (await warbandChoices(app, me, '')).length > 0;
    if (any)
      refuse(
        'no-warband',
        `None of your saved warbands is within this challenge's ${row.terms.points} points: submit one that is with \`/warband submit\`, then accept.`,
      );
    refuse('no-warband', 'You have no saved warband yet: submit one with `/warband submit`, then accept.');
  }
  await interaction.reply({
    content: 'Accept with which warband?',
    components: [
      selectRow(
        'challenge',
        row.id,
        0,
        'Choose your warband',
        mine.map((c) => ({ label: c.name, value: String(c.value) })),
        'warband',
      ),
    ],
    flags: MessageFlags.Ephemeral,
  });
}
