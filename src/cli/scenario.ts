/**
 * `npm run scenario -- FILE`: runs a rules scenario (FORMATS.md "Scenario"). Exit codes: 0 ran, 2 the
 * file itself is invalid. The file is validated here; playing its steps needs the rules engine,
 * which is not built yet, so a valid file exits 3 with that explanation.
 */
import { readFileSync } from 'node:fs';
import { parseText } from '../formats/document';
import { formatProblems, parseWith } from '../formats/problems';
import { scenarioSchema } from '../formats/scenario';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run scenario -- FILE.json');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
const doc = parseText(text, file);
const scenario = doc.ok ? parseWith(scenarioSchema, doc.value) : doc;
if (!scenario.ok) {
  console.error(`${file} is not a valid scenario:\n${formatProblems(scenario.problems)}`);
  process.exit(2);
}
console.error(`${file} is a valid scenario, but the rules engine that plays its steps is not built yet.`);
process.exit(3);
