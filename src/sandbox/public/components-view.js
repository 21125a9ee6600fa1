// Message components as Discord draws them: action rows of buttons and select menus. A click or a
// pick goes to the bot as the player the page is showing; the row shows a spinner until the bot
// answers, and says so when it does not.

import { escapeHtml } from './markdown.js';

const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

/** @param {{ name?: string, id?: string } | undefined} emoji */
const emojiHtml = (emoji) => (emoji?.name && !emoji.id ? `<span class="emoji">${escapeHtml(emoji.name)}</span>` : '');

/**
 * @typedef {object} ComponentActions
 * @property {(messageId: string, customId: string) => Promise<{ ok: boolean, error?: string }>} click
 * @property {(messageId: string, customId: string, values: string[]) => Promise<{ ok: boolean, error?: string }>} select
 * @property {() => { id: string, username: string, displayName: string }[]} users
 */

/**
 * @param {any} message the fake's message snapshot
 * @param {ComponentActions} actions
 * @returns {HTMLElement | null}
 */
export function componentsView(message, actions) {
  const rows = (message.components ?? []).filter((row) => row.type === 1);
  if (rows.length === 0) return null;
  const box = document.createElement('div');
  box.className = 'components';
  const status = document.createElement('div');
  status.className = 'component-status';

  /** Runs one interaction with the row locked, and reports a failure under it. */
  const run = async (control, go) => {
    status.textContent = '';
    box.classList.add('busy');
    control.classList.add('loading');
    try {
      const result = await go();
      if (!result.ok) status.textContent = result.error ?? 'This interaction failed.';
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
    } finally {
      box.classList.remove('busy');
      control.classList.remove('loading');
    }
  };

  for (const row of rows) {
    const line = document.createElement('div');
    line.className = 'component-row';
    for (const c of row.components ?? []) {
      if (c.type === 2) line.append(buttonView(message, c, actions, run));
      else if ([3, 5, 6, 7, 8].includes(c.type)) line.append(selectView(message, c, actions, run));
    }
    box.append(line);
  }
  box.append(status);
  return box;
}

function buttonView(message, c, actions, run) {
  const style = BUTTON_STYLES[c.style] ?? 'secondary';
  if (style === 'link') {
    const a = document.createElement('a');
    a.className = 'btn btn-secondary';
    a.href = c.url;
    a.target = '_blank';
    a.rel = 'noreferrer';
    a.innerHTML = `${emojiHtml(c.emoji)}<span>${escapeHtml(c.label ?? '')}</span><span class="link-icon">↗</span>`;
    return a;
  }
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `btn btn-${style}`;
  b.disabled = c.disabled === true;
  b.dataset.customId = c.custom_id;
  b.innerHTML = `${emojiHtml(c.emoji)}<span class="btn-label">${escapeHtml(c.label ?? '')}</span>`;
  b.addEventListener('click', () => run(b, () => actions.click(message.id, c.custom_id)));
  return b;
}

/** The choices a menu offers: its own options, or the sample players for a user menu. */
function menuOptions(c, actions) {
  if (c.type === 3) return c.options ?? [];
  if (c.type === 5 || c.type === 7) return actions.users().map((u) => ({ label: u.displayName, value: u.id, description: `@${u.username}` }));
  return [];
}

/**
 * A Discord-style menu: a box with the placeholder, opening a list of options. Several values can
 * be picked when the menu allows it, and are sent with the Apply button.
 */
function selectView(message, c, actions, run) {
  const wrap = document.createElement('div');
  wrap.className = 'select';
  wrap.dataset.customId = c.custom_id;
  if (c.disabled) wrap.classList.add('disabled');
  const options = menuOptions(c, actions);
  const many = (c.max_values ?? 1) > 1;
  const face = document.createElement('button');
  face.type = 'button';
  face.className = 'select-face';
  face.disabled = c.disabled === true || options.length === 0;
  face.innerHTML = '<span class="select-placeholder"></span><span class="chevron">⌄</span>';
  const list = document.createElement('div');
  list.className = 'select-list';
  list.hidden = true;
  const picked = new Set();
  // What the menu shows when nothing is being sent: its default options, or its placeholder.
  const defaults = options.filter((o) => o.default === true);
  const restore = () => {
    picked.clear();
    for (const o of defaults) picked.add(o.value);
    face.querySelector('.select-placeholder').textContent = defaults.length ? defaults.map((o) => o.label).join(', ') : (c.placeholder ?? 'Make a selection');
    for (const item of list.querySelectorAll('.select-option')) item.classList.toggle('picked', picked.has(/** @type {HTMLElement} */ (item).dataset.value));
  };
  // As in Discord, a pick is not kept once the bot has answered: a refused choice does not stay
  // shown as chosen, and a pick the bot takes comes back in the message it edits.
  const send = () => run(face, () => actions.select(message.id, c.custom_id, [...picked])).finally(restore);
  for (const o of options) {
    const item = document.createElement('button');
    item.type = 'button';
    item.className = 'select-option';
    item.dataset.value = o.value;
    item.innerHTML = `${emojiHtml(o.emoji)}<span class="select-text"><span class="select-label">${escapeHtml(o.label)}</span>${o.description ? `<span class="select-description">${escapeHtml(o.description)}</span>` : ''}</span>${many ? '<span class="check"></span>' : ''}`;
    item.addEventListener('click', () => {
      if (!many) {
        picked.clear();
        picked.add(o.value);
        list.hidden = true;
        wrap.classList.remove('open');
        face.querySelector('.select-placeholder').textContent = o.label;
        void send();
        return;
      }
      if (picked.has(o.value)) picked.delete(o.value);
      else picked.add(o.value);
      item.classList.toggle('picked', picked.has(o.value));
    });
    list.append(item);
  }
  if (many) {
    const apply = document.createElement('button');
    apply.type = 'button';
    apply.className = 'btn btn-primary select-apply';
    apply.textContent = 'Apply';
    apply.addEventListener('click', () => {
      list.hidden = true;
      wrap.classList.remove('open');
      void send();
    });
    list.append(apply);
  }
  face.addEventListener('click', () => {
    const open = list.hidden;
    closeMenus(wrap);
    list.hidden = !open;
    wrap.classList.toggle('open', open);
    if (open) {
      // Open upwards when the message list has no room below, as Discord does near the bottom.
      const scroller = wrap.closest('.messages') ?? document.body;
      const room = scroller.getBoundingClientRect().bottom - face.getBoundingClientRect().bottom;
      wrap.classList.toggle('up', room < Math.min(list.scrollHeight, 320) + 8);
    }
  });
  wrap.append(face, list);
  restore();
  return wrap;
}

/** Closes every open menu but `except`. */
function closeMenus(except) {
  for (const wrap of document.querySelectorAll('.select.open')) {
    if (wrap === except) continue;
    wrap.classList.remove('open');
    /** @type {HTMLElement} */ (wrap.querySelector('.select-list')).hidden = true;
  }
}

// One listener for the whole page: a click outside a menu closes it.
document.addEventListener('click', (event) => {
  const inside = event.target instanceof Element ? event.target.closest('.select') : null;
  closeMenus(inside);
});
