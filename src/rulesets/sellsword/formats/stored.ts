/**
 * The shapes of Sellsword's stored states that the bot reads from a match row (src/match/record.ts
 * decodes the row with them): the stages, the open prompt of each kind and its options, units,
 * players. Light on purpose: the discriminants and the fields the bot reads, not the whole engine
 * state, which the engine wrote and replay checks.
 */
import { z } from 'zod';

const id = z.string();
const ids = z.array(id);
const count = z.number();

const promptBase = { player: id };

/** The game's prompts (engine/state.ts Prompt): their kinds, and the options each kind offers. */
const gamePrompt = z.discriminatedUnion('kind', [
  z.looseObject({ ...promptBase, kind: z.literal('reply'), unit: id, options: z.looseObject({ against: id, attacks: ids }) }),
  z.looseObject({
    ...promptBase,
    kind: z.literal('wounds'),
    unit: id,
    options: z.looseObject({
      wounds: count,
      type: z.string(),
      vigor: count,
      boxes: z.array(z.unknown()),
      default: z.looseObject({ avoid: count, injuries: z.array(z.unknown()) }),
    }),
  }),
  z.looseObject({ ...promptBase, kind: z.literal('order'), options: ids }),
  z.looseObject({
    ...promptBase,
    kind: z.literal('reroll'),
    unit: id.optional(),
    options: z.discriminatedUnion('roll', [
      z.looseObject({ roll: z.literal('tactics'), total: count, leader: id, leaderTotal: count, rerollsLeft: count }),
      z.looseObject({ roll: z.literal('recovery'), unit: id, status: z.string(), total: count, needed: count, warleader: id, usesLeft: count }),
    ]),
  }),
  z.looseObject({ ...promptBase, kind: z.literal('recover'), unit: id, options: z.array(z.string()) }),
  z.looseObject({
    ...promptBase,
    kind: z.literal('recoil'),
    unit: id,
    options: z.looseObject({
      by: id,
      points: count,
      ends: z.array(z.looseObject({ at: z.string(), path: z.array(z.string()), cost: count, damaging: z.boolean() })).min(2),
      default: count,
    }),
  }),
]);

/** The setup's prompts (engine/pregame-state.ts PregamePrompt). */
const pregamePrompt = z.discriminatedUnion('kind', [
  z.looseObject({ ...promptBase, kind: z.literal('reroll'), options: z.looseObject({ total: count, leader: id, leaderTotal: count, rerollsLeft: count }) }),
  z.looseObject({ ...promptBase, kind: z.literal('map-chooser'), options: ids }),
  z.looseObject({ ...promptBase, kind: z.literal('map'), options: z.array(z.looseObject({ id: z.string(), name: z.string() })) }),
  z.looseObject({
    ...promptBase,
    kind: z.literal('entry'),
    options: z.looseObject({ areas: z.array(z.looseObject({ area: count, tiles: z.array(z.string()) })) }),
  }),
]);

export const gameShape = z.looseObject({
  map: z.looseObject({ id: z.string() }),
  cards: z.record(z.string(), z.looseObject({ name: z.string() })),
  players: ids,
  units: z.record(z.string(), z.looseObject({ id, player: id, card: z.string(), at: count.nullable(), dropped: z.boolean() })),
  round: count,
  turn: z.looseObject({ player: id, unit: id.nullable() }).nullable(),
  score: z.record(z.string(), count),
  winner: id.nullable(),
  over: z.boolean(),
  prompt: gamePrompt.nullable(),
  resume: z.array(z.looseObject({ k: z.string() })),
});

export const pregameShape = z.looseObject({
  players: ids,
  map: z.string().nullable(),
  prompt: pregamePrompt.nullable(),
  done: z.looseObject({ ap: id, map: z.string() }).nullable(),
});
