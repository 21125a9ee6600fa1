/**
 * Driving the bot through the fake Discord for the benchmarks (bench-bot.ts, bench-scale.ts): players'
 * acts and prompt answers as a person would make them, the times images appear, and the CPU and memory
 * of a process from /proc.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { footprint, nearestIn, squareIndex } from '../engine';
import {
  boardOf,
  type GameState,
  profile,
  reachableSquares,
  SPAN,
  squaresOf,
  tableOf,
  unitOf,
  type UnitState,
  visibleTargets,
  waitingUnits,
} from '../rulesets/sellsword/engine';
import { gameOf } from '../match/match-state';
import { matchRecord } from '../match/record';
import type { FakeDiscord, FakeMessage } from '../fakecord';
import type { Store } from '../store';
import { RENDER_THREAD } from '../bot/thread-name';

export const TIMEOUT = 60_000;

/** The two players' warbands: alice's Valor and bob's Havoc, 60 points each on mill-crossing. */
export const VALOR_WARBAND = "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire";
export const HAVOC_WARBAND = 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul';

export const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
export const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
export const mb = (bytes: number) => bytes / 2 ** 20;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds of a process (all threads) or of one of its threads, from /proc. */
export const TICK = 100; // USER_HZ on Linux
export function cpuSeconds(path: string): number {
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 (utime, stime) are the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}
export const mainThreadCpu = (pid: number) => cpuSeconds(`/proc/${pid}/task/${pid}/stat`);

/**
 * CPU seconds of a process's threads by kind, from /proc: the main thread, the render workers (each
 * names its thread, bot/thread-name.ts) and the rest (libuv's pool, where zlib deflates, and V8's
 * helpers, which collect garbage). Threads that exited are left out, so compare two readings of
 * threads that live on.
 */
export interface ThreadCpu {
  readonly main: number;
  readonly render: number;
  readonly rest: number;
}

const minus = (a: ThreadCpu, b: ThreadCpu): ThreadCpu => ({ main: a.main - b.main, render: a.render - b.render, rest: a.rest - b.rest });

export function threadCpu(pid: number): ThreadCpu {
  const kinds = { main: 0, render: 0, rest: 0 };
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kind = Number(task) === pid ? 'main' : name === RENDER_THREAD ? 'render' : 'rest';
    kinds[kind] += (Number(fields[11]) + Number(fields[12])) / TICK;
  }
  return kinds;
}
export const processCpu = (pid: number) => cpuSeconds(`/proc/${pid}/stat`);
/** A process's children now (a sharding manager's shards, a PostgreSQL server's connections), from /proc. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
/** CPU seconds that a process's children used before they exited and it reaped them (cutime, cstime). */
function reapedCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 (cutime, cstime) are the 14th and 15th after the command name.
  return (Number(fields[13]) + Number(fields[14])) / TICK;
}

/**
 * CPU seconds of a process and all its children: those alive now, and those that have exited (a
 * PostgreSQL server's connections come and go, and the server reaps each). A child that exited between
 * two readings moves from the first sum to the second, so the total never goes back.
 */
export const treeCpu = (pid: number): number =>
  processCpu(pid) +
  reapedCpu(pid) +
  childrenOf(pid).reduce((n, child) => {
    try {
      return n + processCpu(child);
    } catch {
      return n;
    }
  }, 0);
