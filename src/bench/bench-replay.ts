/**
 * `npm run bench:replay` (part of `npm run bench`): the replay's figures, beside their targets.
 * - the animated GIF of a 200-turn match on Burning Village (24×24, sixteen units): encoding time
 *   (wall clock and CPU, since the machines are shared), size against Discord's 8 MB, frames, and the
 *   process's memory after;
 * - one turn of `/skirmish replay turn:N` near the end of that match: replaying the log to it and
 *   drawing it.
 * Figures, not pass/fail: speed targets do not belong in timed tests.
 */
import { loadavg } from 'node:os';
import { defaultContent } from '../content/load';
import { renderTurn } from '../rulesets/sellsword/render';
import { REPLAY_MAX_BYTES, replayGif } from '../posts/replay-gif';
import { countTurns, turnOf } from '../posts/replay-turns';
import { sampleMatch, type SampleMatch } from './sample-match';

const TURNS = 200;
const content = defaultContent();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

/**
 * A self-play match of 200 unit turns (a high VP target and round limit let it): seed 16 is the first
 * that lasts so long; the search goes on from there should the self-play driver change.
 */
function longMatch(): { match: SampleMatch; seed: number } {
  for (let seed = 16; seed < 80; seed++) {
    const match = sampleMatch(content, seed, { map: 'burning-village', vpTarget: 2000, roundLimit: 99, turns: TURNS });
    if (countTurns(match.events) >= TURNS) return { match, seed };
  }
  throw new Error(`no seed from 16 to 79 gives a ${TURNS}-turn match`);
}

const { match, seed } = longMatch();
const turns = countTurns(match.events);
console.log(
  `replay of a ${turns}-turn match on Burning Village (self-play seed ${seed}, ${match.events.length} events); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const cpu = process.cpuUsage();
const started = performance.now();
const image = await replayGif(match.setup, match.events);
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
console.log(
  `  animated GIF: ${(wall / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} s CPU (target < 10 s); ${(cpuMs / image.frames).toFixed(1)} ms CPU a frame`,
);
console.log(
  `  size ${mb(image.gif.length)} (limit ${mb(REPLAY_MAX_BYTES)}); ${image.frames} frames of ${image.width}×${image.height} at scale ${image.scale}, ${image.colours} colours; ${(image.gif.length / 1024 / image.frames).toFixed(1)} KB a frame`,
);
console.log(`  memory after: rss ${mb(process.memoryUsage().rss)}`);

const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const turn = turnOf(match.setup, match.events, turns - 1 - i)!;
  renderTurn(turn.game, { lastTurn: [...turn.events], before: turn.before, names: match.setup.names });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `  one turn near the end (replay turn:N): median ${times[2]!.toFixed(1)} ms (log replayed to it; map, close-up and alt text drawn, as the command does)`,
);
