/**
 * The crash test the project keeps: the bot runs in its own process (test/support/bot-process.ts,
 * as `npm start` runs it) against the fake Discord in this process, and is SIGKILLed at each moment a
 * crash can hit a match: during an act, between its save and its reply, before, during and after the
 * turn picture's post, between posting a prompt and recording it, during a prompt's answer, and during
 * the start-up re-delivery of what an earlier crash left in the outbox. After every restart on the same
 * SQLite file, the thread must show everything once (docs/store.md "The outbox"): each turn's picture,
 * each act's line, each prompt (clickable, exactly one open), each answer, and the match must rebuild
 * from its event log.
 *
 * The test reads the bot's database only as players read the thread (to choose a legal act, to find the
 * open prompt) and to check the outbox; it acts only through slash commands, buttons and menus.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, type BotProcess } from '../support/bot-process';
import { parseComponentId } from '../../src/commands/codec';
import { checkMatch } from '../../src/match/match-check';
import { gameOf, type MatchEvent, type MatchSnapshot } from '../../src/match/match-state';
import type { PostBody } from '../../src/posts/post-body';
import { commanderOf } from '../../src/rulesets/sellsword/engine/acts';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import { startFakeDiscord, type CommandInput, type FakeDiscord, type FakeMessage, type FaultRequest, type InteractionSummary } from '../../src/fakecord';
import { openStore } from '../../src/store';
import { unpackPartsSync } from '../../src/store/match-parts';
import { slashFor } from './driver';
import { HAVOC, VALOR } from './setup-match';
import { componentsOf } from './world';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CALLBACK = 'POST /interactions/:id/:token/callback';
const POST_MESSAGE = 'POST /channels/:channel/messages';
const EDIT_MESSAGE = 'PATCH /channels/:channel/messages/:message';
/** Interaction callback types: 4 a reply, 7 an update of the component's message. */
const REPLY = 4;
const UPDATE = 7;
/** How long the bot may take to deliver what it owes after a restart, on a busy 2-core machine. */
const DELIVERY_MS = 20_000;
/**
 * Guards against a hang, not timings: how long one step (an answer, a held request reached) may take,
 * and a whole test, which starts the bot's process once or twice, each start many seconds on a loaded
 * machine.
 */
const STEP_MS = 30_000;
const TEST_MS = 180_000;
/** Past Discord's nonce memory (about 5 minutes; the fake's window): a restart after this long cannot lean on nonces. */
const PAST_NONCE_WINDOW_MS = 6 * 60_000;

const withComponents = (r: FaultRequest) => Array.isArray(r.body.components) && r.body.components.length > 0;
const turnPicture = (r: FaultRequest) => r.files.some((f) => /^turn-\d+\.png$/.test(f.filename));
const callbackOfType = (type: number) => (r: FaultRequest) => r.body.type === type;

let fake: FakeDiscord;
/** How far the fake's clock is ahead of the machine's: moved on to stand for a bot that stays down for minutes. */
let skew = 0;
let dir: string;
let databasePath: string;
let bot: BotProcess | null = null;
const started: BotProcess[] = [];
let thread = '';
/** Prompt messages whose click the bot accepted: they must show "chose …" and have no buttons. */
const answered = new Set<string>();
/** What happened at each moment, for the report when something fails. */
const notes: string[] = [];

// ---------------------------------------------------------------------------------------------------
// The bot process

async function start(): Promise<BotProcess> {
  bot = await startBotProcess(fake, { databasePath });
  started.push(bot);
  return bot;
}

async function crash(): Promise<void> {
  const exit = await bot!.kill();
  expect(exit.signal).toBe('SIGKILL');
  bot = null;
}

// ---------------------------------------------------------------------------------------------------
// The database, read-only, as a separate connection (the bot owns it)

interface OutboxEntry {
  readonly id: number;
  readonly body: PostBody;
  readonly via: string | null;
  readonly attempts: number;
  readonly done: number | null;
  readonly messageId: string | null;
  readonly error: string | null;
}

