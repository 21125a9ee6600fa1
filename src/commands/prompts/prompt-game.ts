/**
 * The game's out-of-turn decisions (R27) as Discord messages, and clicks back into engine decisions.
 * Both directions read the open prompt of the same state (the codec's sequence number guarantees it is
 * the same state), so an index in a button means the same option it was built from.
 */
import { ButtonStyle } from 'discord.js';
import type { Decision } from '../../rulesets/sellsword/engine';
import { splitOptions } from '../../rulesets/sellsword/engine';
import { replyFacts, woundFacts } from './prompt-facts';
import type { GameState, PlayerId, Prompt } from '../../rulesets/sellsword/engine';
import { label, unitOf } from '../../rulesets/sellsword/engine';
import type { ComponentAction } from '../codec';
import { buttonRows, selectRow, type Row } from './prompt-components';
import { recoilPromptAnswer, recoilPromptPost } from './prompt-recoil';
import { refuse } from '../../match/user-error';
import { unshown } from '../../discord/text';

export interface PromptPost {
  readonly content: string;
  readonly components: Row[];
}

function orders(players: readonly PlayerId[]): PlayerId[][] {
  if (players.length <= 1) return [[...players]];
  return players.flatMap((p) => orders(players.filter((q) => q !== p)).map((rest) => [p, ...rest]));
}

/**
 * What a reroll prompt asked, told as what happened, for the answered message to read as a record
 * (the roll, then the choice, then its result) instead of the question: null for other prompts.
 */
export function rerollRecord(state: GameState, prompt: Prompt, name: (player: PlayerId) => string): string | null {
  if (prompt.kind !== 'reroll') return null;
  const o = prompt.options;
  if (o.roll === 'recovery') {
    const rolled = o.unit ? label(state, unitOf(state, o.unit)) : 'A unit';
    return `🎲 ${rolled} failed to recover from **${o.status}** (a total of ${o.total}, needing under ${o.needed}).`;
  }
  return `🎲 ${name(prompt.player)} lost the tactics check (${o.total} against ${o.leader ? name(o.leader) : '?'}'s ${o.leaderTotal}).`;
}

export function gamePromptPost(match: string, seq: number, state: GameState, prompt: Prompt, name: (player: PlayerId) => string): PromptPost {
  const who = `<@${prompt.player}>`;
  const unit = prompt.unit ? unitOf(state, prompt.unit) : null;
  switch (prompt.kind) {
    case 'reply': {
      const facts = replyFacts(state, prompt);
      return {
        content: `${who}, ${facts.text} Reply, or let it pass?`,
        components: buttonRows('reply', match, seq, [...facts.buttons, { label: 'Pass (keep the react token)', arg: '', style: ButtonStyle.Secondary }]),
      };
    }
    case 'wounds': {
      const facts = woundFacts(state, prompt, name);
      return {
        content: `${who}, ${facts.text}\nHow does it take them?`,
        components: [selectRow('wounds', match, seq, 'Choose how to take the wounds', facts.options)],
      };
    }
    case 'order': {
      const players = prompt.options;
      const all = orders(players);
      // Button and menu labels are plain text: the names come escaped for messages.
      const text = (o: PlayerId[]) => unshown(o.map(name).join(' → '));
      return {
        // R7: the first in the order goes first in phase 1, the next in phase 2, and so on.
        content: `${who}, you won the tactics check: choose the order of players for round ${state.round}. The first in the order goes first in phase 1, the next in phase 2, and so on.`,
        components:
          all.length <= 6
            ? buttonRows(
                'order',
                match,
                seq,
                all.map((o, i) => ({ label: text(o), arg: String(i) })),
              )
            : [
                selectRow(
                  'order',
                  match,
                  seq,
                  'Choose the order',
                  all.map((o, i) => ({ label: text(o), value: String(i) })),
                ),
              ],
      };
    }
    case 'reroll': {
      const o = prompt.options;
      const buttons = buttonRows('reroll', match, seq, [
        { label: 'Reroll', arg: 'y' },
        { label: 'Keep the roll', arg: 'n', style: ButtonStyle.Secondary },
      ]);
      if (o.roll === 'recovery') {
        const rolled = o.unit ? label(state, unitOf(state, o.unit)) : 'your unit';
        const leader = o.warleader ? label(state, unitOf(state, o.warleader)) : 'your Warleader';
        return {
          content: `${who}, ${rolled} failed to recover from **${o.status}** (a total of ${o.total}, needing under ${o.needed}). Spend a react token and a Warleader die of ${leader} to reroll it? Dice left: ${o.usesLeft}.`,
          components: buttons,
        };
      }
      return {
        content: `${who}, you lost the tactics check (${o.total} against ${o.leader ? name(o.leader) : '?'}'s ${o.leaderTotal}). Reroll with a Warleader die? Rerolls left: ${o.rerollsLeft}.`,
        components: buttons,
      };
    }
    case 'recoil':
      return recoilPromptPost(match, seq, state, prompt);
    case 'recover': {
      const statuses = prompt.options;
      return {
        content: `${who}, **${label(state, unit!)}** may roll to recover from one status at the end of its turn. Which?`,
        components: buttonRows('recover', match, seq, [
          ...statuses.map((s, i) => ({ label: s, arg: String(i) })),
          { label: 'None', arg: '', style: ButtonStyle.Secondary },
        ]),
      };
    }
  }
}

/** The engine decision a click stands for; refuses a value the prompt never offered. */
export function gamePromptAnswer(prompt: Prompt, action: ComponentAction, arg: string): Decision {
  if (action !== prompt.kind) refuse('stale-prompt', 'That prompt has passed.');
  const who = prompt.unit !== undefined ? { unit: prompt.unit } : { player: prompt.player };
  const index = (n: number) => {
    const i = Number(arg);
    if (!/^\d+$/.test(arg) || i >= n) refuse('bad-choice', 'That choice is not on offer.');
    return i;
  };
  switch (prompt.kind) {
    // Replies and statuses go by index: ids carry no length limit, component ids do.
    case 'reply': {
      const attacks = prompt.options.attacks;
      return { ...who, reply: arg === '' ? null : attacks[index(attacks.length)]! };
    }
    case 'wounds': {
      const choices = splitOptions(prompt.options);
      const c = choices[index(choices.length)]!;
      return { ...who, avoid: c.avoid, injuries: [...c.injuries] };
    }
    case 'order': {
      const all = orders(prompt.options);
      return { ...who, order: all[index(all.length)]! };
    }
    case 'reroll':
      return { ...who, reroll: arg === 'y' };
    case 'recover': {
      const statuses = prompt.options;
      return { ...who, recover: arg === '' ? null : statuses[index(statuses.length)]! };
    }
    case 'recoil':
      return recoilPromptAnswer(prompt, arg);
  }
}
