/**
 * A Sword and Claw match of the first slice played to the end by two players through the real bot
 * against the fake Discord: `/skirmish challenge ruleset:`, accepting with an army, deployment and
 * orders through `/order` picked from its suggestions (shots in the ranged step with their odds),
 * opportunity attacks answered with buttons (a
 * second click refused), the turn picture after every player turn, and the result by elimination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fakecord';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(7);
}, 30_000);
afterAll(async () => world?.close());

/** The match's state as stored, read as the test needs it (the game's own JSON). */
interface Troop {
  readonly id: string;
  readonly player: string;
  readonly at: number | null;
  readonly removed: boolean;
}
interface State {
  readonly troops: Record<string, Troop>;
  readonly deploying: { readonly player: string } | null;
  readonly turn: { readonly player: string; readonly step: string } | null;
  readonly prompt: { readonly player: string } | null;
  readonly end: { readonly winner: string | null; readonly reason: string } | null;
}

const WIDTH = 24;
const col = (i: number) => i % WIDTH;
const row = (i: number) => Math.floor(i / WIDTH);
const square = (name: string) => (Number(name.slice(1)) - 1) * WIDTH + (name.charCodeAt(0) - 65);

const usernameOf = (id: string) => world.fake.user(id)!.username;

async function stored(thread: string) {
  const r = (await world.store.matches.byThread(thread))!;
  return { row: r, state: r.snapshot as State };
}

const suggest = (user: string, thread: string, name: string, focused: string, options: Record<string, string>) =>
  world.fake.autocomplete({ user, channel: thread, name, focused, options: { ...options, [focused]: options[focused] ?? '' } });

const nothing = (choices: readonly { value: string | number }[]) => choices.length === 0 || String(choices[0]!.value).startsWith('none');

/** Steps to the nearest enemy of `player` from square `at`, the larger of the two distances. */
function distanceToEnemy(s: State, player: string, at: number): number {
  const enemies = Object.values(s.troops).filter((t) => t.player !== player && t.at !== null && !t.removed);
  return Math.min(...enemies.map((e) => Math.max(Math.abs(col(e.at!) - col(at)), Math.abs(row(e.at!) - row(at)))));
}

async function runOrder(user: string, thread: string, order: string, options: Record<string, string> = {}) {
  const out = await world.run({ user, channel: thread, name: `order ${order}`, options });
  if (out.response?.ephemeral) throw new Error(`/order ${order} ${JSON.stringify(options)} refused: ${answerText(out)}`);
  return out;
}

async function deploy(user: string, thread: string): Promise<void> {
  const troops = await suggest(user, thread, 'order deploy', 'troop', {});
  if (nothing(troops)) {
    await runOrder(user, thread, 'done');
    return;
  }
  const troop = String(troops[0]!.value);
  const squares = await suggest(user, thread, 'order deploy', 'square', { troop });
  await runOrder(user, thread, 'deploy', { troop, square: String(squares[0]!.value) });
}

/** Each troop that may move goes towards the nearest enemy: a run while far, a move once close enough to fight (crossbowmen always walk). */
async function movementStep(user: string, thread: string, me: string): Promise<void> {
  const troops = await suggest(user, thread, 'order move', 'troop', {});
  for (const t of nothing(troops) ? [] : troops) {
    const { state } = await stored(thread);
    if (state.prompt || state.end || state.turn?.player !== me) return;
    const troop = String(t.value);
    const options = await suggest(user, thread, 'order move', 'to', { troop });
    if (nothing(options)) continue;
    const best = [...options].sort((a, b) => distanceToEnemy(state, me, square(String(a.value))) - distanceToEnemy(state, me, square(String(b.value))))[0]!;
    // Crossbowmen walk, so that they may shoot in the ranged step.
    const close = distanceToEnemy(state, me, square(String(best.value))) <= 1 || String(t.name).includes('Crossbowman');
    const order = close ? 'move' : 'run';
    const targets = close ? options : await suggest(user, thread, 'order run', 'to', { troop });
    const to = close
      ? best
      : [...targets].sort((a, b) => distanceToEnemy(state, me, square(String(a.value))) - distanceToEnemy(state, me, square(String(b.value))))[0]!;
    await runOrder(user, thread, order, { troop, to: String(to.value) });
    await answerPrompts(thread);
  }
}

let doubleClicked = false;
/** Whether a ranged step was played (Iron Company's crossbowmen shoot when they have not run and see an enemy). */
let shot = false;

