/** The standings picture's alt text: whole rows in the table's order, as many as Discord's limit holds, and a count of the rest. */
import { describe, expect, it } from 'vitest';
import { standingsAlt } from '../../src/league/league-posts';
import { standingsText, type Standings, type StandingsRow } from '../../src/league/standings';

const row = (i: number): StandingsRow => ({
  player: `p${i}`,
  rank: i + 1,
  name: `Player${i}`,
  points: 30 - i,
  played: 10,
  won: 9,
  drawn: 1,
  lost: 0,
  forfeits: 0,
  byes: 0,
  vpFor: 100,
  vpAgainst: 50,
  vpDiff: 50 - i,
  rating: 12.5 - i,
});
const table = (n: number): Standings => ({ title: 'North · season 1', rows: Array.from({ length: n }, (_, i) => row(i)) });

describe('standingsAlt', () => {
  it('is the whole table when it fits', () => {
    expect(standingsAlt(table(3))).toBe(standingsText(table(3)));
    expect(standingsAlt(table(0))).toBe('North · season 1: no results yet.');
  });

  it('otherwise has short column names and never cuts a row: as many whole rows as fit in 1,024 characters, then how many more', () => {
    const alt = standingsAlt(table(30));
    expect(alt.length).toBeLessThanOrEqual(1024);
    const lines = alt.split('\n');
    const full = standingsText(table(30), true).split('\n');
    const rest = /^…and (\d+) more in `\/league export`\.$/.exec(lines.at(-1)!)!;
    const shown = lines.slice(0, -1);
    expect(shown).toEqual(full.slice(0, shown.length));
    expect(shown.length - 1 + Number(rest[1])).toBe(30);
    // One more row would not have fitted.
    expect([...full.slice(0, shown.length + 1), lines.at(-1)!].join('\n').length).toBeGreaterThan(1024);
  });
});
