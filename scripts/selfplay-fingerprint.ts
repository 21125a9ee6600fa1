/**
 * `npx tsx scripts/selfplay-fingerprint.ts`: proves the engine behaves as it did. It plays seeds 1–50
 * on every shipped map and hashes the start states, event logs and final states (checking replay bit
 * for bit), then hashes the queries (legal acts, reachable squares, targets, charges) at every state of
 * seeds 1–3. Exit 1 when either differs from the value pinned below. The test suite pins seeds 1–10
 * (test/engine/fast-paths.test.ts); this is the longer check, for speed work.
 *
 * A rule, catalog, map or driver change moves the values on purpose: check the change, then pin the
 * printed values. (The query value is pinned as of the fix that stopped two games on the same map
 * sharing a table: before it, queries could read another game's units.)
 */
import { selfPlayFingerprint, queryFingerprint } from '../src/cli/fingerprint';
import { defaultContent } from '../src/content/load';

const PINNED = {
  selfPlay: '7d19161ce352be28c42ac25b6a9c55945fc3b96223b2d30b410760ce199f9747',
  queries: 'a92127d8f5114a9017bd3acae216538d87e639638b802ca23efced682e612316',
};

const content = defaultContent();
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
let failed = false;
for (const [name, run] of [
  ['selfPlay', () => selfPlayFingerprint(content, seeds(50))],
  ['queries', () => queryFingerprint(content, seeds(3))],
] as const) {
  const t = performance.now();
  const fp = run();
  const same = fp.sha256 === PINNED[name];
  failed ||= !same;
  console.log(`${name}: ${fp.sha256} (${fp.games} games, ${fp.events} events, ${((performance.now() - t) / 1000).toFixed(1)} s) ${same ? 'as pinned' : `DIFFERS from pinned ${PINNED[name]}`}`);
}
process.exit(failed ? 1 : 0);
