/**
 * The picture an entry tile is chosen on, the match's first, carries the key to the terrain on its map
 * (the legend's "Map" row), which the legend is posted only after setup to explain: a tester met its
 * Π, snowflake and sliding wall marks with nothing saying what they were (issue 26). The key reads at a
 * phone's 400 px, and names only the terrain this map has.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/bench/selfplay';
import { PHONE_SCREEN, PHONE_TEXT } from '../../src/render/phone';
import { drawMapCanvas, mapLayout } from '../../src/rulesets/sellsword/render/map';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { content, lastTurnTable } from './states';

/** Every piece of text the map picture of `view` draws, with its size in px. */
function written(view: ReturnType<typeof toMapView>): { text: string; px: number }[] {
  const probe = createCanvas(1, 1).getContext('2d');
  const proto = Object.getPrototypeOf(probe) as { fillText: (this: { font: string }, text: string, ...rest: number[]) => void };
  const fillText = proto.fillText;
  const out: { text: string; font: string }[] = [];
  proto.fillText = function (this: { font: string }, text: string, ...rest: number[]) {
    out.push({ text, font: this.font });
    fillText.call(this, text, ...rest);
  };
  try {
    drawMapCanvas(view);
  } finally {
    proto.fillText = fillText;
  }
  return out.map((x) => ({ text: x.text, px: Number(/([\d.]+)px/.exec(x.font)![1]) }));
}

describe('the entry-tile picture (issue 26)', () => {
  const entry = toMapView(newGame(content, 'mill-crossing', 7), { startLabels: true });

  it('has a key to the terrain on its map under the board, at least PHONE_TEXT tall opened 400 px wide', () => {
    const layout = mapLayout(entry);
    expect(layout.terrain).not.toBeNull();
    expect(layout.terrain!.height).toBeGreaterThan(0);
    expect(layout.below.map((b) => b.flow)).toContain(layout.terrain);
    expect((layout.keyPx * PHONE_SCREEN) / layout.width).toBeGreaterThanOrEqual(PHONE_TEXT);
    // The picture grows by the key: nothing is drawn over the board.
    const plain = mapLayout({ ...entry, startLabels: false });
    expect(layout.height).toBe(plain.height + layout.terrain!.height + 2 * layout.pad);
    expect(layout.below.at(-1)!.at).toBeGreaterThanOrEqual(layout.top + layout.g.height);
  });

  it("names each terrain on Mill Crossing, and none it lacks, at the key's size", () => {
    const layout = mapLayout(entry);
    const keyWords = written(entry).filter((x) => x.px === layout.keyPx);
    const said = keyWords.map((x) => x.text).join('');
    expect(entry.board.terrains).toEqual(['challenging', 'brush', 'damaging', 'obstructing', 'sliding-wall', 'wall']);
    for (const t of [
      'challenging',
      'brush',
      'damaging (cold)',
      'obstructing',
      'sliding wall (a door: blocks sight, but units may enter)',
      'wall',
      'low cover',
      'entry tile',
    ])
      expect(said).toContain(t);
    for (const t of ['pit', 'smoke']) expect(said).not.toContain(t);
  });

  it("a turn's map has no terrain key: the legend posted after setup has it", () => {
    const t = lastTurnTable();
    const layout = mapLayout(toMapView(t.state, { lastTurn: t.events, before: t.before }));
    expect(layout.terrain).toBeNull();
  });
});
