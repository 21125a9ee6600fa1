/**
 * Posting into a match thread. Mentions are explicit: of the users a message mentions (`<@id>` in its
 * text), only those listed in `ping` are pinged, so a log that names players pings nobody while
 * "your turn" pings the one it is for.
 */
import { clip } from '../discord/text';
import { AttachmentBuilder, type MessageCreateOptions } from 'discord.js';
import type { PlainPost } from '../posts/plain-post';

/** A plain post (posts/plain-post.ts) with Discord's buttons, menus and embeds. */
export interface Post extends PlainPost {
  readonly components?: MessageCreateOptions['components'];
  readonly embeds?: MessageCreateOptions['embeds'];
}

export function messageOf(post: Post): MessageCreateOptions {
  return {
    ...(post.content ? { content: clip(post.content, 'content') } : {}),
    allowedMentions: { users: [...(post.ping ?? [])], parse: [] },
    ...(post.files
      ? {
          files: post.files.map(
            (f) => new AttachmentBuilder(f.png, { name: f.name, ...(f.alt ? { description: clip(f.alt, 'altText', { atWord: true }) } : {}) }),
          ),
        }
      : {}),
    ...(post.components ? { components: post.components } : {}),
    ...(post.embeds ? { embeds: post.embeds } : {}),
  };
}
