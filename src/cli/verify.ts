/**
 * `npm run verify -- FILE`: checks an exported match (`/skirmish export`): its dice against the
 * commitment, and its log replayed. Exit 0 when it checks out, 1 when it does not, 2 when the file is
 * not a match export.
 */
import { readFileSync } from 'node:fs';
import { parseText } from '../formats/document';
import { matchExportSchema } from '../formats/match-export';
import { formatProblems, parseWith } from '../formats/problems';
import { verifyExport } from '../match/match-export';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run verify -- FILE (a match exported with /skirmish export)');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const parsed = parseText(text, file);
const doc = parsed.ok ? parseWith(matchExportSchema, parsed.value) : parsed;
if (!doc.ok) {
  console.error(`${file} is not a match export:\n${formatProblems(doc.problems)}`);
  process.exit(2);
}
const verdict = verifyExport(doc.value);
console.log(verdict.lines.join('\n').replace(/`/g, ''));
process.exit(verdict.ok ? 0 : 1);
