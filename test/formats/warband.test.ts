import { describe, expect, it } from 'vitest';
import { parseWarbandLine, parseWarbandText } from '../../src/rulesets/sellsword/formats/warband';

const hrolf = {
  name: "Hrolf's Watch",
  faction: 'valor',
  map: 'mill-crossing',
  units: [{ card: 'valor-squire' }, { card: 'valor-serf', mod: 'valor-shield-wall' }],
};

describe('warband text forms (docs/formats.md "Warband")', () => {
  it('reads the JSON form', () => {
    const r = parseWarbandText(JSON.stringify(hrolf), 'watch.json');
    expect(r).toEqual({ ok: true, value: hrolf });
  });

  it('reads the same warband from YAML', () => {
    const yaml = `name: Hrolf's Watch\nfaction: valor\nmap: mill-crossing\nunits:\n  - card: valor-squire\n  - { card: valor-serf, mod: valor-shield-wall }\n`;
    expect(parseWarbandText(yaml, 'watch.yaml')).toEqual({ ok: true, value: hrolf });
    expect(parseWarbandText(yaml)).toEqual({ ok: true, value: hrolf });
  });

  it('reads the one-line chat form', () => {
    const line = "Hrolf's Watch | valor | mill-crossing | valor-squire, valor-serf+valor-shield-wall";
    expect(parseWarbandLine(line)).toEqual({ ok: true, value: hrolf });
    expect(parseWarbandText(line)).toEqual({ ok: true, value: hrolf });
    expect(parseWarbandLine("Hrolf's Watch|VALOR|Mill-Crossing|valor-squire ,  valor-serf + valor-shield-wall ")).toEqual({ ok: true, value: hrolf });
    // The map as players read it: "Mill Crossing" is mill-crossing.
    expect(parseWarbandLine("Hrolf's Watch | valor | Mill Crossing | valor-squire, valor-serf+valor-shield-wall")).toEqual({ ok: true, value: hrolf });
    expect(parseWarbandLine("Hrolf's Watch | valor | mill  crossing | valor-squire, valor-serf+valor-shield-wall")).toEqual({ ok: true, value: hrolf });
  });

  it('the chat form with a missing field says which part is missing', () => {
    const r = parseWarbandLine("Hrolf's Watch | valor | valor-squire, valor-serf");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/has 3 parts separated by "\|"; missing units\. Write it as: name \| faction \| map \| card/);
    const empty = parseWarbandLine("Hrolf's Watch |  | mill-crossing | valor-squire");
    expect(empty).toEqual({ ok: false, problems: [{ path: 'faction', message: 'is empty' }] });
  });

  it('the chat form flags empty and doubled entries', () => {
    const r = parseWarbandLine('W | valor | mill-crossing | valor-squire,, valor-serf+ , a+b+c');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map((p) => p.path)).toEqual(['units[1].card', 'units[2].mod', 'units[3]']);
    }
  });

  it('reports a YAML syntax error with its line', () => {
    const r = parseWarbandText('name: W\nunits: [ {card: a\n', 'w.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/^not valid YAML at line \d+, column \d+/);
  });

  it('reports a repeated YAML key instead of keeping the last', () => {
    const r = parseWarbandText('name: W\nname: X\nfaction: valor\nmap: m\nunits: [{card: a}]\n', 'w.yml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/not valid YAML.*unique/i);
  });

  it('reports a JSON syntax error', () => {
    const r = parseWarbandText('{"name": "W",, }', 'w.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/^not valid JSON/);
  });

  it('names the path of wrong types, unknown keys and empty lists', () => {
    const r = parseWarbandText(JSON.stringify({ ...hrolf, units: [{ card: 'valor-squire', mods: 'x' }, { card: 7 }], colour: 'blue' }), 'w.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toContainEqual({ path: 'units[0].mods', message: expect.stringMatching(/unknown key/) });
      expect(r.problems).toContainEqual({ path: 'units[1].card', message: 'expected text, got 7' });
      expect(r.problems).toContainEqual({ path: 'colour', message: expect.stringMatching(/unknown key/) });
    }
    const none = parseWarbandText(JSON.stringify({ ...hrolf, units: [] }), 'w.json');
    expect(none.ok === false && none.problems[0]).toEqual({ path: 'units', message: 'must be at least 1 item, got a list' });
  });
});