export const statusField = (pid: number, field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Resets the kernel's peak-RSS mark (VmHWM) of a process; false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export const components = (m: FakeMessage) =>
  m.components.flatMap((row) => ('components' in row ? (row.components as { type: number; custom_id: string; options?: { value: string }[] }[]) : []));

export async function done(
  store: Store,
  run: () => Promise<{ response(ms?: number): Promise<unknown>; settled(o?: { quietMs?: number; timeoutMs?: number }): Promise<unknown> }>,
  settle: () => Promise<void> = () => outboxEmpty(store),
): Promise<void> {
  await settle();
  const out = await run();
  await out.response(TIMEOUT);
  await out.settled({ quietMs: 30, timeoutMs: TIMEOUT });
}

/** Polls an answer that needs the (async) store until it holds; the fake's waitFor takes only synchronous checks. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(20);
  }
}

export const snapshotIn = async (store: Store, thread: string) => {
  const row = await store.matches.byThread(thread);
  return row ? (matchRecord(row).snapshot ?? undefined) : undefined;
};

/**
 * Waits until the bot has posted everything the match had to post, as a player clicks only what is
 * on screen. An interaction that reaches the bot while one of its own requests to the fake Discord is
 * still in flight can have its answer created in undici but never sent (seen with undici 6.29.1
 * against the fake, most readily when a prompt is clicked before the bot has heard back from posting
 * it); the answer then waits for discord.js's 15 s timeout and retries, and the act's posts behind it.
 * So every interaction but the burst's waits until the bot has nothing left to post; the burst keeps
 * the case in, and counts an image not posted within a minute as late.
 */
export async function outboxEmpty(store: Store): Promise<void> {
  // Three minutes: an answer stuck as above is given up by discord.js after four 15 s tries.
  await until(async () => (await store.outbox.pending()).length === 0, 3 * TIMEOUT, 'the outbox did not empty');
}

/**
 * Answers the match's open prompts with their first choice until a player has a turn to take (or the
 * match is over); `settle` waits before each answer. Answers how many prompts it answered.
 */
export async function answerPrompts(fake: FakeDiscord, store: Store, thread: string, settle: () => Promise<void> = () => outboxEmpty(store)): Promise<number> {
  let answered = 0;
  for (let i = 0; i < 30; i++) {
    const row = await store.matches.byThread(thread);
    const snapshot = row ? (matchRecord(row).snapshot ?? undefined) : undefined;
    const prompt = snapshot ? (snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt) : null;
    if (!prompt) {
      const game = snapshot ? gameOf(snapshot) : null;
      if (game?.turn || game?.over) return answered;
      await sleep(20);
      continue;
    }
    await settle();
    const message = await fake.waitFor(
      () =>
        fake
          .messages(thread)
          .filter((m) => components(m).length > 0 && m.mentions.includes(prompt.player))
          .at(-1),
      TIMEOUT,
    );
    const c = components(message)[0]!;
    const user = prompt.player;
    if (c.type === 3) await done(store, () => fake.select({ user, message: message.id, customId: c.custom_id, values: [c.options![0]!.value] }), settle);
    else await done(store, () => fake.click({ user, message: message.id, customId: c.custom_id }), settle);
    await until(async () => (await store.matches.byThread(thread))!.seq !== row!.seq, TIMEOUT, 'the match did not move on');
    answered++;
  }
  return answered;
}

/** The `/end` that ends the current player's turn with a unit that has not acted, or null once the match is over. */
export async function endCommand(store: Store, thread: string): Promise<{ user: string; channel: string; name: string; options: { unit: string } } | null> {
  const snapshot = await snapshotIn(store, thread);
  const game = snapshot ? gameOf(snapshot) : null;
  if (!game || game.over || !game.turn) return null;
  const turn = game.turn;
  const unit = turn.unit ?? Object.values(game.units).find((u) => u.player === turn.player && !u.turnTaken && !u.dropped)?.id;
  return unit ? { user: turn.player, channel: thread, name: 'end', options: { unit } } : null;
}

/**
 * Of the suggested squares, the one nearest an enemy on the map (counted distance, §4.2, from the
 * table's fields), so a realistic turn closes in and attacks come; ties keep the first suggested, so
 * the choice is deterministic. The last square when no enemy is on the map.
 */
export function towardsEnemy(game: GameState, unitId: string, squares: readonly string[]): string | undefined {
  const unit = unitOf(game, unitId);
  const board = boardOf(game);
  const table = tableOf(game);
  const fields = Object.values(game.units)
    .filter((u) => u.player !== unit.player && u.at !== null && !u.dropped)
    .map((u) => table.rangesFrom(squaresOf(game, u)));
  if (fields.length === 0) return squares.at(-1);
  const size = profile(game, unit).size;
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const name of squares) {
    const at = squareIndex(board, name);
    if (at === null) continue;
    const space = footprint(board, at, SPAN[size]);
    const d = Math.min(...fields.map((f) => nearestIn(f, space)));
    if (d < bestD) [best, bestD] = [name, d];
  }
  return best ?? squares.at(-1);
}

