/**
 * PNG encoding, in one place so the benchmark times the same encoder the renderer uses.
 *
 * Why not canvas.encodeSync('png'): Skia's encoder tries every row filter and compresses at zlib level
 * 6, which took ~75 ms for a 24×24 map (1.5 megapixels), more than the whole budget. Map pictures are
 * mostly flat fills, so rows without a filter and a fast deflate level come out as small (about
 * 300 KB) in a fraction of the time. The bytes depend only on the pixels: no timestamp or other
 * varying chunk is written. pngjs (already used by the golden tests) was measured too, with the same
 * settings on a 1058×1653 map: about twice as slow and eight times larger, so this small writer stays.
 */
import zlib from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';

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

function header(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
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

const file = (width: number, height: number, idat: Buffer): Buffer =>
  Buffer.concat([SIGNATURE, ...chunk('IHDR', header(width, height)), ...chunk('IDAT', idat), ...chunk('IEND', Buffer.alloc(0))]);

/**
 * The canvas's pixels as PNG scanlines (each row after its filter byte, None), written into the
 * buffer `size` gives for their byte count. Every pixel must be opaque (the pictures fill their
 * background first; for opaque pixels the canvas's premultiplied colours are the plain ones). The
 * pixels are read back once, with the canvas's own `data()`: one native copy, no ImageData objects.
 * Reading in bands of rows made 52 ImageData buffers per 24×24 map, held outside the heap until a
 * collection and an event-loop turn, which took the bot to 1.4 GB under a burst of turn ends. The
 * copy is let go as soon as its rows are in the scanline buffer.
 */
function rowsInto(canvas: Canvas, size: (bytes: number) => Buffer): Buffer {
  const { width, height } = canvas;
  const stride = width * 4;
  const raw = size((stride + 1) * height);
  const pixels = canvas.data();
  if (pixels.length !== stride * height) throw new Error(`encodePng: expected ${stride * height} bytes of RGBA, the canvas gave ${pixels.length}`);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    raw[o] = 0;
    pixels.copy(raw, o + 1, y * stride, (y + 1) * stride);
  }
  return raw;
}

/** Encodes a canvas whose every pixel is opaque (rowsInto says why) on this thread. */
export function encodePng(canvas: Canvas): Buffer {
  const raw = rowsInto(canvas, scanlines);
  return file(canvas.width, canvas.height, zlib.deflateSync(raw, deflateOptions(raw.length)));
}

/**
 * The same bytes as encodePng, with the deflate (most of an encoding's time) on one of zlib's
 * threads: the pixels are read before this returns, so the canvas may be drawn on again at once,
 * and the calling thread goes on drawing while another core compresses.
 */
export function encodePngAsync(canvas: Canvas): Promise<Buffer> {
  const { width, height } = canvas;
  const buffer = borrow((width * 4 + 1) * height);
  const raw = rowsInto(canvas, (bytes) => buffer.subarray(0, bytes));
  return new Promise<Buffer>((resolve, reject) => {
    zlib.deflate(raw, deflateOptions(raw.length), (error, idat) => {
      giveBack(buffer);
      if (error) reject(error);
      else resolve(file(width, height, idat));
    });
  });
}
