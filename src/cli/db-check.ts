/**
 * `npm run db:check`: rebuilds every match in the database (DATABASE_PATH, default
 * ./data/sellsword.db) from its event log and compares it with the saved snapshot. Exits 1 when any
 * differs, so it can run before a backup or after an upgrade.
 */
import { checkMatch } from '../match/match-check';
import { openStore } from '../store';

const store = openStore(process.env.DATABASE_PATH);
let bad = 0;
let events = 0;
const ids = await store.matches.ids();
for (const id of ids) {
  const r = (await checkMatch(store, id))!;
  events += r.events;
  if (!r.ok) {
    bad++;
    console.log(`match ${id}: the state rebuilt from its ${r.events} events differs from the saved snapshot`);
  }
}
await store.close();
console.log(`${ids.length} matches, ${events} events: ${bad === 0 ? 'every snapshot equals its rebuilt state' : `${bad} differ`}.`);
process.exit(bad === 0 ? 0 : 1);