/** Opportunity attacks: the inactive player attacks with the first button; once, a second click is refused. */
async function answerPrompts(thread: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const { state } = await stored(thread);
    if (!state.prompt) return;
    const message = world
      .messages(thread)
      .filter((m) => componentsOf(m).some((c) => c.custom_id.startsWith('ss1:answer:')))
      .at(-1)!;
    const user = usernameOf(state.prompt.player);
    expect(message.mentions).toContain(state.prompt.player);
    if (doubleClicked) {
      await world.click(user, message);
      continue;
    }
    // A double click: both leave before either is answered; one applies, the other is told the prompt has passed.
    doubleClicked = true;
    const events = (await world.store.matches.events((await stored(thread)).row.id)).length;
    const customId = componentsOf(message)[0]!.custom_id;
    const [a, b] = await Promise.all([world.fake.click({ user, message: message.id, customId }), world.fake.click({ user, message: message.id, customId })]);
    await Promise.all([a.response(), b.response()]);
    await world.bot.idle();
    const kinds = [a.summary(), b.summary()].map((x) => (x.response?.kind === 'update' ? 'applied' : answerText(x)));
    expect(kinds.sort()).toEqual(['That prompt has passed.', 'applied']);
    const answered = (await world.store.matches.events<{ type: string }>((await stored(thread)).row.id))
      .slice(events)
      .filter((e) => e.event.type === 'opportunity');
    expect(answered).toHaveLength(1);
  }
}

/** The ranged or melee step: every attack suggested is declared at the first target suggested, then the step resolves. */
async function attackStep(user: string, thread: string, order: 'shoot' | 'attack'): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const troops = await suggest(user, thread, `order ${order}`, 'troop', {});
    if (nothing(troops)) break;
    const troop = String(troops[0]!.value);
    const attacks = await suggest(user, thread, `order ${order}`, 'attack', { troop });
    const attack = String(attacks[0]!.value);
    const targets = await suggest(user, thread, `order ${order}`, 'target', { troop, attack });
    if (order === 'shoot') expect(String(targets[0]!.name)).toMatch(/\(\d+", (short|medium|long) range.*, \d+% to hit, \d+% to wound\)$/);
    await runOrder(user, thread, order, { troop, attack, target: String(targets[0]!.value) });
  }
  await runOrder(user, thread, 'next');
}

