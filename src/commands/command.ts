/**
 * A slash command is data (registered as is) plus a thin handler. The same objects are registered by
 * bot/start.ts and routed by bot/router.ts, so what Discord shows and what we handle cannot drift.
 */
import type {
  ApplicationCommandOptionChoiceData,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { App } from './app';
import type { ReadOptions } from './options';

export interface CommandModule {
  readonly data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  run(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void>;
  /**
   * Suggestions for the focused option; at most 25 (Discord's limit). Also asked when a command
   * arrives with an option set to NOTHING, to say why there was nothing to choose.
   */
  autocomplete?(interaction: Asking, app: App, options: ReadOptions): ApplicationCommandOptionChoiceData[] | Promise<ApplicationCommandOptionChoiceData[]>;
}

/** What suggestions read of the interaction that asks for them: who asks, where. */
export type Asking = Pick<AutocompleteInteraction, 'user' | 'channelId' | 'guildId'>;

export { CARRIED_TYPED, carriedTyped, choice, isNothing, NOTHING, nothingToChoose, suggest } from '../discord/choices';
