/**
 * R19 at the table (playtest, issue 26): a move ordered past damaging terrain stops on it for the
 * wounds and goes on after; its reply says where it stopped and where it was going, from the engine's
 * own events for the R19 scenario (the move B4, C4, D4 over the damaging C4).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { scenarioContent } from '../fixtures/scenario-content';

describe('R19: a move stopped on damaging terrain says it stopped on the way', () => {
  it('"WA stopped on C4 on its way to D4: entering damaging terrain there wounds it"', () => {
    const file = join(import.meta.dirname, '..', 'scenarios', 'r19-damaging-terrain-on-entering.json');
    const start = scenarioState(scenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8'))), scenarioContent());
    const begun = decide(start, { begin: true });
    if ('error' in begun) throw new Error(begun.error.message);
    const game = begun.events.reduce(apply, start);
    const moved = decide(game, { act: 'move', unit: 'a', path: ['B4', 'C4', 'D4'] } as never);
    if ('error' in moved) throw new Error(moved.error.message);
    const told = tell(happeningsOf(game, moved.events, {}), {}).join(' ');
    expect(told).toContain('WA moved A4 to C4 (2 squares, 2 movement). WA stopped on C4 on its way to D4: entering damaging terrain there wounds it;');
  });
});
