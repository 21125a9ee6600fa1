/**
 * Reads a chat command's options into a flat record and checks them with zod, so each handler gets
 * typed values and a malformed option gets a specific message instead of a crash.
 */
import type { Attachment, AutocompleteInteraction, ChatInputCommandInteraction, CommandInteractionOption } from 'discord.js';
import { z } from 'zod';
import { refuse } from '../match/user-error';

export type OptionValue = string | number | boolean | Attachment;

export interface ReadOptions {
  readonly group: string | null;
  readonly sub: string | null;
  readonly values: Readonly<Record<string, OptionValue>>;
  /** The option being typed, for autocomplete. */
  readonly focused: string | null;
}

export function readOptions(interaction: ChatInputCommandInteraction | AutocompleteInteraction): ReadOptions {
  let group: string | null = null;
  let sub: string | null = null;
  let focused: string | null = null;
  const values: Record<string, OptionValue> = {};
  const walk = (options: readonly CommandInteractionOption[]): void => {
    for (const o of options) {
      if (o.type === 2) group = o.name;
      else if (o.type === 1) sub = o.name;
      if (o.options) walk(o.options);
      else if (o.attachment) values[o.name] = o.attachment;
      else if (o.user) values[o.name] = o.user.id;
      else if (o.value !== undefined && o.value !== null) values[o.name] = o.value;
      if (o.focused) focused = o.name;
    }
  };
  walk(interaction.options.data);
  return { group, sub, values, focused };
}

/** Parses option values with a schema; the first problem becomes the reply. */
export function parseOptions<S extends z.ZodType>(schema: S, values: Readonly<Record<string, OptionValue>>): z.output<S> {
  const r = schema.safeParse(values);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const name = issue.path.length > 0 ? `\`${String(issue.path[0])}\`` : 'the options';
  return refuse('bad-option', `${name}: ${issue.message}`);
}

/** A text option, trimmed, with a length cap (Discord's own cap is 6000; ours keep messages readable). */
export const text = (max = 100) => z.string().trim().min(1, 'is empty').max(max, `is longer than ${max} characters`);
