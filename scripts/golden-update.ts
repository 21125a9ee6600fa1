/**
 * `npm run golden:update [-- NAME…]`: redraws the golden images in test/render/golden (the renderer's,
 * and the replay's frames, test/replay/golden.ts). The golden tests never write images; this is the
 * only way they change. Look at every image it writes before committing it.
 */
import { writeGoldens, GOLDEN_DIR } from '../test/render/golden';
import { replayGoldenCases, writeReplayGoldens } from '../test/replay/golden';

const names = process.argv.slice(2);
const isReplay = (n: string) => replayGoldenCases.some((c) => c.name === n);
const others = names.filter((n) => !isReplay(n));
const written = [
  ...(names.length === 0 || others.length > 0 ? writeGoldens(others) : []),
  ...(names.length === 0 || names.some(isReplay) ? await writeReplayGoldens(names.filter(isReplay)) : []),
];
console.log(`wrote ${written.length} golden image(s) to ${GOLDEN_DIR}:\n${written.map((n) => `  ${n}.png`).join('\n')}`);
