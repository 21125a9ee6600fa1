/**
 * The gateway: a WebSocket server speaking Discord's JSON protocol (v10, no compression). HELLO,
 * heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME with a replay of missed events, and dispatches
 * numbered per session. Sessions outlive their sockets (except after a normal close, which Discord
 * treats as the end of the session), so a client told to reconnect can resume where it was.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { shardOf } from './snowflakes';
import type { GatewaySessionInfo } from './types';

/** IDENTIFY's `shard`: absent means `[0, 1]`; anything but two whole numbers with id < count is invalid (null). */
function shardFrom(raw: unknown): readonly [number, number] | null {
  if (raw === undefined || raw === null) return [0, 1];
  if (!Array.isArray(raw) || raw.length !== 2) return null;
  const [id, count] = raw as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  if ((id as number) < 0 || (count as number) < 1 || (id as number) >= (count as number)) return null;
  return [id as number, count as number];
}

const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

const Close = {
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  InvalidShard: 4010,
} as const;

/** Events kept per session for RESUME; a client that missed more must identify again. */
const REPLAY_LIMIT = 1000;
/** How long a dropped session waits to be resumed before it is forgotten (a crashed bot's, say). */
const RESUME_WINDOW_MS = 60_000;

interface Session {
  readonly id: string;
  readonly token: string;
  readonly intents: number;
  /** `[id, count]`: the session gets the events of guilds with `(guild_id >> 22) % count === id`. */
  readonly shard: readonly [number, number];
  seq: number;
  resumes: number;
  readonly replay: string[];
  readonly replaySeqs: number[];
  socket: WebSocket | null;
  expiry: ReturnType<typeof setTimeout> | null;
}

export interface GatewayHooks {
  readonly heartbeatMs: number;
  /** READY's data for a new session on this shard (its `resume_gateway_url` is where clients come back). */
  ready(sessionId: string, shard: readonly [number, number]): unknown;
  /** The shard's guilds, each sent as GUILD_CREATE right after READY. */
  guildCreates(shard: readonly [number, number]): unknown[];
  /** GUILD_MEMBERS_CHUNK's members for a Request Guild Members (op 8). */
  members(query: { readonly userIds?: readonly string[]; readonly query?: string; readonly limit?: number }): unknown[];
  onSessionChange(info: GatewaySessionInfo): void;
  /** Whether an identify's token is accepted (default: any that is not empty). */
  acceptsToken?(token: string): boolean;
}

/** A dispatch's data, or a function of the receiving session's intents (undefined: do not send). */
export type DispatchData = unknown | ((intents: number) => unknown);

export class Gateway {
  readonly #server: WebSocketServer;
  readonly #sessions = new Map<string, Session>();
  readonly #sockets = new Set<WebSocket>();

  constructor(
    http: Server,
    private readonly hooks: GatewayHooks,
  ) {
    this.#server = new WebSocketServer({ server: http });
    this.#server.on('connection', (socket) => this.#accept(socket));
  }

  /**
   * Sends an event to every session (buffering it for those between sockets, to replay on RESUME).
   * With `intent`, only sessions that asked for that intent get it; with `guildId`, only sessions of
   * the shard that guild falls on, as Discord routes a guild's events. Returns how many connected
   * sessions it went to: a session whose client dropped (a killed bot's, say) keeps its buffer for
   * the resume window but is not counted.
   */
  dispatch(t: string, data: DispatchData, intent?: number, guildId?: string | null): number {
    let count = 0;
    for (const session of this.#sessions.values()) {
      if (intent !== undefined && (session.intents & intent) === 0) continue;
      if (guildId && shardOf(guildId, session.shard[1]) !== session.shard[0]) continue;
      const d = typeof data === 'function' ? (data as (intents: number) => unknown)(session.intents) : data;
      if (d === undefined) continue;
      this.#send(session, t, d);
      if (session.socket) count += 1;
    }
    return count;
  }

  /** Op 7 to every connected client: discord.js closes, reconnects and resumes. */
  requestReconnect(): void {
    for (const session of this.#sessions.values()) {
      session.socket?.send(JSON.stringify({ op: Op.Reconnect, d: null, s: null, t: null }));
    }
  }

