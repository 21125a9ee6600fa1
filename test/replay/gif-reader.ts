/**
 * A small GIF reader for the replay's tests: the screen size, the loop count, and every frame as the
 * viewer shows it (each image composed over the one before, honouring transparency and disposal), so a
 * test looks at the file that is posted, not at what the encoder was given.
 */
import { PNG } from 'pngjs';

export interface GifFrame {
  /** RGBA of the whole screen after this frame is drawn. */
  readonly rgba: Uint8Array;
  readonly delayMs: number;
  readonly disposal: number;
  readonly transparentIndex: number | null;
}

export interface Gif {
  readonly width: number;
  readonly height: number;
  readonly loops: number | null;
  readonly globalColours: number;
  readonly frames: GifFrame[];
}

/** Variable-length-code LZW as GIF uses it (codes least significant bit first). */
function lzwDecode(minCodeSize: number, data: Uint8Array, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let size = minCodeSize + 1;
  let next = end + 1;
  // Each code's string: its prefix code and last byte, and its length.
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < clear; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
  }
  let bits = 0;
  let acc = 0;
  let at = 0;
  let previous = -1;
  let o = 0;
  const first = (code: number) => {
    while (prefix[code]! >= 0) code = prefix[code]!;
    return suffix[code]!;
  };
  const write = (code: number) => {
    const n = length[code]!;
    let c = code;
    for (let i = n - 1; i >= 0; i--) {
      if (o + i < pixels) out[o + i] = suffix[c]!;
      c = prefix[c]!;
    }
    o += n;
  };
  while (o < pixels) {
    while (bits < size) {
      if (at >= data.length) return out;
      acc |= data[at++]! << bits;
      bits += 8;
    }
    const code = acc & ((1 << size) - 1);
    acc >>>= size;
    bits -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = end + 1;
      previous = -1;
      continue;
    }
    if (code === end) break;
    if (previous < 0) {
      write(code);
      previous = code;
      continue;
    }
    if (code < next) {
      write(code);
      if (next < 4096) {
        prefix[next] = previous;
        suffix[next] = first(code);
        length[next] = length[previous]! + 1;
        next++;
      }
    } else {
      // The code being defined: the previous string and its own first byte.
      prefix[next] = previous;
      suffix[next] = first(previous);
      length[next] = length[previous]! + 1;
      next++;
      write(code);
    }
    if (next === 1 << size && size < 12) size++;
    previous = code;
  }
  return out;
}

export function readGif(bytes: Uint8Array): Gif {
  const text = (a: number, b: number) => String.fromCharCode(...bytes.subarray(a, b));
  if (text(0, 6) !== 'GIF89a' && text(0, 6) !== 'GIF87a') throw new Error('not a GIF');
  const u16 = (p: number) => bytes[p]! | (bytes[p + 1]! << 8);
  const width = u16(6);
  const height = u16(8);
  const packed = bytes[10]!;
  let at = 13;
  let global: Uint8Array | null = null;
  let globalColours = 0;
  if (packed & 0x80) {
    globalColours = 1 << ((packed & 7) + 1);
    global = bytes.subarray(at, at + globalColours * 3);
    at += globalColours * 3;
  }
  const subBlocks = (): Uint8Array => {
    const parts: number[] = [];
    for (;;) {
      const n = bytes[at++]!;
      if (n === 0) break;
      for (let i = 0; i < n; i++) parts.push(bytes[at + i]!);
      at += n;
    }
    return Uint8Array.from(parts);
  };
  const screen = new Uint8Array(width * height * 4);
  const frames: GifFrame[] = [];
  let loops: number | null = null;
  let control = { delayMs: 0, disposal: 0, transparentIndex: null as number | null };
  for (;;) {
    const kind = bytes[at++];
    if (kind === 0x3b || kind === undefined) break;
    if (kind === 0x21) {
      const label = bytes[at++]!;
      const data = subBlocks();
      if (label === 0xf9)
        control = { disposal: (data[0]! >> 2) & 7, delayMs: (data[1]! | (data[2]! << 8)) * 10, transparentIndex: data[0]! & 1 ? data[3]! : null };
      if (label === 0xff && String.fromCharCode(...data.subarray(0, 11)) === 'NETSCAPE2.0') loops = data[12]! | (data[13]! << 8);
      continue;
    }
    if (kind !== 0x2c) throw new Error(`unexpected block 0x${kind.toString(16)} at ${at - 1}`);
    const left = u16(at);
    const top = u16(at + 2);
    const w = u16(at + 4);
    const h = u16(at + 6);
    const flags = bytes[at + 8]!;
    at += 9;
    let table = global;
    if (flags & 0x80) {
      const n = 1 << ((flags & 7) + 1);
      table = bytes.subarray(at, at + n * 3);
      at += n * 3;
    }
    if (!table) throw new Error('a frame without a colour table');
    const minCode = bytes[at++]!;
    const index = lzwDecode(minCode, subBlocks(), w * h);
    const saved = control.disposal === 3 ? screen.slice() : null;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = index[y * w + x]!;
        if (i === control.transparentIndex) continue;
        const p = ((top + y) * width + left + x) * 4;
        screen[p] = table[i * 3]!;
        screen[p + 1] = table[i * 3 + 1]!;
        screen[p + 2] = table[i * 3 + 2]!;
        screen[p + 3] = 255;
      }
    }
    frames.push({ rgba: screen.slice(), ...control });
    if (control.disposal === 2) for (let y = 0; y < h; y++) screen.fill(0, ((top + y) * width + left) * 4, ((top + y) * width + left + w) * 4);
    if (saved) screen.set(saved);
    control = { delayMs: 0, disposal: 0, transparentIndex: null };
  }
  return { width, height, loops, globalColours, frames };
}

/** A frame as a PNG, for a golden image or for a person to look at. */
export function framePng(gif: Gif, n: number): Buffer {
  const png = new PNG({ width: gif.width, height: gif.height });
  png.data = Buffer.from(gif.frames[n]!.rgba);
  return PNG.sync.write(png);
}
