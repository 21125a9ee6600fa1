/**
 * A name other players read is one line of visible text. Control characters, zero-width
 * characters and bidi controls are refused wherever a document names something.
 */
import { describe, expect, it } from 'vitest';
import { catalogSchema } from '../../src/rulesets/sellsword/formats/catalog';
import { parseText } from '../../src/formats/document';
import { gridmapSchema } from '../../src/formats/gridmap';
import { parseWith, type Result } from '../../src/formats/problems';
import { parseWarbandLine, parseWarbandText } from '../../src/rulesets/sellsword/formats/warband';
import { smallMap } from '../fixtures/maps';

const warband = (name: string) => ({ name, faction: 'valor', map: 'mill-crossing', units: [{ card: 'valor-squire' }] });
const problems = (r: Result<unknown>) => (r.ok ? [] : r.problems);

const HIDDEN: [string, string, string][] = [
  ['NUL', 'Hro\u0000lf', 'contains a control character (U+0000) at position 4; remove it'],
  ['a zero-width space', 'Hro\u200Blf', 'contains an invisible or direction-changing character (U+200B) at position 4; remove it'],
  ['a right-to-left override', 'Hro\u202Elf', 'contains an invisible or direction-changing character (U+202E) at position 4; remove it'],
  ['a word joiner', 'Hro\u2060lf', 'contains an invisible or direction-changing character (U+2060) at position 4; remove it'],
  ['a right-to-left isolate', 'Hro\u2067lf', 'contains an invisible or direction-changing character (U+2067) at position 4; remove it'],
  ['a left-to-right mark', 'Hro\u200Elf', 'contains an invisible or direction-changing character (U+200E) at position 4; remove it'],
  ['an Arabic letter mark', 'Hro\u061Clf', 'contains an invisible or direction-changing character (U+061C) at position 4; remove it'],
  ['a byte order mark inside', 'Hro\uFEFFlf', 'contains an invisible or direction-changing character (U+FEFF) at position 4; remove it'],
  ['a C1 control', 'Hro\u009Blf', 'contains a control character (U+009B) at position 4; remove it'],
  ['a tab', 'Hro\tlf', 'contains a control character (U+0009) at position 4; remove it'],
  ['a line break', 'Hro\nlf', 'contains a line break (U+000A) at position 4; a name is one line'],
];

describe('a warband name with a hidden character is refused, saying which and where', () => {
  it.each(HIDDEN)('%s, in JSON and YAML', (_what, name, message) => {
    expect(problems(parseWarbandText(JSON.stringify(warband(name)), 'w.json'))).toEqual([{ path: 'name', message }]);
    const yaml = `name: ${JSON.stringify(name)}\nfaction: valor\nmap: mill-crossing\nunits: [{ card: valor-squire }]\n`;
    expect(problems(parseWarbandText(yaml, 'w.yaml'))).toEqual([{ path: 'name', message }]);
  });

  it('in the one-line chat form', () => {
    expect(problems(parseWarbandLine('Hro\u202Elf | valor | mill-crossing | valor-squire'))).toEqual([{ path: 'name', message: HIDDEN[2]![2] }]);
    expect(problems(parseWarbandLine('Hro\u200Blf | valor | mill-crossing | valor-squire'))).toEqual([{ path: 'name', message: HIDDEN[1]![2] }]);
  });

  it('the position counts characters as people see them', () => {
    expect(problems(parseWarbandText(JSON.stringify(warband('🐺🐺\u202E')), 'w.json'))[0]!.message).toMatch(/at position 3;/);
  });

  it('ordinary names in any script, with emoji and punctuation, are kept', () => {
    for (const name of ["Hrolf's Watch", 'Ærinn Þórsdóttir', 'Волки', 'الذئاب', '狼の群れ', '🐺 Wolves & Co. (2nd)']) {
      expect(parseWarbandText(JSON.stringify(warband(name)), 'w.json')).toEqual({ ok: true, value: warband(name) });
    }
  });
});

