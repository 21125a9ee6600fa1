/**
 * Reading and answering the page's requests: JSON bodies in, JSON out, and refusals as
 * `{ error }` with a sentence the page can show as it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Uploads travel as base64 in JSON; this leaves room for the fake's 10 MiB file limit. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A request the page got wrong (a missing field, an unknown user): answered with 400 and the message. */
export class PageRequestError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new PageRequestError('That request is too large.', 413);
    chunks.push(buffer);
  }
  if (size === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new PageRequestError('The request body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PageRequestError('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  response.end(text);
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new PageRequestError(`The request needs "${name}".`);
  return value;
}

export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function recordField(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = body[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new PageRequestError(`"${name}" must be an object.`);
  return value as Record<string, unknown>;
}
