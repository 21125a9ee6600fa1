/**
 * A status that comes and goes within one post's lines is told once, with the net result and why:
 * "GH is now shaken (−1 act from its next turn)" and then "GH is no longer shaken" in the same post
 * read as a contradiction (issue 26). A status still held at the end is told as gained.
 */
import { describe, expect, it } from 'vitest';
import type { EventOf, GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { lastTurnPhrases } from '../../src/rulesets/sellsword/render/last-turn-words';
import { table } from './states';

const state = table({
  map: 'barrow-hill',
  units: [
    { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
    { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
  ],
});
const names = { p1: 'Alice', p2: 'Bob' };
// KN's Longsword hits GH: 14 + 2 against 12.
const roll = { rolls: [14], modifier: 2, need: 12, hit: true, critical: false, glancing: false, notes: [] };
const hit: EventOf<'attack-rolled'> = { type: 'attack-rolled', unit: 'kn', attack: 'longsword', target: 'gh', ...roll };
const shaken = (source: string | null): GameEvent => ({
  type: 'status-gained',
  unit: 'gh',
  status: { status: 'shaken', recover: null, modifier: 0, source, asterisk: false },
});
const recovered: GameEvent = { type: 'status-lost', unit: 'gh', index: 0, status: 'shaken', reason: 'recovered: rolled 3, needing under 12', rolls: [3] };

const told = (events: GameEvent[]) => {
  const happenings = happeningsOf(state, events, { names });
  return { log: tell(happenings, {}), header: lastTurnPhrases({ happenings } as never).map((p) => p.replace(/\u00a0/g, ' ')) };
};

describe('a status gained and lost in one post is told once', () => {
  it("an attack's status that ends later in the same lines: the net result and why, in the attack's line", () => {
    const { log, header } = told([hit, shaken('kn'), recovered]);
    const all = log.join(' ');
    expect(all).toContain("GH was shaken, caused by KN's Longsword, but is no longer: recovered at the end of its turn, rolling 3, needing under 12");
    expect(all).not.toContain('is now shaken');
    expect(all).not.toContain('GH is no longer shaken');
    expect(log.filter((l) => l.includes('shaken'))).toHaveLength(1);
    expect(header).toContain('GH briefly shaken');
    expect(header.join(' ')).not.toContain('no longer shaken');
    expect(header.join(' ')).not.toContain('(−1 act)');
  });

  it('a status of its own line (no attack) that ends later: one line', () => {
    const { log, header } = told([shaken(null), recovered]);
    expect(log).toEqual(['GH was shaken, but is no longer: recovered at the end of its turn, rolling 3, needing under 12.']);
    expect(header).toEqual(['GH briefly shaken']);
  });

  it('a status still held at the end is told as gained, and an ending alone as an ending', () => {
    expect(told([hit, shaken('kn')]).log.join(' ')).toContain("GH is now shaken (−1 act from its next turn), caused by KN's Longsword");
    expect(told([recovered]).log).toEqual(['GH is no longer shaken: recovered at the end of its turn, rolling 3, needing under 12.']);
  });
});