interface PromptEntry {
  readonly seq: number;
  readonly messageId: string;
  readonly kind: string;
  readonly closed: number | null;
}

interface Table {
  readonly matchId: string;
  readonly seq: number;
  readonly status: string;
  readonly snapshot: MatchSnapshot | null;
  readonly events: { seq: number; event: MatchEvent }[];
  readonly outbox: OutboxEntry[];
  readonly prompts: PromptEntry[];
}

/** A snapshot as the store reads it: the shared parts (maps, cards) its row refers to put back. */
function withParts(db: Database.Database, value: unknown): unknown {
  const [whole] = unpackPartsSync([value], (hashes) => {
    const rows = db.prepare(`select hash, part from match_parts where hash in (${hashes.map(() => '?').join(',')})`).all(...hashes) as {
      hash: string;
      part: string;
    }[];
    return new Map(rows.map((r) => [r.hash, r.part]));
  });
  return whole;
}

function readTable(): Table {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const m = db.prepare('select id, seq, status, snapshot from matches where thread_id = ?').get(thread) as {
      id: string;
      seq: number;
      status: string;
      snapshot: string | null;
    };
    const events = (db.prepare('select seq, event from match_events where match_id = ? order by seq').all(m.id) as { seq: number; event: string }[]).map(
      (e) => ({ seq: e.seq, event: JSON.parse(e.event) as MatchEvent }),
    );
    const outbox = (
      db.prepare('select id, body, via, attempts, done_at, message_id, error from outbox where match_id = ? order by id').all(m.id) as {
        id: number;
        body: string;
        via: string | null;
        attempts: number;
        done_at: number | null;
        message_id: string | null;
        error: string | null;
      }[]
    ).map((r) => ({
      id: r.id,
      body: JSON.parse(r.body) as PostBody,
      via: r.via,
      attempts: r.attempts,
      done: r.done_at,
      messageId: r.message_id,
      error: r.error,
    }));
    // The challenge's Accept and Decline buttons are recorded as a prompt too (seq 0); the checks here are about the game's.
    const prompts = (
      db.prepare("select seq, message_id, kind, closed_at from prompts where match_id = ? and kind != 'challenge' order by id").all(m.id) as {
        seq: number;
        message_id: string;
        kind: string;
        closed_at: number | null;
      }[]
    ).map((p) => ({
      seq: p.seq,
      messageId: p.message_id,
      kind: p.kind,
      closed: p.closed_at,
    }));
    return {
      matchId: m.id,
      seq: m.seq,
      status: m.status,
      snapshot: m.snapshot === null ? null : (withParts(db, JSON.parse(m.snapshot)) as MatchSnapshot),
      events,
      outbox,
      prompts,
    };
  } finally {
    db.close();
  }
}

function pendingRows(): number {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select count(*) as n from outbox where done_at is null').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Waits until the outbox has no row waiting: everything the bot owes the thread has been delivered. */
async function delivered(timeoutMs = DELIVERY_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (pendingRows() === 0) return;
    if (Date.now() > until)
      throw new Error(
        `the outbox still has ${pendingRows()} row(s) waiting after ${timeoutMs} ms:\n${JSON.stringify(
          readTable().outbox.filter((r) => r.done === null),
          null,
          1,
        )}\nbot output:\n${bot?.output() ?? ''}`,
      );
    await sleep(25);
  }
}

/** Waits until the fake has carried out the last request a rule caught (a held request released after the bot died). */
async function carriedOut(route: string): Promise<void> {
  await fake.waitFor(
    () =>
      fake
        .requests(route)
        .filter((r) => r.fault)
        .at(-1)?.handled || undefined,
    5000,
  );
}

// ---------------------------------------------------------------------------------------------------
// Playing, through Discord only