  sessions(): GatewaySessionInfo[] {
    return [...this.#sessions.values()].map((session) => this.#info(session));
  }

  async close(): Promise<void> {
    for (const session of this.#sessions.values()) if (session.expiry) clearTimeout(session.expiry);
    for (const socket of this.#sockets) socket.terminate();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #info(session: Session): GatewaySessionInfo {
    return {
      sessionId: session.id,
      connected: session.socket !== null,
      intents: session.intents,
      sequence: session.seq,
      resumes: session.resumes,
      shard: session.shard,
    };
  }

  #send(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const frame = JSON.stringify({ op: Op.Dispatch, t, s: session.seq, d });
    session.replay.push(frame);
    session.replaySeqs.push(session.seq);
    if (session.replay.length > REPLAY_LIMIT) {
      session.replay.shift();
      session.replaySeqs.shift();
    }
    if (session.socket?.readyState === 1) session.socket.send(frame);
  }

  #accept(socket: WebSocket): void {
    this.#sockets.add(socket);
    let session: Session | null = null;
    const frame = (op: number, d: unknown): void => socket.send(JSON.stringify({ op, d, s: null, t: null }));
    frame(Op.Hello, { heartbeat_interval: this.hooks.heartbeatMs });

    socket.on('message', (raw: RawData) => {
      let payload: { op?: unknown; d?: unknown };
      try {
        payload = JSON.parse(raw.toString()) as { op?: unknown; d?: unknown };
      } catch {
        socket.close(Close.DecodeError, 'Error while decoding payload.');
        return;
      }
      const d = (typeof payload.d === 'object' && payload.d !== null ? payload.d : {}) as Record<string, unknown>;
      switch (payload.op) {
        case Op.Heartbeat:
          frame(Op.HeartbeatAck, null);
          return;
        case Op.Identify: {
          if (session) return socket.close(Close.AlreadyAuthenticated, 'You sent more than one identify payload.');
          if (typeof d.token !== 'string' || d.token === '' || this.hooks.acceptsToken?.(d.token) === false)
            return socket.close(Close.AuthenticationFailed, 'Authentication failed.');
          const shard = shardFrom(d.shard);
          if (!shard) return socket.close(Close.InvalidShard, 'You sent an invalid shard when identifying.');
          session = {
            shard,
            id: randomUUID().replaceAll('-', ''),
            token: d.token,
            intents: typeof d.intents === 'number' ? d.intents : 0,
            seq: 0,
            resumes: 0,
            replay: [],
            replaySeqs: [],
            socket,
            expiry: null,
          };
          this.#sessions.set(session.id, session);
          this.#send(session, 'READY', this.hooks.ready(session.id, shard));
          for (const guild of this.hooks.guildCreates(shard)) this.#send(session, 'GUILD_CREATE', guild);
          this.hooks.onSessionChange(this.#info(session));
          return;
        }
        case Op.Resume: {
          const found = typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
          if (!found || found.token !== d.token) {
            frame(Op.InvalidSession, false);
            return;
          }
          if (found.socket && found.socket !== socket) found.socket.terminate();
          if (found.expiry) clearTimeout(found.expiry);
          found.expiry = null;
          session = found;
          found.socket = socket;
          found.resumes += 1;
          const after = typeof d.seq === 'number' ? d.seq : 0;
          found.replay.forEach((event, i) => {
            if ((found.replaySeqs[i] ?? 0) > after) socket.send(event);
          });
          this.#send(found, 'RESUMED', {});
          this.hooks.onSessionChange(this.#info(found));
          return;
        }
        case Op.RequestGuildMembers: {
          if (!session) return socket.close(Close.NotAuthenticated, 'You sent a payload prior to identifying.');
          const userIds = Array.isArray(d.user_ids) ? d.user_ids.map(String) : typeof d.user_ids === 'string' ? [d.user_ids] : undefined;
          const members = this.hooks.members({
            ...(userIds ? { userIds } : {}),
            ...(typeof d.query === 'string' ? { query: d.query } : {}),
            ...(typeof d.limit === 'number' ? { limit: d.limit } : {}),
          });
          this.#send(session, 'GUILD_MEMBERS_CHUNK', {
            guild_id: d.guild_id,
            members,
            chunk_index: 0,
            chunk_count: 1,
            ...(d.nonce === undefined ? {} : { nonce: d.nonce }),
          });
          return;
        }
        case Op.PresenceUpdate:
        case Op.VoiceStateUpdate:
          if (!session) socket.close(Close.NotAuthenticated, 'You sent a payload prior to identifying.');
          return;
        default:
          socket.close(Close.UnknownOpcode, 'Unknown opcode.');
      }
    });

    socket.on('close', (code: number) => {
      this.#sockets.delete(socket);
      if (!session || session.socket !== socket) return;
      session.socket = null;
      // Discord ends the session on a normal close (1000/1001); other codes may resume for a while.
      const ended = session;
      if (code === 1000 || code === 1001) this.#sessions.delete(ended.id);
      else ended.expiry = setTimeout(() => this.#sessions.delete(ended.id), RESUME_WINDOW_MS).unref();
      this.hooks.onSessionChange(this.#info(session));
    });
  }
}
