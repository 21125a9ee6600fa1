/**
 * matchRecord (src/match/record.ts): a stored match row decodes into the bot's types at every stage
 * of a match, prompts of every kind included, giving the stored values themselves; a row whose
 * discriminants or shapes are not what the bot reads is refused, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { Chooser, chooseCommand, randomWarband } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import { beginMatch, gameOf, makeSetup, stepMatch, type MatchCommand, type MatchSetup, type MatchSnapshot } from '../../src/match/match-state';
import { BadMatchRecord, matchRecord, type Terms } from '../../src/match/record';
import type { MatchRow } from '../../src/store';

const content = defaultContent();

function setupFor(seed: number): MatchSetup {
  const choose = new Chooser(seeded(seed));
  const warband = (faction: string) => ({
    name: faction,
    faction,
    points: 0,
    units: randomWarband(content, faction, choose, 'x', 'u').map((u) => ({ card: u.card, ...(u.mod ? { mod: u.mod } : {}) })),
  });
  const made = makeSetup(
    {
      seed,
      players: ['111', '222'],
      names: { '111': 'Alice', '222': 'Bob' },
      warbands: { '111': warband('valor'), '222': warband('havoc') },
      maps: ['mill-crossing', 'barrow-hill'].map((id) => ({ id, map: content.maps.get(id)! })),
      options: { vpTarget: 121, glancingBlow: true, roundLimit: 3 },
    },
    content,
  );
  if ('code' in made) throw new Error(made.message);
  return made;
}

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

/** Every snapshot of a match played through stepMatch, as the bot plays it. */
function snapshots(seed: number): { setup: MatchSetup; snapshot: MatchSnapshot }[] {
  let setup = setupFor(seed);
  const begun = beginMatch(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  let snapshot = begun.snapshot;
  const out = [{ setup, snapshot }];
  let seq = begun.events.length;
  const choose = new Chooser(seeded(seed + 1));
  for (let i = 0; i < 3000; i++) {
    const game = gameOf(snapshot);
    if (game?.over) break;
    let command: MatchCommand;
    if (snapshot.stage === 'pregame') {
      const p = snapshot.pregame.prompt!;
      command =
        p.kind === 'reroll'
          ? { pregame: { reroll: false } }
          : p.kind === 'map-chooser'
            ? { pregame: { chooser: p.options[0]! } }
            : p.kind === 'map'
              ? { pregame: { map: p.options[0]!.id } }
              : { pregame: { entry: p.options.areas[0]!.tiles[0]! } };
    } else command = { game: chooseCommand(game!, choose) };
    let r = stepMatch(setup, snapshot, command, undefined, seq);
    if (!r.ok && game?.turn)
      r = stepMatch(
        setup,
        snapshot,
        { game: { end: game.turn.unit ?? Object.values(game.units).find((u) => u.player === game.turn!.player && !u.turnTaken && !u.dropped)!.id } },
        undefined,
        seq,
      );
    if (!r.ok) throw new Error(r.error.message);
    if (r.start) setup = { ...setup, start: r.start };
    seq += r.events.length;
    snapshot = r.snapshot;
    out.push({ setup, snapshot });
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
