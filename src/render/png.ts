/**
 * PNG encoding, in one place so the benchmark times the same encoder the renderer uses.
 *
 * Why not canvas.encodeSync('png'): Skia's encoder tries every row filter and compresses at zlib level
 * 6, which took ~75 ms for a 24×24 map (1.5 megapixels), more than the whole budget. Map pictures are
 * mostly flat fills, so rows without a filter and a fast deflate level come out as small (about
 * 250 KB) in a fraction of the time, as RGB when the picture is opaque (rowsInto). The bytes depend only on the pixels: no timestamp or other
 * varying chunk is written. pngjs (already used by the golden tests) was measured too, with the same
 * settings on a 1058×1653 map: about twice as slow and eight times larger, so this small writer stays.
 */
import zlib from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { pictureHeight } from './canvas-pool';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let table: Uint32Array | null = null;

/** CRC-32 in plain JS, for Node 20 releases before zlib.crc32 (20.15). */
function crc32Js(buf: Uint8Array, start: number): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = start ^ 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = table[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
const crc32 = (buf: Uint8Array, start = 0): number => (native ? native(buf, start) : crc32Js(buf, start));

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return [head, data, crc];
}

let scratch = Buffer.alloc(0);

function scanlines(size: number): Buffer {
  if (scratch.length < size) scratch = Buffer.allocUnsafe(size);
  return scratch.subarray(0, size);
}

/**
 * Scanline buffers for encodings still deflating on zlib's threads (encodePngAsync). Each is several
 * megabytes; a fresh one a picture would be pages the kernel maps and zeroes every time, so they
 * are kept and reused: one per picture in flight, a few at most.
 */
const idle: Buffer[] = [];
const KEEP_IDLE = 4;

function borrow(size: number): Buffer {
  const i = idle.findIndex((b) => b.length >= size);
  return i >= 0 ? idle.splice(i, 1)[0]! : Buffer.allocUnsafe(size);
}

function giveBack(buffer: Buffer): void {
  if (idle.length < KEEP_IDLE) idle.push(buffer);
}

/** Lets go of the kept scanline buffers (freed when collected); encodings in flight keep theirs. */
export function releaseScanlines(): void {
  scratch = Buffer.alloc(0);
  idle.length = 0;
}

/** PNG colour types: RGB (an opaque picture, the usual case) and RGBA. */
const RGB = 2;
const RGBA = 6;

function header(width: number, height: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (each row says None)
  ihdr[12] = 0; // not interlaced
  return ihdr;
}

/**
 * Level 2 with unfiltered rows (see the top of the file). The output buffer is large enough for the
 * whole IDAT of a typical picture (an eighth of the rows' bytes, at most 1 MB): with zlib's default
 * 16 KB chunks an asynchronous deflate is a round trip to the thread pool per chunk, and the chunks
 * are concatenated at the end.
 */
const deflateOptions = (rawBytes: number): zlib.ZlibOptions => ({
  level: 2,
  chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, Math.min(1 << 20, rawBytes >>> 3)),
});

const file = ({ width, height, colourType }: Rows, idat: Buffer): Buffer =>
  Buffer.concat([SIGNATURE, ...chunk('IHDR', header(width, height, colourType)), ...chunk('IDAT', idat), ...chunk('IEND', Buffer.alloc(0))]);

/** A picture's scanlines (the buffer `raw`, each row after its filter byte) and how its pixels are laid out. */
interface Rows {
  readonly raw: Buffer;
  readonly width: number;
  readonly height: number;
  readonly colourType: number;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * RGBA pixels (`px`, one per 32-bit word, red in the low byte) as RGB scanlines into `raw`, four
 * pixels at a time: three little-endian words hold their twelve bytes. False, with `raw` part
 * written, when a pixel is not opaque: its alpha would be lost.
 */
export function packRgb(px: Uint32Array, width: number, height: number, raw: Buffer): boolean {
  const out = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const quads = width >>> 2;
  let alpha = 0xff000000;
  let i = 0;
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    for (let q = 0; q < quads; q++, i += 4, o += 12) {
      const a = px[i]!;
      const b = px[i + 1]!;
      const c = px[i + 2]!;
      const d = px[i + 3]!;
      alpha &= a & b & c & d;
      out.setUint32(o, (a & 0xffffff) | (b << 24), true);
      out.setUint32(o + 4, ((b >>> 8) & 0xffff) | (c << 16), true);
      out.setUint32(o + 8, ((c >>> 16) & 0xff) | (d << 8), true);
    }
    for (let x = quads << 2; x < width; x++, i++, o += 3) {
      const v = px[i]!;
      alpha &= v;
      raw[o] = v;
      raw[o + 1] = v >>> 8;
      raw[o + 2] = v >>> 16;
    }
  }
  return alpha >>> 24 === 0xff;
}

