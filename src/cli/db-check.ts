/**
 * `npm run db:check`: rebuilds every match in the bot's database from its event log and compares it
 * with the saved snapshot, under the rules its row names; a match of a game or rules' version this bot
 * does not know is listed, not replayed. Exits 1 when any differs or is not replayed, so it can run
 * before a backup or after an upgrade.
 * The database is chosen as the bot chooses it: DATABASE_URL (postgres://…) selects PostgreSQL;
 * otherwise the SQLite file at DATABASE_PATH (default ./data/sellsword.db), which must exist: checking
 * a file made empty on the spot would pass and prove nothing.
 */
import { checkMatch } from '../match/match-check';
import { openToolDatabase, toolConfig } from './tool-database';

const { store, where } = await openToolDatabase(toolConfig(), { mustExist: true });
let bad = 0;
let refused = 0;
let events = 0;
const ids = await store.matches.ids();
for (const id of ids) {
  const r = (await checkMatch(store, id))!;
  events += r.events;
  if (r.refused) {
    refused++;
    console.log(`match ${id}: not replayed: ${r.refused}`);
  } else if (!r.ok) {
    bad++;
    console.log(`match ${id}: the state rebuilt from its ${r.events} events differs from the saved snapshot`);
  }
}
await store.close();
const verdict =
  bad === 0 && refused === 0
    ? 'every snapshot equals its rebuilt state'
    : [bad > 0 ? `${bad} differ` : '', refused > 0 ? `${refused} not replayed` : ''].filter(Boolean).join(', ');
console.log(`${where}: ${ids.length} matches, ${events} events: ${verdict}.`);
process.exit(bad === 0 && refused === 0 ? 0 : 1);
