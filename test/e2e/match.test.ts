import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMatch } from '../../src/match/match-check';
import type { MatchEvent } from '../../src/match/match-state';
import { playThrough } from './driver';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(7);
}, 30_000);
afterAll(async () => world?.close());

const VALOR = "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire";
const HAVOC = 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul';

describe('a whole match through Discord, from challenge to victory', () => {
  it('is played by two players with commands and buttons, and every turn posts a map', async () => {
    expect(answerText(await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } }))).not.toMatch(/cannot|error/i);
    await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
    const challenge = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' },
    });
    expect(challenge.response?.ephemeral).toBe(false);
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!;
    expect(thread).toBeDefined();
    const accepted = await world.run({ user: 'bob', channel: thread.id, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    expect(accepted.response?.ephemeral).toBe(false);

    const played = await playThrough(world, thread.id, 3);
    const row = (await world.store.matches.byThread(thread.id))!;
    expect(row.status).toBe('over');
    expect(row.winner).not.toBeNull();

    // The thread shows the opening map and warband cards, and a map after every unit's turn.
    const posts = world.messages(thread.id).filter((m) => !m.ephemeral);
    const images = posts.filter((m) => m.attachments.some((a) => a.contentType === 'image/png'));
    const turns = (await world.store.matches.events<MatchEvent>(row.id)).filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended');
    // The result post of a match that ended in the middle of a unit's turn is headed with that turn too.
    const turnImages = posts.filter((m) => /turn with .* is over/.test(m.content) && m.attachments.length >= 1 && m.attachments[0]!.filename !== 'final.png');
    expect(turnImages.length).toBe(turns.length);
    expect(images.length).toBeGreaterThan(turns.length);
    for (const m of turnImages.slice(0, 3)) expect(m.attachments[0]!.description).toBeTruthy();
    // Under the map, a close-up of the squares where the turn happened, with its own alt text. It is
    // shown by an embed of its own (so Discord shows it at the embed's width and not again among the
    // attachments, where it would sit beside the map at half the column), its alt text as the footer.
    // A turn's post with a ping right after it leaves its close-up to the ping, under the ping's words (issue 26).
    const closeUps = turnImages.flatMap((m) => {
      const next = posts[posts.indexOf(m) + 1];
      const carrier = m.attachments.length === 1 && next && /^<@\d+>, /.test(next.content) ? next : m;
      const files = carrier === m ? m.attachments.slice(1) : carrier.attachments;
      return files.map((a) => ({ a, embed: carrier.embeds.find((e) => e.image?.url === a.url) }));
    });
    expect(closeUps.length).toBeGreaterThan(turns.length / 2);
    for (const { a, embed } of closeUps) {
      expect(a).toMatchObject({
        filename: expect.stringMatching(/^(turn-\d+|last-turn|this-turn)-close-up\.png$/),
        description: expect.stringMatching(/^Close-up of squares/),
      });
      expect(embed?.footer?.text).toBe(a.description);
    }
    // The map is the one attachment no embed shows.
    for (const m of turnImages)
      expect(m.attachments.filter((a) => !m.embeds.some((e) => e.image?.url === a.url)).map((a) => a.filename)).toEqual([m.attachments[0]!.filename]);
    // The key is posted once, with the opening map.
    expect(posts.filter((m) => m.attachments.some((a) => a.filename === 'key.png')).length).toBe(1);
    const result = posts.find((m) => /wins!|draw/.test(m.content))!;
    expect([...result.mentions].sort()).toEqual([...row.players].sort());
    expect(result.attachments[0]?.filename).toBe('final.png');

    // The match exercised the out-of-turn prompts and the acts the issue names.
    expect([...played.used]).toEqual(expect.arrayContaining(['prompt:reply:replied', 'prompt:wounds', 'act:attack:charge', 'act:crow', 'act:move', 'act:end']));

    // Prompts carry the facts: the attack coming and its odds, each reply's chance and token; each
    // way of taking wounds with what it leads to.
    const replies = posts.filter((m) => /may reply to .*(: the reply resolves \*\*(after|before)\*\*| before it goes)/.test(m.content));
    expect(posts.filter((m) => /may reply to .* first/.test(m.content))).toEqual([]);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.some((m) => /declared \*\*[^*]+\*\* against \*\*[^*]+\*\*: \d+% to hit(?: \([^)]*\))?, \d+% critical/.test(m.content))).toBe(true);
    // (Buttons come off answered prompts; the one clicked is written on the prompt.)
    expect(replies.some((m) => /chose \*\*Reply: .* · \d+% to hit( \(incl\. 5% glancing\))? · spends react token\*\*/.test(m.content))).toBe(true);
    expect(
      posts.some((m) => /takes \*\*\d+ \w+\*\* wounds/.test(m.content) && /Each 5 wounds is absorbed by 5 Vigor or marks an injury box/.test(m.content)),
    ).toBe(true);
    // Whoever the game waits on is pinged, with what happened since their last act.
    expect(posts.some((m) => m.content.includes('-# Since your last act: ') && m.mentions.length === 1)).toBe(true);
    // A post in the thread is read by everyone: it never addresses one reader as "(you)".
    expect(posts.filter((m) => m.content.includes('(you)')).map((m) => m.content)).toEqual([]);
    // An act's answer says what the unit has left of its turn.
    const actAnswers = posts.filter((m) => /^\*\*[^*]+\*\*: .* (moved|attacked) /.test(m.content));
    expect(actAnswers.length).toBeGreaterThan(0);
    for (const m of actAnswers.filter((a) => !a.content.includes('Game over')))
      expect(m.content).toMatch(
        /[A-Z0-9]('s turn is over| has \d+ acts? left this turn| has no acts left this turn)\.( It dropped an enemy this turn, so it may crow: `\/crow` gives back up to 5 Vigor\.)?$/,
      );
    // The log never says "0 wounds" of a hit whose split is still to come.
    expect(posts.filter((m) => /hit[^.]*\b0 wounds/.test(m.content))).toEqual([]);
    // The league channel has the result, and the thread is renamed and archived.
    expect(world.messages(world.fake.channel.id).some((m) => m.content.startsWith('🏆') && m.content.includes(`<#${thread.id}>`))).toBe(true);
    const closed = world.fake.threads(world.fake.channel.id).find((t) => t.id === thread.id)!;
    expect(closed.name).toMatch(/^(🏁 \w+ beat \w+|🤝 \w+ and \w+ drew) \d+–\d+$/);
    expect(closed.archived).toBe(true);

    // What a reply or a wound split set off is written on the answered prompt.
    expect(posts.some((m) => m.content.includes('chose **Reply:') && m.content.includes('• '))).toBe(true);
    // The driver's refusals are the engine's rule refusals, never the bot failing.
    expect(played.refused.filter((r) => /Something went wrong/.test(r))).toEqual([]);

    // The log rebuilds the saved state exactly.
    const check = await world.run({ user: 'bob', channel: thread.id, name: 'skirmish check' });
    expect(answerText(check)).toContain('identical');
    expect(answerText(check)).not.toContain(row.id);
    expect(answerText(await world.run({ user: 'carol', channel: thread.id, name: 'skirmish check' }))).toMatch(
      /Only the players of this match and the organisers/,
    );
    expect(await Promise.all((await world.store.matches.ids()).map(async (id) => (await checkMatch(world.store, id))!.ok))).not.toContain(false);
    // A snapshot that drifted from its log is caught.
    const drifted = await world.store.matches.act<{ stage: string; game: { round: number } }, never, never>(row.id, row.seq, (s) => ({
      ok: true,
      events: [],
      snapshot: { ...s!, game: { ...s!.game, round: 99 } },
    }));
    expect(drifted.ok).toBe(true);
    expect(await checkMatch(world.store, row.id)).toEqual({ ok: false, events: expect.any(Number) });
    expect(world.errors).toEqual([]);
  }, 240_000);
});
