/**
 * Commands a player (or a scenario step) gives the engine: the FORMATS.md step shapes, so scenarios,
 * slash commands and buttons all speak one language.
 */
import type { Step } from '../formats/scenario';

export type Command = Step | { readonly begin: true };
export type ActCommand = Extract<Step, { act: string }>;
export type Decision = Extract<Step, { decide: unknown }>['decide'];
