/**
 * renderMap and renderCard are pure: the same input gives the same bytes, and nothing in the input
 * is changed (the state is deep-frozen, and compared as JSON before and after). The PNG encoder
 * round-trips the canvas's pixels exactly.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { replay } from '../../src/rulesets/sellsword/engine/replay';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { renderCard } from '../../src/rulesets/sellsword/render/card-png';
import { fontSafe } from '../../src/render/fonts';
import { renderMap } from '../../src/rulesets/sellsword/render/map';
import { encodePng } from '../../src/render/png';
import type { ViewRequest } from '../../src/rulesets/sellsword/render/view';
import { content, lastTurnTable, statusTable, yardTable } from './states';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A mid-game table of the benchmark's kind: burning-village, sixteen units, a last turn with an attack. */
function midGame(): { state: GameState; request: ViewRequest } {
  const start = newGame(content, 'burning-village', 11);
  const played = playGame(start, 11, 400);
  const events = played.events;
  const end = events.findLastIndex((e, i) => e.type === 'turn-ended' && events.slice(0, i).some((x) => x.type === 'attack-rolled'));
  const begun = events
    .slice(0, end)
    .map((e) => e.type)
    .lastIndexOf('turn-started');
  return {
    state: replay(start, events.slice(0, end + 1)),
    request: { lastTurn: events.slice(begun, end + 1), before: replay(start, events.slice(0, begun)) },
  };
}

describe('renderMap is pure', () => {
  it('draws the same bytes twice and changes nothing in a frozen state, events or before-state', () => {
    const { state, request } = midGame();
    const snapshot = JSON.stringify({ state, request });
    deepFreeze(state);
    deepFreeze(request);
    const a = renderMap(state, request);
    const b = renderMap(state, { ...request });
    expect(a.equals(b)).toBe(true);
    expect(JSON.stringify({ state, request })).toBe(snapshot);
  });

  it('gives the same bytes for a state rebuilt from JSON (no hidden dependence on object identity)', () => {
    const t = lastTurnTable();
    const copy = JSON.parse(JSON.stringify(t)) as typeof t;
    expect(renderMap(t.state, { lastTurn: t.events, before: t.before }).equals(renderMap(copy.state, { lastTurn: copy.events, before: copy.before }))).toBe(
      true,
    );
  });

  it('gives the same bytes whatever was drawn before (canvases are reused between pictures of one size)', () => {
    const state = yardTable();
    const first = renderMap(state, { sight: { unit: 'bow' } });
    const sizes = new Set<number>();
    for (const request of [{ reach: { unit: 'hero' } }, { preview: { unit: 'bow', attack: 'longbow', target: 'cover' } }, {}]) {
      sizes.add(PNG.sync.read(renderMap(state, request)).height);
    }
    // At least one other picture had the same size, so its canvas was reused.
    expect(sizes.has(PNG.sync.read(first).height)).toBe(true);
    expect(renderMap(state, { sight: { unit: 'bow' } }).equals(first)).toBe(true);
  });

  it('draws every overlay at once on a frozen state', () => {
    const { state } = statusTable();
    deepFreeze(state);
    const png = renderMap(state, { reach: { unit: 'cap' }, sight: { unit: 'cap' }, preview: { unit: 'cap', attack: 'bastard-sword', target: 'wight' } });
    expect(PNG.sync.read(png).width).toBeGreaterThan(500);
  });
});

describe('renderCard is pure', () => {
  it('draws the same bytes twice and leaves the card, mod and unit state alone', () => {
    const card = deepFreeze(structuredClone(content.index.units.get('havoc-bone-lich')!));
    const mod = deepFreeze(structuredClone(content.index.mods.get('havoc-infernal-aura')!));
    const snapshot = JSON.stringify({ card, mod });
    expect(renderCard(card, mod).equals(renderCard(card, mod))).toBe(true);
    expect(JSON.stringify({ card, mod })).toBe(snapshot);
  });

  it('draws every card in the shipped catalog', () => {
    for (const card of content.index.units.values()) expect(PNG.sync.read(renderCard(card)).height).toBeGreaterThan(400);
  });
});

describe('PNG encoding', () => {
  it('round-trips the canvas pixels exactly', () => {
    const canvas = createCanvas(37, 23);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#f7f3ea';
    ctx.fillRect(0, 0, 37, 23);
    ctx.fillStyle = '#c62828';
    ctx.beginPath();
    ctx.arc(15, 11, 9, 0, Math.PI * 2);
    ctx.fill();
    const decoded = PNG.sync.read(encodePng(canvas));
    expect([decoded.width, decoded.height]).toEqual([37, 23]);
    expect(Buffer.from(decoded.data).equals(canvas.data())).toBe(true);
  });
});

describe('text the font cannot draw', () => {
  it('is swapped for a look-alike or a question mark, never an empty box', () => {
    expect(fontSafe('Hrolf’s Watch – 5 → 6 · ×2')).toBe('Hrolf’s Watch – 5 > 6 · ×2');
    expect(fontSafe('Łukasz 🐉')).toBe('?ukasz ?');
  });
});
