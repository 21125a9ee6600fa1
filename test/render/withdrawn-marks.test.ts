/**
 * A concession's picture draws no mark from or into a unit it took off the table (playtest): the
 * conceded side's tokens are gone, and GH's reply was drawn as a shot from an empty square. The
 * turn's words still tell what those units did.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { altText } from '../../src/rulesets/sellsword/render/alt-text';
import { lastTurnTable } from './states';

describe("a concession's picture", () => {
  const t = lastTurnTable();
  // Morga concedes at the end of the turn in which GH replied on KC: the picture holds both.
  const events = [...t.events, { type: 'conceded' as const, player: 'p2' }];
  const state = apply(t.state, events.at(-1)!);
  const request = { lastTurn: events, before: t.before, names: { p1: 'Hrolf', p2: 'Morga' } };

  it('draws no attack from or into a unit the concession took off the table', () => {
    const last = toMapView(state, request).lastTurn!;
    // GH and SA left with the concession; SD dropped in play before it, and KC's critical on it stays.
    expect(last.attacks.map((a) => `${a.attacker}>${a.target}`)).toEqual(['KC>SD']);
    expect(last.drops.map((d) => d.unit)).toEqual(['SD']);
  });

  it("draws nothing of the side that conceded its own units' moves or shots", () => {
    const mine = apply(t.state, { type: 'conceded', player: 'p1' });
    const last = toMapView(mine, { ...request, lastTurn: [...t.events, { type: 'conceded' as const, player: 'p1' }] }).lastTurn!;
    expect(last.moves).toEqual([]);
    expect(last.attacks.filter((a) => a.attacker === 'KC' || a.target === 'KC')).toEqual([]);
  });

  it('still tells in words what the withdrawn units did', () => {
    expect(altText(state, request)).toContain('GH replied on KC: hit, 5 wounds');
  });
});