/**
 * The unit the player to act would take: one of their waiting units with a target in reach (the
 * nearest the enemy of those), else the waiting unit nearest an enemy on the map (one in reserve only
 * when none is on it). Null when nobody is to act.
 */
export function frontUnit(game: GameState): { unit: string; inReach: boolean } | null {
  const turn = game.turn;
  if (!turn || game.over || game.prompt) return null;
  const waiting = turn.unit !== null ? [unitOf(game, turn.unit)] : waitingUnits(game, turn.player);
  if (waiting.length === 0) return null;
  const table = tableOf(game);
  const fields = Object.values(game.units)
    .filter((u) => u.player !== turn.player && u.at !== null && !u.dropped)
    .map((u) => table.rangesFrom(squaresOf(game, u)));
  const distance = (u: UnitState) =>
    u.at === null || fields.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...fields.map((f) => nearestIn(f, squaresOf(game, u))));
  const inReach = waiting.filter((u) => u.at !== null && visibleTargets(game, u.id).length > 0);
  const from = inReach.length > 0 ? inReach : waiting;
  const best = from.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return { unit: best.id, inReach: inReach.length > 0 };
}

/** Times when each thread next gets a map image, from one listener on the fake. */
export class ImageClock {
  readonly #waiting = new Map<string, (at: number) => void>();
  constructor(fake: FakeDiscord) {
    fake.on('message-create', (m) => {
      if (!m.attachments.some((a) => a.contentType === 'image/png')) return;
      const resolve = this.#waiting.get(m.channelId);
      if (resolve) {
        this.#waiting.delete(m.channelId);
        resolve(performance.now());
      }
    });
  }
  /** When the thread's next image is posted; Infinity when none is within TIMEOUT (counted as late). */
  next(thread: string): Promise<number> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(thread);
        resolve(Infinity);
      }, TIMEOUT);
      this.#waiting.set(thread, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }
}

/**
 * Warbands of 8 units a side (116 and 117 points, within the default cap of 121): the size the
 * autocomplete figure is asked at, and a full table for the pictures.
 */
export const VALOR_EIGHT =
  "Hrolf's Eight | valor | mill-crossing | valor-knight, valor-guard, valor-squire, valor-archer, valor-war-hound, valor-levy, valor-serf, valor-pikeman";
export const HAVOC_EIGHT =
  'Grave Eight | havoc | mill-crossing | havoc-orc-berserker, havoc-ghoul, havoc-ghoul, havoc-skeleton, havoc-zombie, havoc-skeletal-archer, havoc-carrion-imp, havoc-orc-raider';

/** The shipped maps, in turn, for the matches of a realistic run. */
export const SHIPPED_MAPS = ['mill-crossing', 'barrow-hill', 'burning-village', 'pass-of-istlethere'] as const;

/** The value autocomplete gives when there is nothing to choose, alone or as `none:<typed>` (commands/command.ts isNothing). */
const NOTHING = 'none';

/** The player whose turn it is and the unit they would act with (the one taking its turn, or their first still to go). */
export async function actor(store: Store, thread: string): Promise<{ user: string; unit: string } | null> {
  const command = await endCommand(store, thread);
  return command ? { user: command.user, unit: command.options.unit } : null;
}

/** What one realistic turn cost: the bot's CPU over the whole turn and over its end, and its autocomplete requests. */
export interface TurnCost {
  /** Seconds of CPU on the bot's main thread and in its whole process, from the first keystroke to the end's last post. */
  readonly turnMain: number;
  readonly turnProcess: number;
  /** The same for the turn end alone (the /end after a move or attack, and its posts); null when the turn ended by itself. */
  readonly endMain: number | null;
  readonly endProcess: number | null;
  /** The whole turn's and the turn end's CPU seconds by thread kind (threadCpu). */
  readonly turnThreads: ThreadCpu;
  readonly endThreads: ThreadCpu | null;
  /** Main-thread CPU seconds of each unit-list autocomplete request (one per keystroke). */
  readonly unitListMain: readonly number[];
  readonly moved: boolean;
  readonly attacked: boolean;
  /** Prompts (replies, wound splits) answered and autocomplete requests made in the turn. */
  readonly prompts: number;
  readonly autocompletes: number;
}

