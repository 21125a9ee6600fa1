/**
 * The one font the renderer draws with: Atkinson Hyperlegible (from the @fontsource npm package),
 * chosen because it was designed to keep look-alike characters apart (I/l/1, 0/O, slashed zero),
 * which matters for square names and unit labels read on a phone. Registered once per process.
 *
 * Why the text is filtered: the package's "latin" files cover Basic Latin, Latin-1 and general
 * punctuation. A character outside them draws as an empty box (@napi-rs/canvas does not fall back to
 * system fonts for a registered family), so `fontSafe` swaps in a look-alike or "?" instead.
 */
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

export const FAMILY = 'Sellsword Atkinson';

const FILES = [
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff2',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff2',
];

let loaded = false;

/** Registers the font files; later calls do nothing. Throws if the package is missing. */
export function loadFonts(): void {
  if (loaded) return;
  const require = createRequire(import.meta.url);
  for (const file of FILES) {
    if (!GlobalFonts.registerFromPath(require.resolve(file), FAMILY)) throw new Error(`could not register the font ${file}`);
  }
  loaded = true;
}

/** A CSS font string for the canvas: `font(20)`, `font(20, 'bold')`. */
export function font(px: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${Math.round(px * 10) / 10}px "${FAMILY}"`;
}

/** Look-alikes for characters the font lacks but names and messages commonly use. */
const SWAPS: Record<string, string> = {
  '→': '>',
  '←': '<',
  '↑': '^',
  '↓': 'v',
  '✓': 'v',
  '≤': '<=',
  '≥': '>=',
  Λ: '^',
};

/** Punctuation beyond Latin-1 that the font holds (checked by eye against the .notdef box). */
const EXTRA = new Set([0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x2212]);

/** True for characters the shipped font draws: printable Basic Latin and Latin-1, and EXTRA. */
function covered(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA.has(code);
}

/** Text the font can draw: uncovered characters become a look-alike or "?". */
export function fontSafe(text: string): string {
  let out = '';
  for (const ch of text) out += covered(ch.codePointAt(0)!) ? ch : (SWAPS[ch] ?? '?');
  return out;
}
