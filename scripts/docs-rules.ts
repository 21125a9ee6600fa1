/** `npm run docs:rules`: rewrites the "Rules by topic" part of docs/playing.md from the `/rules` topics. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withRules } from '../src/content/rules-doc';
import { RULESETS } from '../src/rulesets';

const path = new URL('../docs/playing.md', import.meta.url);
writeFileSync(path, withRules(readFileSync(path, 'utf8'), RULESETS[0]!.rules));
console.log('docs/playing.md: rules by topic rewritten');