/**
 * Types an option as a player does, one request per keystroke of a 3-character search (the empty
 * field first, as Discord asks when the option is focused), and returns the last answer's values.
 */
async function typeOption(
  fake: FakeDiscord,
  input: { user: string; channel: string; name: string; options: Record<string, string>; focused: string },
  text: string,
  perRequest?: (main: number) => void,
  pid?: number,
  count?: { autocompletes: number },
): Promise<string[]> {
  let last: string[] = [];
  for (const typed of ['', text.slice(0, 1), text.slice(0, 2), text.slice(0, 3)]) {
    if (count) count.autocompletes++;
    const m0 = pid === undefined ? 0 : mainThreadCpu(pid);
    const choices = await fake.autocomplete({ ...input, options: { ...input.options, [input.focused]: typed } }, TIMEOUT).catch(() => []);
    if (pid !== undefined) perRequest?.(mainThreadCpu(pid) - m0);
    last = choices.map((c) => String(c.value)).filter((v) => v !== NOTHING && !v.startsWith(`${NOTHING}:`));
    // The search narrowed to nothing: the player clears it and picks from the full list.
    if (last.length === 0 && typed !== '') break;
  }
  return last;
}

/**
 * One turn as a player takes it: the unit typed into /move (autocomplete per keystroke), the suggested
 * square nearest an enemy taken and the move sent; then, if anyone is in reach, /attack with its attack and target typed;
 * replies and wound splits answered as they come (answerPrompts); then /end typed and sent. Each
 * step waits for the bot's posts before the next, as a player waits to see the map.
 */
export async function realisticTurn(fake: FakeDiscord, store: Store, thread: string, pid: number): Promise<TurnCost | null> {
  let prompts = await answerPrompts(fake, store, thread);
  await outboxEmpty(store);
  const who = await actor(store, thread);
  if (!who) return null;
  const [m0, p0, t0] = [mainThreadCpu(pid), processCpu(pid), threadCpu(pid)];
  const unitListMain: number[] = [];
  const count = { autocompletes: 0 };
  const base = { user: who.user, channel: thread };
  const before = gameOf((await snapshotIn(store, thread))!);
  // A unit with a target in reach attacks where it stands; otherwise the one nearest the enemy moves
  // towards them, so the same front units close in turn after turn until the two sides meet.
  const choice = before ? frontUnit(before) : null;
  const chosen = choice?.unit ?? who.unit;
  let moved = false;
  let attacked = false;
  if (!choice?.inReach) {
    const units = await typeOption(fake, { ...base, name: 'move', options: {}, focused: 'unit' }, chosen, (m) => unitListMain.push(m), pid, count);
    const unit = units.includes(chosen) ? chosen : units[0];
    if (unit) {
      const squares = await typeOption(fake, { ...base, name: 'move', options: { unit }, focused: 'to' }, '', undefined, undefined, count);
      const game = gameOf((await snapshotIn(store, thread))!);
      const to = game ? towardsEnemy(game, unit, squares) : squares.at(-1);
      if (to) {
        await done(store, () => fake.command({ ...base, name: 'move', options: { unit, to } }));
        prompts += await answerPrompts(fake, store, thread);
        moved = true;
      }
    }
  }
  const now = await actor(store, thread);
  if (now && now.user === who.user) {
    // The unit that moved is taking its turn (actor names it); one that did not move is the chosen one.
    const unit = moved ? now.unit : chosen;
    const typed = moved ? [] : await typeOption(fake, { ...base, name: 'attack', options: {}, focused: 'unit' }, unit, (m) => unitListMain.push(m), pid, count);
    const attacker = moved || typed.includes(unit) ? unit : undefined;
    const attacks = attacker
      ? await typeOption(fake, { ...base, name: 'attack', options: { unit: attacker }, focused: 'attack' }, '', undefined, undefined, count)
      : [];
    const attack = attacks[0];
    if (attacker && attack) {
      const targets = await typeOption(
        fake,
        { ...base, name: 'attack', options: { unit: attacker, attack }, focused: 'target' },
        '',
        undefined,
        undefined,
        count,
      );
      const target = targets[0];
      if (target) {
        await done(store, () => fake.command({ ...base, name: 'attack', options: { unit: attacker, attack, target } }));
        prompts += await answerPrompts(fake, store, thread);
        attacked = true;
      }
    }
  }
  let endMain: number | null = null;
  let endProcess: number | null = null;
  let endThreads: ThreadCpu | null = null;
  const ending = await actor(store, thread);
  if (ending && ending.user === who.user && (moved || attacked)) {
    await typeOption(fake, { ...base, name: 'end', options: {}, focused: 'unit' }, ending.unit, (m) => unitListMain.push(m), pid, count);
    await outboxEmpty(store);
    const [e0, q0, r0] = [mainThreadCpu(pid), processCpu(pid), threadCpu(pid)];
    await done(store, () => fake.command({ ...base, name: 'end', options: { unit: ending.unit } }));
    await sleep(30);
    [endMain, endProcess, endThreads] = [mainThreadCpu(pid) - e0, processCpu(pid) - q0, minus(threadCpu(pid), r0)];
  }
  prompts += await answerPrompts(fake, store, thread);
  await sleep(30);
  return {
    turnMain: mainThreadCpu(pid) - m0,
    turnProcess: processCpu(pid) - p0,
    endMain,
    endProcess,
    turnThreads: minus(threadCpu(pid), t0),
    endThreads,
    unitListMain,
    moved,
    attacked,
    prompts,
    autocompletes: count.autocompletes,
  };
}

