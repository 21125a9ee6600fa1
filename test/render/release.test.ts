/**
 * What drawing keeps between pictures (pooled canvases, board pictures, scanline buffers) can be let
 * go when a thread has drawn nothing for a while (render/release.ts): the next picture makes them
 * again and is the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { pooledCanvas } from '../../src/render/canvas-pool';
import { renderMap, renderTurnAsync } from '../../src/rulesets/sellsword/render';
import { releaseDrawingMemory } from '../../src/render/release';
import { boardGeometry } from '../../src/render/layout';
import { boardPicture } from '../../src/render/terrain';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { lastTurnTable } from './states';

describe('releasing what drawing keeps', () => {
  it('drops the kept board picture and canvases, and the pictures drawn after are the same bytes', async () => {
    const { before, events, state } = lastTurnTable();
    const request = { before, lastTurn: events };
    const map = renderMap(state);
    const turn = await renderTurnAsync(state, request);
    const board = toMapView(state).board;
    const colours = ['#123456', '#654321'];
    const picture = boardPicture(boardGeometry(board), board, colours);
    const canvas = pooledCanvas(64, 48);
    expect(boardPicture(boardGeometry(board), board, colours)).toBe(picture);
    expect(pooledCanvas(64, 48)).toBe(canvas);

    releaseDrawingMemory();
    expect(boardPicture(boardGeometry(board), board, colours)).not.toBe(picture);
    expect(pooledCanvas(64, 48)).not.toBe(canvas);
    expect(renderMap(state).equals(map)).toBe(true);
    const again = await renderTurnAsync(state, request);
    expect(again.png.equals(turn.png)).toBe(true);
    expect(again.focus?.png.equals(turn.focus!.png) ?? turn.focus === null).toBe(true);
  });
});
