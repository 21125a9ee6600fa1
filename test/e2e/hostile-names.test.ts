/**
 * Names that break naive code, end to end through the fake Discord: display names of 32 emoji
 * characters, a display name full of markdown and mentions, and warband names of 100 characters that
 * end in emoji, through a challenge, its prompts, `/games`, the end of the match, and a league season.
 * Every request the bot sends is checked by the conformance check (test/conformance); here every
 * message is checked for the hostile name shown raw, and every thread name for a cut emoji.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wellFormed } from '../../src/discord/text';
import { DiscordLimit } from '../../src/discord/limits';
import type { FakeMessage } from '../../src/fakecord';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import { concede, slashFor } from './driver';
import { answerPrompts, snapshotOf } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

const HOSTILE = '@everyone <@&123456789012345678> [x](https://evil.example) **Bob**';
/** 32 UTF-16 units, Discord's longest display name, made of emoji (each two units). */
const emojiName = (e: string) => e.repeat(16);
/** Exactly 100 UTF-16 units (the longest warband name), ending in emoji so a cut at 99 splits a pair. */
function longName(start: string): string {
  let name = start;
  while (name.length + 2 <= 100) name += '🐉';
  return name.length < 100 ? `${name}x` : name;
}
const ALICE_WARBAND = longName('**Bold** ');
// (A text that starts with "[" is read as JSON, so the link is not first.)
const BOB_WARBAND = longName('Bob [x](https://evil.example) ');

let world: World;
beforeAll(async () => {
  world = await startWorld(9, undefined, undefined, {
    users: [
      { name: 'alice', organiser: true, displayName: HOSTILE },
      { name: 'bob', displayName: emojiName('🐉') },
      { name: 'carol', displayName: emojiName('🦊') },
      { name: 'dave', displayName: emojiName('🐺') },
    ],
  });
}, 30_000);
afterAll(async () => world?.close());

const submit = (user: string, name: string, faction: 'valor' | 'havoc') =>
  world.run({
    user,
    name: 'warband submit',
    options: {
      text: `${name} | ${faction} | mill-crossing | ${faction === 'valor' ? 'valor-knight, valor-guard, valor-squire' : 'havoc-orc-warboss, havoc-ghoul, havoc-ghoul'}`,
    },
  });

/** Every text a reader sees rendered as markdown in a message: its content and its embeds. */
const markdownOf = (m: FakeMessage) =>
  [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])])].join('\n');

/** Where a message shows the hostile name's markdown or mentions live. */
function raw(text: string): string[] {
  const found: string[] = [];
  if (text.includes('@everyone')) found.push('@everyone');
  if (/(?<!\\)<@&/.test(text)) found.push('a role mention');
  if (/(?<!\\)\[x\]\(https:\/\/evil\.example\)/.test(text)) found.push('a masked link');
  if (/(?<!\\)\*\*Bob(?<!\\)\*\*/.test(text)) found.push('bold from a name');
  return found;
}

function everyMessage(): FakeMessage[] {
  const channels = [...world.fake.channels(), ...world.fake.threads()].map((c) => c.id);
  // Type 18, "started a thread", is Discord's own line: it shows the thread's name as plain text.
  return [...new Set(channels)].flatMap((c) => world.messages(c)).filter((m) => m.type !== 18);
}

describe('hostile and emoji names', () => {
  it('go through a challenge, its prompts, /games and a concession with nothing cut in half and nothing shown raw', async () => {
    expect(answerText(await submit('alice', ALICE_WARBAND, 'valor'))).not.toMatch(/refus|cannot|error/i);
    await submit('bob', BOB_WARBAND, 'havoc');
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: ALICE_WARBAND, points: 60, map: 'mill-crossing' } });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!;
    expect(thread.name.length).toBeLessThanOrEqual(DiscordLimit.threadName);
    expect(wellFormed(thread.name)).toBe(true);
    await world.run({ user: 'bob', channel: thread.id, name: 'skirmish accept', options: { warband: BOB_WARBAND } });
    await answerPrompts(world, thread.id);
    // A few turns, so turn posts (with the alt text's headline as small print) and prompts go out.
    for (let turn = 0; turn < 4; turn++) {
      const s = await snapshotOf(world, thread.id);
      if (s.stage !== 'game' || !s.game.turn) break;
      const end = legalActs(s.game).find((c): c is Extract<Command, { end: string }> => 'end' in c);
      if (!end) break;
      await world.run(slashFor(world.fake.user(s.game.turn.player)!.username, thread.id, end)!);
      await answerPrompts(world, thread.id);
    }
    expect(world.messages(thread.id).some((m) => m.attachments.some((a) => a.filename.startsWith('turn-')))).toBe(true);

    for (const user of ['alice', 'bob']) {
      const games = await world.run({ user, name: 'games' });
      const button = componentsOf(games.original!).find((c) => c.label?.includes('Catch up'));
      expect(button).toBeDefined();
      expect(wellFormed(button!.label!)).toBe(true);
      const digest = await world.click(user, games.original!, button!.custom_id);
      expect(raw(answerText(digest))).toEqual([]);
    }

    await concede(world, 'alice', thread.id);
    expect((await world.store.matches.byThread(thread.id))!.status).toBe('over');
    const renamed = world.fake.channelByRef(thread.id)!;
    expect(wellFormed(renamed.name)).toBe(true);
    expect(renamed.name.length).toBeLessThanOrEqual(DiscordLimit.threadName);

    const shownRaw = everyMessage().flatMap((m) => raw(markdownOf(m)).map((what) => `${what} in ${m.id}: ${markdownOf(m)}`));
    expect(shownRaw).toEqual([]);
  }, 120_000);

  it('a league name with a direction override is refused; a season with emoji names opens its round threads', async () => {
    const league = world.fake.addChannel('league').id;
    const refused = await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'North\u202EsehcraM' } });
    expect(answerText(refused)).toMatch(/invisible or direction-changing character \(U\+202E\)/);
    const blank = await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: '\u3164' } });
    expect(answerText(blank)).toMatch(/shows nothing/);

    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: `${emojiName('🏰')} League` } });
    await submit('carol', longName('~~Carol~~ '), 'valor');
    await submit('dave', longName('`Dave` '), 'havoc');
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: { pairing: 'swiss', rounds: 1, signup_hours: 24 } });
    const warbands: Record<string, string> = { alice: ALICE_WARBAND, bob: BOB_WARBAND, carol: longName('~~Carol~~ '), dave: longName('`Dave` ') };
    for (const [user, warband] of Object.entries(warbands)) await world.run({ user, channel: league, name: 'league join', options: { warband } });
    await world.advance(24);
    const rounds = world.fake.threads(league);
    expect(rounds.length).toBe(2);
    for (const t of rounds) {
      expect(wellFormed(t.name)).toBe(true);
      expect(t.name.length).toBeLessThanOrEqual(DiscordLimit.threadName);
    }
    const shownRaw = everyMessage().flatMap((m) => raw(markdownOf(m)).map((what) => `${what} in ${m.id}: ${markdownOf(m)}`));
    expect(shownRaw).toEqual([]);
  }, 120_000);
});
