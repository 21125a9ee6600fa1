/**
 * Verifiable dice: the challenge posts a commitment, the seed comes from the secret and the
 * accept ids, the result reveals the secret, and `/skirmish verify`, `/skirmish export` and
 * `npm run verify` check every roll; an edited roll is caught and named.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, seedFrom } from '../../src/match/dice-proof';
import type { MatchSetup } from '../../src/match/match-state';
import { skirmishCommand } from '../../src/commands/skirmish/skirmish';
import { playThrough } from './driver';
import { HAVOC, VALOR } from './setup-match';
import { answerText, startWorld, type World } from './world';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(null);
}, 30_000);
afterAll(async () => world?.close());

const verifyFile = (doc: unknown) => {
  const path = join(mkdtempSync(join(tmpdir(), 'sellsword-verify-')), 'match.json');
  writeFileSync(path, JSON.stringify(doc));
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/verify.ts', path], { cwd: ROOT, encoding: 'utf8' });
};

describe('verifiable dice', () => {
  it('commits before the accepts, takes the seed from the secret and the accept ids, and reveals the secret at the end', async () => {
    await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
    await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } });
    thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const posted = /Dice commitment `([0-9a-f]{64})`/.exec(world.messages(thread)[0]!.content)?.[1];
    expect(posted).toBeDefined();
    const early = await world.run({ user: 'carol', channel: thread, name: 'skirmish verify' });
    expect(answerText(early)).toContain('The dice stay secret until the match is over');

    const accept = await world.fake.command({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    await accept.response();
    await world.bot.idle();
    const row = (await world.store.matches.byThread(thread))!;
    const secret = (row.terms as { dice: { secret: string } }).dice.secret;
    expect(commitmentOf(secret)).toBe(posted);
    expect((row.setup as MatchSetup).seed).toBe(seedFrom(secret, [accept.id]));
    // Nothing players can see before the end shows the secret.
    expect(world.messages(thread).some((m) => m.content.includes(secret))).toBe(false);

    await playThrough(world, thread, 5);
    expect((await world.store.matches.byThread(thread))!.status).toBe('over');
    expect(world.messages(thread).at(-1)!.content).toContain(`The dice's secret was \`${secret}\``);
    // Where the commitment was posted, truly: this match began with a challenge.
    expect(world.messages(thread).at(-1)!.content).toContain('its SHA-256 is the dice commitment posted with the challenge');
  }, 120_000);

  it('checks every roll with /skirmish verify, and the exported file with npm run verify', async () => {
    const verdict = answerText(await world.run({ user: 'carol', channel: thread, name: 'skirmish verify' }));
    expect(verdict).toMatch(
      /✅ The dice's secret, shown at the end, matches the commitment .* posted at the start; the seed comes from it and the number Discord gave the accept \(nobody knew it when the commitment was posted\), and all \d+ rolls are the seed's dice, in order\./,
    );
    expect(verdict).toContain('✅ Replaying its');
    // And what it cannot show: the last accept's veto (docs/dice.md "Limits").
    expect(verdict).toMatch(
      /What this cannot show: the bot saw the last accept before it recorded it, so a bot running modified code could have refused that accept/,
    );
    // Players cannot open the repository, so the limit is said in the post, never pointed to in a file.
    expect(verdict).not.toMatch(/docs\/|\.md\b/);

    const exported = await world.run({ user: 'carol', channel: thread, name: 'skirmish export' });
    const file = exported.original!.attachments[0]!;
    const doc = JSON.parse(world.fake.attachment(file.url)!.toString('utf8')) as { events: { seq: number; event: { event: { rolls?: number[] } } }[] };
    const honest = verifyFile(doc);
    expect(honest.status).toBe(0);
    expect(honest.stdout).toContain('rolls are the seed');

    const edited = structuredClone(doc);
    const e = edited.events.find((x) => (x.event.event.rolls?.length ?? 0) > 0)!;
    const was = e.event.event.rolls![0]!;
    e.event.event.rolls![0] = (was % 20) + 1;
    const caught = verifyFile(edited);
    expect(caught.status).toBe(1);
    expect(caught.stdout).toContain(`event ${e.seq} records roll 1 as ${(was % 20) + 1}, but the dice give ${was} there`);

    const notAnExport = verifyFile({ format: 'something else' });
    expect(notAnExport.status).toBe(2);
    expect(notAnExport.stderr).toContain('is not a match export');
  }, 60_000);

  it('a practice match, which has no challenge, says its commitment was posted when the practice match began', async () => {
    await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
    await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: "Hrolf's Watch" } });
    const practice = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    expect(world.messages(practice)[0]!.content).toMatch(/Dice commitment `[0-9a-f]{64}`/);
    await world.bot.idle();
    // /skirmish verify before the end says where the commitment is, and its description claims no challenge.
    const early = answerText(await world.run({ user: 'alice', channel: practice, name: 'skirmish verify' }));
    expect(early).toMatch(/Its commitment is `[0-9a-f]{64}`, posted when the practice match began\./);
    const verify = skirmishCommand.data.options!.find((o) => o.name === 'verify')!;
    expect(verify.description).not.toContain('challenge');
    expect(verify.description.length).toBeLessThanOrEqual(100);
    await playThrough(world, practice, 5);
    const end = world.messages(practice).find((m) => m.content.includes("The dice's secret was"))!.content;
    expect(end).toContain('its SHA-256 is the dice commitment posted when the practice match began');
    expect(end).not.toContain('challenge');
    // Nobody accepted anything: verify says what the seed truly came from, and what the bot could still have done.
    const verdict = answerText(await world.run({ user: 'alice', channel: practice, name: 'skirmish verify' }));
    expect(verdict).toContain('the seed comes from it and the number Discord gave the `/skirmish practice` command that began the match');
    expect(verdict).toContain('the bot drew its secret after your `/skirmish practice` command reached it');
    expect(verdict).not.toMatch(/accept/i);
  }, 120_000);
});
