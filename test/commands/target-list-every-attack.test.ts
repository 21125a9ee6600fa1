/**
 * Issue 26: /attack's target list with no attack given offers every attack the unit can make now: its
 * bursts as well as its attacks on units (R24; playtest round 20: two testers never saw the Priest's
 * Dawnburst there), and a charge with each attack that can make one (R23; round 19: a Guard's Shield
 * Bash charge was missing beside its Mace's).
 */
import { describe, expect, it } from 'vitest';
import { targetChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { readTargetValue } from '../../src/rulesets/sellsword/table/target-value';
import { table } from '../render/states';

describe('/attack with no attack given offers a burst too (R24, issue 26)', () => {
  it("the Priest's Dawnburst is offered centred on the enemy, its value carrying the attack (playtest round 20)", () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'pd', card: 'valor-priest', player: 'p1', at: 'B2' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'B6' },
      ],
    });
    const burst = targetChoices(game, 'p1', 'pd', undefined, '').find((c) => c.name.startsWith('Dawnburst on '));
    // What a hit deals, as a single target's row says it (issue 26: the row gave the chance alone).
    expect(burst?.name).toMatch(/^Dawnburst on B6 \(GH\) · hits GH \d+%, 5 wounds$/);
    expect(targetChoices(game, 'p1', 'pd', 'dawnburst', '')[0]!.name).toMatch(/^B6 \(GH\) · hits GH \d+%, 5 wounds$/);
    expect(readTargetValue(String(burst!.value))).toEqual({ target: 'gh', charge: false, attack: 'dawnburst' });
    // Typing the enemy's label finds it, as it finds the attacks on that enemy.
    expect(targetChoices(game, 'p1', 'pd', undefined, 'gh').some((c) => c.value === burst!.value)).toBe(true);
  });
});

describe('/attack with no attack given offers a charge with each attack (R23, issue 26)', () => {
  it("the Guard's charge is offered with its Mace and with its Shield Bash, each value carrying its attack (playtest round 19)", () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const charges = targetChoices(game, 'p1', 'tg', undefined, '').filter((c) => c.name.startsWith('charge GH '));
    expect(charges.map((c) => c.value)).toEqual(['gh charge with mace', 'gh charge with shield-bash']);
    expect(charges[1]!.name).toMatch(/^charge GH ⚠ may reply · \d+% hit, no wounds, Recoil 2 · TG pays 5 Vigor · Shield Bash · /);
  });
});

describe('/attack with no attack given and a square typed (R24, issue 26)', () => {
  it('an empty square a burst can be centred on offers the burst there, not "strikes a unit, not a square" (playtest round 22)', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'pd', card: 'valor-priest', player: 'p1', at: 'B2' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'B6' },
      ],
    });
    const list = targetChoices(game, 'p1', 'pd', undefined, 'B5');
    expect(list[0]?.name).toMatch(/^Dawnburst on B5 · hits GH \d+%/);
    expect(readTargetValue(String(list[0]!.value))).toEqual({ target: 'B5', charge: false, attack: 'dawnburst' });
    // A unit's label typed is still that unit, with its attacks and the burst on it.
    expect(targetChoices(game, 'p1', 'pd', undefined, 'gh').some((c) => String(c.value).startsWith('gh'))).toBe(true);
  });
});
