/**
 * The thread tells what happened in the order it happened, with pictures of now. Two replies declared
 * to one attack each get their line, and a reply that never came (its replier, or the unit it answered,
 * dropped first) is told after the attack that dropped the unit, never before it (R26). A prompt asked in
 * the middle of a unit's turn shows that turn so far. The result post of a match that ended in the
 * middle of a unit's turn is headed like every turn's post. Tables are set up by editing the saved game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, type GameState } from '../../src/rulesets/sellsword/engine';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { openPrompt, playThrough } from './driver';
import { editTable } from './edit-table';
import { newMessages, rowOf } from './clock-play';
import { challengeAccepted, matchUnderWay } from './setup-match';
import { componentsOf, startWorld, type World } from './world';
import { PICTURE_AS_ASKED } from '../../src/posts/answered-text';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());

const gameIn = async (thread: string): Promise<GameState> => gameOf((await rowOf(world, thread)).snapshot as MatchSnapshot)!;
/** A turn post's heading: the unit named as the lines under it name one, "KN (Knight)", plain, not a code box. */
const HEADING = /^(🤖 )?\*\*[^*]+\*\*'s turn with [A-Z0-9]+ \([^)]+\)(, taken early for greater advantage,)? is over\.$/;

/** Every declared reply in `lines` is followed by the reply made, or by why it never came, after the drop that stopped it. */
function checkReplies(lines: readonly string[]): number {
  let lost = 0;
  lines.forEach((line, i) => {
    const declared = /^• (\S+) will reply to (\S+) with /.exec(line);
    if (!declared) return;
    const [, unit, against] = declared;
    const rest = lines.slice(i + 1);
    const made = rest.findIndex((l) => l.startsWith(`• ${unit} replied to ${against} `));
    const gone = rest.findIndex((l) => l.startsWith(`• ${unit}'s reply to ${against} with `) && l.includes('did not happen'));
    expect(made !== -1 || gone !== -1, `${line}\n${rest.join('\n')}`).toBe(true);
    if (gone === -1) return;
    lost++;
    const dropped = /: (\S+) was dropped first\.$/.exec(rest[gone]!)![1];
    expect([unit, against]).toContain(dropped);
    const drop = rest.findIndex((l) => l.startsWith(`• ${dropped} was dropped`) || l.startsWith(`• **${dropped} was dropped`));
    expect(drop, rest.join('\n')).toBeGreaterThan(-1);
    expect(drop).toBeLessThan(gone);
  });
  expect(lines.filter((l) => /declared a reply .* but dropped/.test(l))).toEqual([]);
  return lost;
}

describe('the order things are told in', () => {
  it('tells each of two declared replies, a lost one after the drop that stopped it, with prompts showing the turn so far', async () => {
    const thread = await matchUnderWay(world);
    const start = await gameIn(thread);
    const at = (name: string) => squareIndex(boardOf(start), name)!;
    const guard = Object.values(start.units).find((u) => u.card === 'valor-guard')!;
    const squire = Object.values(start.units).find((u) => u.card === 'valor-squire')!;
    const ghoul = Object.values(start.units).find((u) => u.card === 'havoc-ghoul' && !u.dropped)!;
    const defender = world.fake.user('alice')!.id === guard.player ? 'alice' : 'bob';
    const attacker = defender === 'alice' ? 'bob' : 'alice';
    let lost = 0;
    for (let attempt = 0; attempt < 20 && lost === 0; attempt++) {
      const placed = { [ghoul.id]: { at: at('I5'), turnTaken: false }, [guard.id]: { at: at('I6') }, [squire.id]: { at: at('H5') } };
      await editTable(world, thread, start, ghoul.player, placed);
      const before = newMessages(world, thread).at(-1)!.id;
      await world.run({ user: attacker, channel: thread, name: 'attack', options: { unit: ghoul.id, attack: 'claw', target: guard.id } });
      for (let i = 0; i < 6 && (await gameIn(thread)).prompt; i++) {
        const prompt = openPrompt(world, thread)!;
        // Asked in the middle of the ghoul's turn: the close-up of that turn so far, never an older turn's.
        expect(prompt.attachments.map((a) => a.filename)).toEqual(['this-turn-close-up.png']);
        const reply = componentsOf(prompt).find((c) => c.label?.startsWith('Reply'));
        if (reply) await world.click(defender, prompt, reply.custom_id);
        else await world.select(defender, prompt);
        // Answered, its text tells what followed while its picture stays as asked: it says so (issue 26).
        const answered = world.messages(thread).find((m) => m.id === prompt.id)!;
        expect(answered.content.split('\n').at(-1)).toBe(PICTURE_AS_ASKED);
      }
      if ((await gameIn(thread)).turn?.unit === ghoul.id) await world.run({ user: attacker, channel: thread, name: 'end', options: { unit: ghoul.id } });
      const told = newMessages(world, thread, before);
      const post = told.find((m) => HEADING.test(m.content.split('\n')[0]!))!;
      const lines = post.content.split('\n');
      if (lines.filter((l) => / will reply to /.test(l)).length < 2) continue;
      lost += checkReplies(lines);
      // The answered prompts tell the same, each in the order it happened, and the act is told once.
      checkReplies(told.filter((m) => m !== post).flatMap((m) => m.content.split('\n')));
      const also = told.find((m) => / may also reply to /.test(m.content));
      expect(also?.content ?? '', told.map((m) => m.content).join('\n---\n')).not.toMatch(/will reply to .*\n• \S+ declared an attack on/);
    }
    expect(lost).toBeGreaterThan(0);
    expect(world.errors).toEqual([]);
  }, 240_000);

  it('tells a turn ended without an act in one plain line under its heading, as the match log does (playtest)', async () => {
    const thread = await matchUnderWay(world);
    const game = await gameIn(thread);
    const player = game.turn!.player;
    const unit = game.units[game.turn!.unit ?? ''] ?? Object.values(game.units).find((u) => u.player === player && !u.dropped && !u.turnTaken)!;
    const user = world.fake.user('alice')!.id === player ? 'alice' : 'bob';
    const before = newMessages(world, thread).at(-1)!.id;
    await world.run({ user, channel: thread, name: 'end', options: { unit: unit.id } });
    const post = newMessages(world, thread, before).find((m) => HEADING.test(m.content.split('\n')[0]!))!;
    const lines = post.content.split('\n');
    expect(lines[0]).toContain(`turn with ${unit.id.toUpperCase()} (${game.cards[unit.card]!.name}) is over.`);
    expect(lines[1]).toBe(`${unit.id.toUpperCase()} ended its turn without acting.`);
    expect(world.errors).toEqual([]);
  }, 120_000);

  it('heads the result post with the last turn when the match ended in the middle of it', async () => {
    const ended = await startWorld(5);
    try {
      const thread = await challengeAccepted(ended);
      await playThrough(ended, thread, 11, 3000);
      const result = ended.messages(thread).find((m) => m.attachments.some((a) => a.filename === 'final.png'))!;
      const lines = result.content.split('\n');
      // This match ends with the last unit's attack, before its turn could end.
      expect(lines[1]).toMatch(/^• \S+ attacked /);
      expect(lines[0]).toMatch(HEADING);
    } finally {
      await ended.close();
    }
  }, 240_000);
});
