/**
 * matchRecord (src/match/record.ts): a stored match row decodes into the bot's types at every stage
 * of a match, prompts of every kind included, giving the stored values themselves; a row whose
 * discriminants or shapes are not what the bot reads is refused, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { sampleMatch } from '../../src/bench/sample-match';
import type { MatchSetup, MatchSnapshot } from '../../src/match/match-state';
import { BadMatchRecord, matchRecord, type Terms } from '../../src/match/record';
import type { MatchRow } from '../../src/store';

const content = defaultContent();

const terms: Terms = {
  points: 121,
  map: null,
  accepted: { '111': { name: 'valor', faction: 'valor', points: 0, units: [], map: 'mill-crossing' } },
  dice: { commitment: 'c0ffee', entropy: ['1'], secret: 's' },
};

/** A row as the store gives it back: its JSON columns parsed afresh. */
function rowOf(setup: MatchSetup | null, snapshot: MatchSnapshot | null, seq = 0): MatchRow {
  const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  return {
    id: 'm1',
    guildId: 'g1',
    channelId: 'c1',
    threadId: 't1',
    status: snapshot ? 'playing' : 'challenged',
    players: ['111', '222'],
    terms: json(terms),
    ruleset: 'sellsword',
    rulesetVersion: 1,
    setup: setup && json(setup),
    snapshot: snapshot && json(snapshot),
    seq,
    winner: null,
    result: null,
    created: 0,
    updated: 0,
    ended: null,
  };
}

/** Every state of a sample match played through stepMatch, as the bot plays it, made once per seed. */
const played = new Map<number, { setup: MatchSetup; snapshot: MatchSnapshot }[]>();
function snapshots(seed: number): { setup: MatchSetup; snapshot: MatchSnapshot }[] {
  let out = played.get(seed);
  if (!out) {
    const steps: { setup: MatchSetup; snapshot: MatchSnapshot }[] = [];
    sampleMatch(content, seed, { maps: ['mill-crossing', 'barrow-hill'], roundLimit: 3, onStep: (setup, snapshot) => steps.push({ setup, snapshot }) });
    played.set(seed, (out = steps));
  }
  return out;
}

describe('matchRecord', () => {
  it('decodes every snapshot of two matches, and the prompts they meet, to the stored values themselves', () => {
    const kinds = new Set<string>();
    for (const seed of [2, 9]) {
      for (const { setup, snapshot } of snapshots(seed)) {
        const row = rowOf(setup, snapshot);
        const record = matchRecord(row);
        expect(record.snapshot).toBe(row.snapshot);
        expect(record.setup).toBe(row.setup);
        expect(record.terms).toBe(row.terms);
        const prompt = record.snapshot!.stage === 'pregame' ? record.snapshot!.pregame.prompt : record.snapshot!.game.prompt;
        if (prompt) kinds.add(`${record.snapshot!.stage}:${prompt.kind}`);
      }
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'game:order',
        'game:reply',
        'game:reroll',
        'game:wounds',
        'pregame:entry',
        'pregame:map',
        'pregame:map-chooser',
        'pregame:reroll',
      ]),
    );
  });

  it('gives null for a challenge not yet accepted', () => {
    const record = matchRecord(rowOf(null, null));
    expect(record.setup).toBeNull();
    expect(record.snapshot).toBeNull();
    expect(record.terms.accepted['111']?.map).toBe('mill-crossing');
  });

  it('refuses a row the bot could not read, naming the field', () => {
    const { setup, snapshot } = snapshots(2)[1]!;
    const row = rowOf(setup, snapshot);
    expect(() => matchRecord({ ...row, snapshot: { ...(row.snapshot as object), stage: 'gaem' } })).toThrow(BadMatchRecord);
    expect(() => matchRecord({ ...row, terms: { points: 121, map: null } })).toThrow(/terms.*accepted/s);
    const game = snapshots(9).find((s) => s.snapshot.stage === 'game' && s.snapshot.game.prompt?.kind === 'reply')!;
    const stored = rowOf(game.setup, game.snapshot);
    const bad = JSON.parse(JSON.stringify(stored.snapshot).replace('"against"', '"againts"')) as unknown;
    expect(() => matchRecord({ ...stored, snapshot: bad })).toThrow(/snapshot.*against/s);
  });
});
