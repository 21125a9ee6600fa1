/**
 * A finished match's thread name (match-end.ts finishedName): who beat whom and the score come first
 * and fit one line of a phone at 400 px (about 36 characters), whatever the players' names; the whole
 * stays within Discord's 100 (issue 26: a title of two long names wrapped, its score on the third line).
 */
import { describe, expect, it } from 'vitest';
import { finishedName } from '../../src/match/match-end';
import type { MatchRow } from '../../src/store';
import { aMatch, memoryStore } from '../store/fixture';

const LONG: Record<string, string> = { alice: 'Alexandra the Great of Macedon', bob: 'Bartholomew Longname-Smythe III' };
const SHORT: Record<string, string> = { alice: 'Alice', bob: 'Bob' };
const facts = (way: 'played' | 'conceded' | 'forfeit-clock') => ({
  way,
  winner: 'alice',
  players: [
    { player: 'alice', outcome: 'win', vpFor: 62, vpAgainst: 40 },
    { player: 'bob', outcome: way === 'played' ? 'loss' : way === 'conceded' ? 'loss' : 'forfeit', vpFor: 40, vpAgainst: 62 },
  ],
});

async function over(): Promise<MatchRow> {
  const store = await memoryStore();
  const row = await store.matches.create(aMatch({ id: 'm1' }));
  const done = await store.matches.act<unknown, never, never>(row.id, row.seq, (s) => ({ ok: true, events: [], snapshot: s, status: 'over' }));
  if (!done.ok) throw new Error('not ended');
  return done.row;
}

describe("a finished match's thread name", () => {
  it('short names read as before: "🏁 Alice beat Bob 62–40"', async () => {
    expect(finishedName(await over(), (p) => SHORT[p]!, facts('played'))).toBe('🏁 Alice beat Bob 62–40');
  });

  it('long names are cut so who beat whom and the score fit in the first 36 characters', async () => {
    const row = await over();
    for (const way of ['played', 'conceded', 'forfeit-clock'] as const) {
      const name = finishedName(row, (p) => LONG[p]!, facts(way));
      expect(name.length).toBeLessThanOrEqual(100);
      // Who beat whom, and the score where one was played for; a forfeit's words follow just after.
      const essential = way === 'forfeit-clock' ? 'Bartholome…' : '62–40';
      expect(name.indexOf(essential) + essential.length).toBeLessThanOrEqual(36);
      expect(name).toMatch(/^🏁 Alexandra… beat Bartholome… /);
    }
  });

  it('a declined challenge of long names fits too', async () => {
    const store = await memoryStore();
    const row = await store.matches.create(aMatch({ id: 'm2' }));
    const done = await store.matches.act<unknown, never, never>(row.id, row.seq, (s) => ({ ok: true, events: [], snapshot: s, status: 'declined' }));
    if (!done.ok) throw new Error('not declined');
    expect(finishedName(done.row, (p) => LONG[p]!, null)).toBe('❌ Alexandra… vs Bartholome… (declined)');
  });
});
