/**
 * Commands defined once: one list of options gives what Discord registers and the parser
 * whose result is typed from it. A misspelt option name, or reading an optional one as always there,
 * fails to compile (the @ts-expect-error lines below are checked by npm run typecheck).
 */
import { ApplicationCommandOptionType as T } from 'discord.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { booleanOption, choiceOption, integerOption, optionSet, textOption, userOption } from '../../src/commands/option-spec';
import { UserError } from '../../src/match/user-error';

const set = optionSet(
  textOption({ name: 'unit', description: 'Your unit', required: true, autocomplete: true, max: 40 }),
  choiceOption({ name: 'token', description: 'Which token', choices: ['react', 'blue'] }),
  integerOption({ name: 'page', description: 'Which page', min: 1, max: 10 }),
  booleanOption({ name: 'share', description: 'Share it', default: false }),
  userOption({ name: 'opponent', description: 'Who' }),
);

describe('optionSet', () => {
  it('registers the options as Discord expects them, in order', () => {
    expect(set.json).toEqual([
      { type: T.String, name: 'unit', description: 'Your unit', required: true, autocomplete: true, max_length: 40 },
      {
        type: T.String,
        name: 'token',
        description: 'Which token',
        choices: [
          { name: 'react', value: 'react' },
          { name: 'blue', value: 'blue' },
        ],
      },
      { type: T.Integer, name: 'page', description: 'Which page', min_value: 1, max_value: 10 },
      { type: T.Boolean, name: 'share', description: 'Share it' },
      { type: T.User, name: 'opponent', description: 'Who' },
    ]);
  });

  it('parses with the same definitions: trimmed text, defaults, and the type follows', () => {
    const args = set.parse({ unit: '  kn ', page: 3 });
    expect(args).toEqual({ unit: 'kn', page: 3, share: false });
    expectTypeOf(args.unit).toEqualTypeOf<string>();
    expectTypeOf(args.token).toEqualTypeOf<'react' | 'blue' | undefined>();
    expectTypeOf(args.share).toEqualTypeOf<boolean>();
    expectTypeOf(args.page).toEqualTypeOf<number | undefined>();
    // @ts-expect-error a misspelt option does not exist
    void args.unti;
    // @ts-expect-error an optional option may be missing
    const page: number = args.page;
    void page;
  });

  it('refuses a bad value with a message naming the option', () => {
    expect(() => set.parse({ unit: 'kn', token: 'green' })).toThrow(UserError);
    expect(() => set.parse({ unit: 'kn', page: 11 })).toThrow(/`page`/);
    expect(() => set.parse({ unit: ' ' })).toThrow(/`unit`: is empty/);
    expect(() => set.parse({})).toThrow(/`unit`/);
  });
});
