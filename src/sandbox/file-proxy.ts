/**
 * `/files/ID/NAME`: the bytes of a file someone posted (the bot's map pictures, a player's upload),
 * read from the fake Discord, so the page needs only the sandbox's address. The fake keeps the bytes
 * alone, so the type comes from the name, as a browser would guess it.
 */
import type { ServerResponse } from 'node:http';
import type { FakeDiscord } from '../fakecord';

const TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  json: 'application/json; charset=utf-8',
  yaml: 'text/plain; charset=utf-8',
  yml: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export function serveFile(response: ServerResponse, fake: FakeDiscord, id: string, name: string): boolean {
  const bytes = fake.attachment(id);
  if (!bytes) return false;
  const type = TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  // A file never changes once posted, so the browser may keep it.
  response.writeHead(200, { 'content-type': type, 'content-length': bytes.length, 'cache-control': 'private, max-age=86400' });
  response.end(bytes);
  return true;
}
