/**
 * Reading a document someone attached to a command (a warband, a gridmap). What Discord tells us
 * about the file (name, size, type) is checked before anything is downloaded, so a 20 MB video or a
 * screenshot costs nothing; the download itself is capped too, in case the size was wrong.
 * Shared by /warband submit and /map submit.
 */
import { refuse } from '../match/user-error';
import { shown } from '../discord/text';

/** 64 KiB: a full warband is well under 2 KiB and a 40×40 map about 10 KiB, so this leaves room without inviting abuse. */
export const UPLOAD_LIMIT = 64 * 1024;

/** What the command needs from a discord.js `Attachment` (which has all of these). */
export interface UploadMeta {
  readonly name: string;
  readonly size: number;
  readonly contentType: string | null;
  readonly url: string;
}

export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

const DOCUMENT_NAME = /\.(json|ya?ml)$/i;
/** A screenshot or a recording renamed to .json is still not a document. */
const MEDIA_TYPE = /^(image|audio|video|font)\//i;

export const kib = (bytes: number): string => `${Math.ceil(bytes / 1024)} KiB`;

/** Refuses a file by what Discord says about it: wrong kind, empty, or too big. Nothing is downloaded. */
export function checkUploadMeta(file: Pick<UploadMeta, 'name' | 'size' | 'contentType'>, what: string, limit = UPLOAD_LIMIT): void {
  if (!DOCUMENT_NAME.test(file.name) || (file.contentType !== null && MEDIA_TYPE.test(file.contentType))) {
    const type = file.contentType ? ` (${file.contentType.split(';')[0]})` : '';
    refuse('upload-wrong-type', `**${shown(file.name)}**${type} is not a JSON or YAML file. Attach ${what} as a \`.json\`, \`.yaml\` or \`.yml\` file.`);
  }
  if (file.size === 0) refuse('upload-empty', `**${shown(file.name)}** is empty.`);
  if (file.size > limit) {
    refuse(
      'upload-too-large',
      `**${shown(file.name)}** is ${kib(file.size)}; uploads are limited to ${kib(limit)}. ${capitalise(what)} is usually only a few KiB: is this the right file?`,
    );
  }
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Reads at most `limit` bytes of a body; null when it is longer (the server sent more than Discord said). */
async function readCapped(response: Response, limit: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Abandoning a download already refused as too large: a failed cancel leaves nothing to undo.
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Checks the file, downloads it from Discord's CDN and decodes it as UTF-8 text. Every failure is a
 * refusal that says what to do; the fetcher is a parameter so tests need no network.
 */
export async function readUpload(file: UploadMeta, what: string, fetcher: Fetcher = fetch, limit = UPLOAD_LIMIT): Promise<string> {
  checkUploadMeta(file, what, limit);
  let response: Response;
  try {
    response = await fetcher(file.url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    return refuse('upload-failed', `I couldn't download **${shown(file.name)}** from Discord. Please try again in a moment.`);
  }
  if (!response.ok) {
    // The failed download is refused below; a failed cancel of its body leaves nothing to undo.
    await response.body?.cancel().catch(() => undefined);
    return refuse('upload-failed', `I couldn't download **${shown(file.name)}** from Discord (HTTP ${response.status}). Please attach it again.`);
  }
  const bytes = await readCapped(response, limit).catch(() =>
    refuse('upload-failed', `The download of **${shown(file.name)}** was cut off. Please try again.`),
  );
  if (bytes === null) refuse('upload-too-large', `**${shown(file.name)}** is larger than ${kib(limit)}; uploads are limited to ${kib(limit)}.`);
  let text: string;
  try {
    // fatal: a binary file fails here instead of turning into replacement characters the parser then trips over.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('upload-not-text', `**${shown(file.name)}** is not text (it should be UTF-8 JSON or YAML). Was it saved by a word processor or compressed?`);
  }
  if (text.trim() === '') refuse('upload-empty', `**${shown(file.name)}** is empty.`);
  return text;
}
