/**
 * `npx tsx scripts/selfplay-fingerprint.ts`: proves the engine behaves as it did. It plays seeds 1–50
 * on every shipped map and hashes the start states, event logs and final states (checking replay bit
 * for bit), then hashes the queries (legal acts, reachable squares, targets, charges) at every state of
 * seeds 1–3. Exit 1 when either differs from the value pinned below. The test suite pins seeds 1–10
 * (test/engine/fast-paths.test.ts); this is the longer check, for speed work.
 *
 * A rule, catalog, map or driver change moves the values on purpose: check the change, then pin the
 * printed values. The values pinned are those of the merge of the rules branch (§4.7 Warleader
 * recovery rerolls, §6.2 Enraged, Glamyred and Controlled sides): main's engine without the speed
 * caches gives the same three hashes (seeds 1–10, 1–50 and the queries). Issue 12 moved the self-play
 * hashes by adding fields only (a `wounded` event names its attack, reply or trait; reply and wounds
 * prompts name what they answer); with those fields removed, the games are the same.
 */
import { selfPlayFingerprint, queryFingerprint } from '../src/cli/fingerprint';
import { defaultContent } from '../src/content/load';

const PINNED = {
  selfPlay: '1d43234b5bca7e715d7826184657307a26bfa836431b8615cb6eba47c6f70277',
  queries: 'd5cdd9090df1a34b0350d4e9b736422421bbb3b714f36c19dfe707f26b9bef25',
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
