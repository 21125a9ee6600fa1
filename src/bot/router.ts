/**
 * Routes every interaction to its handler, with the one catch: a UserError is answered
 * ephemerally with its message; anything else is a bug, logged, and answered with an apology. Nothing
 * thrown here may reach discord.js's event loop, so a crash in one handler never takes the bot down.
 */
import type { Interaction } from 'discord.js';
import { answerPrivately } from '../commands/answer';
import type { App } from '../commands/app';
import type { LogContext } from '../match/services';
import type { CommandModule } from '../commands/command';
import { readOptions } from '../commands/options';
import { refuseNothingPicked } from '../commands/play/nothing-picked';
import { handleComponent, handleModal } from '../commands/components';
import { UserError } from '../match/user-error';
import { wasSaved } from '../match/saved';
import { CommitUnknown, troubleOf, type Trouble } from '../store';

/** What a player is told when the database itself failed (store/trouble.ts); busy is the only one that passes in a moment. */
const TROUBLE: Record<Trouble, string> = {
  busy: 'The table is busy right now, so nothing was changed. Try again in a moment.',
  unavailable: 'The table is unavailable right now (the bot cannot reach its database), so nothing was changed. Try again in a minute.',
  full: "The bot's disk is full, so nothing was changed. Tell whoever runs the bot; it works again once they make room.",
  'read-only': 'The bot cannot write to its database right now, so nothing was changed. Tell whoever runs the bot.',
};

/** The sentence for a failed interaction: true about whether anything was saved. */
export function whatToSay(error: unknown, saved: boolean): string {
  if (error instanceof UserError) return error.message;
  const trouble = troubleOf(error);
  if (trouble === 'busy') return TROUBLE.busy;
  if (saved) return 'That was saved, but something went wrong while I answered. Look at the thread (or `/skirmish status`) before doing it again.';
  if (error instanceof CommitUnknown)
    return 'The bot lost its database just as that was being saved, so it may or may not have been. Once the table is back (in a minute or so), look at the thread (or `/skirmish status`) before doing it again.';
  if (trouble) return TROUBLE[trouble];
  return 'Something went wrong on our side, and nothing was changed. Please try again; if it keeps happening, tell an organiser.';
}

/** How an interaction ended, for the metrics: done, refused with a reason, the database busy or down (unavailable, full, read-only), or a bug. */
export type Outcome = 'ok' | 'refused' | 'busy' | 'unavailable' | 'error';

function outcomeOf(error: unknown): Outcome {
  if (error instanceof UserError) return error.code === 'table-busy' ? 'busy' : 'refused';
  const trouble = troubleOf(error);
  return trouble === 'busy' ? 'busy' : trouble ? 'unavailable' : 'error';
}

const nameOf = (interaction: Interaction): string =>
  interaction.isAutocomplete()
    ? 'autocomplete'
    : interaction.isChatInputCommand()
      ? interaction.commandName
      : interaction.isMessageComponent()
        ? 'component'
        : 'other';

/**
 * What a failed interaction's log line is about: its guild, command, and the match whose thread it
 * came from, if any (looked up only when something is logged).
 */
async function contextOf(app: App, interaction: Interaction): Promise<LogContext> {
  let matchId: string | undefined;
  try {
    matchId = interaction.channelId ? (await app.store.matches.byThread(interaction.channelId))?.id : undefined;
  } catch {
    matchId = undefined;
  }
  return { matchId, guildId: interaction.guildId ?? undefined, interactionId: interaction.id, command: nameOf(interaction) };
}

export type Observe = (command: string, outcome: Outcome, seconds: number) => void;

export function makeRouter(app: App, modules: readonly CommandModule[], observe?: Observe): (interaction: Interaction) => Promise<void> {
  const route = routeTo(app, modules);
  return async (interaction) => {
    const started = performance.now();
    const outcome = await route(interaction);
    observe?.(nameOf(interaction), outcome, (performance.now() - started) / 1000);
  };
}

function routeTo(app: App, modules: readonly CommandModule[]): (interaction: Interaction) => Promise<Outcome> {
  const byName = new Map(modules.map((m) => [m.data.name, m]));
  return async (interaction) => {
    try {
      if (interaction.isAutocomplete()) {
        const module = byName.get(interaction.commandName);
        const choices = module?.autocomplete ? await module.autocomplete(interaction, app, readOptions(interaction)) : [];
        await interaction.respond(choices.slice(0, 25));
        return 'ok';
      }
      if (interaction.isChatInputCommand()) {
        const module = byName.get(interaction.commandName);
        if (!module)
          throw new UserError('unknown-command', `I don't know the command /${interaction.commandName}. It may be from an older version of the bot.`);
        const options = readOptions(interaction);
        await refuseNothingPicked(module, interaction, app, options);
        await module.run(interaction, app, options);
        return 'ok';
      }
      if (interaction.isButton() || interaction.isStringSelectMenu()) {
        await handleComponent(interaction, app);
      }
      if (interaction.isModalSubmit()) await handleModal(interaction, app);
      return 'ok';
    } catch (error) {
      if (interaction.isAutocomplete()) {
        if (!(error instanceof UserError)) app.log(`autocomplete /${interaction.commandName} failed`, error, await contextOf(app, interaction));
        await interaction
          .respond([])
          .catch(async (failed: unknown) =>
            app.log(`autocomplete /${interaction.commandName} could not be answered`, failed, await contextOf(app, interaction)),
          );
        return outcomeOf(error);
      }
      if (!interaction.isRepliable()) return outcomeOf(error);
      const message = whatToSay(error, wasSaved(interaction));
      if (!(error instanceof UserError)) app.log(`interaction ${interaction.id} failed`, error, await contextOf(app, interaction));
      await answerPrivately(interaction, message).catch(async (e: unknown) => app.log('could not answer an interaction', e, await contextOf(app, interaction)));
      return outcomeOf(error);
    }
  };
}