describe('Sword and Claw through Discord', () => {
  it('is played to the end by two players', async () => {
    const challenged = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw' },
    });
    expect(answerText(challenged)).toMatch(/challenged .* to Sword and Claw/);
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const accepting = await suggest('bob', thread, 'skirmish accept', 'warband', {});
    expect(accepting.map((c) => c.value)).toEqual(expect.arrayContaining(['Iron Company', 'Mire Raiders']));
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    const begun = await stored(thread);
    expect(begun.row.ruleset).toBe('sword-and-claw');
    expect(begun.row.rulesetVersion).toBe(1);
    expect(world.messages(thread).some((m) => m.content.includes('Roll-off'))).toBe(true);

    // Whoever does not deploy is told why nothing fits.
    const waiting = begun.state.deploying!.player === world.fake.user('alice')!.id ? 'bob' : 'alice';
    const none = await suggest(waiting, thread, 'order deploy', 'troop', {});
    expect(String(none[0]!.name)).toMatch(/^Nothing to choose: It is not your deployment/);

    for (let i = 0; i < 40; i++) {
      const { state } = await stored(thread);
      if (!state.deploying) break;
      await deploy(usernameOf(state.deploying.player), thread);
    }
    const playing = await stored(thread);
    expect(playing.row.status).toBe('playing');

    // A refusal is the ruleset's sentence, said privately.
    const me = playing.state.turn!.player;
    const mine = Object.values(playing.state.troops).find((t) => t.player === me && t.at !== null)!;
    const away = row(mine.at!) < 8 ? 'L16' : 'L1';
    const far = await world.run({ user: usernameOf(me), channel: thread, name: 'order move', options: { troop: mine.id, to: away } });
    expect(far.response?.ephemeral).toBe(true);
    expect(answerText(far)).toMatch(new RegExp(`^[A-Z]+\\d? cannot reach ${away} with \\d+ inches`));

    let pictures = world.messages(thread).filter((m) => m.attachments.some((a) => a.filename.startsWith('table-'))).length;
    expect(pictures).toBe(1);
    for (let turn = 0; turn < 80; turn++) {
      const { row: r, state } = await stored(thread);
      if (r.status === 'over') break;
      const player = state.turn!.player;
      const user = usernameOf(player);
      if (state.turn!.step === 'movement') {
        await movementStep(user, thread, player);
        const after = await stored(thread);
        if (after.row.status === 'over') break;
        await runOrder(user, thread, 'next');
      }
      if ((await stored(thread)).row.status === 'over') break;
      if ((await stored(thread)).state.turn?.step === 'ranged') {
        shot = true;
        await attackStep(user, thread, 'shoot');
        if ((await stored(thread)).row.status === 'over') break;
      }
      await attackStep(user, thread, 'attack');
      const now = world.messages(thread).filter((m) => m.attachments.some((a) => a.filename.startsWith('table-'))).length;
      expect(now).toBeGreaterThan(pictures);
      pictures = now;
    }

    const over = await stored(thread);
    expect(over.row.status).toBe('over');
    expect(over.state.end?.reason).toBe('elimination');
    expect(over.row.winner).toBe(over.state.end!.winner);
    const result = world.messages(thread).find((m) => /wins by elimination/.test(m.content))!;
    expect(result).toBeDefined();
    expect([...result.mentions].sort()).toEqual([...over.row.players].sort());
    const last: FakeMessage = world
      .messages(thread)
      .filter((m) => m.attachments.length > 0)
      .at(-1)!;
    expect(last.attachments[0]!.description).toMatch(/Reed Ford/);
    expect(doubleClicked).toBe(true);
    expect(shot).toBe(true);
    // The thread says how it went, and the channel's league counts it: its result post and its result.
    const winnerName = usernameOf(over.row.winner!) === 'alice' ? 'Alice' : 'Bob';
    expect(world.fake.threads(world.fake.channel.id).at(-1)!.name).toMatch(new RegExp(`^🏁 ${winnerName} beat \\w+ [1-9]\\d*–\\d+`));
    expect(world.messages(world.fake.channel.id).some((m) => m.content.startsWith(`🏆 **${winnerName}** beat`))).toBe(true);
    expect(await world.store.results.forMatch(over.row.id)).toMatchObject({ way: 'played', winner: over.row.winner });
    expect(world.errors).toEqual([]);
  }, 600_000);

  it('takes its defaults from the ruleset when a deadline passes (the deployment left placed, a turn ended), and ends by concession', async () => {
    await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Mire Raiders', ruleset: 'sword-and-claw', turn_hours: 10 },
    });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Iron Company' } });
    const first = (await stored(thread)).state.deploying!.player;
    await world.advance(6);
    expect(world.messages(thread).some((m) => m.content.startsWith('⏳') && m.content.includes(`Waiting for <@${first}> to deploy`))).toBe(true);
    await world.advance(5);
    const placed = await stored(thread);
    expect(
      Object.values(placed.state.troops)
        .filter((t) => t.player === first)
        .every((t) => t.at !== null),
    ).toBe(true);
    expect(world.messages(thread).some((m) => m.content.includes('did not finish deploying in time'))).toBe(true);
    await world.advance(11);
    const playing = await stored(thread);
    expect(playing.row.status).toBe('playing');
    const turn = playing.state.turn!.player;
    await world.advance(11);
    const after = await stored(thread);
    expect(after.state.turn!.player).not.toBe(turn);
    // Sellsword's own commands say how this game is played instead.
    const view = await world.run({ user: usernameOf(after.state.turn!.player), channel: thread, name: 'skirmish view', options: { unit: 'HCA' } });
    expect(answerText(view)).toMatch(/^This is a Sword and Claw match, and that command is not for it yet: .* Give orders with `\/order`/);
    // The log replays under the game's own rules: the check rebuilds it and finds it the same.
    const checked = await world.run({ user: 'alice', channel: thread, name: 'skirmish check' });
    expect(answerText(checked)).toMatch(/^✅ Rebuilt this match from its [1-9]\d* events: identical/);
    // The rest of Sellsword's thread commands: test/e2e/sword-and-claw-commands.test.ts.
    const log = await world.run({ user: 'alice', channel: thread, name: 'skirmish log' });
    expect(answerText(log)).toMatch(/^This is a Sword and Claw match, and that command is not for it yet: the thread itself is its log/);
    const status = await world.run({ user: 'alice', channel: thread, name: 'skirmish status' });
    expect(answerText(status)).toMatch(new RegExp(`Waiting for <@${after.state.turn!.player}> to play the movement step of round 1`));
    expect(world.messages(thread).some((m) => m.content.includes('did not finish their turn in time'))).toBe(true);
    const quitter = usernameOf(after.state.turn!.player);
    const asked = await world.run({ user: quitter, channel: thread, name: 'skirmish concede' });
    const yes = componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!;
    await world.click(quitter, asked.original!, yes.custom_id);
    const conceded = await stored(thread);
    expect(conceded.row.status).toBe('over');
    expect(conceded.state.end?.reason).toBe('concession');
    expect(world.messages(thread).some((m) => /wins by concession/.test(m.content))).toBe(true);
    expect(world.errors).toEqual([]);
  }, 120_000);
});
