/**
 * What a phone shows of the pictures as they are posted: each picture's place in the message (a lone
 * attachment, a mosaic, an embed; discord/display.ts) is read from the message the bot sends, and the
 * text drawn in it must be 11 px or more at that size. The close-up and the stat cards are each in an
 * embed of their own: as a second attachment beside the map, Discord would show them at half the
 * column (about 154 px at a 400 px screen), and the close-up's text at about 6 px.
 */
import type { APIEmbed, AttachmentBuilder } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { messageOf } from '../../src/commands/thread';
import { placements, type Placement } from '../../src/discord/display';
import { seeded } from '../../src/engine/dice';
import { gameOf, type MatchEvent } from '../../src/match/match-state';
import { matchRecord } from '../../src/match/record';
import { picturePost } from '../../src/posts/post-pictures';
import type { PlainPost } from '../../src/posts/plain-post';
import { NARROW_CARD_PX } from '../../src/rulesets/sellsword/render/card-narrow';
import { PHONE_TEXT, phonePx, shownPx } from '../../src/render/phone';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

/** Each file of the message the bot sends for `post`, with the place Discord shows it in: in an embed when an embed's image points at it. */
function asShown(post: PlainPost): { name: string; png: Buffer; placement: Placement | null }[] {
  const message = messageOf(post);
  const files = (message.files ?? []) as AttachmentBuilder[];
  const inEmbeds = new Set(((message.embeds ?? []) as APIEmbed[]).map((e) => e.image?.url?.replace('attachment://', '')));
  const placed = placements(files.map((f) => ({ inEmbed: inEmbeds.has(f.name ?? '') })));
  return files.map((f, i) => ({ name: f.name ?? '', png: f.attachment as Buffer, placement: placed[i]! }));
}

const size = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('pictures as posted, on a phone', () => {
  it("a turn's post: the map alone among the attachments, the close-up in an embed, its text 11 px or more as shown", async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(31));
    await storedMatch(store, 'm1', setupFor(31, ['burning-village']));
    await untilPlaying(store, 'm1', choose);
    let ends: number[] = [];
    for (let i = 0; i < 400 && ends.length < 2; i++) {
      await playOn(store, 'm1', choose);
      ends = (await store.matches.events<MatchEvent>('m1', 0)).filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended').map((e) => e.seq);
    }
    const row = (await store.matches.get('m1'))!;
    const seq = ends[1]!;
    const shown = asShown(await picturePost(store, row, { kind: 'turn', seq }));
    expect(shown.map((f) => [f.name, f.placement?.kind])).toEqual([
      [`turn-${seq}.png`, 'lone'],
      [`turn-${seq}-close-up.png`, 'embed'],
    ]);
    const close = shown[1]!;
    const { width, height } = size(close.png);
    // The close-up's words, numbers and labels are drawn phonePx of its width (focus.ts; phone.test.ts checks the drawing).
    expect(shownPx(phonePx(width), width, height, close.placement!)).toBeGreaterThanOrEqual(PHONE_TEXT);

    // The ping's close-up is in an embed too, where it looks as it does under the turn's map.
    const ping = asShown(await picturePost(store, row, { kind: 'your-turn', seq, player: row.players[0]!, content: 'Your turn.' }));
    expect(ping.map((f) => f.placement?.kind)).toEqual(['embed']);
  });

  it('the result post: a close-up in an embed under the final map, Vigor and injuries in words, even when the match ended at a round end', async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(31));
    await storedMatch(store, 'm3', setupFor(31, ['burning-village']));
    await untilPlaying(store, 'm3', choose);
    let row = (await store.matches.get('m3'))!;
    const over = (r: typeof row) => r.snapshot !== null && gameOf(matchRecord(r).snapshot!)?.over === true;
    for (let i = 0; i < 2000 && !over(row); i++) row = await playOn(store, 'm3', choose);
    expect(over(row)).toBe(true);
    const shown = asShown(await picturePost(store, row, { kind: 'result', seq: row.seq }));
    // Every unit's state, the dropped ones too, not only those in the last turn's close-up.
    expect(shown.map((f) => [f.name, f.placement?.kind]).filter(([n]) => n !== 'final-close-up.png')).toEqual([
      ['final.png', 'lone'],
      ['final-units.png', 'embed'],
    ]);
    for (const close of shown.slice(1)) {
      expect(close.placement?.kind).toBe('embed');
      const { width, height } = size(close.png);
      expect(shownPx(phonePx(width), width, height, close.placement!)).toBeGreaterThanOrEqual(PHONE_TEXT);
    }
    const post = await picturePost(store, row, { kind: 'result', seq: row.seq });
    expect(post.files?.find((f) => f.name === 'final-units.png')?.alt).toMatch(/^Every unit, on the map and off it\. On the map: .*\. Dropped: /);
  });

  it("a warband's stat cards: each in an embed of its own, its text 11 px or more as shown", async () => {
    const store = memoryStore();
    const setup = setupFor(7, ['burning-village']);
    await storedMatch(store, 'm2', setup);
    await untilPlaying(store, 'm2', new Chooser(seeded(7)));
    const row = (await store.matches.get('m2'))!;
    const shown = asShown(await picturePost(store, row, { kind: 'warband', player: setup.players[0]! }));
    expect(shown.length).toBeGreaterThan(1);
    for (const card of shown) {
      expect(card.placement?.kind, card.name).toBe('embed');
      const { width, height } = size(card.png);
      expect(shownPx(NARROW_CARD_PX, width, height, card.placement!), card.name).toBeGreaterThanOrEqual(PHONE_TEXT);
    }
  });

  it('the same pictures as plain attachments would be a mosaic, where the close-up would not read', () => {
    const png = Buffer.alloc(24);
    png.writeUInt32BE(560, 16);
    png.writeUInt32BE(900, 20);
    const shown = asShown({
      files: [
        { png, name: 'map.png' },
        { png, name: 'close-up.png' },
      ],
    });
    expect(shown.map((f) => f.placement)).toEqual([
      { kind: 'mosaic', columns: 2 },
      { kind: 'mosaic', columns: 2 },
    ]);
    expect(shownPx(phonePx(560), 560, 900, shown[1]!.placement!)).toBeLessThan(PHONE_TEXT);
  });
});
