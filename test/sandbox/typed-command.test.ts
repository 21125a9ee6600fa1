import { describe, expect, it } from 'vitest';
// @ts-expect-error the sandbox page's plain-JS module has no types
import { parseTypedCommand } from '../../src/sandbox/public/typed-command.js';

const ENTRIES = [
  { path: 'skirmish entry', options: [{ name: 'square', required: true }] },
  {
    path: 'skirmish move',
    options: [
      { name: 'unit', required: true },
      { name: 'to', required: true },
    ],
  },
  { path: 'league admin pause', options: [{ name: 'reason' }] },
  { path: 'help', options: [{ name: 'topic' }] },
];
const parse = (text: string) => parseTypedCommand(text, ENTRIES);

describe('a command typed on one line in the sandbox box', () => {
  it('reads the command path, group and subcommand words included, then name:value pairs', () => {
    expect(parse('/skirmish entry square:Z99')).toEqual({ entry: ENTRIES[0], values: { square: 'Z99' } });
    expect(parse('/Skirmish  move to:I10 unit:War Hound')).toEqual({ entry: ENTRIES[1], values: { unit: 'War Hound', to: 'I10' } });
    expect(parse('/league admin pause reason:away for a week')).toEqual({ entry: ENTRIES[2], values: { reason: 'away for a week' } });
    expect(parse('/help')).toEqual({ entry: ENTRIES[3], values: {} });
  });

  it('puts text before any name: into the first required option still empty', () => {
    expect(parse('/skirmish move War Hound to:I10')).toEqual({ entry: ENTRIES[1], values: { unit: 'War Hound', to: 'I10' } });
  });

  it('never puts typed text into a file option: it fills the first option that takes text (issue 26)', () => {
    const submit = {
      path: 'warband submit',
      options: [
        { name: 'file', type: 11 },
        { name: 'text', type: 3 },
      ],
    };
    expect(parseTypedCommand('/warband submit Small Watch | valor | mill-crossing | valor-knight', [submit])).toEqual({
      entry: submit,
      values: { text: 'Small Watch | valor | mill-crossing | valor-knight' },
    });
  });

  it('names an unknown option or subcommand, with what there is', () => {
    expect(parse('/skirmish entry bogus:1')).toEqual({ error: '/skirmish entry has no option "bogus". Its options: square.' });
    expect(parse('/skirmish frob x')).toEqual({ error: '/skirmish has no subcommand "frob". Its subcommands: entry, move.' });
  });

  it('leaves a line that names no whole command to the command list', () => {
    expect(parse('/skirm')).toBeNull();
    expect(parse('/nothing here')).toBeNull();
  });
});
