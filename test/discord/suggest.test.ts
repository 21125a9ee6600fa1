/**
 * Autocomplete's filter (choices.ts suggest): what is typed finds the closest first, so Enter on a
 * one-letter search takes the unit whose label starts with it (playtest round 15).
 */
import { describe, expect, it } from 'vitest';
import { choice, suggest } from '../../src/discord/choices';

describe('suggest', () => {
  const units = [
    choice('TG · in reserve · Town Guard', 'tg'),
    choice('LO at J4 · Longbowman', 'lo'),
    choice('WH at I10 · War Hound', 'wh'),
    choice('KN at E11 · Knight', 'kn'),
  ];

  it('puts a value starting with the text first, then a name word starting with it, then the text anywhere', () => {
    // "w": WH's label, then the names that merely hold a "w" (Town, Longbowman), in their own order.
    expect(suggest(units, 'w').map((c) => c.value)).toEqual(['wh', 'tg', 'lo']);
    expect(suggest(units, 'k').map((c) => c.value)).toEqual(['kn']);
    expect(suggest(units, 'town').map((c) => c.value)).toEqual(['tg']);
    expect(suggest(units, 'hound').map((c) => c.value)).toEqual(['wh']);
  });

  it('keeps the given order with nothing typed, and within a rank', () => {
    expect(suggest(units, '').map((c) => c.value)).toEqual(['tg', 'lo', 'wh', 'kn']);
    expect(suggest(units, '  ').map((c) => c.value)).toEqual(['tg', 'lo', 'wh', 'kn']);
  });

  it('matches by the searched text when told, never by words it leaves out', () => {
    const warned = [choice('GH ⚠ CI may reply · 60% hit', 'gh'), choice('CI 50% hit', 'ci')];
    expect(suggest(warned, 'ci', (c) => c.name.replace(/⚠[^·]*·/, '')).map((c) => c.value)).toEqual(['ci']);
  });

  it('offers at most 25', () => {
    const many = Array.from({ length: 40 }, (_, i) => choice(`Square ${i}`, `s${i}`));
    expect(suggest(many, 's')).toHaveLength(25);
  });
});
