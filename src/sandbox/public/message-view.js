// One message as Discord draws it: the avatar and author (or, for a command's answer, who used
// which command), the content in markdown, images with their alt text shown under them, embeds,
// components, and the "Only you can see this" line of an ephemeral reply.

import { componentsView } from './components-view.js';
import { replaySlider } from './forms-view.js';
import { escapeHtml, nameHtml, renderMarkdown, sandboxNow } from './markdown.js';

/**
 * @typedef {object} MessageContext
 * @property {string} viewerId
 * @property {(id: string) => any} user a user (or the bot) by id
 * @property {(id: string) => string | undefined} channelName
 * @property {import('./components-view.js').ComponentActions} actions
 * @property {(src: string, alt: string) => void} openImage
 * @property {(messageId: string) => void} dismiss
 * @property {(messageId: string, ask: string, turn: number) => Promise<{ ok: boolean, error?: string }>} replayTo
 * @property {(userId: string) => void} playAs switches the page's "Play as" to that user
 * @property {string | undefined} latestPingId the channel's latest message from the bot that waits for someone (waitsOn)
 */

/**
 * How Discord shows a message's pictures (src/discord/display.ts): the numbers the bot's pictures are
 * drawn for, so the page shows them as a phone or a desktop would. The CSS reads the widths.
 */
const DISPLAY = await fetch('/api/display').then((r) => r.json());
document.documentElement.style.setProperty('--lone-max', `${DISPLAY.desktop.lone}px`);
document.documentElement.style.setProperty('--embed-image-max', `${DISPLAY.desktop.embed}px`);
document.documentElement.style.setProperty('--embed-frame', `${DISPLAY.embedFrame}px`);
document.documentElement.style.setProperty('--mosaic-gap', `${DISPLAY.mosaicGap}px`);

const AVATAR_COLOURS = ['#e0733f', '#3ba55c', '#5b8def', '#c061cb', '#d4a72c', '#e2556f'];

/** A round avatar: the bot's crossed swords, or the player's initial on their colour. */
export function avatarHtml(user, size = 40) {
  if (!user) return `<div class="avatar" style="--size:${size}px;background:#4e5058">?</div>`;
  if (user.bot) return `<div class="avatar avatar-bot" style="--size:${size}px">⚔</div>`;
  const colour = AVATAR_COLOURS[Number(BigInt(user.id) % BigInt(AVATAR_COLOURS.length))];
  return `<div class="avatar" style="--size:${size}px;background:${colour}">${escapeHtml((user.displayName ?? user.username).slice(0, 1).toUpperCase())}</div>`;
}

const nameOf = (user) => user?.displayName ?? user?.username ?? 'unknown';

/** "Today at 14:03", as Discord labels a message. */
export function timeLabel(iso) {
  const d = new Date(iso);
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const today = new Date(sandboxNow());
  return d.toDateString() === today.toDateString() ? `Today at ${time}` : `${d.toLocaleDateString()} ${time}`;
}

/** Discord's message type for "X started a thread", posted in the parent channel. */
const THREAD_CREATED = 18;

/**
 * "X started a thread: <name>", as Discord's system line: the thread's name opens the thread (its
 * id is the message's reference), so a player who lands in the channel can get back to the match.
 */
function threadCreatedView(message, ctx) {
  const el = document.createElement('article');
  el.className = 'message system-message thread-created';
  el.dataset.id = message.id;
  const threadId = message.reference?.channelId;
  const name = (threadId && ctx.channelName(threadId)) ?? message.content;
  const author = ctx.user(message.author.id) ?? message.author;
  const link = threadId ? `<a href="#" class="thread-link" data-channel="${escapeHtml(threadId)}">${nameHtml(name)}</a>` : `<strong>${nameHtml(name)}</strong>`;
  el.innerHTML = `<div class="message-main"><span class="system-icon">${THREAD_GLYPH}</span><div class="message-body"><div class="content"><strong>${escapeHtml(nameOf(author))}</strong> started a thread: ${link} <time>${escapeHtml(timeLabel(message.timestamp))}</time></div></div></div>`;
  return el;
}

const THREAD_GLYPH = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M4 4h16v11H8l-4 4z"/></svg>';

/** How the line above an interaction's answer says what the player did: a command, a button, a menu, a form. */
function interactionWords(interaction) {
  if (interaction.type === 2 && interaction.name) return `used <span class="command-name">/${escapeHtml(interaction.name)}</span>`;
  if (interaction.kind === 'select')
    return interaction.picked ? `chose <span class="picked">${escapeHtml(interaction.picked)}</span> in a menu` : 'chose in a menu';
  if (interaction.type === 5 || interaction.kind === 'modal-submit') return 'filled in a form';
  return 'clicked a button';
}

/** Whether `message` continues the one before it: same author, close in time, no command header. */
export function continues(message, previous) {
  if (!previous || message.interaction || previous.author.id !== message.author.id) return false;
  if (message.type === THREAD_CREATED || previous.type === THREAD_CREATED) return false;
  if (message.ephemeral !== previous.ephemeral) return false;
  return new Date(message.timestamp).getTime() - new Date(previous.timestamp).getTime() < 7 * 60 * 1000;
}

