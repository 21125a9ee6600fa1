/**
 * `npm run scenario -- FILE`: runs a rules scenario (docs/formats.md "Scenario") and prints its report as
 * JSON, with the catalogs in a `catalog/` folder beside the file added to the shipped one (the shared
 * test cards of test/scenarios). Exit 0 when it ran, whatever the steps did; 2 when the file itself is invalid. A match
 * exported with `/skirmish export` (`"format": "sellsword-match"`) is replayed instead, and its final
 * state reported the same way (export-report.ts). A scenario that names another game (`"ruleset": "sword-and-claw"`)
 * is run by that game's runner from the registry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultContent, withCatalogFolder } from '../content/load';
import { parseText } from '../formats/document';
import { formatProblems, parseWith } from '../formats/problems';
import { scenarioSchema } from '../formats/scenario';
import { matchExportSchema } from '../formats/match-export';
import { ExportFileError, exportReport } from './export-report';
import { runScenario, ScenarioFileError } from '../rulesets/sellsword/scenario-runner';
import { RULESETS, rulesetOf } from '../rulesets';

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
if (doc.ok && (doc.value as { format?: unknown } | null)?.format === 'sellsword-match') {
  const match = parseWith(matchExportSchema, doc.value);
  if (!match.ok) {
    console.error(`${file} is not a valid match export:\n${formatProblems(match.problems)}`);
    process.exit(2);
  }
  try {
    console.log(JSON.stringify(exportReport(match.value), null, 2));
  } catch (e) {
    if (e instanceof ExportFileError) {
      console.error(`${file} is not a valid match export: ${e.message}.`);
      process.exit(2);
    }
    throw e;
  }
  process.exit(0);
}
// A scenario of another game names it ("ruleset": "sword-and-claw") and is run by that game's runner.
const named = doc.ok ? (doc.value as { ruleset?: unknown } | null)?.ruleset : undefined;
if (named !== undefined) {
  const found = rulesetOf(String(named));
  const runner = found.ok ? found.ruleset.scenario : null;
  if (!found.ok || (runner === null && found.ruleset.id !== RULESETS[0]!.id)) {
    console.error(
      `${file} is not a valid scenario: ${found.ok ? `${found.ruleset.name} has no scenario runner` : `it names the game "${String(named)}", which this bot does not know`}.`,
    );
    process.exit(2);
  }
  if (runner !== null) {
    const run = runner.run(doc.ok ? doc.value : null);
    if (!run.ok) {
      console.error(`${file} is not a valid scenario:\n${run.problems}`);
      process.exit(2);
    }
    console.log(JSON.stringify(run.report, null, 2));
    process.exit(0);
  }
}
const scenario = doc.ok ? parseWith(scenarioSchema, doc.value) : doc;
if (!scenario.ok) {
  console.error(`${file} is not a valid scenario:\n${formatProblems(scenario.problems)}`);
  process.exit(2);
}
// Test cards shared by a folder of scenarios live in its catalog/ folder (test/scenarios/catalog).
const sharedDir = join(dirname(file), 'catalog');
const content = existsSync(sharedDir) ? withCatalogFolder(defaultContent(), sharedDir) : { ok: true as const, value: defaultContent() };
if (!content.ok) {
  console.error(`the shared test cards in ${sharedDir} are invalid:\n${formatProblems(content.problems)}`);
  process.exit(2);
}
try {
  console.log(JSON.stringify(runScenario(scenario.value, content.value), null, 2));
} catch (e) {
  if (e instanceof ScenarioFileError) {
    console.error(`${file} is not a valid scenario: ${e.message}`);
    process.exit(2);
  }
  throw e;
}