/**
 * The canvas's pixels as PNG scanlines (each row after its filter byte, None), written into the
 * buffer `size` gives for at most `(width * 4 + 1) * height` bytes: the picture's rows, the canvas's top
 * `pictureHeight` (all of them unless the pool handed it out taller). The pixels are read back once,
 * with the canvas's own `data()`: one native copy, no ImageData objects. Reading in bands of rows
 * made 52 ImageData buffers per 24×24 map, held outside the heap until a collection and an
 * event-loop turn, which took the bot to 1.4 GB under a burst of turn ends. The copy is let go as
 * soon as its rows are in the scanline buffer.
 *
 * An opaque picture (every picture fills its background first) is written as RGB: a quarter fewer
 * bytes to deflate, which saves more than packing the rows costs over copying them (bench/png-choices.ts
 * measures both), and the same pixels. One with any pixel not opaque is written as RGBA, its colours
 * as the canvas keeps them (premultiplied by their alpha, which only opaque pixels leave unchanged).
 */
function rowsInto(canvas: Canvas, size: (bytes: number) => Buffer): Rows {
  const width = canvas.width;
  // A pooled canvas may be taller than its picture (canvas-pool.ts): only the picture's rows are written.
  const height = pictureHeight(canvas);
  const stride = width * 4;
  const whole = size((stride + 1) * height);
  if (littleEndian && height < canvas.height) {
    // A taller canvas: its picture's rows alone, not the rows under them (a sixth of a turn's map).
    // getImageData gives colours without alpha's premultiplication, which leaves an opaque pixel as
    // it is; a picture with any other is read again below as the canvas keeps it.
    const own = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const raw = whole.subarray(0, (width * 3 + 1) * height);
    if (packRgb(new Uint32Array(own.buffer, own.byteOffset, width * height), width, height, raw)) return { raw, width, height, colourType: RGB };
  }
  const pixels = canvas.data();
  if (pixels.length !== stride * canvas.height)
    throw new Error(`encodePng: expected ${stride * canvas.height} bytes of RGBA, the canvas gave ${pixels.length}`);
  if (littleEndian && pixels.byteOffset % 4 === 0) {
    const raw = whole.subarray(0, (width * 3 + 1) * height);
    if (packRgb(new Uint32Array(pixels.buffer, pixels.byteOffset, width * height), width, height, raw)) return { raw, width, height, colourType: RGB };
  }
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    whole[o] = 0;
    pixels.copy(whole, o + 1, y * stride, (y + 1) * stride);
  }
  return { raw: whole, width, height, colourType: RGBA };
}

/** Encodes a canvas on this thread (RGB when every pixel is opaque, rowsInto says why). */
export function encodePng(canvas: Canvas): Buffer {
  const rows = rowsInto(canvas, scanlines);
  return file(rows, zlib.deflateSync(rows.raw, deflateOptions(rows.raw.length)));
}

/**
 * The same bytes as encodePng, with the deflate (most of an encoding's time) on one of zlib's
 * threads: the pixels are read before this returns, so the canvas may be drawn on again at once,
 * and the calling thread goes on drawing while another core compresses.
 */
export function encodePngAsync(canvas: Canvas): Promise<Buffer> {
  const buffer = borrow((canvas.width * 4 + 1) * pictureHeight(canvas));
  const rows = rowsInto(canvas, (bytes) => buffer.subarray(0, bytes));
  return new Promise<Buffer>((resolve, reject) => {
    zlib.deflate(rows.raw, deflateOptions(rows.raw.length), (error, idat) => {
      giveBack(buffer);
      if (error) reject(error);
      else resolve(file(rows, idat));
    });
  });
}
