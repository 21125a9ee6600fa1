/**
 * Taking wounds (§4.30, R22): immunity subtracts, vulnerability adds, toughness ignores the first 5 of
 * the round, then the owner splits the rest in fives between Vigor and injury boxes. Marking Mortal
 * scores the unit (R3); marking the last box drops it.
 */
import type { InjuryBox } from '../formats/card';
import type { WoundType } from '../formats/vocabulary';
import type { Ctx } from './ctx';
import { refuse } from '../../../engine/errors';
import { ask, type Handler } from './flow';
import { type FrameOf, type GameState, type SplitChoice, TOUGHNESS_A_ROUND, type UnitId, type UnitState, type WoundSource } from './state';
import { liveTraits } from './stats';
import { cardOf, label, unitOf } from './table';
import { dropUnit, scoreUnit } from './scoring';
import { splitOptions } from './split-options';

/** Two injury boxes of the same kind (a trait box by its trait). */
export const sameBox = (a: InjuryBox, b: InjuryBox) => (typeof a === 'string' ? a === b : typeof b === 'object' && a.trait === b.trait);

/** Boxes not yet marked, in card order. */
export function boxesLeft(state: GameState, unit: UnitState): InjuryBox[] {
  const left = [...cardOf(state, unit).injuries];
  for (const marked of unit.injuries) {
    const i = left.findIndex((b) => sameBox(b, marked));
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** Wounds left after immunity then vulnerability (R22), before toughness. */
export function afterDefences(state: GameState, unit: UnitState, wound: number, type: WoundType): number {
  let n = wound;
  for (const t of liveTraits(state, unit)) if (t.trait === 'immune' && t.type === type) n -= t.wound;
  n = Math.max(0, n);
  for (const t of liveTraits(state, unit)) if (t.trait === 'vulnerable' && t.type === type) n += t.wound;
  return n;
}

/** Toughness ignores the first 5 wounds the unit takes each round (§4.7). */
export function toughnessUse(state: GameState, unit: UnitState, wounds: number): number {
  return liveTraits(state, unit).some((t) => t.trait === 'toughness') ? Math.min(unit.toughness, wounds) : 0;
}

/**
 * The damage step (R22, §4.7): of `wound` wounds of `type`, what the unit takes after immunity,
 * vulnerability and toughness, and how many of them toughness ignores. The engine's wound step and
 * the odds queries both use it, so the odds say what the log will. `spent` is what the unit's
 * toughness had already ignored earlier this round (0 without the trait), so the log's words, reading
 * the state before the wound, can say why it ignored fewer than it would have (issue 26).
 */
export function woundsTaken(state: GameState, unit: UnitState, wound: number, type: WoundType): { taken: number; toughness: number; spent: number } {
  const defended = afterDefences(state, unit, wound, type);
  const toughness = toughnessUse(state, unit, defended);
  const tough = liveTraits(state, unit).some((t) => t.trait === 'toughness');
  return { taken: defended - toughness, toughness, spent: tough ? Math.max(0, TOUGHNESS_A_ROUND - unit.toughness) : 0 };
}

/**
 * Whether `taken` wounds (after immunity, vulnerability and toughness) drop the unit whatever its owner
 * splits (R3): Vigor avoids them in fives, each box takes five more, and marking the last box drops it.
 */
export function woundsDrop(state: GameState, unit: UnitState, taken: number): boolean {
  const left = boxesLeft(state, unit).length;
  return !unit.dropped && left > 0 && Math.floor(taken / 5) - Math.floor(unit.vigor / 5) >= left;
}

/** The unit's unmarked boxes in the order the default split marks them: card order, Mortal last. */
export const boxOrder = (state: GameState, unit: UnitState): InjuryBox[] =>
  boxesLeft(state, unit).sort((a, b) => Number(a === 'mortal') - Number(b === 'mortal'));

/** The default split (docs/formats.md auto): Vigor first, then boxes in card order with Mortal last. */
export function defaultSplit(state: GameState, unit: UnitState, wounds: number): { avoid: number; injuries: InjuryBox[] } {
  const fives = Math.floor(wounds / 5);
  const avoidFives = Math.min(fives, Math.floor(unit.vigor / 5));
  const order = boxOrder(state, unit);
  return { avoid: avoidFives * 5, injuries: order.slice(0, fives - avoidFives) };
}

export type { SplitChoice } from './state';

/** Checks an owner's split: fives only, Vigor they have, boxes they have, everything allotted. */
export function checkSplit(state: GameState, unit: UnitState, wounds: number, choice: SplitChoice): void {
  const fives = Math.floor(wounds / 5);
  if (choice.avoid % 5 !== 0 || choice.avoid < 0) refuse('bad-split', 'Vigor avoids wounds in fives.');
  if (choice.avoid > Math.floor(unit.vigor / 5) * 5) refuse('bad-split', `${label(state, unit)} has only ${unit.vigor} Vigor.`);
  if (choice.avoid > fives * 5) refuse('bad-split', `Only ${fives * 5} wounds are to be allotted.`);
  const left = boxesLeft(state, unit);
  const need = Math.min(fives - choice.avoid / 5, left.length);
  if (choice.injuries.length !== need) {
    refuse('bad-split', `${fives * 5} wounds: avoid ${choice.avoid} with Vigor and mark ${need} box${need === 1 ? '' : 'es'}, not ${choice.injuries.length}.`);
  }
  const pool = [...left];
  for (const box of choice.injuries) {
    const i = pool.findIndex((b) => sameBox(b, box));
    if (i < 0) refuse('bad-split', `${label(state, unit)} has no unmarked ${typeof box === 'string' ? box : `trait (${box.trait})`} box.`);
    pool.splice(i, 1);
  }
}

/** A wound effect landing on a unit: computes, asks the owner for the split when it is a real choice, applies. */
export const onWound: Handler<'wound'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  if (unit.dropped) return;
  const type = frame.woundType;
  const wound = frame.wound;
  const source = frame.source;
  const { taken, toughness: tough } = woundsTaken(ctx.state, unit, wound, type);
  const fives = Math.floor(taken / 5);
  const answer = frame.answer;
  let split: SplitChoice = defaultSplit(ctx.state, unit, taken);
  if (answer !== undefined) {
    checkSplit(ctx.state, unit, taken, answer);
    split = answer;
  } else if (fives > 0) {
    const options = { wounds: taken, vigor: unit.vigor, boxes: boxesLeft(ctx.state, unit), default: split };
    // The owner is asked only when there is a real choice: one legal split (say every split marks the
    // last box and drops the unit, whatever Vigor goes first) is applied and told, never a menu of one.
    if (splitOptions(options).length > 1)
      return ask(ctx, stack, frame, {
        kind: 'wounds',
        player: unit.player,
        unit: unit.id,
        options: { ...options, type, source, cause: frame.why, ...woundFrom(frame) },
      });
  }
  ctx.emit({
    type: 'wounded',
    unit: unit.id,
    wound,
    woundType: type,
    source,
    cause: frame.why,
    ...woundFrom(frame),
    taken,
    toughness: tough,
    avoided: split.avoid,
    injuries: [...split.injuries],
  });
  afterWounds(ctx, unit.id, split.injuries, source);
};

/** What dealt the wounds, as the frame says (attack.ts, damaging.ts, turns.ts push them). */
function woundFrom(frame: FrameOf<'wound'>): { from: WoundSource | undefined; attack?: string; trait?: string } {
  const { from, attack, trait } = frame;
  return { from, ...(attack !== undefined ? { attack } : {}), ...(trait !== undefined ? { trait } : {}) };
}

/** R3: VP when Mortal is marked; the last box drops the unit. */
function afterWounds(ctx: Ctx, id: UnitId, marked: readonly InjuryBox[], source: UnitId | null): void {
  const unit = unitOf(ctx.state, id);
  if (marked.includes('mortal')) scoreUnit(ctx, unit, source);
  if (boxesLeft(ctx.state, unit).length === 0) dropUnit(ctx, id, source);
}