const userName = (id: string) => fake.user(id)!.username;
const threadMessages = (): FakeMessage[] => fake.messages(thread).filter((m) => !m.ephemeral);
const liveComponents = (m: FakeMessage) => componentsOf(m).filter((c) => c.custom_id);

async function run(input: CommandInput): Promise<InteractionSummary> {
  const out = await fake.command(input);
  return out.settled({ quietMs: 30, timeoutMs: STEP_MS });
}

function openPromptOf(t: Table) {
  const s = t.snapshot;
  if (!s) return null;
  return s.stage === 'pregame' ? s.pregame.prompt : (gameOf(s)!.prompt ?? null);
}

/** The one message with live buttons or menus for the open prompt. */
function promptMessage(): FakeMessage {
  const live = threadMessages().filter((m) => liveComponents(m).length > 0);
  expect(live.length, 'messages with live buttons or menus').toBe(1);
  return live[0]!;
}

/** Clicks (or picks from) the open prompt as the player it waits for. Resolves with the outcome, not waiting for the answer. */
async function clickPrompt(t: Table) {
  const prompt = openPromptOf(t)!;
  const message = promptMessage();
  const c = componentsOf(message)[0]!;
  const user = userName(prompt.player);
  const out =
    c.type === 3
      ? await fake.select({ user, message: message.id, customId: c.custom_id, values: [c.options![0]!.value] })
      : await fake.click({ user, message: message.id, customId: c.custom_id });
  return { out, message };
}

/** Answers the open prompt and checks the bot took it (the prompt's message is updated with the answer). */
async function answerPrompt(): Promise<void> {
  const t = readTable();
  const { out, message } = await clickPrompt(t);
  const s = await out.settled({ quietMs: 30, timeoutMs: STEP_MS });
  expect(s.response?.kind, `answer to the ${openPromptOf(t)!.kind} prompt: ${s.original?.content ?? ''}`).toBe('update');
  answered.add(message.id);
  await delivered();
  expect(readTable().seq).toBeGreaterThan(t.seq);
}

async function answerPrompts(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    if (!openPromptOf(readTable())) return;
    await answerPrompt();
  }
  throw new Error('prompts never ended');
}

/** The slash command for a legal act: an `/end` (which ends a unit's turn: a turn picture), or a `/move`. */
function nextAct(kind: 'end' | 'move'): CommandInput {
  const t = readTable();
  const game = gameOf(t.snapshot!)!;
  expect(game.prompt, 'no prompt is open').toBeFalsy();
  const legal = legalActs(game);
  const pick: Command | undefined = (kind === 'move' ? legal.find((c) => 'act' in c && c.act === 'move') : undefined) ?? legal.find((c) => 'end' in c);
  if (!pick) throw new Error(`no legal ${kind}: ${JSON.stringify(legal.slice(0, 5))}`);
  const unit = 'act' in pick ? pick.unit : 'end' in pick ? pick.end : '';
  const input = slashFor(userName(commanderOf(game, game.units[unit]!)), thread, pick);
  if (!input) throw new Error(`no slash command for ${JSON.stringify(pick)}`);
  return input;
}

/** An act played normally, to move the match on between crashes. */
async function act(kind: 'end' | 'move'): Promise<void> {
  await answerPrompts();
  const s = await run(nextAct(kind));
  expect(s.response?.ephemeral, `the act was refused: ${s.original?.content ?? ''}`).toBe(false);
  await delivered();
  await answerPrompts();
}

// ---------------------------------------------------------------------------------------------------
// What the thread must show after every restart

