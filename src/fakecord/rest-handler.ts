/**
 * The fake's HTTP requests: an uploaded file under `/attachments`, or a REST request under
 * `/api/v10` routed, logged (request-log.ts), handed to a fault rule if one catches it (faults.ts),
 * and answered, with Discord's JSON error for whatever it refuses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { RestError, invalidForm } from './errors';
import type { EventHub } from './events';
import type { FaultBook } from './faults';
import { readBody, type Router, sendJson, type RestReply, type RestRequest } from './http-router';
import { checkWellFormed } from './message-limits';
import type { RequestLog } from './request-log';
import type { FakeDiscordOptions, Rejection } from './types';
import type { World } from './world';

export interface RestHandlerParts {
  readonly origin: string;
  readonly world: World;
  readonly router: Router;
  readonly hub: EventHub;
  readonly requestLog: RequestLog;
  readonly faults: FaultBook;
  readonly maxUploadBytes: number;
  readonly latency: FakeDiscordOptions['latencyMs'];
  readonly acceptsToken: FakeDiscordOptions['acceptsToken'];
  /** Told every request no route matches, as `METHOD /path`. */
  readonly unknownRoute: (route: string) => void;
  /** Told every refusal the fake answers. */
  readonly reject: (rejection: Rejection) => void;
}

type Route = NonNullable<ReturnType<Router['find']>>;
type LogEntry = ReturnType<RequestLog['begin']>;

/** An uploaded file, if the request asks for one that exists. */
function serveAttachment(world: World, url: URL, method: string, response: ServerResponse): boolean {
  const file = /^\/attachments\/(\d+)\/[^/]+$/.exec(url.pathname);
  if (!file || (method !== 'GET' && method !== 'HEAD')) return false;
  const record = world.attachments.record(file[1] ?? '');
  const bytes = world.attachments.bytes(file[1] ?? '');
  if (!record || !bytes) return false;
  // The sandbox page loads images from here, from another origin.
  response.writeHead(200, { 'content-type': record.contentType, 'content-length': bytes.length, 'access-control-allow-origin': '*' });
  response.end(method === 'HEAD' ? undefined : bytes);
  return true;
}

/** The request as a route handler takes it: authorised, its body read and well formed; a RestError otherwise. */
async function readRequest(parts: RestHandlerParts, request: IncomingMessage, url: URL, method: string, path: string, route: Route): Promise<RestRequest> {
  const auth = /^Bot (\S+)/.exec(request.headers.authorization ?? '');
  if (route.needsAuth && (!auth || (parts.acceptsToken && !parts.acceptsToken(auth[1]!)))) {
    throw new RestError(401, 0, '401: Unauthorized');
  }
  const { body, list, files } = await readBody(request, parts.maxUploadBytes);
  parts.hub.emit('request', { method, path, route: route.pattern, body: list ?? body, files: files.length });
  const broken = checkWellFormed(list ?? body);
  if (broken.length > 0) throw invalidForm(broken);
  return { method, path, params: route.params, query: url.searchParams, body, list, files };
}

/** Handles one HTTP request to the fake; a throw is a bug in the fake, answered 500 by the server. */
export function restHandler(parts: RestHandlerParts): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (request, response) => {
    const url = new URL(request.url ?? '/', parts.origin);
    const method = request.method ?? 'GET';
    if (serveAttachment(parts.world, url, method, response)) return;
    const api = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
    const path = api?.[1] ?? url.pathname;
    const entry = api ? parts.requestLog.begin(method, path, /^Bot \S/.test(request.headers.authorization ?? '')) : undefined;
    /** Answers the client, unless it has gone away; the log keeps what it was told. */
    const respond = async (reply: RestReply): Promise<void> => {
      const latency = parts.latency;
      if (latency) await sleep(latency.min + Math.random() * (latency.max - latency.min));
      if (response.destroyed || response.writableEnded) return;
      sendJson(response, reply.status, reply.body, reply.headers);
      if (entry) entry.status = reply.status;
    };
    /** Discord's JSON error answer for a refusal, recorded for `rejections()`. */
    const refusal = (error: RestError): RestReply => {
      parts.reject({ method, path, status: error.status, code: error.code, message: error.message });
      const details = error.errors === undefined ? {} : { errors: error.errors };
      return { status: error.status, body: { message: error.message, code: error.code, ...details } };
    };

    const route = api ? parts.router.find(method, path) : undefined;
    if (!route) {
      parts.unknownRoute(`${method} ${path}`);
      await respond(refusal(new RestError(404, 0, '404: Not Found')));
      return;
    }
    if (entry) entry.route = route.pattern;
    let restRequest: RestRequest;
    try {
      restRequest = await readRequest(parts, request, url, method, path, route);
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      await respond(refusal(error));
      return;
    }
    if (entry) {
      entry.body = restRequest.body;
      entry.files = restRequest.files.length;
    }
    await answer(parts, request, url, route, restRequest, entry, respond, refusal);
  };
}

/** Carries a well-formed request out and answers it, or lets the fault rule that catches it decide. */
async function answer(
  parts: RestHandlerParts,
  request: IncomingMessage,
  url: URL,
  route: Route,
  restRequest: RestRequest,
  entry: LogEntry | undefined,
  respond: (reply: RestReply) => Promise<void>,
  refusal: (error: RestError) => RestReply,
): Promise<void> {
  let outcome: Promise<RestReply> | undefined;
  /** Carries the request out once, however often a fault asks. */
  const run = (): Promise<RestReply> =>
    (outcome ??= (async () => {
      if (entry) entry.handled = true;
      try {
        return await route.handler(restRequest);
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        return refusal(error);
      }
    })());

  const fault = parts.faults.take({
    method: restRequest.method,
    path: restRequest.path,
    query: url.searchParams,
    body: restRequest.body,
    files: restRequest.files.map((f) => ({ filename: f.filename, contentType: f.contentType ?? null, size: f.bytes.length })),
  });
  if (!fault) {
    await respond(await run());
    return;
  }
  if (entry) entry.fault = true;
  await parts.faults.apply(fault, {
    handle: run,
    respond,
    drop: (reset) => {
      if (reset) request.socket.resetAndDestroy();
      else request.socket.destroy();
    },
  });
}
