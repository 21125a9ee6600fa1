/**
 * Where the rules get their dice: a function that rolls a die of `sides` faces. In play it is the
 * decision's `DecisionCtx.roll`, which draws from the match's committed stream (or a scenario's fixed
 * list) and records every die for the event; tests pass a list. The rules never roll any other way.
 */
import type { Roll } from '../../../engine/dice';

export type Dice = (sides: number) => number;

/** Dice from a fixed list, for tests: each entry must be the size the rules ask for. */
export function listDice(list: readonly Roll[]): Dice & { readonly used: () => number } {
  let i = 0;
  const roll = (sides: number): number => {
    const next = list[i];
    if (next === undefined) throw new Error(`no die left for a d${sides}`);
    if (next.d !== sides) throw new Error(`the rules rolled a d${sides}, the list has a d${next.d}`);
    i++;
    return next.v;
  };
  return Object.assign(roll, { used: () => i });
}
