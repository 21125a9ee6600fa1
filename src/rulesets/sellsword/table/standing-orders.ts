/**
 * Sellsword's standing orders (docs/playing.md "Standing orders"): what a player's orders say, and the
 * answer they give to each of its prompts, as plain data. The application reads a player's orders from
 * the store and gives the answer at once, in the same transaction, as that player's own decision
 * (match/standing-orders.ts, match/settle.ts); what was chosen is shown in the thread.
 */
import type { Decision } from '../engine';
import { attackOdds } from '../engine';
import { sameSplit, splitOptions, type WoundsPromptOptions } from '../engine';
import type { GameState, Prompt, PromptOf } from '../engine';
import { findAttack, unitOf } from '../engine';
import { unitName } from './map-labels';
import type { SplitChoice } from '../engine';
import type { InjuryBox } from '../formats/card';
import { splitWords } from '../render/wound-words';

export { splitWords };
import type { PregamePrompt } from '../engine';

/** Box kinds a player may order wounds by; `trait` stands for every trait box. */
export const BOX_KINDS = ['mobility', 'defensive', 'trait'] as const;
export type BoxKind = (typeof BOX_KINDS)[number];

export interface Orders {
  /** Reply when the best reply's chance to hit is at least `at` percent (else let it pass), never, or ask. */
  readonly replies?: { readonly at: number } | 'never' | 'ask';
  /** Spend Vigor first, or mark boxes first (keeping Vigor); Mortal only when nothing else is left. */
  readonly wounds?: 'vigor' | 'boxes' | 'ask';
  /** The order to mark boxes in; the card's order for kinds left out. */
  readonly boxes?: readonly BoxKind[];
  /** Reroll a lost tactics check or a failed recovery roll, never, or ask. */
  readonly rerolls?: 'losing' | 'never' | 'ask';
  /** Where a recoil ends when several squares are as far: the usual square, one out of damaging terrain, or ask. */
  readonly recoil?: 'usual' | 'safe' | 'ask';
}

export const ORDER_FIELDS = ['replies', 'wounds', 'boxes', 'rerolls', 'recoil'] as const;

export function describeOrders(o: Orders): string[] {
  const lines: string[] = [];
  if (o.replies)
    lines.push(
      `replies: ${o.replies === 'never' ? 'never reply' : o.replies === 'ask' ? 'ask me' : `reply when the chance to hit is ${o.replies.at} % or more, else let it pass`}`,
    );
  if (o.wounds)
    lines.push(
      `wounds: ${o.wounds === 'vigor' ? 'spend Vigor first' : o.wounds === 'boxes' ? 'mark boxes first, keep Vigor' : 'ask me'}${o.wounds !== 'ask' ? '; Mortal only when nothing else is left' : ''}`,
    );
  if (o.boxes && o.boxes.length > 0) lines.push(`box order: ${o.boxes.join(', ')}`);
  if (o.rerolls) lines.push(`rerolls: ${o.rerolls === 'losing' ? 'reroll when losing' : o.rerolls === 'never' ? 'never reroll' : 'ask me'}`);
  if (o.recoil)
    lines.push(
      `recoil: ${o.recoil === 'usual' ? 'the usual square (farthest in a straight line)' : o.recoil === 'safe' ? 'keep out of damaging terrain, else the usual square' : 'ask me'}`,
    );
  return lines;
}

const kindOf = (b: InjuryBox): string => (typeof b === 'string' ? b : 'trait');

/** Boxes in the order the player wants them marked: their kinds first, then card order, Mortal never before the rest. */
function boxOrder(boxes: readonly InjuryBox[], order: readonly BoxKind[]): InjuryBox[] {
  const rank = (b: InjuryBox) =>
    kindOf(b) === 'mortal'
      ? order.length + 1
      : (order as readonly string[]).indexOf(kindOf(b)) < 0
        ? order.length
        : (order as readonly string[]).indexOf(kindOf(b));
  return boxes
    .map((b, i) => ({ b, i }))
    .sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i)
    .map((x) => x.b);
}

