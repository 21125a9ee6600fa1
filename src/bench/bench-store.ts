/**
 * `npm run bench:store`: database bytes per finished match, against the target. Plays N whole
 * self-play matches through the bot's own use-cases on a SQLite file, the bot benchmarks' match (bench-drive.ts: Valor against Havoc,
 * three units and 60 points a side, on mill-crossing): each setup answer and game command is `submit`ted as a player's act
 * is (its events, snapshot, outbox rows and deadlines in one transaction), and every outbox row is
 * marked delivered after each act, as the outbox worker would. Not written: the prompts table (the
 * worker records a prompt message when it posts one) and players' warbands.
 *
 * Three figures, each a VACUUMed copy of the database divided by N:
 * - the old layout: the same matches with every row's setup and snapshot whole (map and cards inline)
 *   and no outbox row pruned, which is how the bot stored them before match_parts and pruning;
 * - as played now (map and cards stored once, the outbox still whole);
 * - a week later (the retention period passed: the delivered outbox rows pruned, each match's event
 *   log packed and its done reminders dropped, store/match-logs.ts): the figure at rest.
 * BENCH_STORE_MATCHES (default 20) sets N.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { defaultContent } from '../content/load';
import { seeded } from '../engine';
import { beginMatch, gameOf, makeSetup, pregameStart, type MatchCommand, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../match/match-state';
import type { Services } from '../match/services';
import { settle, submit } from '../match/submit';
import { enqueue } from '../match/table';
import { planPosts } from '../posts/announce';
import { OUTBOX_RETENTION_MS, openStore, type Store } from '../store';
import { HAVOC_WARBAND, VALOR_WARBAND } from './bench-drive';
import { answerSetup } from './sample-match';
import { Chooser, chooseCommand } from './selfplay';

const MATCHES = Number(process.env.BENCH_STORE_MATCHES ?? 20);
const TARGET_KB = 40;
const content = defaultContent();
interface Brought {
  readonly name: string;
  readonly faction: string;
  readonly map: string;
  readonly points: number;
  readonly units: { card: string }[];
}

/** The bot benchmarks' match (bench-drive.ts): 60 points a side, three units each, on its map. */
const [valor, havoc] = [VALOR_WARBAND, HAVOC_WARBAND].map((line): Brought => {
  const [name, faction, map, units] = line.split(' | ') as [string, string, string, string];
  return { name, faction, map, points: 60, units: units.split(', ').map((card) => ({ card })) };
}) as [Brought, Brought];

/** Every outbox row waiting, marked delivered with a made-up message id, as the worker would. */
async function deliverAll(store: Store, matchId: string): Promise<void> {
  for (const row of await store.outbox.pending(matchId)) await store.outbox.delivered(row.id, `${1_300_000_000_000_000_000n + BigInt(row.id)}`);
}

