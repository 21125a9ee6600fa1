/**
 * PNGs by what they were drawn from. Drawing is a pure function of its input and png.ts writes
 * nothing that varies, so an equal input gives the same bytes: a picture asked for again is taken
 * from here instead of drawn and encoded again. A turn's prompts and pings often show a view that
 * nothing has changed since the post before (several prompts about one attack in a row), and each
 * would otherwise read back and deflate the same pixels.
 *
 * The key is the whole input as text (the caller's JSON of it), compared exactly, so two inputs
 * never share a picture by a hash collision. Copies go in and out: a render worker hands its PNGs'
 * memory over to the main thread (bot/render-worker-main.ts), which would leave a kept one empty.
 */

/** Pictures kept: the close-ups of a few matches' latest posts. */
const KEPT = 16;
const kept = new Map<string, Buffer>();

function take(key: string): Buffer | undefined {
  const png = kept.get(key);
  if (!png) return undefined;
  // Most recently used last, so the oldest is the one dropped.
  kept.delete(key);
  kept.set(key, png);
  return Buffer.from(png);
}

function keep(key: string, png: Buffer): void {
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, Buffer.from(png));
}

/** The PNG drawn from the input `key` names: the kept one, or `draw()`'s, kept. */
export function drawnOnce(key: string, draw: () => Buffer): Buffer {
  const known = take(key);
  if (known) return known;
  const png = draw();
  keep(key, png);
  return png;
}

/** drawnOnce for a picture whose encoding finishes later (png.ts encodePngAsync). */
export async function drawnOnceAsync(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const known = take(key);
  if (known) return known;
  const png = await draw();
  keep(key, png);
  return png;
}

/** Lets go of the kept pictures (render/release.ts). */
export function releaseDrawnPictures(): void {
  kept.clear();
}

/** Tests only: how many pictures are kept. */
export const drawnPicturesKept = (): number => kept.size;
