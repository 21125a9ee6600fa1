/**
 * `npm run docs:env`: writes docs/deploy.md's env reference from src/config/settings.ts (between its
 * markers). test/config/env-reference.test.ts fails while the page differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { envReference, withEnvReference } from '../src/config';

const PAGE = fileURLToPath(new URL('../docs/deploy.md', import.meta.url));
const before = readFileSync(PAGE, 'utf8');
const after = withEnvReference(before, envReference());
if (after !== before) writeFileSync(PAGE, after);
console.log(after === before ? 'docs/deploy.md: the env reference was already up to date.' : 'docs/deploy.md: env reference rewritten.');
