/**
 * A turn anyone can follow, through Discord: a challenge answered with its buttons and a VP target
 * that fits the warbands, numbered thread names, the entry tile chosen on the map, the log paged
 * through with round and turn headers, and the catch-up from one's last act.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchSetup } from '../../src/match/match-state';
import { openPrompt, playThrough } from './driver';
import { HAVOC, VALOR, snapshotOf } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(5);
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
}, 30_000);
afterAll(async () => world?.close());

describe('a challenge', () => {
  it('is answered with its buttons, and its VP target is the smaller warband when none is named', async () => {
    const made = await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", map: 'mill-crossing' } });
    expect(answerText(made)).toContain("The VP target is the smaller warband's points");
    const t = world.fake.threads(world.fake.channel.id).at(-1)!;
    thread = t.id;
    expect(t.name).toBe('Alice vs Bob · #1');
    const challenge = world.messages(thread).find((m) => m.content.startsWith('⚔️'))!;
    expect(componentsOf(challenge).map((c) => c.label)).toEqual(['Accept', 'Decline']);
    // Only an opponent may accept.
    expect(answerText(await world.click('alice', challenge, componentsOf(challenge)[0]!.custom_id))).toMatch(/You made this challenge/);
    const menu = await world.click('bob', challenge, componentsOf(challenge)[0]!.custom_id);
    expect(menu.response?.ephemeral).toBe(true);
    const accepted = await world.select('bob', menu.original!, 'Grave Host');
    expect(accepted.original?.content ?? '').toMatch(
      /accepts with \*\*Grave Host\*\*.*Setup begins: first to \*\*\d+ VP\*\* wins \(the smaller warband's points\)/,
    );
    const setup = (await world.store.matches.byThread(thread))!.setup as MatchSetup;
    expect(setup.options.vpTarget).toBe(Math.min(...Object.values(setup.warbands).map((w) => w.points)));
    // The challenge loses its buttons once it is answered.
    expect(componentsOf(world.messages(thread).find((m) => m.id === challenge.id)!)).toEqual([]);
  });

  it('a rematch gets a thread of its own name', async () => {
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", map: 'mill-crossing' } });
    expect(world.fake.threads(world.fake.channel.id).at(-1)!.name).toBe('Alice vs Bob · #2');
  });

  it("offers only warbands within the challenge's point cap, and says so when none is (issue 26)", async () => {
    await world.run({ user: 'alice', name: 'warband submit', options: { text: 'Hound Pack | valor | mill-crossing | valor-war-hound, valor-levy' } });
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: 'Hound Pack', map: 'mill-crossing', points: 40 } });
    const capped = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const challenge = world.messages(capped).find((m) => m.content.startsWith('⚔️'))!;
    // Bob's only warband is the 80-point Grave Host.
    const none = await world.click('bob', challenge, componentsOf(challenge)[0]!.custom_id);
    expect(answerText(none)).toMatch(/None of your saved warbands is within this challenge's 40 points/);
    await world.run({ user: 'bob', name: 'warband submit', options: { text: 'Bone Pair | havoc | mill-crossing | havoc-skeleton, havoc-ghoul' } });
    const menu = await world.click('bob', challenge, componentsOf(challenge)[0]!.custom_id);
    expect(answerText(menu)).toBe('Accept with which warband?');
    const offered = JSON.stringify(menu.original!.components);
    expect(offered).toMatch(/Bone Pair \(Havoc, \d+ pts\)/);
    expect(offered).not.toContain('Grave Host');
    await world.run({ user: 'alice', channel: capped, name: 'skirmish cancel' }).catch(() => undefined);
  });
});

describe('setup', () => {
  it('shows the map, its start areas and the tiles placed, with the entry prompt and, with one map, the question of who places first', async () => {
    let entries = 0;
    let choosers = 0;
    for (let i = 0; i < 20; i++) {
      const s = await snapshotOf(world, thread);
      if (s.stage !== 'pregame' || !s.pregame.prompt) break;
      const message = openPrompt(world, thread)!;
      const who = world.fake.user(s.pregame.prompt.player)!.username;
      // One map on offer: who places the first tile is asked with the map and its start areas, not blind.
      if (s.pregame.prompt.kind === 'map-chooser') {
        choosers++;
        expect(s.pregame.maps).toHaveLength(1);
        expect(message.content).toContain('The map below shows its start areas');
        expect(message.attachments.map((a) => a.filename)).toEqual(['entry-tiles.png']);
        expect(message.attachments[0]!.description).toMatch(/^Where to enter: the start areas are hatched and numbered\./);
      }
      if (s.pregame.prompt.kind === 'entry') {
        entries++;
        expect(message.attachments.map((a) => a.contentType)).toEqual(['image/png']);
        expect(message.attachments[0]!.description).toMatch(/^Where to enter: the start areas are hatched and numbered\./);
        expect(message.content).not.toMatch(/R\d|§/);
      }
      if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
      else await world.click(who, message);
    }
    expect(entries).toBe(2);
    expect(choosers).toBe(1);
    // The last entry starts the game, whose opening map, stat cards and first posts are drawn before the
    // click returns: seconds on a loaded machine. A test stopped by its timeout would go on clicking
    // beside the next block's playThrough, which then finds the prompt answered under it.
  }, 60_000);
});

describe('catching up', () => {
  beforeAll(async () => {
    await playThrough(world, thread, 11, 120);
  }, 120_000);

  it('/skirmish log pages through the whole match with round and turn headers and who owns each unit', async () => {
    const newest = await world.run({ user: 'carol', channel: thread, name: 'skirmish log' });
    const text = answerText(newest);
    const [, page, pages] = /^\*\*Match log\*\* · page (\d+) of (\d+)/.exec(text)!;
    expect(page).toBe(pages);
    expect(text).toMatch(/^-# Alice: .*\. Bob: .*\.$/m);
    expect(text.length).toBeLessThanOrEqual(2000);
    const first = await world.run({ user: 'carol', channel: thread, name: 'skirmish log', options: { page: 1 } });
    expect(answerText(first)).toMatch(/\n\*\*Round 1\*\*\n/);
    expect(answerText(first)).toMatch(/\n__(Alice|Bob): [A-Z0-9]+ \([^)]+\)/);
    if (Number(pages) > 1) {
      const newer = componentsOf(first.original!).find((c) => c.label === 'Newer ▶')!;
      const next = await world.click('carol', first.original!, newer.custom_id);
      expect(next.response?.kind).toBe('update');
      expect(world.messages(thread, 'carol').find((m) => m.id === first.original!.id)!.content).toMatch(/^\*\*Match log\*\* · page 2 of/);
    }
  });

  it('since_last_act starts after your last act, and is for players', async () => {
    const mine = await world.run({ user: 'alice', channel: thread, name: 'skirmish log', options: { since_last_act: true } });
    expect(answerText(mine)).toMatch(/^\*\*Match log\*\*( · page \d+ of \d+)? · since your last act/);
    expect(answerText(await world.run({ user: 'carol', channel: thread, name: 'skirmish log', options: { since_last_act: true } }))).toMatch(
      /for the players of this match/,
    );
  });

  it('the "your turn" ping carries what happened since, and nobody is told to wait for themselves', async () => {
    const posts = world.messages(thread).filter((m) => !m.ephemeral);
    const pings = posts.filter((m) => /it's your turn|go on with/.test(m.content));
    expect(pings.length).toBeGreaterThan(0);
    expect(pings.some((m) => m.content.includes('-# Since your last act: '))).toBe(true);
    // After a turn has been played, the ping shows its close-up, readable on a phone. Each close-up is
    // shown by an embed of its own (at the embed's width, not in a mosaic beside the map), with its alt
    // text as the embed's footer, which a screen reader reads.
    const closeUps = pings.flatMap((m) =>
      m.attachments.filter((a) => a.filename.endsWith('close-up.png')).map((a) => ({ a, embed: m.embeds.find((e) => e.image?.url === a.url) })),
    );
    expect(closeUps.length).toBeGreaterThan(0);
    expect(closeUps.every(({ a, embed }) => a.description && embed?.footer?.text === a.description)).toBe(true);
    // Issue 26: a ping is a message of its own with at most one picture, the close-up, under its words,
    // so on a phone its words are not scrolled away above a map and a close-up. A turn's post followed
    // by a ping leaves its close-up to the ping; the ping never tells the turn again.
    for (const m of pings) {
      expect(m.content).toMatch(/^<@\d+>, (it's your turn|go on with)/);
      expect(m.content).not.toMatch(/'s turn with .* is over\./);
      // A round's first ping adds every unit's strip under its map (playtest round 14), its one picture besides.
      expect(m.attachments.filter((a) => !/^units-\d+\.png$/.test(a.filename)).length).toBeLessThanOrEqual(1);
      const before = posts[posts.indexOf(m) - 1];
      if (before && /'s turn with .* is over\./.test(before.content) && m.attachments.length === 1)
        expect(before.attachments.map((a) => a.filename).filter((n) => n.endsWith('close-up.png'))).toEqual([]);
    }
    expect(pings.some((m) => /'s turn with .* is over\./.test(posts[posts.indexOf(m) - 1]?.content ?? ''))).toBe(true);
    for (const m of posts) {
      const said = m.interaction?.userId;
      if (said) expect(m.content).not.toContain(`waiting for ${world.fake.user(said)!.displayName}`);
    }
  });
});
