/**
 * `npm run golden:update [-- NAME…]`: redraws the golden images in test/render/golden. The golden
 * tests never write images; this is the only way they change. Look at every image it writes before
 * committing it.
 */
import { writeGoldens, GOLDEN_DIR } from '../test/render/golden';

const written = writeGoldens(process.argv.slice(2));
console.log(`wrote ${written.length} golden image(s) to ${GOLDEN_DIR}:\n${written.map((n) => `  ${n}.png`).join('\n')}`);
