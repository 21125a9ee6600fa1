/**
 * Export versions (docs/rulesets.md §4): `/skirmish export` writes version 2, which names the game and
 * the version of its rules (`ruleset`); `npm run verify` and the scenario runner read version 1 (a
 * Sellsword match, version 1) and version 2 alike, and refuse with a sentence a game or rules' version
 * this bot does not know, rather than replaying it under other rules.
 */
import { describe, expect, it } from 'vitest';
import { sampleExport, sampleMatch } from '../../src/bench/sample-match';
import { exportReport } from '../../src/cli/export-report';
import { defaultContent } from '../../src/content/load';
import { type DefaultMatchExport, exportRuleset, matchExportSchema } from '../../src/formats/match-export';
import { exportMatch, verifyExport } from '../../src/match/match-export';
import { aMatch, memoryStore } from '../store/fixture';

const finished = sampleMatch(defaultContent(), 5, { roundLimit: 6 });
const v1 = (): DefaultMatchExport => structuredClone(sampleExport(finished));
const v2 = (ruleset = { id: 'sellsword', version: 1 }): DefaultMatchExport => ({ ...v1(), version: 2, ruleset });
const imported = (doc: unknown) => matchExportSchema.parse(JSON.parse(JSON.stringify(doc)));

describe('match exports, version 1 and 2', () => {
  it("are written as version 2 with the match row's game and rules' version", async () => {
    const store = memoryStore();
    const row = await store.matches.create(aMatch({ ruleset: 'sellsword', rulesetVersion: 1 }));
    const doc = await exportMatch(store, row);
    expect(doc).toMatchObject({ format: 'sellsword-match', version: 2, ruleset: { id: 'sellsword', version: 1 } });
    expect(imported(doc)).toEqual(doc);
  });

  it("read a version 1 file as Sellsword's, version 1, and refuse a version 2 file without its ruleset", () => {
    expect(exportRuleset(imported(v1()))).toEqual({ id: 'sellsword', version: 1 });
    const { ruleset: _r, ...bare } = { ...v1(), ruleset: null };
    expect(matchExportSchema.safeParse({ ...bare, version: 2 }).success).toBe(false);
    expect(matchExportSchema.safeParse({ ...v1(), ruleset: { id: 'sellsword', version: 1 } }).success).toBe(false);
  });

  it('replay to the same report through the scenario runner, either version', () => {
    expect(exportReport(imported(v2()))).toEqual(exportReport(imported(v1())));
  });

  it('refuse a game or a rules version the bot does not know, in verify and in the scenario runner', () => {
    const chess = imported(v2({ id: 'chess', version: 1 }));
    expect(verifyExport(chess)).toEqual({
      ok: false,
      lines: ['❌ This match is of a game this bot does not know ("chess"), so it cannot be played or replayed here.'],
    });
    expect(() => exportReport(chess)).toThrow('This match is of a game this bot does not know ("chess")');
    const later = imported(v2({ id: 'sellsword', version: 7 }));
    expect(verifyExport(later).lines[0]).toMatch(/^❌ This match was played under version 7 of the Sellsword rules, which this bot does not replay/);
    expect(() => exportReport(later)).toThrow(/version 7 of the Sellsword rules/);
  });
});