/**
 * @param {any} message
 * @param {boolean} continued
 * @param {MessageContext} ctx
 */
export function messageView(message, continued, ctx) {
  if (message.type === THREAD_CREATED) return threadCreatedView(message, ctx);
  const names = { userName: (id) => nameOf(ctx.user(id)), channelName: ctx.channelName, viewerId: ctx.viewerId };
  const el = document.createElement('article');
  el.className = 'message';
  el.dataset.id = message.id;
  if (continued) el.classList.add('continued');
  if (message.ephemeral) el.classList.add('ephemeral');
  if (message.mentions.includes(ctx.viewerId)) el.classList.add('mentions-me');
  if ((message.components ?? []).length > 0) el.classList.add('has-components');

  const author = ctx.user(message.author.id) ?? message.author;
  const parts = [];
  if (message.interaction) {
    const invoker = ctx.user(message.interaction.userId);
    const what = interactionWords(message.interaction);
    parts.push(
      `<div class="interaction-line"><span class="spine"></span>${avatarHtml(invoker, 16)}<span class="invoker">${escapeHtml(nameOf(invoker))}</span> ${what}</div>`,
    );
  }
  parts.push('<div class="message-main">');
  parts.push(
    continued
      ? `<time class="hover-time">${escapeHtml(new Date(message.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }))}</time>`
      : avatarHtml(author),
  );
  parts.push('<div class="message-body">');
  if (!continued) {
    parts.push(
      `<header class="message-header"><span class="author${author.bot ? ' author-bot' : ''}">${escapeHtml(nameOf(author))}</span>${author.bot ? '<span class="app-tag">APP</span>' : ''}<time>${escapeHtml(timeLabel(message.timestamp))}</time></header>`,
    );
  }
  if (message.loading) {
    parts.push(`<div class="content thinking">${escapeHtml(nameOf(author))} is thinking<span class="dots"><i>.</i><i>.</i><i>.</i></span></div>`);
  } else if (message.content) {
    parts.push(`<div class="content">${renderMarkdown(message.content, names)}${message.editedTimestamp ? '<span class="edited">(edited)</span>' : ''}</div>`);
  }
  parts.push('</div></div>');
  el.innerHTML = parts.join('');
  const body = el.querySelector('.message-body');

  const files = attachmentsView(message, ctx);
  if (files) body.append(files);
  if (message.replay) body.append(replaySlider(message, ctx.replayTo));
  for (const embed of message.embeds ?? []) body.append(embedView(embed, names, ctx));
  const components = componentsView(message, ctx.actions);
  if (components) body.append(components);
  const handOff = handOffView(message, ctx);
  if (handOff) body.append(handOff);
  if (message.ephemeral) {
    const note = document.createElement('div');
    note.className = 'ephemeral-note';
    note.innerHTML = '<span class="eye">👁</span> Only you can see this · <button type="button" class="link-button">Dismiss message</button>';
    note.querySelector('button').addEventListener('click', () => ctx.dismiss(message.id));
    body.append(note);
  }
  return el;
}

/**
 * The player a message waits for, or null: a prompt (buttons or a menu) that pings one player, or a
 * ping that asks them ("<@bob>, it's your turn…", "<@bob>, go on with…"). A mention that only names
 * someone ("<@bob> concedes.", the result's "<@bob>" after the score) waits for nobody.
 */
export function waitsOn(message) {
  if (message.ephemeral || message.mentions.length !== 1) return null;
  const player = message.mentions[0];
  const prompt = (message.components ?? []).length > 0;
  const asks = typeof message.content === 'string' && message.content.includes(`<@${player}>,`);
  return prompt || asks ? player : null;
}

/**
 * On the message the channel waits on (the latest that waits for someone), when it waits for another
 * player than the one the page plays as: a button that switches "Play as" to them, so one person
 * playing every side need not do it by hand. Older prompts and pings no longer wait for anybody.
 */
function handOffView(message, ctx) {
  if (message.id !== ctx.latestPingId) return null;
  const waitsFor = waitsOn(message);
  if (!waitsFor || waitsFor === ctx.viewerId) return null;
  const user = ctx.user(waitsFor);
  if (!user || user.bot) return null;
  const box = document.createElement('div');
  box.className = 'hand-off';
  box.innerHTML = `<button type="button" class="hand-off-button">▶ Play as ${escapeHtml(nameOf(user))}</button> <span class="hand-off-why">this waits for them</span>`;
  box.querySelector('button').addEventListener('click', () => ctx.playAs(waitsFor));
  return box;
}

/**
 * The message's attachments as Discord shows them (src/discord/display.ts, served as /api/display):
 * a file an embed's image points at is shown in that embed only; a lone picture takes the column (up
 * to the desktop's widest); two or more are a mosaic of equal columns at every width. Each picture
 * has its alt text under it (the alt text is the map for a reader); other files are cards.
 */
