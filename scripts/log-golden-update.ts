/** `npx tsx scripts/log-golden-update.ts`: rewrites the match log's golden text. Read the diff before committing. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_LOG, matchLogText } from '../test/render/match-log-golden';

const path = join(import.meta.dirname, '..', 'test', 'render', 'golden', GOLDEN_LOG.file);
writeFileSync(path, matchLogText());
console.log(`wrote ${path}`);
