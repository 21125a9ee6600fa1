/**
 * /skirmish replay through Discord: the animation of a whole match, one frame per unit turn,
 * and `turn:N` privately with step buttons and a "go to a turn" form, all stateless.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summary } from '../../src/rulesets/sellsword/scenario-runner';
import { parseComponentId } from '../../src/commands/codec';
import { gameOf, type MatchEvent, type MatchSnapshot } from '../../src/match/match-state';
import { REPLAY_MAX_BYTES } from '../../src/posts/replay-gif';
import { countTurns } from '../../src/posts/replay-turns';
import type { FakeMessage } from '../../src/fakecord';
import { createWebServer, listen } from '../../src/sandbox/web-server';
import { readGif } from '../replay/gif-reader';
import { playThrough } from './driver';
import { matchUnderWay } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
let thread: string;
let turns: number;

beforeAll(async () => {
  world = await startWorld(33);
  thread = await matchUnderWay(world);
  await playThrough(world, thread, 4);
  const row = (await world.store.matches.byThread(thread))!;
  expect(row.status).toBe('over');
  turns = countTurns(await world.store.matches.events<MatchEvent>(row.id));
}, 180_000);
afterAll(async () => world?.close());

const button = (m: FakeMessage, arg: RegExp) =>
  componentsOf(m).find((c) => arg.test(parseComponentId(c.custom_id)?.arg ?? ''))! as ReturnType<typeof componentsOf>[number] & { disabled?: boolean };
/** The private replay message as carol sees it now. */
const replayMessage = (id: string) => world.messages(thread, 'carol').find((m) => m.id === id)!;

describe('/skirmish replay', () => {
  it('posts the whole match as an animated GIF: the opening and one frame per unit turn, under 8 MB', async () => {
    const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish replay' });
    const post = s.original!;
    expect(post.ephemeral).toBe(false);
    expect(post.content).toContain(`then ${turns} unit turns`);
    const file = post.attachments[0]!;
    expect(file.contentType).toBe('image/gif');
    expect(file.description).toMatch(/^Animated replay on Mill Crossing: the opening map, then each of the \d+ unit turns/);
    const bytes = world.fake.attachment(file.url)!;
    expect(bytes.length).toBeLessThan(REPLAY_MAX_BYTES);
    const gif = readGif(bytes);
    expect(gif.frames).toHaveLength(turns + 1);
    expect(gif.loops).toBe(0);
    expect(world.errors).toEqual([]);
  }, 60_000);

  it('its "Step through it" button opens the opening privately for whoever clicks', async () => {
    const post = world
      .messages(thread)
      .filter((m) => m.attachments[0]?.contentType === 'image/gif')
      .at(-1)!;
    const s = await world.click('dave', post, button(post, /^open:0$/).custom_id);
    expect(s.original!.ephemeral).toBe(true);
    expect(s.original!.content).toContain('**Replay** · the opening');
  });

  it('turn:N shows the map after turn N and its log privately, as the thread showed that turn, and the buttons step back and forward', async () => {
    // The thread's turn posts, in order: turn N is the N-th. Take one whose log has a few lines.
    const posted = world.messages(thread).filter((m) => /^turn-\d+\.png$/.test(m.attachments[0]?.filename ?? ''));
    // (A match that ends in the middle of a turn has a last replay frame but no turn post for it.)
    expect(posted.length).toBeGreaterThanOrEqual(turns - 1);
    expect(posted.length).toBeLessThanOrEqual(turns);
    const bullets = (text: string) => text.split('\n').filter((l) => l.startsWith('• '));
    const n = Math.max(2, posted.findIndex((m) => bullets(m.content).length >= 2) + 1);
    const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish replay', options: { turn: n } });
    const first = s.original!;
    expect(first.ephemeral).toBe(true);
    expect(first.content).toMatch(new RegExp(`^\\*\\*Replay\\*\\* · turn ${n} of ${turns} \\(round \\d+\\): \\*\\*\\w+\\*\\*'s turn with .+\\.`));
    expect(bullets(first.content)).toEqual(bullets(posted[n - 1]!.content));
    expect(bullets(first.content).length).toBeGreaterThanOrEqual(2);
    expect(first.attachments[0]!.filename).toBe(`replay-turn-${n}.png`);
    expect(first.attachments[0]!.description).toBe(posted[n - 1]!.attachments[0]!.description);
    // The close-up under the map too, when the thread had one, in an embed as the thread had it: on the
    // turn's post, or on the ping posted right after it, which carries the close-up when one follows.
    const all = world.messages(thread);
    const after = all[all.findIndex((m) => m.id === posted[n - 1]!.id) + 1];
    const shown = [posted[n - 1]!, ...(after && /^<@\d+>/.test(after.content) && !/^turn-\d+\.png$/.test(after.attachments[0]?.filename ?? '') ? [after] : [])];
    expect(first.attachments.map((a) => a.description)).toEqual(shown.flatMap((m) => m.attachments.map((a) => a.description)));
    expect(first.embeds.map((e) => e.footer?.text)).toEqual(shown.flatMap((m) => m.embeds.map((e) => e.footer?.text)));
    // Nothing went to the thread for others.
    expect(world.messages(thread, 'alice').some((m) => m.id === first.id)).toBe(false);

    const next = await world.click('carol', first, button(first, /^next:/).custom_id);
    expect(next.response?.kind).toBe('deferred-update');
    expect(replayMessage(first.id).content).toContain(`turn ${n + 1} of ${turns}`);
    expect(replayMessage(first.id).attachments[0]!.filename).toBe(`replay-turn-${n + 1}.png`);

    for (let i = n + 1; i > 0; i--) await world.click('carol', replayMessage(first.id), button(replayMessage(first.id), /^back:/).custom_id);
    const opening = replayMessage(first.id);
    expect(opening.content).toContain('the opening');
    // At the start, Start and Back are disabled; at the end, Next and End.
    expect(button(opening, /^first:/).disabled).toBe(true);
    expect(button(opening, /^back:/).disabled).toBe(true);
    await world.click('carol', opening, button(opening, /^last:/).custom_id);
    const end = replayMessage(first.id);
    expect(end.content).toContain(`of ${turns}`);
    expect(button(end, /^next:/).disabled).toBe(true);
    expect(button(end, /^last:/).disabled).toBe(true);
    expect(world.errors).toEqual([]);
  }, 60_000);

  it('"Turn N of M…" asks for a turn and goes there; a word instead of a number is refused', async () => {
    const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish replay', options: { turn: 1 } });
    const message = s.original!;
    const ask = button(message, /^ask:1:\d+$/);
    expect(ask.label).toBe(`Turn 1 of ${turns}…`);
    const opened = await world.fake.click({ user: 'carol', message: message.id, customId: ask.custom_id });
    expect((await opened.response()).kind).toBe('modal');
    const sent = await world.fake.submitModal({ user: 'carol', interaction: opened.id, values: { turn: '5' } });
    await sent.response();
    await world.bot.idle();
    expect(replayMessage(message.id).content).toContain(`turn 5 of ${turns}`);

    const again = await world.fake.click({ user: 'carol', message: message.id, customId: button(replayMessage(message.id), /^ask:/).custom_id });
    await again.response();
    const bad = await world.fake.submitModal({ user: 'carol', interaction: again.id, values: { turn: 'five' } });
    await bad.response();
    await world.bot.idle();
    expect(answerText(await bad.settled({ quietMs: 20 }))).toContain('"five" is not a turn number');
    expect(replayMessage(message.id).content).toContain(`turn 5 of ${turns}`);
  }, 60_000);

  it('a turn past the last shows the last and says so; buttons still work after a restart', async () => {
    const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish replay', options: { turn: 99999 } });
    expect(s.original!.content).toContain(`There are only ${turns} turns; this is the last.`);
    await world.restart();
    const message = world.messages(thread, 'carol').find((m) => m.id === s.original!.id)!;
    await world.click('carol', message, button(message, /^first:/).custom_id);
    expect(replayMessage(message.id).content).toContain('the opening');
  }, 60_000);

  it('/skirmish export, then npm run scenario on the file: the same final state as the match', async () => {
    const exported = await world.run({ user: 'carol', channel: thread, name: 'skirmish export' });
    const bytes = world.fake.attachment(exported.original!.attachments[0]!.url)!;
    const path = join(mkdtempSync(join(tmpdir(), 'sellsword-replay-')), 'match.json');
    writeFileSync(path, bytes);
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const out = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/scenario.ts', path], { cwd: root, encoding: 'utf8' });
    expect(out.status).toBe(0);
    const stored = gameOf((await world.store.matches.byThread(thread))!.snapshot as MatchSnapshot)!;
    expect(JSON.parse(out.stdout).state).toEqual(summary(stored));
  }, 60_000);

  it('is refused outside a match thread', async () => {
    const s = await world.run({ user: 'carol', name: 'skirmish replay' });
    expect(answerText(s)).toContain('This command works inside a match thread');
  });
});

