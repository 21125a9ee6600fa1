/**
 * A slash command is data (registered as is) plus a thin handler. The same objects are registered by
 * bot/start.ts and routed by bot/router.ts, so what Discord shows and what we handle cannot drift.
 */
import { DiscordLimit } from '../discord/limits';
import { clip } from '../discord/text';
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

/** The value of the one choice that says why there is nothing to choose. */
export const NOTHING = 'none';

/** The one choice of an empty list: its name is the reason (Discord would only show "type a value"). */
export const nothingToChoose = (why: string): ApplicationCommandOptionChoiceData => choice(`Nothing to choose: ${why}`, NOTHING);

/** A suggestion: its name is plain text, shown as typed and cut to Discord's limit for choice names. */
export const choice = (name: string, value: string): ApplicationCommandOptionChoiceData => ({
  name: clip(name, 'choiceName'),
  value,
});

/** Case-insensitive filter on what the user has typed so far, capped at Discord's 25 choices. */
export function suggest(choices: readonly ApplicationCommandOptionChoiceData[], typed: unknown): ApplicationCommandOptionChoiceData[] {
  const q = String(typed ?? '')
    .trim()
    .toLowerCase();
  return choices.filter((c) => q === '' || c.name.toLowerCase().includes(q) || String(c.value).toLowerCase().includes(q)).slice(0, DiscordLimit.choices);
}
