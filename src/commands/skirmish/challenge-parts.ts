/** What every challenge needs, whatever its game: the challenger's name as shown, and the match's thread opened. */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { App } from '../app';
import { cancelUnopened, openMatchThread, ThreadRefused } from './match-thread';
import { refuse } from '../../match/user-error';

/**
 * Opens a just-saved match's thread and says where the match is. Refused by Discord (a permission taken
 * away since the check), the match is called off and the player told why; a passing failure leaves it
 * saved, and the scheduler opens its thread once Discord answers.
 */
export async function threadFor(app: App, matchId: string, what: 'challenge' | 'practice match'): Promise<string | null> {
  try {
    return await openMatchThread(app, matchId);
  } catch (error) {
    if (error instanceof ThreadRefused) {
      await cancelUnopened(app, matchId);
      refuse('thread-refused', `${error.reason} The ${what} is off; try again once that is fixed (\`/setup check\` shows what the bot can do here).`);
    }
    app.log(`could not open the thread of match ${matchId} yet; the scheduler tries again`, error, { matchId });
    return null;
  }
}

export const displayName = (interaction: ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction): string =>
  (interaction.member && 'displayName' in interaction.member ? interaction.member.displayName : null) ??
  interaction.user.globalName ??
  interaction.user.username;

/** An acceptance that did not go through: the rules' refusal, or the challenge changed under the answer. */
export function refuseAcceptance(done: { readonly reason: string; readonly error?: { readonly code: string; readonly message: string } }): never {
  if (done.reason === 'refused' && done.error) return refuse(done.error.code, done.error.message);
  return refuse('not-open', 'This challenge changed while you answered; look at the thread.');
}
