/**
 * Commands a player (or a scenario step) gives the engine: the docs/formats.md step shapes, so scenarios,
 * slash commands and buttons all speak one language.
 */
import type { Step } from '../formats/scenario';
import type { PlayerId } from './state';

export type Command = Step | { readonly begin: true };
export type ActCommand = Extract<Step, { act: string }>;
export type Decision = Extract<Step, { decide: unknown }>['decide'];
/**
 * A player leaves the match at once (decide.ts `concede`). Kept out of Command, which the queries
 * enumerate as legal plays: conceding is always open to a player still in the game.
 */
export type Concession = { readonly concede: PlayerId };
