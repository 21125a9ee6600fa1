/**
 * What drawing keeps between pictures, let go at once: the pooled canvases, the board pictures, the
 * PNG scanline buffers and the pictures kept to be posted again (drawn-once.ts), each several megabytes outside the JavaScript heap. They save their cost again
 * only while pictures keep coming; a thread that has drawn nothing for a while calls this (the render
 * worker does, bot/render-worker-main.ts), and then collects so the memory is given back. The next
 * picture makes them again, and draws the same bytes.
 */
import { releaseCanvases } from './canvas-pool';
import { releaseDrawnPictures } from './drawn-once';
import { releaseScanlines } from './png';
import { releaseTableBoards } from './table-board';
import { releaseBoardPictures } from './terrain';

export function releaseDrawingMemory(): void {
  releaseCanvases();
  releaseBoardPictures();
  releaseTableBoards();
  releaseScanlines();
  releaseDrawnPictures();
}
