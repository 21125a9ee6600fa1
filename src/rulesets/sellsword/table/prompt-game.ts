/**
 * The game's out-of-turn decisions (R27) as prompts (plain text, buttons and menus), and clicks back
 * into engine decisions. Both directions read the open prompt of the same state (the codec's sequence
 * number guarantees it is the same state), so an index in a button means the same option it was built from.
 */
import type { Decision } from '../engine';
import { recoveryChance, recoveryNeeded, splitOptions } from '../engine';
import { replyFacts, woundFacts } from './prompt-facts';
import type { GameState, PlayerId, Prompt } from '../engine';
import { unitOf } from '../engine';
import { unitName } from './map-labels';
import { percent } from './odds-words';
import { recoveryTargetWhy } from '../render';
import { recoilPromptAnswer, recoilPromptPost } from './prompt-recoil';
import { answered, type Answered, type PlainPrompt, refused } from './prompt-plain';
import { unshown } from '../../../discord/text';

/**
 * What an order means, said before the choice (R7: phase k is led by the order's player k−1, round from
 * there): every player takes turns in every phase; only who goes first in each changes.
 */
const ORDER_MEANS = {
  2: 'Both of you take turns in every phase: the first in the order goes first in phase 1, the other in phase 2, and so on, alternating.',
  3: 'Everyone takes turns in every phase: the first in the order goes first in phase 1, the next in phase 2, and so on round the order.',
} as const;

function orders(players: readonly PlayerId[]): PlayerId[][] {
  if (players.length <= 1) return [[...players]];
  return players.flatMap((p) => orders(players.filter((q) => q !== p)).map((rest) => [p, ...rest]));
}

/** What moved a recovery's target from the card's stat (issue 26), after a colon: the status asked about, by name (R28). */
function targetWhy(state: GameState, unitId: string, status: string): string {
  const index = state.units[unitId]?.statuses.findIndex((s) => s.status === status) ?? -1;
  const why = index < 0 ? '' : recoveryTargetWhy(state, unitId, index);
  return why ? `: ${why}` : '';
}

/** A status's recovery roll as its button says it: "70% to recover (under 15)". */
function recoverOdds(state: GameState, unitId: string, status: string): string {
  const unit = unitOf(state, unitId);
  const index = unit.statuses.findIndex((s) => s.status === status);
  if (index < 0 || unit.statuses[index]!.recover == null) return 'cannot recover';
  const { needed, added } = recoveryNeeded(state, unit, index);
  return `${percent(recoveryChance(state, unitId, index))} to recover (under ${needed}${added ? `, +${added} to the roll` : ''})`;
}

/**
 * What a reroll prompt asked, told as what happened, for the answered message to read as a record
 * (the roll, then the choice, then its result) instead of the question: null for other prompts.
 */
export function rerollRecord(state: GameState, prompt: Prompt, name: (player: PlayerId) => string): string | null {
  if (prompt.kind !== 'reroll') return null;
  const o = prompt.options;
  if (o.roll === 'recovery') {
    const rolled = o.unit ? unitName(state, unitOf(state, o.unit)) : 'A unit';
    return `🎲 ${rolled} failed to recover from **${o.status}** (a total of ${o.total}, needing under ${o.needed}${targetWhy(state, o.unit, o.status)}).`;
  }
  return `🎲 ${name(prompt.player)} lost the tactics check (${o.total} against ${o.leader ? name(o.leader) : '?'}'s ${o.leaderTotal}).`;
}