describe('map, catalog and card names are held to the same rule', () => {
  it('a map name', () => {
    const r = parseText(JSON.stringify({ ...smallMap, name: 'Mill\u202ECrossing' }), 'm.json');
    expect(r.ok && parseWith(gridmapSchema, r.value)).toMatchObject({
      ok: false,
      problems: [
        { path: 'name', message: expect.stringMatching(/^contains an invisible or direction-changing character \(U\+202E\) at position 5; remove it$/) },
      ],
    });
    expect(problems(parseWith(gridmapSchema, { ...smallMap, name: 'Mill\u0000' }))).toEqual([
      { path: 'name', message: 'contains a control character (U+0000) at position 5; remove it' },
    ]);
  });

  it('a catalog name, and a card, attack and mod name inside it', () => {
    const card = {
      id: 'valor-x',
      name: 'Squ\u200Bire',
      faction: 'valor',
      quality: 3,
      size: 'small',
      cost: 10,
      stats: { agility: 10, brawn: 10, spirit: 10, wits: 10, move: 5, armor: 12, vigor: 10 },
      injuries: ['mortal'],
      attacks: [{ id: 'hit', name: 'H\u202Eit', range: 1, bonus: 0, vs: 'armor', effects: [{ wound: 1, type: 'cut' }] }],
    };
    const mod = { id: 'valor-m', name: 'Ban\u2066ner', faction: 'valor', cost: 3 };
    const r = parseWith(catalogSchema, { id: 'c', name: 'Co\u0007re', units: [card], mods: [mod] });
    expect(problems(r).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'name: contains a control character (U+0007) at position 3; remove it',
      'units[0].name: contains an invisible or direction-changing character (U+200B) at position 4; remove it',
      'units[0].attacks[0].name: contains an invisible or direction-changing character (U+202E) at position 2; remove it',
      'mods[0].name: contains an invisible or direction-changing character (U+2066) at position 4; remove it',
    ]);
  });
});

describe('hidden characters are found by Unicode property, not by a hand-made list', () => {
  const found = (name: string) => problems(parseWarbandText(JSON.stringify(warband(name)), 'w.json'))[0]?.message ?? null;
  it.each([
    ['an invisible times (U+2062)', 'Hro\u2062lf', 'U+2062'],
    ['a Mongolian vowel separator (U+180E)', 'Hro\u180Elf', 'U+180E'],
    ['a soft hyphen (U+00AD)', 'Hro\u00ADlf', 'U+00AD'],
    ['a tag character (U+E0041)', 'Hro\u{E0041}lf', 'U+E0041'],
    ['a combining grapheme joiner (U+034F)', 'Hro\u034Flf', 'U+034F'],
    ['an inhibit symmetric swapping (U+206A)', 'Hro\u206Alf', 'U+206A'],
    ['an interlinear annotation anchor (U+FFF9)', 'Hro\uFFF9lf', 'U+FFF9'],
    ['a Hangul filler (U+3164)', 'Hro\u3164lf', 'U+3164'],
    ['a Hangul choseong filler (U+115F)', 'Hro\u115Flf', 'U+115F'],
    ['a Hangul jungseong filler (U+1160)', 'Hro\u1160lf', 'U+1160'],
    ['a halfwidth Hangul filler (U+FFA0)', 'Hro\uFFA0lf', 'U+FFA0'],
  ])('%s is refused', (_what, name, code) => {
    expect(found(name)).toMatch(new RegExp(`\\(${code.replace('+', '\\+')}\\) at position \\d+; remove it`));
  });

  it('a name made only of invisible characters is refused with its own message', () => {
    for (const name of ['\u3164', '\u3164\u3164', '\u2800', '\u115F\u1160']) {
      expect(found(name)).toMatch(/^shows nothing: it is made only of invisible characters or spaces \(U\+/);
    }
  });

  it('emoji written with joiners, variation selectors, skin tones and flag tags are kept', () => {
    for (const name of ['👨‍👩‍👧‍👦 Family', '❤️ Hearts', '👍🏽 Thumbs', '🏴󠁧󠁢󠁥󠁮󠁧󠁿 England', '1️⃣ First', '🇫🇷 Gaul']) {
      expect(found(name)).toBeNull();
    }
  });
});
