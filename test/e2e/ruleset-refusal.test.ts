/**
 * A match whose rules this bot does not replay (docs/rulesets.md §4): its row names a version of the
 * Sellsword rules the registry does not know. Its thread's commands are refused with the registry's
 * sentence, an act changes nothing, and its deadlines take no default, rather than playing, showing or
 * replaying it under other rules.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, componentsOf, startWorld, type World } from './world';
import { matchUnderWay } from './setup-match';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());

const REFUSAL =
  'This match was played under version 99 of the Sellsword rules, which this bot does not replay (it knows version 1); it is kept as it is, never replayed under other rules.';

describe('a match of rules the bot does not replay', () => {
  it('is refused with a sentence when acted on, and /skirmish check says why it is not replayed', async () => {
    const thread = await matchUnderWay(world);
    const made = (await world.store.matches.byThread(thread))!;
    expect({ ruleset: made.ruleset, rulesetVersion: made.rulesetVersion }).toEqual({ ruleset: 'sellsword', rulesetVersion: 1 });
    const id = made.id;
    // A confirmation asked for while the bot still knew the match's rules.
    const asked = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    const yes = componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!;
    // As a newer bot would have left it: the same game, under a later version of its rules (a write
    // moves the row's version, store/match-row-cache.ts, as every write of the store does).
    const db = new Database(world.dbPath);
    db.prepare('update matches set ruleset_version = 99, updated_at = updated_at + 1 where id = ?').run(id);
    db.close();
    const before = (await world.store.matches.get(id))!;

    // Its thread's commands are refused with the sentence (what would read or replay it)…
    expect(answerText(await world.run({ user: 'bob', channel: thread, name: 'skirmish check' }))).toContain(REFUSAL);
    expect(answerText(await world.run({ user: 'bob', channel: thread, name: 'skirmish log' }))).toContain(REFUSAL);
    expect(answerText(await world.run({ user: 'alice', channel: thread, name: 'skirmish concede' }))).toContain(REFUSAL);
    // …and so is a button posted before the change (its act asks the registry too), changing nothing.
    const confirmed = await world.click('bob', asked.original!, yes.custom_id);
    expect(answerText(confirmed)).toContain(REFUSAL);
    const after = (await world.store.matches.get(id))!;
    expect({ seq: after.seq, status: after.status }).toEqual({ seq: before.seq, status: before.status });

    // Nor does its clock run here: a month of missed deadlines takes no default and forfeits nobody.
    await world.advance(24 * 30);
    const later = (await world.store.matches.get(id))!;
    expect({ seq: later.seq, status: later.status }).toEqual({ seq: before.seq, status: before.status });
  }, 120_000);
});
