/**
 * What a message body the bot sends becomes: content, embeds, components, uploaded files and
 * mentions, the way Discord builds a message from a create or edit request. Channel messages,
 * interaction responses and follow-ups all pass through here, so they behave alike.
 */
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord.js';
import type { AttachmentRecord } from './attachments';
import { ErrorCode, RestError, invalidForm } from './errors';
import { DiscordLimit } from '../discord/limits';
import { checkMessageBody } from './message-limits';
import { MessageFlag, type MessageRecord, type World } from './world';
import { isObject, type Json } from './json';

/** A `files[n]` part of a multipart request. */
export interface IncomingFile {
  readonly index: number;
  readonly filename: string;
  readonly contentType: string | undefined;
  readonly bytes: Buffer;
}

export interface MessageFields {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: AttachmentRecord[];
  flags: number;
  tts: boolean;
  mentions: string[];
  mentionRoles: string[];
  mentionEveryone: boolean;
}

const SUPPRESS_EMBEDS = 1 << 2;
/** Flags a bot may set when sending; the rest are Discord's to set. */
const SENDABLE_FLAGS = SUPPRESS_EMBEDS | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;
const EDITABLE_FLAGS = SUPPRESS_EMBEDS | MessageFlag.IsComponentsV2;

export interface SendContext {
  /** Interaction responses may also carry the ephemeral flag. */
  readonly allowEphemeral: boolean;
  /** The author of the message replied to, who is pinged unless allowed_mentions says otherwise. */
  readonly repliedUserId?: string;
}

/** Fields for a new message; throws a `RestError` (400) for a body Discord would refuse. */
export function newMessageFields(world: World, body: Json, files: readonly IncomingFile[], context: SendContext): MessageFields {
  const requested = typeof body.flags === 'number' ? body.flags : 0;
  const sendable = SENDABLE_FLAGS | (context.allowEphemeral ? MessageFlag.Ephemeral : 0);
  const flags = requested & sendable;
  refuseBrokenBody(body, flags, files);
  const ephemeral = (flags & MessageFlag.Ephemeral) !== 0;
  const attachments = collectAttachments(world, body, files, [], ephemeral);
  const fields: MessageFields = {
    content: typeof body.content === 'string' ? body.content : '',
    embeds: resolveEmbeds(Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : [], attachments),
    components: resolveComponentMedia(Array.isArray(body.components) ? body.components : [], attachments),
    attachments,
    flags,
    tts: body.tts === true,
    mentions: [],
    mentionRoles: [],
    mentionEveryone: false,
  };
  refuseEmpty(fields);
  Object.assign(fields, mentionsIn(world, fields, body.allowed_mentions, context.repliedUserId));
  return fields;
}

/**
 * The change an edit request makes to a message: fields present in the body replace the message's,
 * the others stay. Throws a `RestError` for a body Discord would refuse.
 */
export function editMessageFields(world: World, message: MessageRecord, body: Json, files: readonly IncomingFile[]): MessageFields {
  // An edit may set or clear Suppress Embeds and may turn Components v2 on, never off.
  const flags =
    typeof body.flags === 'number'
      ? (message.flags & ~EDITABLE_FLAGS) | (body.flags & EDITABLE_FLAGS) | (message.flags & MessageFlag.IsComponentsV2)
      : message.flags;
  refuseBrokenBody(body, flags, files);
  const ephemeral = (flags & MessageFlag.Ephemeral) !== 0;
  const attachments = 'attachments' in body || files.length > 0 ? collectAttachments(world, body, files, message.attachments, ephemeral) : message.attachments;
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const fields: MessageFields = {
    content: 'content' in body ? (typeof body.content === 'string' ? body.content : '') : message.content,
    embeds: 'embeds' in body ? resolveEmbeds(listed(body.embeds) as APIEmbed[], attachments) : message.embeds,
    components: 'components' in body ? resolveComponentMedia(listed(body.components), attachments) : message.components,
    attachments,
    // The first edit of a deferred reply replaces "thinking…" with the answer.
    flags: flags & ~MessageFlag.Loading,
    tts: message.tts,
    mentions: message.mentions,
    mentionRoles: message.mentionRoles,
    mentionEveryone: message.mentionEveryone,
  };
  refuseEmpty(fields);
  if ('content' in body || 'allowed_mentions' in body || 'components' in body) {
    Object.assign(fields, mentionsIn(world, fields, body.allowed_mentions, undefined));
  }
  return fields;
}