async function expectThreadWhole(moment: string): Promise<void> {
  const t = readTable();
  const messages = threadMessages();
  const at = (what: string) => `${moment}: ${what}`;

  // Nothing is left waiting, and nothing was given up (a prompt the match moved past is skipped, by design).
  expect(
    t.outbox.filter((r) => r.done === null),
    at('outbox rows still waiting'),
  ).toEqual([]);
  const givenUp = t.outbox.filter((r) => r.messageId === null && r.error !== null && !(r.body.kind === 'prompt' && r.error.includes('moved past')));
  expect(givenUp, at('outbox rows given up')).toEqual([]);

  // No message was posted twice: every nonce the bot used names one message.
  const nonces = messages.filter((m) => m.nonce !== null).map((m) => String(m.nonce));
  expect(nonces.length - new Set(nonces).size, at('messages posted twice with one nonce')).toBe(0);

  // Every turn's picture, exactly once.
  const turnEnds = t.events.filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended').map((e) => e.seq);
  for (const seq of turnEnds) {
    const posts = messages.filter((m) => m.attachments.some((a) => a.filename === `turn-${seq}.png`));
    expect(posts.length, at(`messages with turn-${seq}.png`)).toBe(1);
  }
  const pictures = messages.flatMap((m) => m.attachments.map((a) => a.filename)).filter((f) => /^turn-\d+\.png$/.test(f));
  expect(pictures.sort(), at('turn pictures in the thread')).toEqual(turnEnds.map((s) => `turn-${s}.png`).sort());

  // Every act's line and every piece of news, once: as the interaction's reply or in the thread, not both.
  const expected = new Map<string, number>();
  for (const r of t.outbox) if (r.body.kind === 'reply' || r.body.kind === 'text') expected.set(r.body.content, (expected.get(r.body.content) ?? 0) + 1);
  for (const [content, n] of expected) {
    const shown = messages.filter((m) => m.content === content);
    expect(shown.length, at(`messages reading ${JSON.stringify(content.slice(0, 120))}`)).toBe(n);
  }
  // A "your turn" ping gets its digest when it is delivered: its line, once, is how it begins.
  const pings = new Map<string, number>();
  for (const r of t.outbox) if (r.body.kind === 'your-turn' && r.done !== null && !r.error) pings.set(r.body.content, (pings.get(r.body.content) ?? 0) + 1);
  for (const [content, n] of pings) {
    const shown = messages.filter((m) => m.content === content || m.content.startsWith(`${content}\n`));
    expect(shown.length, at(`pings reading ${JSON.stringify(content.slice(0, 120))}`)).toBe(n);
  }

  // Every prompt once, and the open one clickable: one message with live components, for this seq.
  const live = messages.filter((m) => liveComponents(m).length > 0);
  const open = openPromptOf(t);
  expect(live.length, at('messages with live buttons or menus')).toBe(open ? 1 : 0);
  for (const m of live) {
    for (const c of liveComponents(m)) {
      const id = parseComponentId(c.custom_id);
      expect(id && { match: id.match, seq: id.seq }, at(`the live prompt's component ${c.custom_id}`)).toEqual({ match: t.matchId, seq: t.seq });
    }
  }
  const openRows = t.prompts.filter((p) => p.closed === null);
  expect(
    openRows.map((p) => ({ seq: p.seq, messageId: p.messageId })),
    at('open prompts recorded'),
  ).toEqual(open ? [{ seq: t.seq, messageId: live[0]!.id }] : []);
  const promptMessages = t.prompts.map((p) => p.messageId);
  expect(promptMessages.length - new Set(promptMessages).size, at('prompts recorded twice')).toBe(0);
  const promptSeqs = t.prompts.map((p) => p.seq);
  expect(promptSeqs.length - new Set(promptSeqs).size, at('prompts posted twice for one seq')).toBe(0);
  for (const p of t.prompts.filter((q) => q.closed !== null)) {
    const m = fake.message(p.messageId)!;
    expect(liveComponents(m), at(`buttons left on the closed ${p.kind} prompt ${p.messageId}`)).toEqual([]);
  }

  // Answered prompts show their answer once, and no buttons.
  for (const id of answered) {
    const m = fake.message(id)!;
    expect(liveComponents(m), at(`buttons left on the answered prompt ${id}`)).toEqual([]);
    expect(m.content.split('\n').filter((l) => l.includes(' chose **')).length, at(`"chose" lines on the answered prompt ${id}`)).toBe(1);
  }

  // The saved state is what the event log rebuilds.
  const store = openStore(databasePath, { readonly: true });
  try {
    expect(await checkMatch(store, t.matchId), at('the match rebuilt from its events')).toMatchObject({ ok: true });
  } finally {
    await store.close();
  }
}