export function gamePromptPost(state: GameState, prompt: Prompt, name: (player: PlayerId) => string): PlainPrompt {
  const who = `<@${prompt.player}>`;
  const unit = prompt.unit ? unitOf(state, prompt.unit) : null;
  switch (prompt.kind) {
    case 'reply': {
      const facts = replyFacts(state, prompt);
      return {
        content: `${who}, ${facts.text} Reply, or let it pass?`,
        parts: [{ action: 'reply', buttons: [...facts.buttons, { label: 'Pass (keep the react token)', arg: '', style: 'secondary' }] }],
      };
    }
    case 'wounds': {
      const facts = woundFacts(state, prompt, name);
      return {
        content: `${who}, ${facts.text}\nHow does it take them?`,
        parts: [{ action: 'wounds', menu: 'Choose how to take the wounds', options: facts.options }],
      };
    }
    case 'order': {
      const players = prompt.options;
      const all = orders(players);
      // Button and menu labels are plain text: the names come escaped for messages.
      const text = (o: PlayerId[]) => unshown(o.map(name).join(' → '));
      // R6: greater advantage comes whatever the order; said before the choice, not only after it (playtest round 21).
      const frame = state.resume.find((f) => f.k === 'order');
      const greater =
        frame?.k === 'order' && frame.greater
          ? ` You won it by 10 or more (greater advantage): whatever the order, you also take one unit's turn early, before phase 1.`
          : '';
      return {
        content: `${who}, you won the tactics check: choose the order of players for round ${state.round}. ${ORDER_MEANS[Math.min(players.length, 3) as 2 | 3]}${greater}`,
        parts: [
          all.length <= 6
            ? { action: 'order', buttons: all.map((o, i) => ({ label: text(o), arg: String(i) })) }
            : { action: 'order', menu: 'Choose the order', options: all.map((o, i) => ({ label: text(o), value: String(i) })) },
        ],
      };
    }
    case 'reroll': {
      const o = prompt.options;
      const buttons = [
        {
          action: 'reroll',
          buttons: [
            { label: 'Reroll', arg: 'y' },
            { label: 'Keep the roll', arg: 'n', style: 'secondary' as const },
          ],
        },
      ];
      if (o.roll === 'recovery') {
        const rolled = o.unit ? unitName(state, unitOf(state, o.unit)) : 'your unit';
        const leader = o.warleader ? unitName(state, unitOf(state, o.warleader)) : 'your Warleader';
        return {
          content: `${who}, ${rolled} failed to recover from **${o.status}** (a total of ${o.total}, needing under ${o.needed}${targetWhy(state, o.unit, o.status)}). Spend a react token and a Warleader die of ${leader} to reroll it? Dice left: ${o.usesLeft}.`,
          parts: buttons,
        };
      }
      return {
        content: `${who}, you lost the tactics check (${o.total} against ${o.leader ? name(o.leader) : '?'}'s ${o.leaderTotal}). Reroll with a Warleader die? Rerolls left: ${o.rerollsLeft}.`,
        parts: buttons,
      };
    }
    case 'recoil':
      return recoilPromptPost(state, prompt);
    case 'recover': {
      const statuses = prompt.options;
      return {
        content: `${who}, **${unitName(state, unit!)}** may roll to recover from one status at the end of its turn. Which?`,
        parts: [
          {
            action: 'recover',
            // Each with its chance (R28: d20 + 1 per injury under the stat): three bare names left a tester guessing (playtest round 14).
            buttons: [
              ...statuses.map((s, i) => ({ label: `${s} · ${recoverOdds(state, unit!.id, s)}`, arg: String(i) })),
              { label: 'None', arg: '', style: 'secondary' as const },
            ],
          },
        ],
      };
    }
  }
}

/** The engine decision a click stands for; refuses a value the prompt never offered. */
export function gamePromptAnswer(prompt: Prompt, action: string, arg: string): Answered<Decision> {
  if (action !== prompt.kind) return refused('stale-prompt', 'That prompt has passed.');
  const who = prompt.unit !== undefined ? { unit: prompt.unit } : { player: prompt.player };
  const i = Number(arg);
  // Replies, splits, orders and statuses go by index: ids carry no length limit, component ids do.
  const at = <T>(options: readonly T[]): T | undefined => (/^\d+$/.test(arg) && i < options.length ? options[i] : undefined);
  const offered = <T>(options: readonly T[], pass: boolean, decide: (picked: T | null) => Decision): Answered<Decision> => {
    if (pass && arg === '') return answered(decide(null));
    const picked = at(options);
    return picked === undefined ? refused('bad-choice', 'That choice is not on offer.') : answered(decide(picked));
  };
  switch (prompt.kind) {
    case 'reply':
      return offered(prompt.options.attacks, true, (reply) => ({ ...who, reply }));
    case 'wounds':
      return offered(splitOptions(prompt.options), false, (c) => ({ ...who, avoid: c!.avoid, injuries: [...c!.injuries] }));
    case 'order':
      return offered(orders(prompt.options), false, (order) => ({ ...who, order: order! }));
    case 'reroll':
      return answered({ ...who, reroll: arg === 'y' });
    case 'recover':
      return offered(prompt.options, true, (recover) => ({ ...who, recover }));
    case 'recoil':
      return recoilPromptAnswer(prompt, arg);
  }
}
