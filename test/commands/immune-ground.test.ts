/**
 * R19: damaging ground wounds a unit through its immunity, as any wound: a unit immune to the map's
 * damage is not warned of wounds it will not take (a fire-immune Carrion Imp was warned of "5 fire
 * wounds" on Burning Village and took none: playtest round 23), and one that is not immune still is.
 */
import { describe, expect, it } from 'vitest';
import { moveOptions } from '../../src/rulesets/sellsword/engine/queries';
import { squareWords } from '../../src/rulesets/sellsword/table/act-suggestions';
import { reachDamageWords } from '../../src/rulesets/sellsword/table/reach-words';
import { table } from '../render/states';

const onFire = (card: string) =>
  table({
    map: 'burning-village',
    units: [
      { id: 'u', card, player: 'p1', at: 'L11' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
    ],
  });

describe('damaging ground and immunity (R19)', () => {
  it('a fire-immune unit moving onto burning ground is not warned of fire wounds', () => {
    const game = onFire('havoc-carrion-imp');
    const l10 = moveOptions(game, 'u').find((o) => o.square === 'L10')!;
    expect(l10.damaging).toBe(1);
    expect(l10.wounds).toBe(0);
    expect(squareWords(game, l10)).not.toContain('⚠');
    expect(reachDamageWords(game, 'u', false)).toBeNull();
  });

  it('a unit with no immunity is warned of the fire wounds it would take', () => {
    const game = onFire('havoc-ghoul');
    const l10 = moveOptions(game, 'u').find((o) => o.square === 'L10')!;
    expect(l10.wounds).toBe(5);
    expect(squareWords(game, l10)).toContain('⚠ 5 fire wounds');
  });
});
