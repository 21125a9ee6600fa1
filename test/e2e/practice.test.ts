/**
 * /skirmish practice: a match against the bot, which plays its seat with the AI through the
 * scheduler (match/practice-seat.ts). A scripted player plays a whole match against it through
 * Discord; the bot is never sent a prompt or a ping; and a decision pending when the bot stops is taken
 * once after it starts again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Chooser, chooseCommand } from '../../src/bench/selfplay';
import { waitsOf } from '../../src/clock/deadline-plan';
import { gameOf, type MatchEvent } from '../../src/match/match-state';
import { seeded } from '../../src/engine/dice';
import { matchRecord } from '../../src/match/record';
import { PRACTICE_OPPONENT_NAME } from '../../src/match/practice-seat';
import { botSettles as settle, openPrompt, slashFor } from './driver';
import { VALOR } from './setup-match';
import { unitLabels } from '../../src/rulesets/sellsword/render/labels';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(11);
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
}, 30_000);
afterAll(async () => world?.close());

const botId = () => world.bot.client.user!.id;
const rowOf = async (thread: string) => (await world.store.matches.byThread(thread))!;

const botSettles = (thread: string) => settle(world, thread);
/** A line of the bot's acts or answers ("🤖 **Practice bot**:"), not its turn's post ("🤖 **Practice bot**'s turn with …"). */
const botLine = (m: { content: string }) => /^🤖 \*\*[^*]+\*\*:/.test(m.content);

async function startPractice(options: Record<string, string | number> = {}): Promise<string> {
  const s = await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: "Hrolf's Watch", ...options } });
  expect(answerText(s)).toContain('Your practice match against the bot is in');
  const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
  await botSettles(thread);
  return thread;
}

/** One input from alice: the open prompt's first choice, or an act chosen as self-play does. */
async function aliceActs(thread: string, choose: Chooser): Promise<void> {
  const row = matchRecord(await rowOf(thread));
  const snapshot = row.snapshot!;
  const game = gameOf(snapshot);
  const prompt = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : game!.prompt;
  if (prompt) {
    expect(prompt.player).not.toBe(botId());
    const message = openPrompt(world, thread)!;
    if (componentsOf(message)[0]!.type === 3) await world.select('alice', message);
    else await world.click('alice', message);
    return;
  }
  const input = slashFor('alice', thread, chooseCommand(game!, choose))!;
  const s = await world.run(input);
  if (s.response?.ephemeral) {
    const unit = game!.turn!.unit ?? (input.options as { unit: string }).unit;
    await world.run({ user: 'alice', channel: thread, name: 'end', options: { unit } });
  }
}

/**
 * Alice acts with the bot's scheduler stopped, so what the bot then does is told after `count` posts
 * and `seq` events; then the bot settles. Answers the match as the bot left it.
 */
async function aliceThenBot(thread: string, choose: Chooser) {
  await world.bot.scheduler.stop();
  await aliceActs(thread, choose);
  await world.bot.idle();
  const count = world.messages(thread).length;
  const seq = (await rowOf(thread)).seq;
  await world.bot.scheduler.start();
  await botSettles(thread);
  const row = await rowOf(thread);
  return { count, seq, row, game: gameOf(matchRecord(row).snapshot!) };
}

