/**
 * Sellsword's thread commands in a Sword and Claw match (real dice, no fixed seed): `/skirmish export`
 * and `/skirmish verify` work through the game's ruleset (its own setup and events in the file, its dice
 * checked with its `diceOf`, sealed entries with `checkSealed`); `/skirmish log`, `view`, `replay` and
 * `entry`, and standing orders for this match, refuse with a sentence that says what to use instead, never a crash or Sellsword's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchExportSchema } from '../../src/formats/match-export';
import { verifyExport } from '../../src/match/match-export';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(null);
}, 30_000);
afterAll(async () => world?.close());

const REFUSAL =
  'This is a Sword and Claw match, and that command is not for it yet: the thread itself is its log and the picture after each turn shows the table. Give orders with `/order`; `/skirmish export` gives the match as a file and `/skirmish verify` checks its dice once it is over.';

async function exported(user: string) {
  const out = await world.run({ user, channel: thread, name: 'skirmish export' });
  expect(out.response?.ephemeral).toBe(true);
  const file = out.original!.attachments[0]!;
  expect(file.filename).toMatch(/^sword-and-claw-match-.+\.json$/);
  return { text: answerText(out), doc: JSON.parse(world.fake.attachment(file.url)!.toString('utf8')) as Record<string, unknown> };
}

describe('Sellsword thread commands in a Sword and Claw match', () => {
  it('refuse with what to use instead, and export and verify work through the ruleset', async () => {
    await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw', turn_hours: 10 },
    });
    thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    // Both sides' deployments run out: the troops are placed, the attackers' turn begins.
    await world.advance(11);
    await world.advance(11);
    expect((await world.store.matches.byThread(thread))!.status).toBe('playing');

    for (const [name, options] of [
      ['skirmish log', {}],
      ['skirmish view', { unit: 'HCA' }],
      ['skirmish replay', {}],
      ['skirmish entry', { square: 'A1' }],
    ] as const) {
      const out = await world.run({ user: 'alice', channel: thread, name, options });
      expect(out.response?.ephemeral, name).toBe(true);
      expect(answerText(out), name).toBe(REFUSAL);
    }

    const orders = await world.run({ user: 'alice', channel: thread, name: 'orders set', options: { scope: 'match' } });
    expect(answerText(orders)).toBe(
      'Standing orders do not answer Sword and Claw prompts yet: answer each in this thread with its buttons (no answer in time takes its default).',
    );

    // While it is played: the file without the secret or the seed, and verify says the dice stay secret.
    const early = await exported('alice');
    expect(early.text).toMatch(/^The match so far\./);
    expect(early.doc).toMatchObject({ version: 3, ruleset: { id: 'sword-and-claw', version: 1 }, status: 'playing' });
    expect(JSON.stringify(early.doc)).not.toMatch(/"secret"|"seed"/);
    const secret = answerText(await world.run({ user: 'bob', channel: thread, name: 'skirmish verify' }));
    expect(secret).toMatch(
      /^The dice stay secret until the match is over; then this checks every roll\. Its commitment is `[0-9a-f]{64}`, posted with the challenge\./,
    );

    const asked = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    await world.click('bob', asked.original!, componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!.custom_id);
    expect((await world.store.matches.byThread(thread))!.status).toBe('over');

    const verdict = answerText(await world.run({ user: 'carol', channel: thread, name: 'skirmish verify' }));
    expect(verdict).toMatch(/✅ The dice's secret, shown at the end, matches the commitment .* and all [1-9]\d* rolls are the seed's dice, in order\./);
    expect(verdict).toMatch(/✅ Replaying its \d+ events gives the same result \(round \d+, Alice \d+, Bob \d+\)\./);
    expect(verdict).not.toMatch(/Sellsword|warband|VP/);

    // The file checks the same way once read back, as `npm run verify` reads it; an edited roll is caught.
    const { doc } = await exported('carol');
    const read = matchExportSchema.parse(doc);
    expect(verifyExport(read).ok).toBe(true);
    const edited = structuredClone(doc) as { events: { seq: number; event: { type: string; dice?: { d: number; v: number }[] } }[] };
    const rolled = edited.events.find((e) => (e.event.dice?.length ?? 0) > 0);
    expect(rolled).toBeDefined();
    rolled!.event.dice![0]!.v = (rolled!.event.dice![0]!.v % rolled!.event.dice![0]!.d) + 1;
    const caught = verifyExport(matchExportSchema.parse(edited));
    expect(caught.ok).toBe(false);
    expect(caught.lines[0]).toMatch(/^❌ The dice do not check out: event \d+ records roll/);
    expect(world.errors).toEqual([]);
  }, 120_000);
});
