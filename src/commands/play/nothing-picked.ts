/**
 * The "Nothing to choose" suggestion can be picked and sent like any other. A command that arrives
 * with it is refused with the same reason the list gave, asked afresh (the game may have moved on),
 * instead of reading "none" as a name that does not exist.
 */
import { type CommandModule, carriedTyped, isNothing } from '../command';
import type { App } from '../app';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { ReadOptions } from '../options';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';

const LEAD = 'Nothing to choose: ';

export async function refuseNothingPicked(module: CommandModule, interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  if (!module.autocomplete) return;
  for (const [name, value] of Object.entries(options.values)) {
    if (!isNothing(value)) continue;
    // Asked again with what had been typed: the reason the entry gave, as the game stands now.
    const typed = carriedTyped(value);
    if (typed !== null) {
      const again = await module.autocomplete(interaction, app, { ...options, values: { ...options.values, [name]: typed }, focused: name });
      const why = onlyWhy(again);
      if (why) refuse('nothing-to-choose', `${sentence(why)} Pick from the list again.`);
    }
    // Asked as if nothing were typed yet: the list the player saw before picking.
    const choices = await module.autocomplete(interaction, app, { ...options, values: { ...options.values, [name]: '' }, focused: name });
    const why = onlyWhy(choices);
    if (why) refuse('nothing-to-choose', sentence(why));
    // "none" that is a real choice (or an option without suggestions) is read as given.
    if (choices.length > 0 && !choices.some((c) => isNothing(c.value)))
      refuse('nothing-to-choose', '"Nothing to choose" was picked, but there is something to choose now. Pick from the list again.');
  }
}

/** The reason a list gives when its one entry is "Nothing to choose", else null. */
function onlyWhy(choices: readonly { name: string; value: string | number }[]): string | null {
  const only = choices.length === 1 ? choices[0]! : null;
  return only && isNothing(only.value) && only.name.startsWith(LEAD) ? only.name.slice(LEAD.length) : null;
}

/** A reason as a sentence of its own: capital first, full stop last. */
const sentence = (why: string): string => shown(why.charAt(0).toUpperCase() + why.slice(1)).replace(/\.?$/, '.');