/** After a restart: wait until the bot delivered what it owed, then check the thread. */
async function afterRestart(moment: string): Promise<Table> {
  await delivered();
  await expectThreadWhole(moment);
  return readTable();
}

// ---------------------------------------------------------------------------------------------------

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, clock: () => Date.now() + skew });
  dir = mkdtempSync(join(tmpdir(), 'sellsword-crash-'));
  databasePath = join(dir, 'bot.db');
  await start();
}, TEST_MS);

afterAll(async () => {
  fake?.faults.clear();
  await Promise.all(started.map((b) => b.kill().catch(() => undefined)));
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (notes.length > 0) console.log(notes.join('\n'));
});

describe('the bot killed at every moment of a match, restarted on the same database', () => {
  it(
    'a prompt posted but not recorded: after the restart it exists once and is recorded',
    async () => {
      expect((await run({ user: 'alice', name: 'warband submit', options: { text: VALOR } })).response?.kind).toBeDefined();
      expect((await run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } })).response?.kind).toBeDefined();
      await run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } });
      thread = fake.threads(fake.channel.id).at(-1)!.id;
      await delivered();

      // Bob accepts: setup begins and its first prompt is posted; Discord stores it, the bot never hears back.
      const held = fake.faults.add({ route: POST_MESSAGE, when: withComponents, hold: true, after: true });
      const accept = await fake.command({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
      expect((await accept.response(STEP_MS)).kind).toBe('reply');
      await held.reached(1, STEP_MS);
      await crash();
      held.drop();
      const before = readTable();
      expect(before.prompts, 'no prompt recorded before the restart').toEqual([]);
      expect(before.outbox.filter((r) => r.done === null).map((r) => r.body.kind)).toContain('prompt');
      expect(threadMessages().filter((m) => liveComponents(m).length > 0)).toHaveLength(1);

      // The bot stays down past Discord's nonce memory: a post sent again with the same nonce would be a second prompt.
      skew += PAST_NONCE_WINDOW_MS;
      await start();
      await afterRestart('prompt posted, not recorded, restarted after the nonce window');
      // The worker found the prompt in the thread by its buttons' ids and recorded it, instead of posting it again.
      const posts = fake
        .requests(POST_MESSAGE)
        .filter((r) => Array.isArray(r.body.components) && r.body.components.length > 0 && !String(r.body.content ?? '').startsWith('⚔️'));
      expect(posts).toHaveLength(1);
      expect(fake.requests('GET /channels/:channel/messages').some((r) => r.path.includes(thread))).toBe(true);
    },
    TEST_MS,
  );

  it(
    'a prompt answered while the update is in flight, carried out by Discord after the crash',
    async () => {
      const t = readTable();
      expect(openPromptOf(t)).toBeTruthy();
      const held = fake.faults.add({ route: CALLBACK, when: callbackOfType(UPDATE), hold: true });
      const { message } = await clickPrompt(t);
      await held.reached(1, STEP_MS);
      await crash();
      held.release();
      await carriedOut(CALLBACK);
      answered.add(message.id);
      expect(fake.message(message.id)!.content).toContain(' chose **');

      await start();
      const after = await afterRestart('prompt answer, update carried out after the crash');
      expect(after.seq).toBeGreaterThan(t.seq);
      notes.push(`prompt answer (update released): ${openPromptOf(t)!.kind} prompt answered, seq ${t.seq} → ${after.seq}`);
    },
    TEST_MS,
  );

  it(
    'a prompt answered while the update is in flight, lost with the bot; killed again after re-delivering the answer as an edit',
    async () => {
      const t = readTable();
      expect(openPromptOf(t), 'setup has another prompt').toBeTruthy();
      const held = fake.faults.add({ route: CALLBACK, when: callbackOfType(UPDATE), hold: true });
      const { message } = await clickPrompt(t);
      await held.reached(1, STEP_MS);
      await crash();
      held.drop();
      answered.add(message.id);
      expect(liveComponents(fake.message(message.id)!).length).toBeGreaterThan(0);

      // The restarted bot writes the answer on the prompt itself (an edit); Discord makes the edit, and the
      // bot is killed again before it hears back.
      const edit = fake.faults.add({ route: EDIT_MESSAGE, hold: true, after: true });
      await start();
      await edit.reached(1, DELIVERY_MS);
      await crash();
      edit.drop();
      expect(
        fake
          .requests(EDIT_MESSAGE)
          .filter((r) => r.fault)
          .at(-1)!.path,
      ).toContain(message.id);
      expect(fake.message(message.id)!.content).toContain(' chose **');
      expect(liveComponents(fake.message(message.id)!)).toEqual([]);

      await start();
      const after = await afterRestart('prompt answer, update lost, its edit made but unheard');
      expect(after.seq).toBeGreaterThan(t.seq);
      notes.push(`prompt answer (update dropped): ${openPromptOf(t)!.kind} prompt answered, seq ${t.seq} → ${after.seq}`);
      // The prompt open now works after the restart: answer the rest of setup.
      await answerPrompts();
      expect(readTable().status).toBe('playing');
      await expectThreadWhole('setup finished after the restarts');
    },
    TEST_MS,
  );

  it(
    'killed as soon as Discord dispatched an act',
    async () => {
      await answerPrompts();
      const t = readTable();
      const out = await fake.command(nextAct('move'));
      expect(out.deliveredTo).toBe(1);
      await crash();
      await start();
      const after = await afterRestart('killed at dispatch');
      notes.push(
        `killed at dispatch: the act was ${after.seq > t.seq ? 'saved' : 'not saved'} (seq ${t.seq} → ${after.seq}), callback ${out.summary().response ? 'sent' : 'not sent'}`,
      );
      await act('move');
      await expectThreadWhole('an act after the restart');
    },
    TEST_MS,
  );

  it(
    'killed between the save and the reply; Discord shows the reply after the crash',
    async () => {
      await answerPrompts();
      const t = readTable();
      const held = fake.faults.add({ route: CALLBACK, when: callbackOfType(REPLY), hold: true });
      const input = nextAct('move');
      await fake.command(input);
      await held.reached(1, STEP_MS);
      await crash();
      expect(readTable().seq, 'the act is saved before the reply').toBeGreaterThan(t.seq);
      held.release();
      await carriedOut(CALLBACK);
      await start();
      await afterRestart('between save and reply, reply shown');
      // The worker asked Discord for the reply and found it: the line is not posted again.
      const line = readTable()
        .outbox.filter((r) => r.body.kind === 'reply')
        .at(-1)!;
      expect(line.via).toBeNull();
      expect(fake.message(line.messageId!)!.interaction, 'the line is the interaction reply').not.toBeNull();
    },
    TEST_MS,
  );

  it(
    'killed between the save and the reply; the reply never goes out',
    async () => {
      await answerPrompts();
      const t = readTable();
      const held = fake.faults.add({ route: CALLBACK, when: callbackOfType(REPLY), hold: true });
      await fake.command(nextAct('move'));
      await held.reached(1, STEP_MS);
      await crash();
      expect(readTable().seq).toBeGreaterThan(t.seq);
      held.drop();
      await start();
      await afterRestart('between save and reply, reply lost');
      const line = readTable()
        .outbox.filter((r) => r.body.kind === 'reply')
        .at(-1)!;
      expect(fake.message(line.messageId!)!.interaction, 'the line is a thread post').toBeNull();
    },
    TEST_MS,
  );

  for (const moment of ['before', 'during', 'after'] as const) {
    it(
      `killed ${moment} the turn picture's post`,
      async () => {
        await answerPrompts();
        const held = fake.faults.add({ route: POST_MESSAGE, when: turnPicture, hold: true, after: moment === 'after' });
        const out = await fake.command(nextAct('end'));
        expect((await out.response(STEP_MS)).ephemeral).toBe(false);
        await held.reached(1, STEP_MS);
        await crash();
        // before: the post never reaches Discord; during: Discord had it and carries it out after the crash;
        // after: Discord stored it before the crash (the bot never heard back).
        if (moment === 'before') held.drop();
        else held.release();
        if (moment === 'during') await carriedOut(POST_MESSAGE);
        const stored = fake
          .requests(POST_MESSAGE)
          .filter((r) => r.fault)
          .at(-1)!;
        expect(stored.handled).toBe(moment !== 'before');
        await start();
        await afterRestart(`turn picture, killed ${moment} its post`);
      },
      TEST_MS,
    );
  }

  it(
    'killed after Discord stored the turn picture, restarted after Discord forgot its nonce: the picture is found, not posted twice',
    async () => {
      await answerPrompts();
      const held = fake.faults.add({ route: POST_MESSAGE, when: turnPicture, hold: true, after: true });
      const out = await fake.command(nextAct('end'));
      expect((await out.response(STEP_MS)).ephemeral).toBe(false);
      await held.reached(1, STEP_MS);
      await crash();
      held.release();
      expect(
        fake
          .requests(POST_MESSAGE)
          .filter((r) => r.fault)
          .at(-1)!.handled,
      ).toBe(true);
      skew += PAST_NONCE_WINDOW_MS;
      await start();
      await afterRestart('turn picture stored, restarted after the nonce window');
      // The worker read the thread and recorded the stored picture: its nonce was sent once.
      const nonce = fake
        .requests(POST_MESSAGE)
        .filter((r) => r.fault)
        .at(-1)!.body.nonce;
      expect(fake.requests(POST_MESSAGE).filter((r) => r.body.nonce === nonce)).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'killed again during the start-up re-delivery',
    async () => {
      await answerPrompts();
      // A crash before the turn picture went out leaves it (and what follows) waiting in the outbox.
      const first = fake.faults.add({ route: POST_MESSAGE, when: turnPicture, hold: true });
      await fake.command(nextAct('end'));
      await first.reached(1, STEP_MS);
      await crash();
      first.drop();
      const waiting = readTable().outbox.filter((r) => r.done === null);
      expect(waiting.map((r) => r.body.kind)).toContain('turn');
      notes.push(`start-up re-delivery: rows waiting after the first kill: ${waiting.map((r) => `${r.id}:${r.body.kind}`).join(', ')}`);

      // The restarted bot re-delivers them; its first post is held, and it is killed again.
      const redelivery = fake.faults.add({ route: POST_MESSAGE, hold: true });
      await start();
      await redelivery.reached(1, DELIVERY_MS);
      await crash();
      redelivery.release();
      await carriedOut(POST_MESSAGE);
      expect(
        fake
          .requests(POST_MESSAGE)
          .filter((r) => r.fault)
          .at(-1)!.files,
        'the first re-delivered post is the turn picture',
      ).toBe(1);

      await start();
      await afterRestart('killed during start-up re-delivery');
    },
    TEST_MS,
  );

  it(
    'plays on after all of it: prompts and acts work, and npm run db:check passes',
    async () => {
      await act('move');
      await act('end');
      await expectThreadWhole('the end');
      await bot!.stop();
      bot = null;
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/db-check.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_PATH: databasePath },
      });
      expect(stdout).toContain('every snapshot equals its rebuilt state');
    },
    TEST_MS,
  );
});
