/**
 * /skirmish verify and /skirmish export (docs/dice.md): anyone in the thread can check a finished
 * match's dice against its commitment (posted with the challenge, the league's pairing or the practice
 * match's opening post: posts/dice-commitment.ts says which), and take the whole match as a file to
 * check it elsewhere (`npm run verify -- FILE`).
 */
import { AttachmentBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import type { App } from '../app';
import { matchHere } from '../match-context';
import { exportMatch, verifyExport } from '../../match/match-export';
import { commitmentWhere } from '../../posts/dice-commitment';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

export async function verify(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  const commitment = row.terms.dice?.commitment;
  if (row.status !== 'over') {
    const said = commitment ? ` Its commitment is \`${commitment}\`, ${await commitmentWhere(app.store, row)}.` : '';
    await interaction.reply({ content: `The dice stay secret until the match is over; then this checks every roll.${said}`, ...privately });
    return;
  }
  const verdict = verifyExport(await exportMatch(app.store, row));
  await interaction.reply({ content: verdict.lines.join('\n'), ...privately });
}

export async function exportFile(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const doc = await exportMatch(app.store, row);
  const file = new AttachmentBuilder(Buffer.from(JSON.stringify(doc, null, 1)), { name: `${row.ruleset}-match-${row.id}.json` });
  const note =
    row.status === 'over'
      ? 'The whole match, with the dice’s secret: `npm run verify -- FILE` checks every roll.'
      : 'The match so far. Its dice stay secret until it is over; export it again then to check them.';
  await interaction.editReply({ content: note, files: [file] });
}
