/**
 * R26: only a unit next to the attacker may reply, so only such a unit is said to be unable to afford
 * one. A log told of an Orc Warboss two squares from the archer shooting it that its Goading Roar "as
 * a reply costs 2 react tokens", as if it might have replied (playtest round 17).
 */
import { describe, expect, it } from 'vitest';
import { repliesTooDear, replyNeedsToken, type GameState } from '../../src/rulesets/sellsword/engine';
import { table } from '../render/states';

const at = (ow: string) =>
  table({
    map: 'barrow-hill',
    units: [
      { id: 'lo', card: 'valor-archer', player: 'p1', at: 'J10' },
      { id: 'ow', card: 'havoc-orc-warboss', player: 'p2', at: ow },
    ],
  });

/** The state with the Warboss's react token spent. */
const noToken = (s: GameState): GameState => ({ ...s, units: { ...s.units, ow: { ...s.units.ow!, tokens: { ...s.units.ow!.tokens, react: 0 } } } });

describe('R26: replies the replier cannot pay for are said only of a unit next to the attacker', () => {
  it('next to the archer, the Warboss cannot pay for Goading Roar as a reply', () => {
    const s = at('J11');
    // Great Cleaver is a reply it can make; with its react token spent on nothing, none is too dear.
    expect(repliesTooDear(s, s.units.ow!, s.units.lo!)).toEqual([]);
    const spent = noToken(s);
    expect(replyNeedsToken(spent, spent.units.ow!, spent.units.lo!)).toBe(true);
  });

  it('two squares off, it has no reply to want, neither for its token nor its price', () => {
    const s = at('J12');
    expect(repliesTooDear(s, s.units.ow!, s.units.lo!)).toEqual([]);
    const spent = noToken(s);
    expect(replyNeedsToken(spent, spent.units.ow!, spent.units.lo!)).toBe(false);
  });
});
