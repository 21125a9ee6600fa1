/**
 * The REST side's plumbing: matching `METHOD /path/:param` routes, reading JSON and multipart bodies
 * (discord.js sends files as `files[n]` parts beside a `payload_json` part), and writing Discord-style
 * JSON answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode, RestError } from './errors';
import type { IncomingFile } from './message-content';

export interface RestRequest {
  readonly method: string;
  /** The path after `/api/v10`, e.g. `/channels/123/messages`. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON body, or a multipart request's `payload_json`; `{}` when there is none. */
  readonly body: Record<string, unknown>;
  /** A JSON array body (bulk command overwrite), else undefined. */
  readonly list: unknown[] | undefined;
  readonly files: readonly IncomingFile[];
}

export interface RestReply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type RouteHandler = (request: RestRequest) => RestReply | Promise<RestReply>;

interface Route {
  readonly method: string;
  /** `METHOD /path/:param`, as added. */
  readonly pattern: string;
  readonly parts: readonly string[];
  readonly handler: RouteHandler;
  /** Interaction callbacks and webhook calls carry their token in the path, not a header. */
  readonly needsAuth: boolean;
}

export const ok = (body: unknown): RestReply => ({ status: 200, body });
export const created = (body: unknown): RestReply => ({ status: 201, body });
export const noContent = (): RestReply => ({ status: 204 });

/** A path's segments, decoded: Discord's paths hold `@original` and `@me`, which discord.js percent-encodes. */
export function pathSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** Matches segments against a pattern's parts (`:name` takes any one segment); the params, or undefined. */
export function matchSegments(parts: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  const matches = parts.every((part, i) => {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      params[part.slice(1)] = segment;
      return true;
    }
    return part === segment;
  });
  return matches ? params : undefined;
}

export interface FoundRoute {
  readonly handler: RouteHandler;
  readonly params: Record<string, string>;
  readonly needsAuth: boolean;
  /** `METHOD /path/:param`, e.g. `POST /channels/:channel/messages`. */
  readonly pattern: string;
}

export class Router {
  readonly #routes: Route[] = [];

  add(method: string, pattern: string, handler: RouteHandler, options: { needsAuth?: boolean } = {}): void {
    this.#routes.push({
      method,
      pattern: `${method} ${pattern}`,
      parts: pattern.split('/').filter(Boolean),
      handler,
      needsAuth: options.needsAuth ?? true,
    });
  }

  find(method: string, path: string): FoundRoute | undefined {
    const segments = pathSegments(path);
    for (const route of this.#routes) {
      if (route.method !== method) continue;
      const params = matchSegments(route.parts, segments);
      if (params) return { handler: route.handler, params, needsAuth: route.needsAuth, pattern: route.pattern };
    }
    return undefined;
  }
}

const tooLarge = (): RestError => new RestError(413, ErrorCode.RequestTooLarge, 'Request entity too large');

/** Reads the request body: JSON, or multipart with `payload_json` and `files[n]` parts. */
export async function readBody(
  request: IncomingMessage,
  maxUploadBytes: number,
): Promise<{ body: Record<string, unknown>; list: unknown[] | undefined; files: IncomingFile[] }> {
  const chunks: Buffer[] = [];
  let total = 0;
  // Room for the JSON beside the files; a single file is checked against the limit below.
  const ceiling = maxUploadBytes * 10 + 1_000_000;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > ceiling) throw tooLarge();
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: {}, list: undefined, files: [] };
  if (type.startsWith('multipart/form-data')) return readMultipart(raw, type, maxUploadBytes);
  const parsed = parseJson(raw.toString('utf8'));
  return Array.isArray(parsed)
    ? { body: {}, list: parsed, files: [] }
    : { body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}, list: undefined, files: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, ErrorCode.InvalidJson, 'The request body contains invalid JSON.');
  }
}

async function readMultipart(
  raw: Buffer,
  contentType: string,
  maxUploadBytes: number,
): Promise<{ body: Record<string, unknown>; list: unknown[] | undefined; files: IncomingFile[] }> {
  // Node's own fetch Request parses multipart bodies; no dependency needed.
  const form = await new Request('http://fakecord.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: raw,
  }).formData();
  let body: Record<string, unknown> = {};
  const files: IncomingFile[] = [];
  let nextIndex = 0;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      if (key === 'payload_json') {
        const parsed = parseJson(value);
        body = { ...body, ...(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}) };
      } else {
        body[key] = value;
      }
      continue;
    }
    const bytes = Buffer.from(await value.arrayBuffer());
    if (bytes.length > maxUploadBytes) throw tooLarge();
    const index = Number(/^files\[(\d+)\]$/.exec(key)?.[1] ?? nextIndex);
    nextIndex = index + 1;
    files.push({ index, filename: value.name || `file${index}`, contentType: value.type || undefined, bytes });
  }
  return { body, list: undefined, files };
}

export function sendJson(response: ServerResponse, status: number, body?: unknown, headers: Readonly<Record<string, string>> = {}): void {
  if (body === undefined) {
    response.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

/** A `METHOD /path/:param` pattern, as fault rules and `requests()` take them. */
export interface RoutePattern {
  readonly method: string;
  readonly parts: readonly string[];
}

/** Parses `POST /channels/:id/messages` (an `/api` or `/api/v10` prefix is ignored); undefined if malformed. */
export function parseRoutePattern(route: string): RoutePattern | undefined {
  const found = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(route);
  if (!found) return undefined;
  const path = (found[2] ?? '').replace(/^\/api(?:\/v\d+)?(?=\/)/, '');
  return { method: (found[1] ?? '').toUpperCase(), parts: pathSegments(path) };
}

/** The pattern's params when `method path` matches it, else undefined. */
export function matchRoute(pattern: RoutePattern, method: string, path: string): Record<string, string> | undefined {
  return pattern.method === method ? matchSegments(pattern.parts, pathSegments(path)) : undefined;
}
