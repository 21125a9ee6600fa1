/**
 * `npm run content:check`: every shipped card, mod and map validates (so every attack and trait is in
 * the engine's vocabulary), ids are unique, and the catalog and maps cover what the game needs.
 * Exits 1 with every problem listed.
 */
import { catalogCoverage, factionProblems, mapCoverage, mapProblems, type CoverageItem } from '../rulesets/sellsword/coverage';
import { loadContent } from '../content/load';
import { formatProblems } from '../formats/problems';

function report(title: string, items: readonly CoverageItem[]): string[] {
  const missing = items.filter((i) => i.where.length === 0);
  console.log(`${title}: ${items.length - missing.length}/${items.length} covered`);
  return missing.map((i) => `missing ${i.item}`);
}

const loaded = loadContent();
if (!loaded.ok) {
  console.error(`content check failed: ${loaded.problems.length} problem(s)\n${formatProblems(loaded.problems)}`);
  process.exit(1);
}
const { catalogs, maps, index } = loaded.value;
console.log(`loaded ${catalogs.length} catalog(s): ${index.units.size} unit cards, ${index.mods.size} mods; ${maps.size} maps`);
const problems = [
  ...report('catalog coverage', catalogCoverage(catalogs)),
  ...factionProblems(catalogs),
  ...report('map coverage', mapCoverage([...maps.values()])),
  ...mapProblems([...maps.values()]),
];
if (problems.length > 0) {
  console.error(`content check failed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('content check passed');
