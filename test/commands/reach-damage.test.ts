/**
 * R19, playtest: `/skirmish view` of a unit's reach warns of the damaging ground on the way, as the
 * move suggestions do (squareWords), from the same query, so both name the same squares and wounds.
 */
import { describe, expect, it } from 'vitest';
import { moveOptions } from '../../src/rulesets/sellsword/engine/queries';
import { reachDamageWords, squareWords } from '../../src/rulesets/sellsword/table';
import { table } from '../render/states';

describe('R19: the reach view warns of damaging ground, as the move suggestions do (playtest)', () => {
  // Mill Crossing's ford (rows 9 and 10 at E and F) is damaging.
  const game = table({ map: 'mill-crossing', units: [{ id: 'kn', card: 'valor-knight', player: 'p1', at: 'F8' }] });

  it('names the reachable squares that cost wounds, with the wounds and the stops on the way', () => {
    const hurt = moveOptions(game, 'kn').filter((o) => o.damaging > 0);
    expect(hurt.length).toBeGreaterThan(0);
    const words = reachDamageWords(game, 'kn', false)!;
    expect(words).toMatch(/^⚠ Damaging ground: \d+ squares KN \(Knight\) can reach cost it wounds on the way/);
    expect(words).toContain('F9 (5 cold wounds)');
    // The same words as the move suggestion for that square.
    expect(squareWords(game, hurt.find((o) => o.square === 'F9')!)).toContain('⚠ 5 cold wounds');
    const stopped = hurt.find((o) => o.stops.length > 0);
    if (stopped) expect(words).toContain(`stops on ${stopped.stops.join(', ')} first`);
  });

  it('says nothing where no damaging ground is in reach', () => {
    const dry = table({ map: 'mill-crossing', units: [{ id: 'kn', card: 'valor-knight', player: 'p1', at: 'P2' }] });
    expect(moveOptions(dry, 'kn').some((o) => o.damaging > 0)).toBe(false);
    expect(reachDamageWords(dry, 'kn', false)).toBeNull();
  });

  it('the view command sends the warning with the reach picture', async () => {
    const { readFileSync } = await import('node:fs');
    const src = readFileSync('src/commands/skirmish/skirmish-play.ts', 'utf8');
    expect(src).toMatch(/content = reachDamageWords\(game, unit\.id, o\.overlay === 'maneuver'\)/);
  });
});