function refuseBrokenBody(body: Json, flags: number, files: readonly IncomingFile[]): void {
  const problems = checkMessageBody(body, flags);
  if (files.length > DiscordLimit.files) {
    problems.push({ path: 'files', code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${DiscordLimit.files} or fewer in length.` });
  }
  if (problems.length > 0) throw invalidForm(problems);
}

function refuseEmpty(fields: MessageFields): void {
  if (fields.content === '' && fields.embeds.length === 0 && fields.components.length === 0 && fields.attachments.length === 0) {
    throw new RestError(400, ErrorCode.EmptyMessage, 'Cannot send an empty message');
  }
}

/**
 * The message's attachments after this request. With an `attachments` list in the body, it decides:
 * entries whose id is a file index are new uploads (with their alt text), other ids keep an existing
 * attachment, and anything unlisted goes. Without the list, existing ones stay and every file is added.
 */
function collectAttachments(
  world: World,
  body: Json,
  files: readonly IncomingFile[],
  existing: readonly AttachmentRecord[],
  ephemeral: boolean,
): AttachmentRecord[] {
  const upload = (file: IncomingFile, entry: Json | undefined): AttachmentRecord =>
    world.attachments.add(
      {
        filename: typeof entry?.filename === 'string' ? entry.filename : file.filename,
        bytes: file.bytes,
        ...(file.contentType ? { contentType: file.contentType } : {}),
        ...(typeof entry?.description === 'string' ? { description: entry.description } : {}),
      },
      { ephemeral },
    );
  if (!Array.isArray(body.attachments)) {
    return [...existing, ...files.map((file) => upload(file, undefined))];
  }
  const result: AttachmentRecord[] = [];
  body.attachments.forEach((entry: unknown, i) => {
    if (!isObject(entry)) return;
    const id = String(entry.id);
    const file = files.find((candidate) => String(candidate.index) === id);
    const kept = existing.find((attachment) => attachment.id === id);
    if (file) result.push(upload(file, entry));
    else if (kept) result.push(world.attachments.describe(kept, typeof entry.description === 'string' ? entry.description : undefined));
    else {
      throw invalidForm([{ path: `attachments.${i}.id`, code: 'ATTACHMENT_NOT_FOUND', message: `No file or attachment with id ${id}.` }]);
    }
  });
  return result;
}

/** `attachment://name` in an embed becomes the uploaded file's URL, as Discord does. */
function resolveEmbeds(embeds: readonly APIEmbed[], attachments: readonly AttachmentRecord[]): APIEmbed[] {
  const find = (url: string | undefined): AttachmentRecord | undefined =>
    url?.startsWith('attachment://') ? attachments.find((a) => a.filename === url.slice('attachment://'.length)) : undefined;
  const media = (image: { url: string } | undefined): { url: string; proxy_url?: string; width?: number; height?: number } | undefined => {
    if (!image) return undefined;
    if (!image.url.startsWith('attachment://')) return image;
    const attachment = find(image.url);
    // An embed pointing at a file that was not uploaded shows no image on Discord.
    if (!attachment) return undefined;
    return {
      url: attachment.url,
      proxy_url: attachment.url,
      ...(attachment.width === null ? {} : { width: attachment.width, height: attachment.height ?? 0 }),
    };
  };
  return embeds.map((embed) => {
    const copy: APIEmbed = { type: 'rich' as APIEmbed['type'], ...structuredClone(embed) };
    const image = media(copy.image);
    const thumbnail = media(copy.thumbnail);
    if (image) copy.image = image;
    else delete copy.image;
    if (thumbnail) copy.thumbnail = thumbnail;
    else delete copy.thumbnail;
    if (copy.author?.icon_url?.startsWith('attachment://')) copy.author.icon_url = find(copy.author.icon_url)?.url ?? '';
    if (copy.footer?.icon_url?.startsWith('attachment://')) copy.footer.icon_url = find(copy.footer.icon_url)?.url ?? '';
    return copy;
  });
}

/** Media in v2 components (thumbnails, galleries, files) may point at uploads too. */
function resolveComponentMedia(components: readonly unknown[], attachments: readonly AttachmentRecord[]): APIMessageTopLevelComponent[] {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return value;
    const copy: Json = {};
    for (const [key, inner] of Object.entries(value)) {
      const attachment =
        key === 'url' && typeof inner === 'string' && inner.startsWith('attachment://')
          ? attachments.find((a) => a.filename === inner.slice('attachment://'.length))
          : undefined;
      copy[key] = attachment ? attachment.url : visit(inner);
      if (attachment) {
        copy.proxy_url = attachment.url;
        copy.content_type = attachment.contentType;
        copy.attachment_id = attachment.id;
        if (attachment.width !== null) Object.assign(copy, { width: attachment.width, height: attachment.height });
      }
    }
    return copy;
  };
  return visit(components) as APIMessageTopLevelComponent[];
}

/** All the text people read in a message: its content and any v2 text displays. */
function readableText(fields: MessageFields): string {
  const texts: string[] = [fields.content];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    if (value.type === 10 && typeof value.content === 'string') texts.push(value.content);
    Object.values(value).forEach(visit);
  };
  visit(fields.components);
  return texts.join('\n');
}

/** Who is pinged: `<@id>`, `<@&role>` and `@everyone` in the text, filtered by `allowed_mentions`. */
function mentionsIn(
  world: World,
  fields: MessageFields,
  allowed: unknown,
  repliedUserId: string | undefined,
): Pick<MessageFields, 'mentions' | 'mentionRoles' | 'mentionEveryone'> {
  const source = readableText(fields);
  const ids = (pattern: RegExp): string[] => [...new Set([...source.matchAll(pattern)].map((m) => m[1] ?? ''))];
  const userIds = ids(/<@!?(\d+)>/g).filter((id) => world.user(id));
  const roleIds = ids(/<@&(\d+)>/g).filter((id) => world.roles().some((r) => r.id === id));
  const everyone = /@(everyone|here)\b/.test(source);
  if (!isObject(allowed)) {
    return {
      mentions: repliedUserId && !userIds.includes(repliedUserId) ? [...userIds, repliedUserId] : userIds,
      mentionRoles: roleIds,
      mentionEveryone: everyone,
    };
  }
  const parse = Array.isArray(allowed.parse) ? allowed.parse.map(String) : [];
  const users = Array.isArray(allowed.users) ? allowed.users.map(String) : [];
  const roles = Array.isArray(allowed.roles) ? allowed.roles.map(String) : [];
  const pinged = userIds.filter((id) => parse.includes('users') || users.includes(id));
  if (repliedUserId && allowed.replied_user === true && !pinged.includes(repliedUserId)) pinged.push(repliedUserId);
  return {
    mentions: pinged,
    mentionRoles: roleIds.filter((id) => parse.includes('roles') || roles.includes(id)),
    mentionEveryone: everyone && parse.includes('everyone'),
  };
}