describe("the sandbox page's replay slider", () => {
  it('is told where a replay message stands, and moves it as a player would: the "Turn N of M…" button, then its form', async () => {
    const web = createWebServer(world.fake, () => undefined);
    const port = await listen(web.http, 0, '127.0.0.1');
    const api = async (path: string, body?: unknown) => {
      const response = await fetch(
        `http://127.0.0.1:${port}${path}`,
        body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      // biome-ignore lint/suspicious/noExplicitAny: the tests read the page's JSON answer's nested fields directly.
      return (await response.json()) as Record<string, any>;
    };
    try {
      const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish replay', options: { turn: 1 } });
      const id = s.original!.id;
      const find = async () =>
        (
          (await api(`/api/messages?channel=${thread}&viewer=carol`)) as unknown as {
            id: string;
            replay?: { turn: number; last: number; ask: string };
            content: string;
          }[]
        ).find((m) => m.id === id)!;
      const shown = await find();
      expect(shown.replay).toEqual({ turn: 1, last: turns, ask: expect.stringMatching(/^ss1:replay:/) });
      // Other messages are not marked.
      expect(((await api(`/api/messages?channel=${thread}&viewer=carol`)) as unknown as { replay?: unknown }[]).filter((m) => m.replay)).toHaveLength(
        world.messages(thread, 'carol').filter((m) => componentsOf(m).some((c) => /:ask:/.test(c.custom_id))).length,
      );

      const opened = await api('/api/click', { user: 'carol', message: id, customId: shown.replay!.ask });
      expect(opened.ok).toBe(true);
      expect(opened.modal).toEqual({ title: 'Go to a turn', fields: [expect.objectContaining({ id: 'turn', label: `Turn (0 to ${turns})`, required: true })] });
      const moved = await api('/api/modal', { user: 'carol', interaction: opened.interaction, values: { turn: String(turns - 1) } });
      expect(moved).toEqual({ ok: true, interaction: expect.any(String) });
      await world.bot.idle();
      const after = await find();
      expect(after.replay!.turn).toBe(turns - 1);
      expect(after.content).toContain(`turn ${turns - 1} of ${turns}`);

      // A form for an interaction that opened none is refused with the fake's sentence.
      const refused = await api('/api/modal', { user: 'carol', interaction: moved.interaction, values: { turn: '1' } });
      expect(refused.error).toContain('did not open a modal');
    } finally {
      await web.close();
    }
  }, 60_000);
});