async function playOne(app: Services, n: number): Promise<number> {
  const store = app.store;
  const seed = 1000 + n;
  const players = [`${100 + 2 * n}`, `${101 + 2 * n}`];
  const warband = ({ map: _map, ...w }: Brought) => w;
  const map = valor.map;
  const made = makeSetup(
    {
      seed,
      players,
      names: { [players[0]!]: `alice${n}`, [players[1]!]: `bob${n}` },
      warbands: { [players[0]!]: warband(valor), [players[1]!]: warband(havoc) },
      maps: [{ id: map, map: content.maps.get(map)! }],
      options: { vpTarget: 60, glancingBlow: true, roundLimit: 30 },
    },
    content,
  );
  if ('code' in made) throw new Error(made.message);
  const setup: MatchSetup = made;
  const id = `bench${n}`;
  const terms = { points: 60, map, accepted: Object.fromEntries(players.map((p) => [p, { ...setup.warbands[p]!, map }])) };
  await store.matches.create({ id, guildId: 'g1', channelId: 'c1', threadId: `${2_000_000 + n}`, players, terms });
  // The accept that starts setup, as skirmish-challenge.ts makes it.
  const begun = beginMatch(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  const done = await store.matches.act<MatchSnapshot | null, MatchEvent, never>(id, 0, () => ({ ...begun, status: 'setup', setup }));
  if (!done.ok) throw new Error(`could not begin setup: ${done.reason}`);
  const submitted = { row: done.row, setup, before: { stage: 'pregame' as const, pregame: pregameStart(setup) }, after: done.snapshot!, events: done.events };
  await settle(app, { ...submitted, posts: await enqueue(app, done.row, await planPosts(store, submitted, { by: players[1]! })) });
  await deliverAll(store, id);

  const play = new Chooser(seeded(seed + 1));
  for (let acts = 0; acts < 20_000; acts++) {
    const row = (await store.matches.get(id))!;
    const snapshot = row.snapshot as MatchSnapshot;
    const game = gameOf(snapshot);
    if (game?.over || (row.status !== 'playing' && row.status !== 'setup')) return acts;
    const prompt = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : game!.prompt;
    const command: MatchCommand = snapshot.stage === 'pregame' ? answerSetup(snapshot.pregame.prompt!) : { game: chooseCommand(game!, play) };
    const by = prompt?.player ?? game!.turn!.player;
    try {
      await submit(app, id, by, row.seq, command);
    } catch {
      // The random driver can ask for what the rules refuse; the unit's turn then simply ends.
      const unit = game?.turn?.unit ?? Object.values(game!.units).find((u) => u.player === game!.turn!.player && !u.turnTaken && !u.dropped)!.id;
      await submit(app, id, by, row.seq, { game: { end: unit } });
    }
    await deliverAll(store, id);
  }
  throw new Error(`match ${id} did not finish`);
}

/** Bytes of a VACUUMed copy of the database (its pages in use, nothing free). */
function vacuumedBytes(file: string, dir: string, name: string): number {
  const db = new Database(file);
  try {
    const into = join(dir, `${name}.sqlite`);
    db.prepare('vacuum into ?').run(into);
    return statSync(into).size;
  } finally {
    db.close();
  }
}

/** The matches with their setup and snapshot whole in the row, as stored before match_parts. */
async function oldLayout(store: Store, file: string): Promise<void> {
  const rows = await Promise.all((await store.matches.ids()).map((id) => store.matches.get(id)));
  const db = new Database(file);
  try {
    const update = db.prepare('update matches set setup = ?, snapshot = ? where id = ?');
    db.transaction(() => {
      for (const r of rows) update.run(JSON.stringify(r!.setup), JSON.stringify(r!.snapshot), r!.id);
      db.prepare('delete from match_parts').run();
      db.prepare('delete from match_logs').run();
    })();
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-bench-store-'));
  try {
    // What an empty database takes (every table's and index's first page), left out of the figures.
    await openStore(join(dir, 'empty.sqlite')).close();
    const empty = vacuumedBytes(join(dir, 'empty.sqlite'), dir, 'empty-vacuumed');
    const file = join(dir, 'bench.sqlite');
    let now = 1_800_000_000_000;
    const clock = () => now;
    const store = openStore(file, { now: clock });
    let ids = 0;
    const app: Services = {
      store,
      content,
      outbox: { hold() {}, isHeld: () => false, release() {}, kick() {} },
      log: () => {},
      mintId: () => `x${++ids}`,
      mintSecret: () => 'secret',
      fixedSeed: () => 7,
      now: clock,
    };
    const started = performance.now();
    let acts = 0;
    for (let n = 0; n < MATCHES; n++) {
      acts += await playOne(app, n);
      now += 60_000;
    }
    const seconds = (performance.now() - started) / 1000;
    const outboxRows = (await store.outbox.pending()).length;
    if (outboxRows > 0) throw new Error(`${outboxRows} outbox rows were left waiting`);
    await store.close();
    const played = vacuumedBytes(file, dir, 'played');

    now += OUTBOX_RETENTION_MS + 60_000;
    const later = openStore(file, { now: clock });
    let pruned = 0;
    for (let n = -1; n !== 0; pruned += n) n = await later.outbox.prune(OUTBOX_RETENTION_MS);
    const packing = performance.now();
    let retired = 0;
    for (let n = -1; n !== 0; retired += n) n = await later.matches.retire(OUTBOX_RETENTION_MS);
    const packMs = (performance.now() - packing) / Math.max(1, retired);
    await later.close();
    const atRest = vacuumedBytes(file, dir, 'at-rest');

    // The same matches as the bot stored them before: rows whole, nothing pruned.
    const copy = join(dir, 'old.sqlite');
    const source = new Database(join(dir, 'played.sqlite'));
    source.prepare('vacuum into ?').run(copy);
    source.close();
    const opened = openStore(copy, { migrate: false });
    await oldLayout(opened, copy);
    await opened.close();
    const old = vacuumedBytes(copy, dir, 'old-vacuumed');

    const perMatch = (bytes: number) => (bytes - empty) / MATCHES / 1024;
    const kb = (bytes: number) => `${perMatch(bytes).toFixed(1)} KB`;
    console.log(`Sellsword Table store benchmark: ${MATCHES} self-play matches played to the end through the bot's use-cases on SQLite`);
    console.log(`  (each figure: a VACUUMed copy of the database less an empty one's ${(empty / 1024).toFixed(0)} KB, divided by ${MATCHES})`);
    console.log(`  ${acts} acts in ${seconds.toFixed(1)} s; ${pruned} delivered outbox rows pruned after the retention period`);
    console.log(`  ${retired} finished matches retired (log packed, done reminders dropped), ${packMs.toFixed(1)} ms each`);
    console.log(`  database per finished match, the old layout (map and cards in every row, outbox never pruned): ${kb(old)}`);
    console.log(`  database per finished match, as played (map and cards stored once, outbox not yet pruned): ${kb(played)}`);
    console.log(
      `  database per finished match at rest (a week on: delivered outbox rows pruned, log packed, done reminders dropped): ${kb(atRest)}   target < ${TARGET_KB} KB: ${perMatch(atRest) < TARGET_KB ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (process.env.BENCH_STORE_KEEP) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
