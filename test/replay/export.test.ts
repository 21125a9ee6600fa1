/**
 * The replay's reading of a match: turns rebuilt incrementally agree with a full rebuild, and an
 * export → JSON → import → replay gives the same final state; bad export files are refused clearly
 * (by `npm run scenario -- FILE` too).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summary } from '../../src/rulesets/sellsword/scenario-runner';
import { sampleExport, sampleMatch } from '../../src/bench/sample-match';
import { gameOf, rebuildMatch } from '../../src/match/match-state';
import { defaultContent } from '../../src/content/load';
import { apply as applyEvent } from '../../src/rulesets/sellsword/engine/events';
import { matchExportSchema, type MatchExport } from '../../src/formats/match-export';
import { ExportFileError, exportReport } from '../../src/cli/export-report';
import { allTurns, countTurns, turnOf } from '../../src/posts/replay-turns';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const content = defaultContent();
const finished = sampleMatch(content, 5, { roundLimit: 6 });
const imported = (doc: MatchExport) => matchExportSchema.parse(JSON.parse(JSON.stringify(doc)));

const runScenario = (doc: unknown) => {
  const path = join(mkdtempSync(join(tmpdir(), 'sellsword-replay-')), 'match.json');
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/scenario.ts', path], { cwd: ROOT, encoding: 'utf8' });
};

describe('the turns of a match, replayed once', () => {
  it('gives the opening and every unit turn, each the same state a full rebuild gives at its end', () => {
    const turns = allTurns(finished.setup, finished.events);
    const ends = finished.events.filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended').length;
    expect(gameOf(finished.snapshot)!.over).toBe(true);
    expect(turns.length).toBe(countTurns(finished.events) + 1);
    expect(turns.length - 1).toBeGreaterThanOrEqual(ends);
    expect(turns[0]!.events).toEqual([]);
    for (const t of [turns[1]!, turns[Math.floor(turns.length / 2)]!, turns.at(-1)!]) {
      const upTo = finished.events.filter((e) => e.seq <= t.seq).map((e) => e.event);
      expect(JSON.stringify(t.game)).toBe(JSON.stringify(gameOf(rebuildMatch(finished.setup, upTo))));
      // Its events take the state it began from to the state after it.
      expect(JSON.stringify(t.events.reduce((s, e) => applyEvent(s, e), t.before))).toBe(JSON.stringify(t.game));
    }
    expect(JSON.stringify(turns.at(-1)!.game)).toBe(JSON.stringify(gameOf(finished.snapshot)));
    expect(turnOf(finished.setup, finished.events, 3)!.index).toBe(3);
    expect(turnOf(finished.setup, finished.events, turns.length)).toBeNull();
  });
});

describe('export → import → replay', () => {
  it('a finished match: the same final state as the match itself', () => {
    const report = exportReport(imported(sampleExport(finished)));
    expect(report.error).toBeNull();
    expect(report.state).toEqual(summary(gameOf(finished.snapshot)!));
    expect(report.steps).toHaveLength(countTurns(finished.events));
    expect(report.steps.every((s) => s.ok)).toBe(true);
  });

  it('a match stopped in the middle of a turn: the state as it stood', () => {
    const partial = sampleMatch(content, 8, { commands: 45 });
    const lastEvent = partial.events.at(-1)!.event;
    expect(lastEvent.stage === 'game' && lastEvent.event.type !== 'turn-ended').toBe(true);
    const report = exportReport(imported(sampleExport(partial)));
    expect(report.state).toEqual(summary(gameOf(partial.snapshot)!));
  });

  it('npm run scenario -- FILE replays an export and prints the report', () => {
    const out = runScenario(sampleExport(finished));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout).state).toEqual(summary(gameOf(finished.snapshot)!));
  }, 60_000);
});

describe('a bad export file is refused with a sentence', () => {
  const good = () => structuredClone(sampleExport(finished));

  it('an export without its first game state (taken before the end)', () => {
    const doc = good();
    delete (doc.setup as Record<string, unknown>).start;
    expect(() => exportReport(imported(doc))).toThrow(
      new ExportFileError(
        'it was exported before the match was over, so it holds no first game state (that state would give away the dice); export it again once the match is over',
      ),
    );
  });

  it('an event that cannot be applied, named by its number', () => {
    const doc = good();
    const e = doc.events.find((x) => x.event.event.type === 'moved')!;
    (e.event.event as Record<string, unknown>).unit = 'nobody';
    expect(() => exportReport(imported(doc))).toThrow(new RegExp(`^the log cannot be replayed: event ${e.seq} \\(moved\\) cannot be applied`));
  });

  it('events out of order, and a winner the log does not give', () => {
    const doc = good();
    doc.events[3]!.seq = doc.events[2]!.seq;
    expect(() => exportReport(imported(doc))).toThrow(/events must be in order/);
    const lying = good();
    lying.winner = lying.players.find((p) => p !== gameOf(finished.snapshot)!.winner)!;
    expect(() => exportReport(imported(lying))).toThrow(/replaying the log gives .* but the file says/);
  });

  it('through npm run scenario: exit 2, the file named, and what is wrong with it', () => {
    const missing = good() as Partial<MatchExport>;
    delete missing.events;
    const out = runScenario(missing);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('is not a valid match export');
    expect(out.stderr).toContain('events');
    const early = good();
    delete (early.setup as Record<string, unknown>).start;
    const refused = runScenario(early);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/is not a valid match export: it was exported before the match was over/);
  }, 60_000);
});
