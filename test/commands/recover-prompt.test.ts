/**
 * R10, R28: the prompt that asks which status a unit rolls to recover from gives each button its chance
 * and what the roll must come under (playtest round 14: three bare names, "hobbled", "shaken", "None").
 */
import { describe, expect, it } from 'vitest';
import { recoveryChance, recoveryNeeded } from '../../src/rulesets/sellsword/engine';
import { gamePromptPost } from '../../src/rulesets/sellsword/table';
import { table } from '../render/states';

describe('R28: the recover prompt’s buttons', () => {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10', statuses: [{ status: 'shaken' }, { status: 'hobbled' }], injuries: ['mobility'] },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
    ],
  });

  it('say each status with its chance to recover and the number to come under, as the engine rolls it', () => {
    const post = gamePromptPost(game, { kind: 'recover', player: 'p1', unit: 'kn', options: ['shaken', 'hobbled'] }, (p) => p);
    const part = post.parts[0]!;
    if (!('buttons' in part)) throw new Error('buttons expected');
    const kn = game.units.kn!;
    const said = (i: number) => {
      const { needed, added } = recoveryNeeded(game, kn, i);
      const chance = `${Math.round(recoveryChance(game, 'kn', i) * 100)}%`;
      return `${kn.statuses[i]!.status} · ${chance} to recover (under ${needed}${added ? `, +${added} to the roll` : ''})`;
    };
    expect(part.buttons.map((b) => b.label)).toEqual([said(0), said(1), 'None']);
    expect(part.buttons[0]!.label).toMatch(/^shaken · \d+% to recover \(under \d+, \+1 to the roll\)$/);
    for (const b of part.buttons) expect(b.label.length).toBeLessThanOrEqual(80);
  });
});