/**
 * Readies a match for a realistic turn end: the player to move moves their unit (the square picked
 * from autocomplete, as a player would), and replies are answered. True when the unit is now taking
 * its turn, so that an /end ends a turn with a move in it.
 */
export async function moveFirst(fake: FakeDiscord, store: Store, thread: string): Promise<boolean> {
  await answerPrompts(fake, store, thread);
  const who = await actor(store, thread);
  if (!who) return false;
  const base = { user: who.user, channel: thread };
  const squares = await typeOption(fake, { ...base, name: 'move', options: { unit: who.unit }, focused: 'to' }, '');
  const game = gameOf((await snapshotIn(store, thread))!);
  const to = game ? towardsEnemy(game, who.unit, squares) : squares.at(-1);
  if (!to) return false;
  await done(store, () => fake.command({ ...base, name: 'move', options: { unit: who.unit, to } }));
  await answerPrompts(fake, store, thread);
  const snapshot = await snapshotIn(store, thread);
  return gameOf(snapshot!)?.turn?.unit === who.unit;
}

/**
 * Brings a match to where the two sides meet, untimed: turn after turn, the player to act moves their
 * front unit (frontUnit) to the square it can reach nearest an enemy and ends its turn, replies and
 * wound splits answered, until a unit to act has a target in reach. No autocomplete: only the acts.
 * Answers the turns it took, or null when the sides had not met after `most` turns.
 */
export async function closeIn(fake: FakeDiscord, store: Store, thread: string, most: number): Promise<number | null> {
  for (let turns = 0; turns < most; turns++) {
    await answerPrompts(fake, store, thread);
    const game = gameOf((await snapshotIn(store, thread))!);
    const front = game ? frontUnit(game) : null;
    if (!game || !front) return null;
    if (front.inReach) return turns;
    const user = game.turn!.player;
    const to = towardsEnemy(game, front.unit, [...reachableSquares(game, front.unit).keys()]);
    if (to) {
      await done(store, () => fake.command({ user, channel: thread, name: 'move', options: { unit: front.unit, to } }));
      await answerPrompts(fake, store, thread);
    }
    const end = await endCommand(store, thread);
    if (end) await done(store, () => fake.command(end));
  }
  return null;
}

/** A target's verdict, computed: whether every run met it. */
export function verdict(values: readonly number[], meets: (v: number) => boolean): string {
  const met = values.filter(meets).length;
  return met === values.length ? 'MET in every run' : met === 0 ? 'MISSED in every run' : `met in ${met} of ${values.length} runs`;
}
