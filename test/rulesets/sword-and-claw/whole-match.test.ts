/**
 * The seed the whole-match tests pin (test/e2e/sword-and-claw-whole.test.ts, the sandbox's
 * sword-and-claw-whole.test.ts) still gives what they are there to show, played here without Discord
 * by the same plan: a Cinder Pot that misses and deviates (SC App. B Area), the Night-wing's
 * `/order fly` (SC Flight), a Bola's Entangled saved against in a later turn (SC Conditions, SC Saving
 * Throws), and an end by elimination; every order is what the table makes of it as typed. When a rule
 * change moves the dice, search a new seed with whole-match-seed.ts and pin it in all three.
 */
import { describe, expect, it } from 'vitest';
import { playWhole, wholeSetup } from './whole-match-seed';

describe('the whole-match seed', () => {
  it('seed 7, Slagwall Foundry against the Night Snare Hunt on Reed Ford: a deviating area attack, a flyer, a condition saved against, an elimination', () => {
    expect(playWhole(wholeSetup(7, ['alice', 'bob']))).toMatchObject({ deviated: true, flew: true, saved: true, end: 'elimination' });
  });
});
