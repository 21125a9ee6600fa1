/**
 * Type-level tests, checked by `npm run typecheck` (tsc), not run by vitest: each `@ts-expect-error`
 * line must fail to compile, or tsc reports the directive as unused. They prove that a misspelt
 * frame kind, frame field or prompt field, a frame handler missing from the table, and reading a
 * field a kind does not have are compile errors.
 */
import type { Handler } from '../../src/rulesets/sellsword/engine/flow';
import type { Handlers } from '../../src/rulesets/sellsword/engine/handlers';
import type { Frame, FrameOf, Prompt } from '../../src/rulesets/sellsword/engine/state';

const attack: Frame = { k: 'attack', unit: 'a', attack: 'bite', target: 'b', charge: false, reply: false, shove: undefined };
const wound: FrameOf<'wound'> = { k: 'wound', unit: 'b', wound: 5, woundType: 'fire', source: null, why: 'damaging terrain' };

// A misspelt frame kind.
// @ts-expect-error 'atack' is not a frame kind
const misspeltKind: Frame = { k: 'atack', unit: 'a', attack: 'bite', target: 'b', charge: false, reply: false, shove: undefined };

// A misspelt frame field.
// @ts-expect-error 'targt' is not a field of an attack frame
const misspeltField: Frame = { k: 'attack', unit: 'a', attack: 'bite', targt: 'b', charge: false, reply: false, shove: undefined };

// A missing frame field.
// @ts-expect-error an attack frame needs its target
const missingField: Frame = { k: 'attack', unit: 'a', attack: 'bite', charge: false, reply: false, shove: undefined };

// A field of the wrong type: a wound frame's answer is a split, not a reply.
// @ts-expect-error 'answer' of a wound frame is a SplitChoice
const wrongAnswer: Frame = { ...wound, answer: 'bite' };

// A field another kind has.
// @ts-expect-error a wound frame has no target
export const woundTarget = (f: FrameOf<'wound'>) => f.target;

// A field read before the kind is known.
// @ts-expect-error only some kinds have a target
export const anyTarget = (f: Frame) => f.target;

// Narrowed by its kind, a frame has its fields.
export const narrowed = (f: Frame): string | null => (f.k === 'attack' ? f.target : f.k === 'wound' ? f.source : null);

// A handler reads only its kind's fields.
// @ts-expect-error a move-steps frame has no 'squares'
export const badHandler: Handler<'move-steps'> = (_ctx, frame) => void frame.squares;

// The handler table must name every kind, and only kinds.
const none = () => undefined;
// @ts-expect-error a table without handlers for every kind
export const partial: Handlers = { act: none, wound: none };
export const misspeltTable = (all: Handlers): Handlers => ({
  ...all,
  // @ts-expect-error 'wonud' is not a frame kind
  wonud: none,
});

const reply: Prompt = { kind: 'reply', player: 'p1', unit: 'a', options: { against: 'b', attacks: ['bite'] } };

// A misspelt prompt kind.
// @ts-expect-error 'replies' is not a prompt kind
const misspeltPrompt: Prompt = { kind: 'replies', player: 'p1', unit: 'a', options: { against: 'b', attacks: [] } };

// A misspelt prompt option.
// @ts-expect-error 'againts' is not an option of a reply prompt
const misspeltOption: Prompt = { kind: 'reply', player: 'p1', unit: 'a', options: { againts: 'b', attacks: [] } };

// A reply prompt is about a unit.
// @ts-expect-error a reply prompt names its unit
const noUnit: Prompt = { kind: 'reply', player: 'p1', options: { against: 'b', attacks: [] } };

// Options read before the kind is known.
// @ts-expect-error only reply prompts offer attacks
export const anyAttacks = (p: Prompt) => p.options.attacks;

// Narrowed, the options have their shape: a reroll says which roll.
export const attacksOf = (p: Prompt): readonly string[] => (p.kind === 'reply' ? p.options.attacks : []);
export const rerollOf = (p: Prompt): string | null => (p.kind === 'reroll' ? (p.options.roll === 'recovery' ? p.options.status : p.options.leader) : null);

export const used = [attack, wound, misspeltKind, misspeltField, missingField, wrongAnswer, reply, misspeltPrompt, misspeltOption, noUnit];
