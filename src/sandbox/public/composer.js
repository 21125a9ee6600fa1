// The message box. Plain text is posted as the current player; a leading "/" opens the bot's slash
// commands (as it registered them), and picking one turns the box into that command's options.
// Options with choices or autocomplete show suggestions above the box, as Discord does: static
// choices are filtered here, autocomplete asks the bot as the current player. The box shows a
// choice's name but sends its value.

import { escapeHtml } from './markdown.js';

const T = { SUB: 1, GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, MENTIONABLE: 9, NUMBER: 10, ATTACHMENT: 11 };

/** Every runnable command path ("skirmish challenge") with its own options, from the registered definitions. */
export function commandEntries(commands) {
  const entries = [];
  for (const c of commands) {
    const nested = (c.options ?? []).filter((o) => o.type === T.SUB || o.type === T.GROUP);
    if (nested.length === 0) {
      entries.push({ path: c.name, description: c.description, options: c.options ?? [] });
      continue;
    }
    for (const o of nested) {
      if (o.type === T.SUB) entries.push({ path: `${c.name} ${o.name}`, description: o.description, options: o.options ?? [] });
      else for (const s of o.options ?? []) entries.push({ path: `${c.name} ${o.name} ${s.name}`, description: s.description, options: s.options ?? [] });
    }
  }
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * @typedef {object} ComposerContext
 * @property {() => any[]} commands
 * @property {() => any[]} users sample players
 * @property {() => any[]} channels
 * @property {() => string} placeholder
 * @property {(input: { name: string, options: object, files: object }) => Promise<{ ok: boolean, error?: string }>} run
 * @property {(input: { name: string, options: object, focused: string }) => Promise<{ choices: any[], error?: string }>} autocomplete
 * @property {(content: string) => Promise<{ ok: boolean, error?: string }>} post
 */

/**
 * @param {HTMLElement} root
 * @param {ComposerContext} ctx
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: being split under issue 31
export function createComposer(root, ctx) {
  root.innerHTML = `
    <div class="popup" hidden></div>
    <div class="box">
      <span class="command-chip" hidden></span>
      <div class="fields" hidden></div>
      <input class="text-input" type="text" autocomplete="off" spellcheck="false">
      <button type="button" class="send" title="Send (Enter)" aria-label="Send">➤</button>
    </div>
    <div class="hint"></div>`;
  const popup = /** @type {HTMLElement} */ (root.querySelector('.popup'));
  const chip = /** @type {HTMLElement} */ (root.querySelector('.command-chip'));
  const fieldsBox = /** @type {HTMLElement} */ (root.querySelector('.fields'));
  const text = /** @type {HTMLInputElement} */ (root.querySelector('.text-input'));
  const hint = /** @type {HTMLElement} */ (root.querySelector('.hint'));
  const sendButton = /** @type {HTMLButtonElement} */ (root.querySelector('.send'));

  /** @type {null | { entry: any, fields: any[] }} */
  let current = null;
  /** The popup's items and which is highlighted; `pick` applies one. */
  let menu = { items: [], index: 0, pick: (_item) => {} };
  let lastSent = null;
  let sending = false;
  let asked = 0;

  const setHint = (html, error = false) => {
    hint.innerHTML = html;
    hint.classList.toggle('error', error);
  };
  const defaultHint = () =>
    setHint(current ? escapeHtml(current.entry.description ?? '') : "Type <kbd>/</kbd> for the bot's commands · <kbd>↑</kbd> brings back your last command");

  function closePopup() {
    popup.hidden = true;
    popup.innerHTML = '';
    menu = { items: [], index: 0, pick: () => {} };
  }

  /** Shows items above the box; `render` draws one item's inside. */
  function openPopup(title, items, render, pick, index = 0) {
    menu = { items, index: items.length ? Math.max(0, Math.min(index, items.length - 1)) : -1, pick };
    if (items.length === 0 && !title) return closePopup();
    popup.hidden = false;
    popup.innerHTML = `<div class="popup-title">${title}</div>`;
    items.forEach((item, i) => {
      const row = document.createElement('button');
      row.type = 'button';
      row.className = 'popup-item';
      row.classList.toggle('active', i === menu.index);
      row.innerHTML = render(item);
      // mousedown, not click: a click would first blur the field and close the popup.
      row.addEventListener('mousedown', (event) => {
        event.preventDefault();
        pick(item);
      });
      popup.append(row);
    });
  }

  function highlight(delta) {
    if (menu.items.length === 0) return;
    menu.index = (menu.index + delta + menu.items.length) % menu.items.length;
    popup.querySelectorAll('.popup-item').forEach((row, i) => row.classList.toggle('active', i === menu.index));
    popup.querySelectorAll('.popup-item')[menu.index]?.scrollIntoView({ block: 'nearest' });
  }

  // ---- text mode ---------------------------------------------------------------------------------

  function showCommandList() {
    const query = text.value.slice(1).trim().toLowerCase();
    const entries = commandEntries(ctx.commands()).filter((e) => e.path.startsWith(query) || e.path.split(' ').some((w) => w.startsWith(query)));
    openPopup(
      entries.length ? 'Commands' : `No command matches "/${escapeHtml(query)}"`,
      entries,
      (e) =>
        `<span class="item-main">/${escapeHtml(e.path)}${e.options.length ? ` <span class="item-options">${e.options.map((o) => escapeHtml(o.name)).join(' ')}</span>` : ''}</span><span class="item-description">${escapeHtml(e.description ?? '')}</span>`,
      (e) => startCommand(e),
    );
  }

  text.addEventListener('input', () => {
    if (text.value.startsWith('/')) showCommandList();
    else closePopup();
  });

  text.addEventListener('keydown', (event) => {
    if (!popup.hidden && menu.items.length && ['ArrowDown', 'ArrowUp'].includes(event.key)) {
      event.preventDefault();
      highlight(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key === 'ArrowUp' && text.value === '' && lastSent) {
      event.preventDefault();
      startCommand(lastSent.entry, lastSent.values);
      return;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !popup.hidden && menu.index >= 0 && menu.items.length) {
      event.preventDefault();
      menu.pick(menu.items[menu.index]);
      return;
    }
    if (event.key === 'Escape') closePopup();
    if (event.key === 'Enter') {
      event.preventDefault();
      void send();
    }
  });

  // ---- command mode ------------------------------------------------------------------------------

  function staticChoices(option) {
    if (option.choices?.length) return option.choices;
    if (option.type === T.BOOLEAN)
      return [
        { name: 'True', value: 'true' },
        { name: 'False', value: 'false' },
      ];
    if (option.type === T.USER || option.type === T.MENTIONABLE) return ctx.users().map((u) => ({ name: u.displayName, value: u.username }));
    if (option.type === T.CHANNEL) return ctx.channels().map((c) => ({ name: `#${c.name}`, value: c.id }));
    return null;
  }

  /** The value a field sends: its chosen choice's value while the box still shows that choice. */
  const sentValue = (field) => (field.chosen && field.input.value === field.chosen.name ? field.chosen.value : field.input.value.trim());

  function startCommand(entry, values = {}) {
    closePopup();
    text.value = '';
    text.hidden = true;
    chip.hidden = false;
    chip.textContent = `/${entry.path}`;
    fieldsBox.hidden = false;
    fieldsBox.innerHTML = '';
    // Discord lists required options first; so does the box.
    const options = [...entry.options].sort((a, b) => Number(b.required === true) - Number(a.required === true));
    const fields = options.map((option) => makeField(option, values[option.name]));
    current = { entry, fields };
    root.classList.add('command-mode');
    defaultHint();
    (fields.find((f) => f.option.required && !f.filled()) ?? fields[0])?.focus();
    if (fields.length === 0) sendButton.focus();
  }

  function cancelCommand() {
    current = null;
    closePopup();
    fieldsBox.innerHTML = '';
    fieldsBox.hidden = true;
    chip.hidden = true;
    text.hidden = false;
    root.classList.remove('command-mode');
    defaultHint();
    text.focus();
  }

  function makeField(option, saved) {
    const wrap = document.createElement('label');
    wrap.className = `option-field${option.required ? ' required' : ' optional'}`;
    wrap.dataset.option = option.name;
    wrap.title = option.description ?? '';
    wrap.innerHTML = `<span class="option-name">${escapeHtml(option.name)}</span>`;
    const field = { option, wrap, chosen: null, input: null, file: null, filled: () => false, focus: () => {} };
    if (option.type === T.ATTACHMENT) {
      const input = document.createElement('input');
      input.type = 'file';
      input.className = 'option-file';
      const label = document.createElement('span');
      label.className = 'option-file-label';
      label.textContent = 'Choose a file…';
      input.addEventListener('change', () => {
        field.file = input.files?.[0] ?? null;
        label.textContent = field.file ? field.file.name : 'Choose a file…';
        wrap.classList.toggle('filled', field.file !== null);
      });
      wrap.append(input, label);
      field.input = input;
      field.filled = () => field.file !== null;
      field.focus = () => input.focus();
      fieldsBox.append(wrap);
      return field;
    }
    const input = document.createElement('input');
    input.type = 'text';
    input.className = 'option-input';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.placeholder = option.required ? '' : 'optional';
    if (option.type === T.INTEGER || option.type === T.NUMBER) input.inputMode = 'decimal';
    if (saved) {
      input.value = saved.shown;
      field.chosen = saved.chosen;
    }
    input.size = Math.max(6, Math.min(40, input.value.length + 2));
    field.input = input;
    field.filled = () => input.value.trim() !== '';
    field.focus = () => input.focus();
    wrap.append(input);
    fieldsBox.append(wrap);

    const suggest = () => {
      const fixed = staticChoices(option);
      const title = `<span class="option-title">${escapeHtml(option.name)}</span> ${escapeHtml(option.description ?? '')}`;
      if (fixed) {
        const q = input.value.trim().toLowerCase();
        const items = fixed.filter((c) => String(c.name).toLowerCase().includes(q) || String(c.value).toLowerCase() === q);
        openPopup(
          title,
          items,
          (c) => `<span class="item-main">${escapeHtml(String(c.name))}</span>`,
          (c) => choose(field, c),
          exactIndex(items, q),
        );
        return;
      }
      if (option.autocomplete) void askBot(field, title);
      else {
        closePopup();
        setHint(title);
      }
    };
    input.addEventListener('focus', () => {
      wrap.classList.add('focused');
      suggest();
    });
    input.addEventListener('blur', () => {
      wrap.classList.remove('focused');
      // Leave the popup up long enough for a click on it to land.
      setTimeout(() => {
        if (!root.contains(document.activeElement)) closePopup();
      }, 120);
    });
    input.addEventListener('input', () => {
      input.size = Math.max(6, Math.min(40, input.value.length + 2));
      wrap.classList.remove('invalid');
      wrap.classList.toggle('filled', field.filled());
      suggest();
    });
    input.addEventListener('keydown', (event) => onFieldKey(event, field));
    wrap.classList.toggle('filled', field.filled());
    return field;
  }

  const exactIndex = (items, q) =>
    Math.max(
      0,
      items.findIndex((c) => String(c.value).toLowerCase() === q || String(c.name).toLowerCase() === q),
    );

  /** Autocomplete as the player: the bot sees every option typed so far, with this one focused. */
  async function askBot(field, title) {
    const ticket = ++asked;
    const { options } = gather(field.option.name);
    options[field.option.name] = field.input.value;
    openPopup(
      `${title} <span class="popup-loading">asking the bot…</span>`,
      [],
      () => '',
      () => {},
    );
    const answer = await ctx.autocomplete({ name: current.entry.path, options, focused: field.option.name }).catch((e) => ({ choices: [], error: String(e) }));
    // A newer keystroke or another field has asked since; this answer is stale.
    if (ticket !== asked || document.activeElement !== field.input) return;
    const choices = answer.choices ?? [];
    const q = field.input.value.trim().toLowerCase();
    const note = answer.error
      ? `<span class="popup-error">${escapeHtml(answer.error)}</span>`
      : choices.length
        ? ''
        : '<span class="popup-empty">no suggestions: type a value</span>';
    openPopup(
      `${title} ${note}`,
      choices,
      (c) => `<span class="item-main">${escapeHtml(String(c.name))}</span>`,
      (c) => choose(field, c),
      exactIndex(choices, q),
    );
  }

  function choose(field, choice) {
    field.chosen = { name: String(choice.name), value: String(choice.value) };
    field.input.value = field.chosen.name;
    field.input.size = Math.max(6, Math.min(40, field.input.value.length + 2));
    field.wrap.classList.add('filled');
    closePopup();
    // As in Discord, only a required option still empty is opened next; optional ones wait for a
    // click, and with the required ones filled Enter sends.
    const fields = current.fields;
    const next = fields.find((f) => !f.filled() && f.option.required);
    if (next) next.focus();
    else sendButton.focus();
  }

  function onFieldKey(event, field) {
    const open = !popup.hidden && menu.items.length > 0;
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      highlight(event.key === 'ArrowDown' ? 1 : -1);
    } else if (
      open &&
      (event.key === 'Enter' || event.key === 'Tab') &&
      menu.index >= 0 &&
      !(field.chosen && field.input.value === field.chosen.name) &&
      // An optional field left empty is not filled by Enter: Enter sends, as in Discord.
      (field.option.required || field.input.value.trim() !== '' || event.key === 'Tab')
    ) {
      event.preventDefault();
      menu.pick(menu.items[menu.index]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void send();
    } else if (event.key === 'Escape') {
      // Escape drops the half-built command, as in Discord.
      event.preventDefault();
      event.stopPropagation();
      cancelCommand();
    } else if (event.key === 'Backspace' && field.input.value === '') {
      // Backspace in an empty field goes back a field; from the first, or with nothing typed
      // anywhere, it drops the command.
      event.preventDefault();
      const fields = current.fields;
      const at = fields.indexOf(field);
      if (at === 0 || !fields.some((f) => f.filled())) cancelCommand();
      else fields[at - 1].focus();
    }
  }

  /** The options to send: every filled field but `skip`, values as typed or chosen. */
  function gather(skip) {
    const options = {};
    const files = {};
    for (const f of current?.fields ?? []) {
      if (f.option.name === skip) continue;
      if (f.option.type === T.ATTACHMENT) {
        if (f.file) files[f.option.name] = f.file;
      } else if (f.filled()) options[f.option.name] = sentValue(f);
    }
    return { options, files };
  }

  const readFile = (file) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve({ name: file.name, type: file.type, data: String(reader.result).replace(/^data:[^,]*,/, '') });
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });

  async function send() {
    if (sending) return;
    if (!current) {
      const content = text.value.trim();
      if (content === '') return;
      if (content.startsWith('/')) return showCommandList();
      sending = true;
      const result = await ctx.post(content).catch((e) => ({ ok: false, error: String(e) }));
      sending = false;
      if (!result.ok) return setHint(escapeHtml(result.error ?? 'Could not post that.'), true);
      text.value = '';
      return;
    }
    const missing = current.fields.find((f) => f.option.required && !f.filled());
    if (missing) {
      setHint(`<strong>${escapeHtml(missing.option.name)}</strong> is required.`, true);
      missing.wrap.classList.add('invalid');
      missing.focus();
      return;
    }
    const { options, files } = gather();
    const uploads = {};
    for (const [name, file] of Object.entries(files)) uploads[name] = await readFile(file);
    sending = true;
    root.classList.add('sending');
    const result = await ctx.run({ name: current.entry.path, options, files: uploads }).catch((e) => ({ ok: false, error: String(e) }));
    sending = false;
    root.classList.remove('sending');
    if (!result.ok) {
      setHint(escapeHtml(result.error ?? 'The command failed.'), true);
      return;
    }
    const saved = {};
    for (const f of current.fields) if (f.option.type !== T.ATTACHMENT && f.filled()) saved[f.option.name] = { shown: f.input.value, chosen: f.chosen };
    lastSent = { entry: current.entry, values: saved };
    cancelCommand();
  }

  sendButton.addEventListener('click', () => void send());
  // With the required options filled the send button has the focus: Escape there drops the command too.
  sendButton.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && current) {
      event.preventDefault();
      cancelCommand();
    }
  });
  defaultHint();

  return {
    /** Back to an empty text box, e.g. when the player or channel changes. */
    reset() {
      if (current) cancelCommand();
      text.value = '';
      closePopup();
      text.placeholder = ctx.placeholder();
      defaultHint();
    },
    refreshPlaceholder() {
      text.placeholder = ctx.placeholder();
    },
    focus() {
      (current?.fields[0]?.input ?? text).focus();
    },
  };
}
