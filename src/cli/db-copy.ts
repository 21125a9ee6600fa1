/**
 * `npm run db:copy -- --from sqlite:FILE --to postgres://…`: moves a SQLite database's whole history into
 * an empty PostgreSQL database (store/copy.ts), migrating it first. Stop the bot before copying. A
 * target that already holds rows is refused with one sentence (exit code 1).
 */
import { CopyRefused, copySqliteToPg } from '../store/copy';
import { isPostgresUrl, openPgDatabase } from '../store/open-pg';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const from = arg('--from');
const to = arg('--to');
if (!from?.startsWith('sqlite:') || !isPostgresUrl(to)) {
  console.error('Usage: npm run db:copy -- --from sqlite:FILE --to postgres://user@host/database');
  process.exit(2);
}
const target = await openPgDatabase(to);
try {
  const counts = await copySqliteToPg(from.slice('sqlite:'.length), target);
  console.log(
    `Copied ${Object.entries(counts)
      .map(([t, n]) => `${n} ${t}`)
      .join(', ')}.`,
  );
} catch (error) {
  if (!(error instanceof CopyRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await target.close();
}
