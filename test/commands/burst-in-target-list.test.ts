/**
 * R24, issue 26: /attack's target list with no attack given offers the unit's bursts as well as its
 * attacks on units (playtest round 20: two testers never saw the Priest's Dawnburst there).
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
    expect(burst?.name).toMatch(/^Dawnburst on B6 \(GH\) · hits GH \d+%/);
    expect(readTargetValue(String(burst!.value))).toEqual({ target: 'gh', charge: false, attack: 'dawnburst' });
    // Typing the enemy's label finds it, as it finds the attacks on that enemy.
    expect(targetChoices(game, 'p1', 'pd', undefined, 'gh').some((c) => c.value === burst!.value)).toBe(true);
  });
});
