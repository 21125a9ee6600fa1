/**
 * What the player cannot see is said: a critical Shield Bash (an attack with no wounds) is not
 * "REPLY CRIT 0", and its recoil that found no square says so and why (§4.6, R42).
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { eventSentences, happeningsOf } from '../../src/rulesets/sellsword/render';
import { attackWords } from '../../src/rulesets/sellsword/render/overlays';
import { table } from './states';

function run(state: GameState, ...commands: Command[]): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const c of commands) {
    const r = decide(s, c);
    if ('error' in r) throw new Error(r.error.message);
    events.push(...r.events);
    s = r.events.reduce(apply, s);
  }
  return { state: s, events };
}

describe('a critical Shield Bash whose recoil is blocked', () => {
  // The Knight stands in the corner beside the Guard, with a Shambling Dead on each square farther from
  // the Guard (A3 and B3): the recoil has no square to end on (R42: any farthest square, not only straight).
  const start = table({
    map: 'barrow-hill',
    dice: [5, 20],
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'A2' },
      { id: 'gd', card: 'valor-guard', player: 'p2', at: 'A1' },
      { id: 'zd', card: 'havoc-zombie', player: 'p2', at: 'A3' },
      { id: 'ze', card: 'havoc-zombie', player: 'p2', at: 'B3' },
    ],
  });
  const { state, events } = run(
    start,
    { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gd' },
    { decide: { unit: 'gd', reply: 'shield-bash' } },
    { decide: { unit: 'zd', reply: null } },
    { decide: { unit: 'ze', reply: null } },
    { decide: { unit: 'gd', avoid: 5, injuries: ['mobility'] } },
  );

  it('the engine says the recoil did not happen, and why', () => {
    const failed = events.find((e) => e.type === 'effect-failed');
    expect(failed).toMatchObject({ type: 'effect-failed', unit: 'kn', by: 'gd', effect: 'recoil 2' });
    expect(failed && 'why' in failed ? failed.why : '').toMatch(/A3/);
  });

  it('the log tells the critical that adds nothing and the recoil that did not move the Knight', () => {
    const words = eventSentences(state, { lastTurn: events, before: start }).join('\n');
    expect(words).toContain('hit critically (Shield Bash deals no wounds, so the critical adds none)');
    expect(words).toMatch(/TG's recoil 2 \(Shield Bash\) did not move KN: A3 .*\./);
  });

  it('the map tags the reply "TG\'s REPLY CRIT", not "REPLY CRIT 0", naming the replier (issue 26)', () => {
    const bash = happeningsOf(state, events, { before: start }).find((h) => h.kind === 'attack' && h.attack.reply);
    if (bash?.kind !== 'attack') throw new Error('no reply attack');
    expect(attackWords(bash.attack)).toBe("CRIT by TG's reply");
  });
});
