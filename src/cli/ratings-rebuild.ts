/**
 * `npm run ratings:rebuild`: recomputes every league's ratings from its recorded results (in the bot's
 * database: DATABASE_URL, or DATABASE_PATH, default ./data/sellsword.db) and compares them with the
 * stored ratings. When they
 * differ it says how and replaces them (`-- --check` only reports). Exits 0 when they were equal,
 * 1 when they differed. Run it with the bot stopped: the bot rates results as it posts them.
 */
import { rebuildRatings } from '../league/rebuild';
import { openToolDatabase, toolConfig } from './tool-database';

const check = process.argv.includes('--check');
const { store } = await openToolDatabase(toolConfig(), { mustExist: true });
try {
  const report = await rebuildRatings(store, { write: !check });
  for (const [league, lines] of report.drift) {
    console.log(`league ${league}: the stored ratings differ from the rebuilt ones${check ? '' : ' (replaced)'}:`);
    for (const line of lines.slice(0, 20)) console.log(`  ${line}`);
    if (lines.length > 20) console.log(`  …and ${lines.length - 20} more`);
  }
  const same = report.drift.size === 0;
  console.log(
    `${report.leagues} leagues, ${report.results} results: ${same ? 'the stored ratings equal the rebuilt ones' : `${report.drift.size} differed${check ? '' : `, ${report.rewritten} rewritten`}`}.`,
  );
  process.exitCode = same ? 0 : 1;
} finally {
  await store.close();
}
