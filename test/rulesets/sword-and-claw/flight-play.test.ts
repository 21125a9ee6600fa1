/**
 * Flight in play (SC Flight; rulings SC90–SC99): random legal play with some of the sample armies'
 * troops given Flight (a melee troop, a skirmisher and the Bile Spitter's Area attack among them, the
 * spearmen's spears entangling so flyers fall) never throws, accepts every listed command, never puts
 * two troops at one level on a square, changes level, and replays from the seed and the log to the
 * same state. The scenarios (test/scenarios/sword-and-claw/sc-flight-*) prove each rule in a match.
 */
import { describe, expect, it } from 'vitest';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import type { TroopCard } from '../../../src/rulesets/sword-and-claw/formats/troop-card';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { beginSc, decideSc, replaySc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import { tableOf } from '../../../src/rulesets/sword-and-claw/match/tables';
import type { ScSetup } from '../../../src/rulesets/sword-and-claw/match/types';
import { CROWDED_YARD as yard, playRandom } from './random-play';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

const flying = (card: TroopCard): TroopCard => ({ ...card, qualities: [...card.qualities, 'Flight'] });
const entangling = (card: TroopCard): TroopCard => ({
  ...card,
  attacks: card.attacks.map((group) => group.map((a) => ({ ...a, qualities: [...a.qualities, { name: 'Entangling' }] }))),
});

function setup(seed: number): ScSetup {
  const base = makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: content.armies.get('iron-company')!, bob: content.armies.get('mire-raiders')! },
    troops: content.troops,
    map: yard,
  });
  const change: Record<string, (c: TroopCard) => TroopCard> = {
    'human-captain': flying,
    'reptilian-skirmisher': flying,
    'reptilian-bile-spitter': flying,
    'human-spearman': entangling,
  };
  return { ...base, cards: Object.fromEntries(Object.entries(base.cards).map(([id, card]) => [id, change[id] ? change[id](card) : card])) };
}

describe('SC Flight in play: seed plus log', () => {
  it('random play with flyers lists only accepted orders, keeps one troop a square at each level, changes level, and replays bit for bit', () => {
    const why = new Set<string>();
    const levels = new Set<string>();
    for (let game = 0; game < 3; game++) {
      const s = setup(1000 + game);
      const picks = Array.from({ length: 700 }, (_, i) => (i * 7919 + game * 104729) % 10_007);
      // tableOf throws when two troops share a square at one level (rules/table.ts).
      const { state, events } = playRandom(s, picks, 5, (x) => void tableOf(s, x));
      expect(replaySc(s, events)).toEqual(state);
      for (const e of events) {
        if (e.type === 'altitude') {
          why.add(e.why);
          levels.add(e.altitude);
        }
        if (e.type === 'deployed' && e.altitude) levels.add(e.altitude);
      }
    }
    expect([...why]).toContain('move');
    expect([...levels]).toEqual(expect.arrayContaining(['landed', 'hover', 'low', 'high']));
  });

  it('the practice opponent, on both sides, gives only orders the rules accept with flyers in both armies', () => {
    const s = setup(7);
    const begun = beginSc(s);
    if (!begun.ok) throw new Error(begun.error.message);
    let state = begun.state;
    for (let i = 0; i < 600 && !state.end; i++) {
      const who = state.prompt?.player ?? state.deploying?.player ?? state.turn?.player;
      if (who === undefined) break;
      const command = chooseScCommand(s, state, who);
      if (!command) throw new Error(`the practice opponent gave no order while the match waits on ${who}`);
      const r = decideSc(s, state, command, undefined);
      if (!r.ok) throw new Error(`the practice opponent was refused ${JSON.stringify(command)}: ${r.error.code} ${r.error.message}`);
      state = r.state;
    }
    expect(state.round).toBeGreaterThan(1);
  });
});
