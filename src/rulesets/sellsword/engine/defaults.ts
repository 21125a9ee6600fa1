/**
 * The default answer to each prompt (docs/formats.md `auto`): no reply; Vigor first, then boxes in card
 * order with Mortal last; the AP goes first; reroll when losing (a tactics check) or failing (a recovery
 * roll: the prompt only opens then); recover the oldest status; recoil to R42's default square.
 */
import type { Decision } from './commands';
import type { Prompt } from './state';

export function defaultDecision(prompt: Prompt): Decision {
  switch (prompt.kind) {
    case 'reply':
      return { unit: prompt.unit, reply: null };
    case 'wounds': {
      const split = prompt.options.default;
      return { unit: prompt.unit, avoid: split.avoid, injuries: [...split.injuries] };
    }
    case 'order': {
      const players = prompt.options;
      return { player: prompt.player, order: [prompt.player, ...players.filter((p) => p !== prompt.player)] };
    }
    case 'reroll':
      return { player: prompt.player, reroll: true };
    case 'recover':
      return { unit: prompt.unit, recover: prompt.options[0]! };
    case 'recoil':
      return { unit: prompt.unit, recoil: prompt.options.ends[prompt.options.default]!.at };
  }
}
