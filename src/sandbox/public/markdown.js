// Discord's markdown, enough of it for the bot's messages: bold, italics, underline, strikethrough,
// spoilers, inline code and code blocks, headers, quotes, lists, subtext, links, and mentions of
// users, channels and roles. Text is escaped first; only the markup below ever becomes HTML.

/** How far the sandbox's clock is ahead of this machine's (the page's ⏩ fast-forward), in ms. */
let clockAhead = 0;

/** @param {number} ms */
export function setClockAhead(ms) {
  clockAhead = ms;
}

/** The sandbox's time: what the bot's deadlines are measured against. */
export const sandboxNow = () => Date.now() + clockAhead;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** A Discord timestamp as Discord shows it: relative ("in 22 hours") for `R`, the date and time otherwise. */
function timestamp(secs, style) {
  const at = Number(secs) * 1000;
  if (style !== 'R') return new Date(at).toLocaleString();
  const diff = (at - sandboxNow()) / 1000;
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [unit, size] = units.find(([, n]) => Math.abs(diff) >= n) ?? units[3];
  return relative.format(Math.round(diff / size), unit);
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * A channel or thread name as HTML, each score ("79–65", "3-2") kept on one line: a finished match's
 * thread name wrapped in the middle of its score at 400 px (playtest).
 * @param {string} name
 */
export function nameHtml(name) {
  return escapeHtml(name).replace(/\d+\s?[–-]\s?\d+/g, (score) => `<span class="score">${score}</span>`);
}

/**
 * @typedef {{ userName(id: string): string | undefined, channelName(id: string): string | undefined, viewerId: string }} MentionNames
 */

/**
 * Inline markup on one line of escaped text. Code spans are cut out first so nothing inside them
 * is read as markup, then put back at the end.
 * @param {string} raw
 * @param {MentionNames} names
 */
function inline(raw, names) {
  const held = [];
  const hold = (html) => `\u0000${held.push(html) - 1}\u0000`;
  let s = raw.replace(/`([^`]+)`/g, (_, code) => hold(`<code class="md-code">${escapeHtml(code)}</code>`));
  // Mentions and links are held too, so a name with an underscore is not read as italics.
  s = s.replace(/<@!?(\d+)>/g, (_, id) => {
    const name = names.userName(id);
    const me = id === names.viewerId ? ' mention-me' : '';
    return hold(`<span class="mention${me}" data-user="${id}">@${escapeHtml(name ?? 'unknown-user')}</span>`);
  });
  s = s.replace(/<#(\d+)>/g, (_, id) => {
    const name = names.channelName(id);
    return hold(`<a class="mention channel-link" href="#" data-channel="${id}">#${escapeHtml(name ?? 'unknown')}</a>`);
  });
  s = s.replace(/<@&(\d+)>/g, () => hold('<span class="mention">@role</span>'));
  s = s.replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_, secs, style) =>
    hold(`<span class="md-time" title="${escapeHtml(new Date(Number(secs) * 1000).toLocaleString())}">${escapeHtml(timestamp(secs, style))}</span>`),
  );
  s = s.replace(/<a?:(\w+):\d+>/g, (_, name) => `:${name}:`);
  s = s.replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) =>
    hold(`<a href="${escapeHtml(url)}" target="_blank" rel="noreferrer">${escapeHtml(label)}</a>`),
  );
  s = s.replace(/https?:\/\/[^\s<]+[^\s<.,:;"')\]]/g, (url) => hold(`<a href="${escapeHtml(url)}" target="_blank" rel="noreferrer">${escapeHtml(url)}</a>`));

  s = escapeHtml(s);
  s = s.replace(/\*\*\*(.+?)\*\*\*/g, '<strong><em>$1</em></strong>');
  s = s.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
  s = s.replace(/__(.+?)__/g, '<u>$1</u>');
  s = s.replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, '$1<em>$2</em>');
  s = s.replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, '$1<em>$2</em>');
  s = s.replace(/~~(.+?)~~/g, '<s>$1</s>');
  s = s.replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" tabindex="0">$1</span>');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks the held code spans; no typed text contains it.
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => held[Number(i)]);
}

/**
 * Block markup: code fences, headers, quotes, bullet lists and subtext, line by line.
 * @param {string} text
 * @param {MentionNames} names
 * @returns {string} HTML
 */
export function renderMarkdown(text, names) {
  const out = [];
  const parts = text.split(/```/);
  parts.forEach((part, i) => {
    if (i % 2 === 1 && i < parts.length - 1) {
      // A fence's first line may name a language; Discord hides it.
      const body = part.replace(/^[\w+-]*\n/, '');
      out.push(`<pre class="md-pre"><code>${escapeHtml(body.replace(/\n$/, ''))}</code></pre>`);
      return;
    }
    const source = i % 2 === 1 ? `\`\`\`${part}` : part;
    let list = [];
    let quote = [];
    const flush = () => {
      if (list.length) out.push(`<ul class="md-list">${list.map((l) => `<li>${l}</li>`).join('')}</ul>`);
      if (quote.length) out.push(`<blockquote class="md-quote">${quote.join('<br>')}</blockquote>`);
      list = [];
      quote = [];
    };
    const lines = source.split('\n');
    lines.forEach((line, n) => {
      let m;
      if ((m = /^(#{1,3}) (.+)$/.exec(line))) {
        flush();
        out.push(`<div class="md-h${m[1].length}">${inline(m[2], names)}</div>`);
      } else if ((m = /^-# (.+)$/.exec(line))) {
        flush();
        out.push(`<div class="md-subtext">${inline(m[1], names)}</div>`);
      } else if ((m = /^\s*[-*•] (.+)$/.exec(line))) {
        if (quote.length) flush();
        list.push(inline(m[1], names));
      } else if ((m = /^> ?(.*)$/.exec(line))) {
        if (list.length) flush();
        quote.push(inline(m[1], names));
      } else {
        flush();
        // Keep the line breaks the bot wrote; a trailing empty piece between fences adds nothing.
        const isLast = n === lines.length - 1;
        if (line === '' && isLast) return;
        out.push(`${inline(line, names)}${isLast ? '' : '<br>'}`);
      }
    });
    flush();
  });
  return out.join('');
}
