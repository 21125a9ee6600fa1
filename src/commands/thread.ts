/**
 * Posting into a match thread. Mentions are explicit: of the users a message mentions (`<@id>` in its
 * text), only those listed in `ping` are pinged, so a log that names players pings nobody while
 * "your turn" pings the one it is for.
 */
import { clip } from '../discord/text';
import { AttachmentBuilder, type APIEmbed, type MessageCreateOptions } from 'discord.js';
import type { PlainPost, PostFile } from '../posts/plain-post';

/** A plain post (posts/plain-post.ts) with Discord's buttons, menus and embeds. */
export interface Post extends PlainPost {
  readonly components?: MessageCreateOptions['components'];
  readonly embeds?: MessageCreateOptions['embeds'];
}

/**
 * The message for a post. A file marked `inEmbed` is shown in an embed of its own (`attachment://`
 * its name), which Discord shows at the embed's width and not again among the attachments. An embed's
 * image has no alt text, so its alt words are the embed's footer: small print under the picture that
 * a screen reader reads, as it would not the hidden attachment's description (which is kept too).
 */
export function messageOf(post: Post): MessageCreateOptions {
  const pictures = (post.files ?? []).filter((f) => f.inEmbed).map(pictureEmbed);
  const embeds = [...(post.embeds ?? []), ...pictures];
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
    ...(post.embeds || pictures.length > 0 ? { embeds } : {}),
  };
}

/** The embed that shows a file: its picture, and its alt text under it. */
export const pictureEmbed = (file: Pick<PostFile, 'name' | 'alt'>): APIEmbed => ({
  image: { url: `attachment://${file.name}` },
  ...(file.alt ? { footer: { text: clip(file.alt, 'embedFooterText', { atWord: true }) } } : {}),
});
