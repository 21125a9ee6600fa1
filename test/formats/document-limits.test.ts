/**
 * Any server member can send a document, so none may crash the bot or show an internal
 * message. Before the limits, 10,000 nested `[` in a 20 KB YAML file showed "Maximum call stack size
 * exceeded", and the next such file aborted the process ("RegExpCompiler Allocation failed").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Parser, stringify } from 'yaml';
import { defaultContent } from '../../src/content/load';
import { parseJsonText, parseText, parseYamlText } from '../../src/formats/document';
import { MAX_ALIASES, MAX_DEPTH, MAX_DOCUMENT_BYTES, MAX_VALUES } from '../../src/formats/limits';
import type { Result } from '../../src/formats/problems';
import { parseWarbandText } from '../../src/rulesets/sellsword/formats/warband';
import { measureValue } from '../../src/formats/value-size';
import { yamlNesting } from '../../src/formats/yaml-nesting';
import { measureSyntaxTree } from '../../src/formats/yaml-syntax-tree';

const messages = (r: Result<unknown>): string[] => (r.ok ? [] : r.problems.map((p) => p.message));
const deep = (n: number) => `the file nests ${n} levels deep; the most allowed is ${MAX_DEPTH}`;

describe('nesting is refused before a parser sees it', () => {
  it('10,000 nested YAML flow lists, every time, the second as the first', () => {
    const text = '['.repeat(10_000) + ']'.repeat(10_000);
    for (let i = 0; i < 3; i++) expect(messages(parseYamlText(text))).toEqual([deep(10_000)]);
    // Unclosed, and as a warband upload.
    expect(messages(parseText('['.repeat(10_000), 'w.yaml'))).toEqual([deep(10_000)]);
    expect(messages(parseWarbandText(`name: [${'{a: ['.repeat(5_000)}`, 'w.yml'))).toEqual([deep(10_002)]);
  });

  it('10,000 nested JSON lists and objects; brackets inside strings do not count', () => {
    expect(messages(parseJsonText('['.repeat(10_000) + ']'.repeat(10_000)))).toEqual([deep(10_000)]);
    expect(messages(parseText(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 'w.json'))).toEqual([deep(10_000)]);
    expect(parseJsonText(JSON.stringify({ name: '[[[['.repeat(100) }))).toEqual({ ok: true, value: { name: '[[[['.repeat(100) } });
  });

  it('10,000 YAML block lists nested compactly (- - - x), explicit keys (? ? x), and indented mappings', () => {
    for (let i = 0; i < 2; i++) expect(messages(parseYamlText(`${'- '.repeat(10_000)}x\n`))).toEqual([deep(10_000)]);
    expect(messages(parseYamlText(`${'? '.repeat(10_000)}x\n`))).toEqual([deep(10_000)]);
    const indented = Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}a:`).join('\n');
    expect(messages(parseYamlText(indented))).toEqual([deep(200)]);
  });

  it('quoted, block and plain text in YAML is not counted as nesting', () => {
    const text = [
      'name: "[[[[{{{{ - - - "',
      "other: '[[[['",
      'plain: a [[[[ b',
      'block: |',
      '  - - - - - [[[[[[',
      '  ? ? ? {{{{',
      'folded: >-',
      '  [[[[ ]]',
      'list: [1, [2, "]]]]"], {a: b}]  # [[[[',
      '',
    ].join('\n');
    expect(yamlNesting(text)).toBe(3);
    expect(parseYamlText(text).ok).toBe(true);
  });

  it('the quick count is within two levels of the real depth for whatever the yaml library writes, in any style', () => {
    // Keys and text full of YAML's own punctuation, written plain, quoted, folded or literal.
    const text = fc.stringMatching(/^[a-z [\]{}"'#:,\-?|>&*!\n]{0,10}$/);
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(text, tie('v'), { maxKeys: 3 }),
      ),
    })).v;
    const style = fc.record({
      collectionStyle: fc.constantFrom('any', 'block', 'flow'),
      indent: fc.integer({ min: 1, max: 4 }),
      indentSeq: fc.boolean(),
      lineWidth: fc.constantFrom(0, 12, 80),
      defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'),
    } as const);
    fc.assert(
      fc.property(value, style, (v, options) => {
        const written = stringify(v, options);
        // A guard, not the limit: the exact depth is measured on the parser's tree (20,000 runs: off by -1 to +2).
        expect(Math.abs(yamlNesting(written) - measureValue(v).depth)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300, seed: 20_261_123 },
    );
  });

  it('a text that misleads the quick count is still measured on the parser’s tree before composing', () => {
    // Lines the pre-scan reads as going on with a plain scalar, but the parser nests (an error it still builds).
    const text = `k\n${'  a: -]k\n'.repeat(2_000)}`;
    expect(yamlNesting(text)).toBeLessThanOrEqual(MAX_DEPTH);
    expect(messages(parseYamlText(text))).toEqual([deep(2_000)]);
  });

  it('64 levels load; 65 are refused', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parseYamlText(nested(MAX_DEPTH)).ok).toBe(true);
    expect(parseJsonText(nested(MAX_DEPTH)).ok).toBe(true);
    expect(messages(parseYamlText(nested(MAX_DEPTH + 1)))).toEqual([deep(MAX_DEPTH + 1)]);
    expect(messages(parseJsonText(nested(MAX_DEPTH + 1)))).toEqual([deep(MAX_DEPTH + 1)]);
  });
});

describe('size', () => {
  it('a file over the byte limit is refused before it is read', () => {
    const text = `name: "${'x'.repeat(MAX_DOCUMENT_BYTES)}"`;
    expect(messages(parseText(text, 'w.yaml'))).toEqual([`the file is 257 KiB; the most allowed is 256 KiB`]);
    expect(messages(parseText(text, 'w.json'))).toEqual([`the file is 257 KiB; the most allowed is 256 KiB`]);
  });

  it('more values than allowed are refused', () => {
    const zeros = `[${'0,'.repeat(MAX_VALUES)}0]`;
    expect(messages(parseJsonText(zeros))).toEqual([`the file holds more than ${MAX_VALUES} values; the most allowed is ${MAX_VALUES}`]);
  });

  it('YAML is counted on the parser’s tree, before composing, as the values it becomes', () => {
    // (A YAML file of 100,000 values takes the parser most of a second, so the count is checked on a small one.)
    const content = defaultContent();
    const catalog = {
      units: [...content.index.units.values()].slice(0, 6),
      mods: [...content.index.mods.values()].slice(0, 3),
      maps: [...content.maps.values()],
    };
    for (const style of ['block', 'flow'] as const) {
      const text = stringify(catalog, { collectionStyle: style });
      expect(measureSyntaxTree([...new Parser().parse(text)])).toEqual(measureValue(JSON.parse(JSON.stringify(catalog))));
    }
  });
});

describe('YAML aliases', () => {
  it('an alias bomb (billion laughs) is refused before it expands', () => {
    const levels = 'abcdefghi'.split('');
    const lines = [
      `a: &a [${Array(9).fill('"lol"').join(', ')}]`,
      ...levels.slice(1).map((l, i) => `${l}: &${l} [${Array(9).fill(`*${levels[i]}`).join(', ')}]`),
    ];
    // Expanded, these nine lines would be 9^9 values: a parser that expanded before counting would not
    // come back within the test's time, so the refusal itself proves the count came first.
    expect(messages(parseYamlText(lines.join('\n')))).toEqual([
      `the file's aliases (*name) would expand it to more than ${MAX_VALUES} values; the most allowed is ${MAX_VALUES}`,
    ]);
  });

  it('aliases that nest past the depth limit, point into themselves, name no anchor, or are too many', () => {
    const chain = ['a0: &a0 [[[[[[[[[[1]]]]]]]]]]', ...Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [[[[[[[[[[*a${i}]]]]]]]]]]`)];
    expect(messages(parseYamlText(chain.join('\n')))).toEqual([deep(101)]);
    expect(messages(parseYamlText('a: &a [1, *a]'))).toEqual([
      'the alias *a at line 1, column 11 is inside the value &a names, so it would repeat forever; remove it',
    ]);
    expect(messages(parseYamlText('a: *nowhere'))).toEqual(['the alias *nowhere at line 1, column 4 has no anchor &nowhere before it']);
    const many = `a: &a 1\nb: [${Array(MAX_ALIASES + 1)
      .fill('*a')
      .join(', ')}]`;
    expect(messages(parseYamlText(many))).toEqual([`the file uses more than ${MAX_ALIASES} aliases (*name); the most allowed is ${MAX_ALIASES}`]);
  });

  it('a few aliases, as a catalog author might use them, still work', () => {
    const text = 'hit: &hit { wound: 5, type: crush }\nattacks:\n  - effects: [*hit]\n  - effects: [*hit, { push: 1 }]\n';
    expect(parseYamlText(text)).toEqual({
      ok: true,
      value: {
        hit: { wound: 5, type: 'crush' },
        attacks: [{ effects: [{ wound: 5, type: 'crush' }] }, { effects: [{ wound: 5, type: 'crush' }, { push: 1 }] }],
      },
    });
  });
});

describe('YAML tags', () => {
  it.each([
    ['!!js/function', 'name: !!js/function "function () { return 1 }"', '!!js/function', 'line 1, column 21'],
    ['!custom', 'units:\n  - !custom { card: x }', '!custom', 'line 2, column 13'],
    ['!!binary', 'name: !!binary aGVsbG8=', '!!binary', 'line 1, column 16'],
    ['!!set', 'units: !!set { a, b }', '!!set', 'line 1, column 14'],
  ])('%s is refused, naming the tag', (_tag, text, written, at) => {
    expect(messages(parseYamlText(text))).toEqual([
      `the tag ${written} at ${at} is not allowed; only plain text, numbers, true/false, null, lists and mappings are read, so remove the tag`,
    ]);
  });

  it('the core tags for plain values are allowed', () => {
    expect(parseYamlText('a: !!str 12\nb: !!int "7"\nc: !!seq [1]\nd: !!map {}')).toEqual({ ok: true, value: { a: '12', b: 7, c: [1], d: {} } });
  });
});

describe('other YAML mistakes read as sentences', () => {
  it('a repeated key names both places', () => {
    expect(messages(parseYamlText('name: a\nfaction: b\nname: c'))).toEqual([
      'not valid YAML at line 3, column 1: the key "name" is repeated (first at line 1, column 1); keys must be unique',
    ]);
  });

  it('a second document', () => {
    expect(messages(parseYamlText('name: a\n---\nname: b'))).toEqual([
      'the file holds more than one YAML document (a second one starts at line 2, column 1); put everything in one',
    ]);
  });
});
