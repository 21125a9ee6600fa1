/** A key's words as drawn, in order, for tests that read what a player reads. */
import { createCanvas } from '@napi-rs/canvas';
import type { Flow } from '../../src/render/text-flow';

type Ctx = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/**
 * The words `make` lays out, drawn on a context that records each fillText; laid out wide (4000 px
 * by the callers), so a line is not wrapped into pieces. Runs of white space are made one space.
 */
export function keyWords(make: (ctx: Ctx) => Flow): string {
  const ctx = createCanvas(10, 10).getContext('2d');
  const drawn: string[] = [];
  const recorder = new Proxy(ctx, {
    get: (c, k) => (k === 'fillText' ? (s: string) => drawn.push(s) : typeof Reflect.get(c, k) === 'function' ? Reflect.get(c, k).bind(c) : Reflect.get(c, k)),
    set: (c, k, v) => Reflect.set(c, k, v),
  });
  make(ctx).draw(recorder, 0, 0);
  return drawn.join(' ').replace(/\s+/g, ' ');
}
