/**
 * What follows a saved change: the reply and the thread posts. The change is already in the database,
 * so a failure here must not reach the router's "nothing was changed" apology (a player who believed
 * it would act twice). It is logged, the player is told the truth, and the next restart posts any
 * prompt that never made it (bot/resume.ts).
 */
import type { RepliableInteraction } from 'discord.js';
import { answerPrivately } from './answer';
import type { App } from './app';

export async function afterSaved(app: App, interaction: RepliableInteraction, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    app.log('posting after a saved change failed', error);
    await answerPrivately(interaction, 'That was recorded, but I could not post the update in the thread. `/skirmish status` shows where the match stands.').catch(() => undefined);
  }
}