/** The split a wounds order asks for, if it is one the prompt offers. */
export function woundSplit(o: WoundsPromptOptions, way: 'vigor' | 'boxes', order: readonly BoxKind[] = []): SplitChoice | null {
  const fives = Math.floor(o.wounds / 5);
  const vigorFives = Math.floor(o.vigor / 5);
  const boxes = boxOrder(o.boxes, order);
  const others = boxes.filter((b) => b !== 'mortal');
  let avoid: number;
  if (way === 'vigor') avoid = Math.min(fives, vigorFives);
  else avoid = Math.min(Math.max(0, fives - others.length), vigorFives);
  const injuries = boxes.slice(0, Math.min(fives - avoid, boxes.length));
  const wanted = { avoid: avoid * 5, injuries };
  // Offered by the prompt, or leading where an offered choice does (the engine checks it again when it is given).
  return splitOptions(o).some((c) => sameSplit(o, c, wanted)) ? wanted : null;
}

function bestReply(game: GameState, prompt: PromptOf<'reply'>): { attack: string; chance: number } | null {
  const o = prompt.options;
  let best: { attack: string; chance: number } | null = null;
  for (const attack of o.attacks) {
    const odds = attackOdds(game, prompt.unit, attack, o.against);
    if ('chance' in odds && (!best || odds.chance > best.chance)) best = { attack, chance: odds.chance };
  }
  return best;
}

/** The answer `orders` give to the game's open `prompt`, with what was chosen in words; null when they leave it to the player. */
export function gameAnswer(game: GameState, prompt: Prompt, orders: Orders): { decision: Decision; chose: string } | null {
  const unit = prompt.unit ? unitName(game, unitOf(game, prompt.unit)) : '';
  switch (prompt.kind) {
    case 'reply': {
      const r = orders.replies;
      if (!r || r === 'ask') return null;
      const against = unitName(game, unitOf(game, prompt.options.against));
      const best = r === 'never' ? null : bestReply(game, prompt);
      if (r === 'never' || !best || best.chance * 100 < r.at) {
        const why = r === 'never' ? '' : best ? ` (best chance ${Math.round(best.chance * 100)} %, under ${r.at} %)` : '';
        return { decision: { unit: prompt.unit, reply: null }, chose: `${unit} lets ${against} pass${why}` };
      }
      const name = findAttack(game, unitOf(game, prompt.unit), best.attack)?.name ?? best.attack;
      return {
        decision: { unit: prompt.unit, reply: best.attack },
        chose: `${unit} replies to ${against} with ${name} (${Math.round(best.chance * 100)} % to hit)`,
      };
    }
    case 'wounds': {
      const w = orders.wounds;
      if (!w || w === 'ask') return null;
      const split = woundSplit(prompt.options, w, orders.boxes ?? []);
      if (!split) return null;
      return {
        decision: { unit: prompt.unit, avoid: split.avoid, injuries: [...split.injuries] },
        chose: `${unit} takes the wounds: ${splitWords(game, prompt.unit, split)}`,
      };
    }
    case 'reroll': {
      const r = orders.rerolls;
      if (!r || r === 'ask') return null;
      return { decision: { player: prompt.player, reroll: r === 'losing' }, chose: r === 'losing' ? 'rerolls' : 'keeps the roll' };
    }
    case 'recoil': {
      const r = orders.recoil;
      if (!r || r === 'ask') return null;
      const ends = prompt.options.ends;
      const usual = ends[prompt.options.default]!;
      const end = r === 'safe' && usual.damaging ? (ends.find((e) => !e.damaging) ?? usual) : usual;
      return { decision: { unit: prompt.unit, recoil: end.at }, chose: `${unit} recoils to ${end.at}` };
    }
    default:
      return null;
  }
}

/** The answer `orders` give to a setup prompt (the setup tactics check's reroll); null when they leave it to the player. */
export function setupAnswer(prompt: PregamePrompt, orders: Orders): { reroll: boolean; chose: string } | null {
  if (prompt.kind !== 'reroll' || !orders.rerolls || orders.rerolls === 'ask') return null;
  const reroll = orders.rerolls === 'losing';
  return { reroll, chose: reroll ? 'rerolls the setup tactics check' : 'keeps the setup roll' };
}