describe('/skirmish practice', () => {
  it('names the opponent "Practice bot", apart from the bot that referees: thread, setup posts, map, status', async () => {
    const thread = await startPractice();
    const referee = world.fake.user(botId())!.username;
    expect(world.fake.threads(world.fake.channel.id).find((t) => t.id === thread)!.name).toMatch(/^Alice vs Practice bot · #\d+$/);
    expect(matchRecord(await rowOf(thread)).setup!.names[botId()]).toBe(PRACTICE_OPPONENT_NAME);
    const messages = world.messages(thread);
    // The bot's setup choices are told under the opponent's name; its own name is never the opponent's.
    expect(messages.some((m) => m.content.includes(`${PRACTICE_OPPONENT_NAME} rolled`))).toBe(true);
    expect(messages[0]!.content).toContain(`against **${PRACTICE_OPPONENT_NAME}**`);
    const bySeat = (text: string) => new RegExp(`${referee} (rolled|chooses|places|wins)|\\*\\*${referee}\\*\\*|${referee}'s|${referee} \\(`).test(text);
    expect(messages.filter((m) => bySeat(m.content) || m.attachments.some((a) => bySeat(a.description ?? ''))).map((m) => m.content)).toEqual([]);
    expect(messages.some((m) => m.attachments.some((a) => (a.description ?? '').includes(PRACTICE_OPPONENT_NAME)))).toBe(true);
    const status = await world.run({ user: 'alice', channel: thread, name: 'skirmish status' });
    expect(JSON.stringify(status.response)).toContain(`vs ${PRACTICE_OPPONENT_NAME}`);
    // The concession's question names the opponent, not the referee's account (issue 26).
    const asked = await world.run({ user: 'alice', channel: thread, name: 'skirmish concede' });
    expect(answerText(asked)).toContain(`Concede this match? ${PRACTICE_OPPONENT_NAME} wins the match.`);
  }, 60_000);

  it('plays a whole match against the bot, which answers its own prompts and is never asked or pinged', async () => {
    const thread = await startPractice();
    const terms = matchRecord(await rowOf(thread)).terms;
    expect(terms.practice).toEqual({ seat: botId() });
    expect(Object.values(terms.accepted).map((w) => w.name)).toEqual(["Hrolf's Watch", 'House Grave Host']);
    const choose = new Chooser(seeded(5));
    for (let step = 0; step < 2000 && (await rowOf(thread)).status !== 'over'; step++) {
      await aliceActs(thread, choose);
      await botSettles(thread);
    }
    expect((await rowOf(thread)).status).toBe('over');
    const messages = world.messages(thread);
    expect(messages.some((m) => botLine(m))).toBe(true);
    const botName = PRACTICE_OPPONENT_NAME;
    // Issue 26: every line telling the bot's turn or choice starts with 🤖, as the README says.
    const bare = new RegExp(`^(\\*\\*)?${botName}(\\*\\*)?('s turn with| won the tactics check and sets| places their entry| keeps the roll| chooses the map)`);
    const unmarked = messages.flatMap((m) => m.content.split('\n')).filter((l) => bare.test(l));
    expect(unmarked).toEqual([]);
    expect(messages.some((m) => new RegExp(`^🤖 \\*\\*${botName}\\*\\*'s turn with`).test(m.content))).toBe(true);
    // Issue 26: a drop stands out in every post that tells it: its line is bold, never plain.
    const lines = messages.flatMap((m) => m.content.split('\n'));
    expect(lines.filter((l) => /^• [A-Z0-9]+ was dropped\b/.test(l))).toEqual([]);
    expect(lines.some((l) => /^• \*\*[A-Z0-9]+ was dropped\b[^*]*\*\*$/.test(l))).toBe(true);
    // Issue 26: what the bot's answer lets resolve of alice's act (her attack, her VP, her drops) is
    // told as hers, never under the bot's 🤖 heading.
    const setup = matchRecord(await rowOf(thread)).setup!;
    const alice = world.fake.user('alice')!.id;
    const mine = [...unitLabels(setup.start!).entries()].filter(([id]) => setup.start!.units[id]!.player === alice).map(([, l]) => l);
    const botBlocks = messages.flatMap((m) => m.content.split(/\n(?=\S)(?!• )/).filter((b) => b.startsWith('🤖 ')));
    const hers = new RegExp(`^• (${mine.join('|')}) attacked |^• ${setup.names[alice]} scored `, 'm');
    expect(botBlocks.filter((b) => hers.test(b))).toEqual([]);
    expect(messages.some((m) => /\n\*\*[^*]+\*\*'s act goes on:\n• /.test(m.content))).toBe(true);
    // Issue 26: how the bot took wounds is its own answer, under its name; an "act goes on" block never
    // opens a message, where it read as the previous message's block told twice.
    expect(messages.filter((m) => /^\*\*[^*]+\*\*'s act goes on:/.test(m.content)).map((m) => m.content)).toEqual([]);
    // Issue 26: an act's declaration is told once, with the first unit that may reply to it; what the
    // bot's answer lets go on is the same act, so the next replier's prompt never declares it again.
    const goesOn = messages.flatMap((m) => m.content.split(/\n(?=\*\*[^*]+\*\*'s act goes on:)/).filter((b) => / act goes on:/.test(b)));
    expect(goesOn.filter((b) => /^• .* declared (an attack on|.*, a burst centred on)/m.test(b))).toEqual([]);
    // Nobody is told they are waiting for the bot: it chooses at once.
    expect(
      world
        .messages(thread)
        .filter((m) => m.content.includes(`waiting for ${botName}`))
        .map((m) => m.content),
    ).toEqual([]);
    expect(world.messages(thread).some((m) => m.content.includes(`${botName} chooses`))).toBe(true);
    // Its answers to prompts get a line; its acts are told by each turn's post, and beforehand only
    // when one leaves a prompt waiting for alice, which comes right after that line.
    const actLines = messages.flatMap((m, i) => (/^🤖 \*\*[^*]+\*\*:\n• [^\n]*takes its turn\b/.test(m.content) ? [i] : []));
    expect(actLines.filter((i) => !/^<@\d+>, /.test(messages[i + 1]!.content)).map((i) => [messages[i]!.content, messages[i + 1]!.content])).toEqual([]);
    // No prompt was ever posted for the bot, and nothing named it by mention, the result neither.
    expect((await world.store.prompts.open((await rowOf(thread)).id)).length).toBe(0);
    expect(messages.filter((m) => m.content.includes(`<@${botId()}>`)).map((m) => m.content)).toEqual([]);
    // /skirmish status names the opponent as every post does, never by the referee's mention.
    const status = JSON.stringify((await world.run({ user: 'alice', channel: thread, name: 'skirmish status' })).response);
    expect(status).not.toContain(`<@${botId()}>`);
    expect(status).toMatch(new RegExp(`Score: .*${PRACTICE_OPPONENT_NAME} \\d+`));
    const deadlines = (await world.store.deadlines.ofMatch((await rowOf(thread)).id)).filter((d) => d.player === botId());
    expect(deadlines.length).toBeGreaterThan(10);
    expect(deadlines.every((d) => d.outcome === 'played' || d.outcome === 'cancelled' || d.outcome === 'moot')).toBe(true);
    // The round's end is told once: the result repeats no line of the posts just before it.
    const result = messages.findIndex((m) => m.attachments.some((a) => a.filename === 'final.png'));
    const strip = (l: string) => l.replace(/^• /, '').trim();
    // (A turn's post retells its whole turn, as every turn post does, so the bot's acts told before a prompt
    // of that turn, and the prompt, may come again in it: only the posts of whole turns count here.)
    const mid = (m: { content: string }) => /^🤖 \*\*[^*]+\*\*:\n/.test(m.content) || /^<@\d+>/.test(m.content);
    const earlier = new Set(
      messages
        .slice(Math.max(0, result - 3), result)
        .filter((m) => !mid(m))
        .flatMap((m) => m.content.split('\n').map(strip)),
    );
    expect(
      messages[result]!.content.split('\n')
        .map(strip)
        .filter((l) => l !== '' && earlier.has(l)),
    ).toEqual([]);
    // Every turn's post tells something under its heading, a turn with no act included.
    const turnPosts = messages.filter((m) => /^(🤖 )?\*\*[^*]+\*\*'s turn with .+ is over\./.test(m.content.split('\n')[0]!));
    // A turn with no act says so in one plain line, as the match log does (playtest round 13).
    const told = (line: string) => line.startsWith('• ') || /^[A-Z]{1,4}\d* ended its turn without acting\.$/.test(line);
    expect(turnPosts.filter((m) => !told(m.content.split('\n')[1]!)).map((m) => m.content)).toEqual([]);
    // It counts in no standings: the league channel gets no result post, and the thread is closed.
    expect(world.messages(world.fake.channel.id).filter((m) => m.content.includes('🏆') || / beat /.test(m.content))).toEqual([]);
    // The practice opponent's fixed name is never cut in the finished thread's name (issue 26: "Practice b…").
    expect(world.fake.threads(world.fake.channel.id).find((t) => t.id === thread)!.name).toMatch(/^(🏁|🤝) .*\bPractice bot\b/);
    expect(world.errors).toEqual([]);
  }, 300_000);

  it("tells the bot's act before the prompt it causes (a reply to its attack, a wound to choose)", async () => {
    const thread = await startPractice({ opponent_warband: 'House Horde', points: 121 });
    const choose = new Chooser(seeded(3));
    let seen = 0;
    for (let step = 0; step < 1500 && seen < 2 && (await rowOf(thread)).status !== 'over'; step++) {
      const { count, seq, row, game } = await aliceThenBot(thread, choose);
      // The bot acted, and its act left a prompt for alice while its own turn is under way.
      if (row.seq === seq || !game?.prompt || game.turn?.player !== botId()) continue;
      const told = world.messages(thread).slice(count);
      const prompt = told.findIndex((m) => componentsOf(m).length > 0);
      expect(prompt).toBeGreaterThan(0);
      const before = told.slice(0, prompt);
      expect(before.some((m) => botLine(m))).toBe(true);
      seen++;
    }
    expect(seen).toBeGreaterThan(0);
    expect(world.errors).toEqual([]);
  }, 300_000);

  it("tells every act of the bot's turn before the prompt it leads to, in order, and no line that only says who is waited for", async () => {
    const thread = await startPractice({ opponent_warband: 'House Horde', points: 121 });
    const choose = new Chooser(seeded(3));
    const moving = /^• \S+ (entered the map and moved|moved|maneuvered|charged (?!and))/;
    let seen = 0;
    for (let step = 0; step < 1500 && (await rowOf(thread)).status !== 'over'; step++) {
      const { count, seq, row, game } = await aliceThenBot(thread, choose);
      if (row.seq === seq || !game?.prompt || game.prompt.player === botId() || game.turn?.player !== botId()) continue;
      // The bot's moves and charges since alice's act, each told on its own line before the prompt.
      const events = (await world.store.matches.events<MatchEvent>(row.id, seq)).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
      const moves = events.filter((e) => e.type === 'moved' || e.type === 'charged').length;
      const told = world.messages(thread).slice(count);
      const prompt = told.findIndex((m) => componentsOf(m).length > 0);
      const lines = told
        .slice(0, prompt)
        .filter((m) => botLine(m))
        .flatMap((m) => m.content.split('\n'));
      expect(lines.filter((l) => moving.test(l)).length).toBe(moves);
      if (moves > 1) seen++;
    }
    expect(seen).toBeGreaterThan(0);
    const bare = world.messages(thread).filter((m) => /^🤖 \*\*[^*]+\*\*:\n• (Waiting for|Up to)[^\n]*$/.test(m.content));
    expect(bare.map((m) => m.content)).toEqual([]);
    expect(world.errors).toEqual([]);
  }, 300_000);

  it("tells the bot's reply before the wound split it causes in the human's own turn", async () => {
    const thread = await startPractice({ opponent_warband: 'House Horde', points: 121 });
    const choose = new Chooser(seeded(7));
    let seen = 0;
    for (let step = 0; step < 1500 && seen < 1 && (await rowOf(thread)).status !== 'over'; step++) {
      await world.bot.scheduler.stop();
      const count = world.messages(thread).length;
      await aliceActs(thread, choose);
      await world.bot.idle();
      await world.bot.scheduler.start();
      await botSettles(thread);
      const game = gameOf(matchRecord(await rowOf(thread)).snapshot!);
      // Alice's act drew a reply from the bot, and the reply left her a wound split in her own turn.
      if (game?.prompt?.kind !== 'wounds' || game.prompt.player !== world.fake.user('alice')!.id || game.turn?.player === botId()) continue;
      const told = world.messages(thread).slice(count);
      const replied = told.findIndex((m) => botLine(m));
      if (replied === -1) continue;
      const prompt = told.findIndex((m) => componentsOf(m).length > 0 && m.content.includes('How does it take them?'));
      expect(prompt).toBeGreaterThan(replied);
      seen++;
    }
    expect(seen).toBeGreaterThan(0);
    expect(world.errors).toEqual([]);
  }, 300_000);

  it('refuses an unknown warband for the bot with the house warbands it can take', async () => {
    const s = await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: "Hrolf's Watch", opponent_warband: 'Nobody' } });
    expect(s.response?.ephemeral).toBe(true);
    expect(answerText(s)).toContain('House warbands: House Watch (valor, 79 points)');
  });

  it('offers house warbands and your own for the bot', async () => {
    const choices = await world.fake.autocomplete({ user: 'alice', name: 'skirmish practice', focused: 'opponent_warband', options: { opponent_warband: '' } });
    expect(choices.map((c) => c.value)).toEqual(expect.arrayContaining(['House Horde', 'House Vanguard', "Hrolf's Watch"]));
  });

  it('takes a decision that was due when the bot stopped once, after it starts again', async () => {
    const thread = await startPractice({ opponent_warband: 'House Horde', points: 121 });
    const choose = new Chooser(seeded(9));
    // Stop the scheduler so alice's act leaves the bot's decision due but not taken, then restart.
    for (let step = 0; step < 200; step++) {
      await world.bot.scheduler.stop();
      const before = (await rowOf(thread)).seq;
      await aliceActs(thread, choose);
      const waiting = waitsOf(await rowOf(thread)).some((w) => w.player === botId());
      if (!waiting) {
        await world.bot.scheduler.start();
        continue;
      }
      expect((await rowOf(thread)).seq).toBeGreaterThan(before);
      const pending = (await world.store.deadlines.pending((await rowOf(thread)).id)).filter((d) => d.player === botId());
      expect(pending.length).toBe(1);
      const seqBefore = (await rowOf(thread)).seq;
      await world.restart();
      await botSettles(thread);
      expect((await world.store.deadlines.get(pending[0]!.id))!.outcome).toBe('played');
      expect((await rowOf(thread)).seq).toBeGreaterThan(seqBefore);
      // Another restart finds nothing to do for that decision.
      const after = (await rowOf(thread)).seq;
      const waitsNow = waitsOf(await rowOf(thread)).some((w) => w.player === botId());
      expect(waitsNow).toBe(false);
      await world.restart();
      await botSettles(thread);
      expect((await rowOf(thread)).seq).toBe(after);
      return;
    }
    throw new Error('the bot never had a decision to take');
  }, 120_000);
});
