/**
 * The page itself: plain HTML, CSS and ES modules from `src/sandbox/public`, served as they are, with
 * no build step, and its font. Only file names without folders are served, so nothing outside those
 * folders leaks.
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

const PUBLIC = new URL('./public/', import.meta.url);

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
};

/** Serves `name` (like `app.js`) from the public folder; false when there is no such file. */
export async function serveStatic(response: ServerResponse, name: string): Promise<boolean> {
  const extension = /^[\w-]+\.(\w+)$/.exec(name)?.[1];
  const type = extension ? TYPES[extension] : undefined;
  if (!type) return false;
  let bytes: Buffer;
  try {
    bytes = await readFile(new URL(name, PUBLIC));
  } catch {
    return false;
  }
  // No caching: a developer who edits the page sees the change on reload.
  response.writeHead(200, { 'content-type': type, 'content-length': bytes.length, 'cache-control': 'no-store' });
  response.end(bytes);
  return true;
}

/** Font files the page may ask for, by the npm package that ships them. */
const FONT_FILES: readonly [RegExp, string][] = [
  [/^atkinson-hyperlegible-latin(?:-ext)?-(?:400|700)-(?:normal|italic)\.woff2$/, '@fontsource/atkinson-hyperlegible'],
];

/** The emoji font's pieces, served as `emoji-N.woff2` from the package's `files/N.woff2`. */
const EMOJI_PACKAGE = '@infolektuell/noto-color-emoji';
const EMOJI_FILE = /^emoji-(\d+)\.woff2$/;

/**
 * The page's fonts from their npm packages, so the page reads the same on every machine and needs no
 * network: Atkinson Hyperlegible (the renderer's, already a dependency) for text, and Noto Color Emoji
 * for the page's and the bot's ⚔ 🤖 ⏩ ✅ 🏆 🎲, which a machine without an emoji font shows as empty
 * boxes. The emoji font is the COLRv1 build (@infolektuell/noto-color-emoji), which Chromium draws:
 * the SVG-in-OpenType build some packages ship draws blank there. `emoji.css` is the package's own
 * @font-face rules (split by unicode range, so only the pieces a page uses are loaded), pointed at
 * this server.
 */
export async function serveFont(response: ServerResponse, name: string): Promise<boolean> {
  const resolve = createRequire(import.meta.url).resolve;
  let bytes: Buffer;
  let type = 'font/woff2';
  try {
    const emoji = EMOJI_FILE.exec(name);
    if (name === 'emoji.css') {
      const css = await readFile(resolve(`${EMOJI_PACKAGE}/index.css`), 'utf8');
      bytes = Buffer.from(css.replace(/url\(\.\/files\/(\d+)\.woff2\)/g, 'url(/fonts/emoji-$1.woff2)'));
      type = 'text/css; charset=utf-8';
    } else if (emoji) {
      bytes = await readFile(resolve(`${EMOJI_PACKAGE}/files/${emoji[1]}.woff2`));
    } else {
      const from = FONT_FILES.find(([pattern]) => pattern.test(name))?.[1];
      if (!from) return false;
      bytes = await readFile(resolve(`${from}/files/${name}`));
    }
  } catch {
    return false;
  }
  response.writeHead(200, { 'content-type': type, 'content-length': bytes.length, 'cache-control': 'public, max-age=604800' });
  response.end(bytes);
  return true;
}