function attachmentsView(message, ctx) {
  const inEmbeds = new Set((message.embeds ?? []).flatMap((e) => [e.image?.url, e.thumbnail?.url]).filter(Boolean));
  const files = (message.attachments ?? []).filter((a) => !inEmbeds.has(a.url));
  if (files.length === 0) return null;
  const box = document.createElement('div');
  box.className = 'attachments';
  const images = files.filter((a) => a.contentType?.startsWith('image/')).length;
  if (images > 1) {
    box.classList.add('mosaic');
    box.style.setProperty('--columns', String(DISPLAY.mosaicColumns[images] ?? 3));
  }
  for (const a of files) {
    if (a.contentType?.startsWith('image/')) box.append(pictureView(a.url, a.width, a.height, a.description, ctx));
    else {
      const card = document.createElement('a');
      card.className = 'file-card';
      card.href = a.url;
      card.target = '_blank';
      card.innerHTML = `<span class="file-icon">📄</span><span><span class="file-name">${escapeHtml(a.filename)}</span><span class="file-size">${(a.size / 1024).toFixed(1)} KB</span></span>`;
      box.append(card);
    }
  }
  return box;
}

/**
 * A picture in its box (the figure: the column, a mosaic's tile or an embed's width, by the CSS), at
 * its own size or smaller, never enlarged, and no taller than DISPLAY.tallest times the box's width.
 * `alt` (an attachment's description) is shown under it; an embed's picture has none.
 */
function pictureView(url, width, height, alt, ctx) {
  const figure = document.createElement('figure');
  figure.className = 'image';
  const img = document.createElement('img');
  img.src = url;
  img.alt = alt ?? '';
  if (alt) img.title = alt;
  img.loading = 'lazy';
  if (width && height) {
    // The attributes reserve the picture's shape, so the list does not jump as pictures arrive.
    img.width = width;
    img.height = height;
    img.style.width = `${width}px`;
    img.style.maxWidth = `${Math.min(1, (DISPLAY.tallest * width) / height) * 100}%`;
  }
  img.addEventListener('click', () => ctx.openImage(url, alt ?? ''));
  figure.append(img);
  if (alt) {
    const caption = document.createElement('figcaption');
    caption.className = 'alt-text';
    caption.innerHTML = `<span class="alt-badge">ALT</span><span class="alt-words">${escapeHtml(alt)}</span>`;
    caption.title = 'Click to show all of the alt text';
    caption.addEventListener('click', () => caption.classList.toggle('expanded'));
    figure.append(caption);
  }
  return figure;
}

function embedView(e, names, ctx) {
  const el = document.createElement('div');
  el.className = 'embed';
  if (typeof e.color === 'number') el.style.borderLeftColor = `#${e.color.toString(16).padStart(6, '0')}`;
  const parts = ['<div class="embed-main">'];
  if (e.author?.name)
    parts.push(`<div class="embed-author">${e.author.icon_url ? `<img src="${escapeHtml(e.author.icon_url)}" alt="">` : ''}${escapeHtml(e.author.name)}</div>`);
  if (e.title) {
    const title = escapeHtml(e.title);
    parts.push(`<div class="embed-title">${e.url ? `<a href="${escapeHtml(e.url)}" target="_blank" rel="noreferrer">${title}</a>` : title}</div>`);
  }
  if (e.description) parts.push(`<div class="embed-description">${renderMarkdown(e.description, names)}</div>`);
  if (e.fields?.length) {
    parts.push('<div class="embed-fields">');
    for (const f of e.fields) {
      parts.push(
        `<div class="embed-field${f.inline ? ' inline' : ''}"><div class="embed-field-name">${renderMarkdown(f.name, names)}</div><div class="embed-field-value">${renderMarkdown(f.value, names)}</div></div>`,
      );
    }
    parts.push('</div>');
  }
  if (e.image?.url) parts.push('<div class="embed-picture"></div>');
  if (e.footer?.text || e.timestamp) {
    const when = e.timestamp ? timeLabel(e.timestamp) : '';
    parts.push(
      `<div class="embed-footer">${e.footer?.icon_url ? `<img src="${escapeHtml(e.footer.icon_url)}" alt="">` : ''}${escapeHtml([e.footer?.text, when].filter(Boolean).join(' • '))}</div>`,
    );
  }
  parts.push('</div>');
  if (e.thumbnail?.url) parts.push(`<img class="embed-thumbnail" src="${escapeHtml(e.thumbnail.url)}" alt="">`);
  el.innerHTML = parts.join('');
  // The embed's picture at the embed's width (at most DISPLAY.desktop.embed on a wide screen), as Discord shows it.
  if (e.image?.url) {
    el.classList.add('has-picture');
    el.querySelector('.embed-picture')?.append(pictureView(e.image.url, e.image.width, e.image.height, undefined, ctx));
  }
  if (e.thumbnail?.url) el.classList.add('has-thumbnail');
  for (const img of el.querySelectorAll('.embed-thumbnail')) img.addEventListener('click', () => ctx.openImage(/** @type {HTMLImageElement} */ (img).src, ''));
  return el;
}
