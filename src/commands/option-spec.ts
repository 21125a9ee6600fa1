/**
 * A command's options, defined once: each builder gives both the option as Discord registers it and
 * the check its value gets, and `optionSet` turns a list of them into the registered JSON and one
 * parser whose result is typed from the same list (a required option is never undefined; one with a
 * default never either). So what Discord shows and what a handler reads cannot drift apart.
 */
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOptionChoice,
  type APIApplicationCommandSubcommandOption,
  type ApplicationCommandOptionType,
  ApplicationCommandOptionType as T,
} from 'discord.js';
import { z } from 'zod';
import { nameProblem } from '../formats/characters';
import { type OptionValue, parseOptions, text } from './options';
import type { UploadMeta } from './upload';

/** One option: its name, whether a value always comes (required, or a default), its JSON and its check. */
export interface OptionSpec<N extends string = string, V = unknown, Always extends boolean = boolean> {
  readonly name: N;
  readonly always: Always;
  readonly json: APIApplicationCommandBasicOption;
  /** The check for a value that was given; `optionSet` makes it optional (or defaulted) as the option is. */
  readonly schema: z.ZodType<V>;
  readonly required: boolean;
  readonly fallback?: V;
}

interface Common<N extends string> {
  readonly name: N;
  readonly description: string;
}

type Presence<V> = { readonly required: true; readonly default?: never } | { readonly required?: false; readonly default?: V };

/** Whether a value is always there: required, or defaulted. */
type AlwaysOf<P> = P extends { readonly required: true } ? true : P extends { readonly default: unknown } ? true : false;

function spec<const N extends string, V, P extends Presence<V>>(
  o: Common<N> & P,
  type: ApplicationCommandOptionType,
  schema: z.ZodType<V>,
  extra: Record<string, unknown> = {},
): OptionSpec<N, V, AlwaysOf<P>> {
  const required = o.required === true;
  const json = { type, name: o.name, description: o.description, ...(required ? { required: true } : {}), ...extra } as APIApplicationCommandBasicOption;
  const always = (required || o.default !== undefined) as AlwaysOf<P>;
  return { name: o.name, always, json, schema, required, ...(o.default !== undefined ? { fallback: o.default } : {}) };
}

/**
 * Free text, trimmed and capped at `max` characters (100 by default), which Discord's box enforces
 * too (`max_length`, from the same number); `autocomplete` lets the bot suggest values; `asName` holds
 * it to the rule for names other players read (formats/characters.ts).
 */
export function textOption<const N extends string, P extends Presence<string> = Presence<string>>(
  o: Common<N> &
    P & {
      readonly max?: number;
      readonly autocomplete?: boolean;
      readonly asName?: boolean;
      /** Values Discord offers in a list (made when the command is, from content): checked as text, not as a fixed set. */
      readonly choices?: readonly APIApplicationCommandOptionChoice<string>[];
    },
) {
  const max = o.max ?? 100;
  const checked = o.asName
    ? text(max).superRefine((value, ctx) => {
        const problem = nameProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
    : text(max);
  return spec<N, string, P>(o, T.String, checked, {
    ...(o.autocomplete ? { autocomplete: true } : {}),
    max_length: max,
    ...(o.choices ? { choices: o.choices } : {}),
  });
}

/** One of a fixed list of values, each shown under its own name (the value itself by default). */
export function choiceOption<const N extends string, const V extends string, P extends Presence<V> = Presence<V>>(
  o: Common<N> & P & { readonly choices: readonly (V | { readonly name: string; readonly value: V })[] },
) {
  const choices: APIApplicationCommandOptionChoice<string>[] = o.choices.map((c) =>
    typeof c === 'string' ? { name: c, value: c } : { name: c.name, value: c.value },
  );
  const values = choices.map((c) => c.value) as [V, ...V[]];
  return spec<N, V, P>(o, T.String, z.enum(values) as unknown as z.ZodType<V>, { choices });
}

/** A whole number from `min` to `max`. */
export function integerOption<const N extends string, P extends Presence<number> = Presence<number>>(
  o: Common<N> & P & { readonly min: number; readonly max: number },
) {
  return spec<N, number, P>(o, T.Integer, z.number().int().min(o.min).max(o.max), { min_value: o.min, max_value: o.max });
}

export function booleanOption<const N extends string, P extends Presence<boolean> = Presence<boolean>>(o: Common<N> & P) {
  return spec<N, boolean, P>(o, T.Boolean, z.boolean());
}

/** A member of the server: the value is their user id. */
export function userOption<const N extends string, P extends Presence<string> = Presence<string>>(o: Common<N> & P) {
  return spec<N, string, P>(o, T.User, z.string());
}

/** A role of the server: the value is its id. */
export function roleOption<const N extends string, P extends Presence<string> = Presence<string>>(o: Common<N> & P) {
  return spec<N, string, P>(o, T.Role, z.string());
}

/** An uploaded file. */
export function attachmentOption<const N extends string, P extends Presence<UploadMeta> = Presence<UploadMeta>>(o: Common<N> & P) {
  const file = z.custom<UploadMeta>((v) => typeof v === 'object' && v !== null && 'url' in v && 'size' in v, 'is not a file');
  return spec<N, UploadMeta, P>(o, T.Attachment, file);
}

type ValueOf<S> = S extends OptionSpec<string, infer V, boolean> ? V : never;

/** The parsed arguments of a list of options, typed from it. */
export type ArgsOf<S extends readonly OptionSpec[]> = {
  readonly [K in S[number] as K['name']]: K['always'] extends true ? ValueOf<K> : ValueOf<K> | undefined;
};

export interface OptionSet<S extends readonly OptionSpec[]> {
  /** The options as Discord registers them, in order. */
  readonly json: APIApplicationCommandBasicOption[];
  /** Checks an interaction's values; the first problem is refused with a message naming the option. */
  parse(values: Readonly<Record<string, OptionValue>>): ArgsOf<S>;
}

export function optionSet<const S extends readonly OptionSpec[]>(...specs: S): OptionSet<S> {
  const shape: Record<string, z.ZodType> = {};
  for (const s of specs) shape[s.name] = s.required ? s.schema : s.fallback !== undefined ? s.schema.default(s.fallback as never) : s.schema.optional();
  const schema = z.object(shape);
  return { json: specs.map((s) => s.json), parse: (values) => parseOptions(schema, values) as ArgsOf<S> };
}

/** A subcommand as Discord registers it, with the options of an `optionSet` (none when left out). */
export const subcommand = (
  name: string,
  description: string,
  set?: { readonly json: APIApplicationCommandBasicOption[] },
): APIApplicationCommandSubcommandOption => ({
  type: T.Subcommand,
  name,
  description,
  options: set?.json ?? [],
});
