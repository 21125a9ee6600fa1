/**
 * Sellsword's behaviour, pinned like a perft count: any change to what the engine decides, what replay
 * rebuilds or what the queries answer moves one of these hashes, so a refactor that must leave the game
 * as it is (the ruleset boundary, speed work) proves it here.
 *
 * - Self-play: sha256 over the start state, event log and final state of seeds 1–10 on every shipped
 *   map (40 games), with replay checked bit for bit. It covers decide, apply, the dice stream, distance,
 *   path search, sight, stats and the self-play driver's choices.
 * - Queries: at every state of seed 1 on every shipped map (4 games), the legal acts and, for each unit
 *   of the player to move, its reachable squares (walking and running), visible targets and charges.
 *   It covers what the bot's suggestions and the renderer ask beyond what self-play happens to use.
 *
 * The seeds are few so this stays a few seconds; `npx tsx scripts/selfplay-fingerprint.ts` runs the
 * longer check (50 seeds, queries over 3) and prints the values. A rule, catalog, map or driver change
 * moves them on purpose: check the change is meant, pin the printed values, and name in the commit the
 * rule or content change that moved them.
 */
import { describe, expect, it } from 'vitest';
import { queryFingerprint, selfPlayFingerprint } from '../../src/bench/fingerprint';
import { defaultContent } from '../../src/content/load';

const content = defaultContent();
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const SELF_PLAY_SEEDS_1_TO_10 = '4d60de5f28fe919ee6a42530b10b3d23f1cf54d7f4a678eeff67e92b53749488';
const QUERIES_SEED_1 = '3eab64d60bc8f667e16e88020cc73cd1c0fce54f040d18183c414a97722c5378';

describe('Sellsword fingerprints', () => {
  it('self-play of seeds 1–10 on every shipped map is the pinned value', () => {
    const fp = selfPlayFingerprint(content, seeds(10));
    expect(fp.games).toBe(40);
    expect(fp.sha256).toBe(SELF_PLAY_SEEDS_1_TO_10);
  });

  it('the queries at every state of seed 1 on every shipped map are the pinned value', () => {
    const fp = queryFingerprint(content, seeds(1));
    expect(fp.games).toBe(4);
    expect(fp.sha256).toBe(QUERIES_SEED_1);
  });
});
