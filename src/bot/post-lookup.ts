/**
 * Finding a post Discord already has. Discord remembers a message's nonce for a few minutes only, and
 * never returns it on a message fetched later; so before the worker sends again a post whose earlier
 * try may have reached Discord (the bot died before hearing back, or a try failed without an answer),
 * it reads the channel since the row was written and looks for its own message with the same marks:
 * the same file names and component ids (a turn's picture is `turn-<seq>.png`, a prompt's buttons carry
 * the match and its seq, so these name the post), and for a post with neither, the same text. A message
 * already recorded for another of the match's rows is never taken.
 */
import { SnowflakeUtil, type Message, type MessageCreateOptions, type SendableChannels } from 'discord.js';
import { parseComponentId } from '../commands/codec';

/** How much earlier than the row's own time to read from: a clock on this machine a little ahead of Discord's. */
const CLOCK_SLACK_MS = 60_000;
/** At most this many messages are read (pages of 100): a thread's posts since one row, even after a long outage. */
const READ_LIMIT = 500;

/** What names a post: its text, its files' names and its components' ids, in order. */
export interface PostMarks {
  readonly content: string;
  readonly files: readonly string[];
  readonly ids: readonly string[];
}

const idsIn = (components: readonly unknown[]): string[] =>
  components.flatMap((c) => {
    const json = (typeof (c as { toJSON?: unknown }).toJSON === 'function' ? (c as { toJSON(): unknown }).toJSON() : c) as {
      custom_id?: string;
      components?: unknown[];
    };
    return [...(json.custom_id ? [json.custom_id] : []), ...idsIn(json.components ?? [])];
  });

export function marksOfPost(post: MessageCreateOptions): PostMarks {
  const files = (post.files ?? []).map((f) => (typeof f === 'object' && f !== null && 'name' in f ? String(f.name ?? '') : ''));
  return { content: post.content ?? '', files, ids: idsIn(post.components ?? []) };
}

export function marksOfMessage(message: Message): PostMarks {
  return { content: message.content, files: message.attachments.map((a) => a.name), ids: idsIn(message.components.map((c) => c.toJSON())) };
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether a message is this post: by its files and components when it has any, else by its text. */
export function sameMarks(found: PostMarks, wanted: PostMarks): boolean {
  if (wanted.files.length > 0 || wanted.ids.length > 0) return same(found.files, wanted.files) && same(found.ids, wanted.ids);
  return found.content === wanted.content;
}

/** The bot's own channel posts (not interaction replies) in the channel since `since`, oldest first. */
async function ownPostsSince(channel: SendableChannels, botId: string, since: number): Promise<Message[]> {
  const found: Message[] = [];
  let after = SnowflakeUtil.generate({ timestamp: Math.max(since - CLOCK_SLACK_MS, Number(SnowflakeUtil.epoch)) }).toString();
  for (let read = 0; read < READ_LIMIT; read += 100) {
    const page = [...(await channel.messages.fetch({ after, limit: 100, cache: false })).values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    found.push(...page.filter((m) => m.author.id === botId && !m.webhookId && !m.interactionMetadata));
    if (page.length < 100) break;
    after = page.at(-1)!.id;
  }
  return found;
}

/**
 * The bot's message in `channel` that is this post, posted at or after `since` and not among `taken`
 * (messages recorded for other rows); null when Discord has none, and the post must be sent.
 */
export async function findOwnPost(
  channel: SendableChannels,
  botId: string,
  post: MessageCreateOptions,
  since: number,
  taken: ReadonlySet<string>,
): Promise<Message | null> {
  const wanted = marksOfPost(post);
  const candidates = (await ownPostsSince(channel, botId, since)).filter((m) => !taken.has(m.id) && sameMarks(marksOfMessage(m), wanted));
  return candidates[0] ?? null;
}

/** A prompt's message for this match and seq (its components carry both), whatever its buttons say now. */
export async function findPromptPost(
  channel: SendableChannels,
  botId: string,
  matchId: string,
  seq: number,
  since: number,
  taken: ReadonlySet<string>,
): Promise<Message | null> {
  const ofPrompt = (m: Message) =>
    marksOfMessage(m).ids.some((id) => {
      const parsed = parseComponentId(id);
      return parsed?.match === matchId && parsed.seq === seq;
    });
  return (await ownPostsSince(channel, botId, since)).find((m) => !taken.has(m.id) && ofPrompt(m)) ?? null;
}
