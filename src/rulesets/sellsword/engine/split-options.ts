/**
 * Every legal way to take a wounds prompt (§4.30, R22), for buttons and menus: the owner may avoid
 * wounds with Vigor in fives and marks a box for each five left over. Listed from the open prompt's
 * own options, in a fixed order (the default split first), so a menu value can be an index that means
 * the same thing when the click comes back. Choices that lead to the same result are offered once.
 */
import type { InjuryBox } from '../formats/card';
import type { SplitChoice, WoundsPromptOptions } from './state';

export type { WoundsPromptOptions } from './state';

const key = (b: InjuryBox): string => (typeof b === 'string' ? b : `trait:${b.trait}`);

/** The distinct multisets of `n` boxes from `boxes` (boxes of one kind are interchangeable), in card order. */
function boxSets(boxes: readonly InjuryBox[], n: number): InjuryBox[][] {
  const kinds = new Map<string, { box: InjuryBox; count: number }>();
  for (const b of boxes) {
    const k = kinds.get(key(b));
    if (k) k.count++;
    else kinds.set(key(b), { box: b, count: 1 });
  }
  const list = [...kinds.values()];
  const out: InjuryBox[][] = [];
  const walk = (i: number, left: number, picked: InjuryBox[]): void => {
    if (left === 0) return void out.push(picked);
    if (i >= list.length) return;
    const { box, count } = list[i]!;
    for (let take = Math.min(count, left); take >= 0; take--) walk(i + 1, left - take, [...picked, ...Array<InjuryBox>(take).fill(box)]);
  };
  walk(0, n, []);
  return out;
}

/**
 * Whether two splits of one prompt lead to the same result: the same Vigor and the same boxes, or both
 * marking every box left, which drops the unit whatever Vigor went first.
 */
export function sameSplit(options: Pick<WoundsPromptOptions, 'boxes'>, a: SplitChoice, b: SplitChoice): boolean {
  const boxes = (c: SplitChoice) => c.injuries.map(key).sort().join();
  const drops = (c: SplitChoice) => options.boxes.length > 0 && c.injuries.length >= options.boxes.length;
  return (drops(a) && drops(b)) || (a.avoid === b.avoid && boxes(a) === boxes(b));
}

export function splitOptions(options: Omit<WoundsPromptOptions, 'type'>): SplitChoice[] {
  const fives = Math.floor(options.wounds / 5);
  const out: SplitChoice[] = [options.default];
  // Choices that lead where an earlier one does are left out, so the first (the default) stands for them.
  const same = (a: SplitChoice, b: SplitChoice) => sameSplit(options, a, b);
  for (let avoided = Math.min(fives, Math.floor(options.vigor / 5)); avoided >= 0; avoided--) {
    const need = Math.min(fives - avoided, options.boxes.length);
    for (const injuries of boxSets(options.boxes, need)) {
      const choice = { avoid: avoided * 5, injuries };
      if (!out.some((c) => same(c, choice))) out.push(choice);
    }
  }
  return out;
}
