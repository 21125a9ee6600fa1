/**
 * A hit whose wounds are not allotted yet never reads as 0 wounds on the turn picture (issue 26): a
 * playtester saw "SD: HIT 0 wounds" while another unit chose how to split a burst's wounds (R24), and
 * SD then took its wounds. The unit choosing shows the count it is asked about, "split pending"; a
 * later target shows what the hit deals, "pending".
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { defaultDecision } from '../../src/rulesets/sellsword/engine/defaults';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { attackWords } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { burstStart } from './states';

/** The burst of states.ts burstTable, stopped at its first prompt: the Ghoul's wound split. */
function stoppedAtSplit(): { before: GameState; events: GameEvent[]; state: GameState } {
  const before = burstStart();
  const r = decide(before, { act: 'attack', unit: 'priest', attack: 'dawnburst', origin: 'J14' });
  if ('error' in r) throw new Error(r.error.message);
  return { before, events: [...r.events], state: r.events.reduce(apply, before) };
}

describe("R24: a burst's wounds while a split is pending", () => {
  it('labels the unit splitting with the wounds it is asked about and a later target with what the hit deals, never 0', () => {
    const t = stoppedAtSplit();
    expect(t.state.prompt).toMatchObject({ kind: 'wounds', unit: 'ghoul', options: { wounds: 5 } });
    const attacks = toMapView(t.state, { lastTurn: t.events, before: t.before }).lastTurn!.attacks;
    const words = Object.fromEntries(attacks.map((a) => [a.target, attackWords(a)]));
    expect(words).toEqual({ GH: 'HIT by PD, 5 wounds, split pending', SQ: 'MISSED by PD', SD: 'CRIT by PD, 15 wounds, pending' });
  });

  it('once every split is made, the labels say the wounds taken, with no pending', () => {
    const t = burstStart();
    const r = decide(t, { act: 'attack', unit: 'priest', attack: 'dawnburst', origin: 'J14' });
    if ('error' in r) throw new Error(r.error.message);
    let s = r.events.reduce(apply, t);
    const events = [...r.events];
    while (s.prompt?.kind === 'wounds') {
      const d = decide(s, { decide: defaultDecision(s.prompt) });
      if ('error' in d) throw new Error(d.error.message);
      s = d.events.reduce(apply, s);
      events.push(...d.events);
    }
    const attacks = toMapView(s, { lastTurn: events, before: t }).lastTurn!.attacks;
    for (const a of attacks) expect(attackWords(a)).not.toMatch(/pending| 0 wounds/);
  });
});
