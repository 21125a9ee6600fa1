/**
 * The "Nothing to choose" suggestion can be picked and sent like any other. A command that arrives
 * with it is refused with the same reason the list gave, asked afresh (the game may have moved on),
 * instead of reading "none" as a name that does not exist.
 */
import { type CommandModule, NOTHING } from '../command';
import type { App } from '../app';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { ReadOptions } from '../options';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';

const LEAD = 'Nothing to choose: ';

export async function refuseNothingPicked(module: CommandModule, interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  if (!module.autocomplete) return;
  for (const [name, value] of Object.entries(options.values)) {
    if (value !== NOTHING) continue;
    // Asked as if nothing were typed yet: the list the player saw before picking.
    const choices = await module.autocomplete(interaction, app, { ...options, values: { ...options.values, [name]: '' }, focused: name });
    const only = choices.length === 1 ? choices[0]! : null;
    if (only && only.value === NOTHING && only.name.startsWith(LEAD))
      refuse('nothing-to-choose', `Nothing to choose for \`${name}\`: ${shown(only.name.slice(LEAD.length)).replace(/\.?$/, '.')}`);
    // "none" that is a real choice (or an option without suggestions) is read as given.
    if (choices.length > 0 && !choices.some((c) => c.value === NOTHING))
      refuse('nothing-to-choose', `\`${name}\`: "Nothing to choose" was picked, but there is something to choose now. Pick from the list again.`);
  }
}
