/**
 * Issue 26: a burst's row in /attack's target list says what a hit deals each unit caught, in the words a
 * single target's row uses (odds-words.ts hitWords), where it once gave the chance alone; within
 * Discord's 100 characters however many units it catches.
 */
import { describe, expect, it } from 'vitest';
import { DiscordLimit } from '../../src/discord/limits';
import { targetChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { table } from '../render/states';

describe("a burst's target row says the wounds (R24, issue 26)", () => {
  it('units dealt the same are said together, one only a critical wounds apart, an ally warned of with its wounds', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'pd', card: 'valor-priest', player: 'p1', at: 'B2' },
        { id: 'fs', card: 'valor-squire', player: 'p1', at: 'C7' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'B6' },
        { id: 'ow', card: 'havoc-ghoul', player: 'p2', at: 'C6' },
        { id: 'zz', card: 'havoc-zombie', player: 'p2', at: 'B7' },
        { id: 'gg', card: 'havoc-ghoul', player: 'p2', at: 'A6' },
      ],
    });
    const bursts = targetChoices(game, 'p1', 'pd', 'dawnburst', '');
    expect(bursts.find((c) => c.value === 'C5')?.name).toMatch(/^C5 · hits GH, OW \d+%, 5 wounds each$/);
    expect(bursts.find((c) => c.value === 'C6')?.name).toMatch(
      /^C6 \(OW\) ⚠ your FS · hits OW, GH \d+%, 5 wounds each; ZZ \d+%, only crits wound · your FS \d+%, 5 wounds$/,
    );
    // Four enemies and an ally in one row: each figure kept, the details given way, never past 100.
    const all = [...bursts, ...targetChoices(game, 'p1', 'pd', undefined, '')];
    for (const c of all) expect(c.name.length).toBeLessThanOrEqual(DiscordLimit.choiceName);
    expect(all.find((c) => c.value === 'B6')?.name).toMatch(
      /^B6 \(GH\) ⚠ your FS · hits GH, GG, OW \d+%, 5 wounds each; ZZ \d+%, only crits wound · your FS \d+%/,
    );
  });
});
