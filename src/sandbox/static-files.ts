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

const FONT_FILE = /^atkinson-hyperlegible-latin(?:-ext)?-(?:400|700)-(?:normal|italic)\.woff2$/;

/**
 * The page's font, Atkinson Hyperlegible (the renderer's, already a dependency), from its npm
 * package, so the page reads the same on every machine and needs no network.
 */
export async function serveFont(response: ServerResponse, name: string): Promise<boolean> {
  if (!FONT_FILE.test(name)) return false;
  let bytes: Buffer;
  try {
    bytes = await readFile(createRequire(import.meta.url).resolve(`@fontsource/atkinson-hyperlegible/files/${name}`));
  } catch {
    return false;
  }
  response.writeHead(200, { 'content-type': 'font/woff2', 'content-length': bytes.length, 'cache-control': 'public, max-age=604800' });
  response.end(bytes);
  return true;
}
