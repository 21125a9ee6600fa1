// The message box. Plain text is posted as the current player; a leading "/" opens the bot's slash
// commands (as it registered them), and picking one turns the box into that command's options.
// Options with choices or autocomplete show suggestions above the box, as Discord does: static
// choices are filtered here, autocomplete asks the bot as the current player. The box shows a
// choice's name but sends its value.

import { escapeHtml } from './markdown.js';
import { impliedFlags, namedIndex } from './suggestion-match.js';
import { parseTypedCommand } from './typed-command.js';

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

/** The suggestion highlighted first: the one the typed text names (namedIndex), else the first. */
const exactIndex = (items, q) => Math.max(0, namedIndex(items, q));

/** The width a text field takes for what it holds. */
const fitSize = (input) => {
  input.size = Math.max(6, Math.min(40, input.value.length + 2));
};

/** The value a field sends: its chosen choice's value while the box still shows that choice. */
const typedValue = (field) => (field.chosen && field.input.value === field.chosen.name ? field.chosen.value : field.input.value.trim());
/** What a field sends: its chosen or typed value; text typed that names one of the option's fixed choices (by name or value, any case) is that choice. */
const sentValue = (field) => {
  const typed = typedValue(field);
  const q = String(typed).toLowerCase();
  const choice = field.option.choices?.find((c) => String(c.value).toLowerCase() === q || String(c.name).toLowerCase() === q);
  return choice ? choice.value : typed;
};

const readFile = (file) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, data: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The box and its state: text mode (plain text, or "/" and the command list) or command mode (a
 * command's option fields), the popup of suggestions, and the last command sent.
 */
class Composer {
  /**
   * @param {HTMLElement} root
   * @param {ComposerContext} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    root.innerHTML = `
    <div class="popup" hidden></div>
    <div class="box">
      <span class="command-chip" hidden></span>
      <div class="fields" hidden></div>
      <input class="text-input" type="text" autocomplete="off" spellcheck="false">
      <button type="button" class="drop" title="Drop this command (Escape)" aria-label="Drop this command" hidden>✕</button>
      <button type="button" class="send" title="Send (Enter)" aria-label="Send">➤</button>
    </div>
    <div class="hint"></div>`;
    this.popup = /** @type {HTMLElement} */ (root.querySelector('.popup'));
    this.chip = /** @type {HTMLElement} */ (root.querySelector('.command-chip'));
    this.fieldsBox = /** @type {HTMLElement} */ (root.querySelector('.fields'));
    this.text = /** @type {HTMLInputElement} */ (root.querySelector('.text-input'));
    this.hint = /** @type {HTMLElement} */ (root.querySelector('.hint'));
    this.sendButton = /** @type {HTMLButtonElement} */ (root.querySelector('.send'));
    // A visible way to drop a half-built command: on a phone there is no Escape key, and Backspace went
    // back one field at a time (playtest round 17).
    this.dropButton = /** @type {HTMLButtonElement} */ (root.querySelector('.drop'));
    /** @type {null | { entry: any, fields: any[] }} */
    this.current = null;
    /** The popup's items and which is highlighted; `pick` applies one. */
    this.menu = { items: [], index: 0, pick: (_item) => {} };
    this.lastSent = null;
    this.sending = false;
    this.asked = 0;
    /** @type {any} An optional field the command opened on that the player has not chosen to fill (startCommand). */
    this.unchosenField = null;

    this.text.addEventListener('input', () => {
      if (!this.text.value.startsWith('/')) return this.closePopup();
      if (!this.openTyped(this.text.value)) this.showCommandList();
    });
    this.text.addEventListener('keydown', (event) => this.onTextKey(event));
    this.sendButton.addEventListener('click', () => void this.send());
    this.dropButton.addEventListener('click', () => this.cancelCommand());
    // With the required options filled the send button has the focus: Escape there drops the command too.
    this.sendButton.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.current) {
        event.preventDefault();
        this.cancelCommand();
      }
    });
    this.defaultHint();
  }

  setHint(html, error = false) {
    this.hint.innerHTML = html;
    this.hint.classList.toggle('error', error);
  }

  defaultHint() {
    this.setHint(
      this.current ? escapeHtml(this.current.entry.description ?? '') : "Type <kbd>/</kbd> for the bot's commands · <kbd>↑</kbd> brings back your last command",
    );
  }

  closePopup() {
    this.popup.hidden = true;
    this.popup.innerHTML = '';
    this.menu = { items: [], index: 0, pick: () => {} };
  }

  /** Shows items above the box; `render` draws one item's inside. */
  openPopup(title, items, render, pick, index = 0) {
    const popup = this.popup;
    this.menu = { items, index: items.length ? Math.max(0, Math.min(index, items.length - 1)) : -1, pick };
    if (items.length === 0 && !title) return this.closePopup();
    popup.hidden = false;
    popup.innerHTML = `<div class="popup-title">${title}</div>`;
    items.forEach((item, i) => {
      const row = document.createElement('button');
      row.type = 'button';
      row.className = 'popup-item';
      row.classList.toggle('active', i === this.menu.index);
      row.innerHTML = render(item);
      // mousedown, not click: a click would first blur the field and close the popup.
      row.addEventListener('mousedown', (event) => {
        event.preventDefault();
        pick(item);
      });
      popup.append(row);
    });
  }

  highlight(delta) {
    this.unchosenField = null;
    const menu = this.menu;
    if (menu.items.length === 0) return;
    menu.index = (menu.index + delta + menu.items.length) % menu.items.length;
    this.popup.querySelectorAll('.popup-item').forEach((row, i) => row.classList.toggle('active', i === menu.index));
    this.popup.querySelectorAll('.popup-item')[menu.index]?.scrollIntoView({ block: 'nearest' });
  }

  // ---- text mode ---------------------------------------------------------------------------------

  showCommandList() {
    const query = this.text.value.slice(1).trim().toLowerCase();
    const entries = commandEntries(this.ctx.commands()).filter((e) => e.path.startsWith(query) || e.path.split(' ').some((w) => w.startsWith(query)));
    this.openPopup(
      entries.length ? 'Commands' : this.typedTitle(query),
      entries,
      (e) =>
        `<span class="item-main">/${escapeHtml(e.path)}${e.options.length ? ` <span class="item-options">${e.options.map((o) => escapeHtml(o.name)).join(' ')}</span>` : ''}</span><span class="item-description">${escapeHtml(e.description ?? '')}</span>`,
      (e) => this.startCommand(e),
    );
  }

  /** The popup's title for a line that matches no command's name: what Enter will do with it. */
  typedTitle(query) {
    const parsed = parseTypedCommand(this.text.value.trim(), commandEntries(this.ctx.commands()));
    if (!parsed) return `No command matches "/${escapeHtml(query)}"`;
    if ('error' in parsed) return `<span class="popup-error">${escapeHtml(parsed.error)}</span>`;
    const pairs = Object.entries(parsed.values).map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`);
    return `<kbd>Enter</kbd> runs /${escapeHtml(parsed.entry.path)}${pairs.length ? ` with ${pairs.join(', ')}` : ''}`;
  }

  /**
   * A whole command typed on one line ("/skirmish entry square:B1"): its options go into the fields,
   * as Discord's client parses them, and it is sent as if they had been picked one by one.
   */
  async runTyped(content) {
    const parsed = parseTypedCommand(content, commandEntries(this.ctx.commands()));
    if (!parsed) return this.showCommandList();
    if ('error' in parsed) return this.setHint(escapeHtml(parsed.error), true);
    this.startCommand(parsed.entry, this.fieldValues(parsed));
    return this.sendCommand();
  }

  /** The typed option values as the fields take them: a value that names a fixed choice is that choice. */
  fieldValues(parsed) {
    const values = {};
    for (const option of parsed.entry.options) {
      const typed = parsed.values[option.name];
      if (typed === undefined || typed === '') continue;
      const q = typed.toLowerCase();
      const choice = (this.staticChoices(option) ?? []).find((c) => String(c.value).toLowerCase() === q || String(c.name).toLowerCase() === q);
      values[option.name] = choice
        ? { shown: String(choice.name), chosen: { name: String(choice.name), value: String(choice.value) } }
        : { shown: typed, chosen: null };
    }
    return values;
  }

  /**
   * A command typed out by hand opens its option fields at an option's "name:" ("/move unit:"), that
   * option focused with its suggestions, the options typed before it filled. Not at a space after the
   * command's name: a player typing "/attack unit:lo" on one line would have the rest land in a field.
   * True when the box switched to the command's fields.
   */
  openTyped(text) {
    const naming = /(?:^|\s)([a-z][\w-]*):$/i.exec(text);
    if (!naming) return false;
    const parsed = parseTypedCommand(text, commandEntries(this.ctx.commands()));
    if (!parsed || 'error' in parsed) return false;
    const named = parsed.entry.options.find((o) => o.name.toLowerCase() === naming[1].toLowerCase());
    if (!named) return false;
    this.startCommand(parsed.entry, this.fieldValues(parsed));
    this.unchosenField = null;
    this.current?.fields.find((f) => f.option.name === named.name)?.focus();
    return true;
  }

  onTextKey(event) {
    const menu = this.menu;
    if (!this.popup.hidden && menu.items.length && ['ArrowDown', 'ArrowUp'].includes(event.key)) {
      event.preventDefault();
      this.highlight(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key === 'ArrowUp' && this.text.value === '' && this.lastSent) {
      event.preventDefault();
      this.startCommand(this.lastSent.entry, this.lastSent.values);
      return;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !this.popup.hidden && menu.index >= 0 && menu.items.length) {
      event.preventDefault();
      menu.pick(menu.items[menu.index]);
      return;
    }
    if (event.key === 'Escape') this.closePopup();
    if (event.key === 'Enter') {
      event.preventDefault();
      void this.send();
    }
  }

  // ---- command mode ------------------------------------------------------------------------------

  staticChoices(option) {
    if (option.choices?.length) return option.choices;
    if (option.type === T.BOOLEAN)
      return [
        { name: 'True', value: 'true' },
        { name: 'False', value: 'false' },
      ];
    if (option.type === T.USER || option.type === T.MENTIONABLE) return this.ctx.users().map((u) => ({ name: u.displayName, value: u.username }));
    if (option.type === T.CHANNEL) return this.ctx.channels().map((c) => ({ name: `#${c.name}`, value: c.id }));
    return null;
  }

  startCommand(entry, values = {}) {
    this.closePopup();
    this.text.value = '';
    this.text.hidden = true;
    this.chip.hidden = false;
    this.dropButton.hidden = false;
    this.chip.textContent = `/${entry.path}`;
    this.fieldsBox.hidden = false;
    this.fieldsBox.innerHTML = '';
    // Discord lists required options first; so does the box.
    const options = [...entry.options].sort((a, b) => Number(b.required === true) - Number(a.required === true));
    const fields = options.map((option) => this.makeField(option, values[option.name]));
    this.current = { entry, fields };
    this.root.classList.add('command-mode');
    this.defaultHint();
    const first = fields.find((f) => f.option.required && !f.filled()) ?? fields[0];
    // An optional field focused only because it comes first is not one the player chose to fill: as in
    // Discord, Enter there sends the command as it stands until they type, click it or move the highlight.
    this.unchosenField = first && !first.option.required ? first : null;
    first?.focus();
    if (fields.length === 0) this.sendButton.focus();
  }

  cancelCommand() {
    this.current = null;
    this.closePopup();
    this.fieldsBox.innerHTML = '';
    this.fieldsBox.hidden = true;
    this.chip.hidden = true;
    this.dropButton.hidden = true;
    this.text.hidden = false;
    this.root.classList.remove('command-mode');
    this.defaultHint();
    this.text.focus();
  }

  /** A field for one option, in the box after the ones before it; `saved` is what it held when last sent. */
  makeField(option, saved) {
    const wrap = document.createElement('label');
    wrap.className = `option-field${option.required ? ' required' : ' optional'}`;
    wrap.dataset.option = option.name;
    wrap.title = option.description ?? '';
    wrap.innerHTML = `<span class="option-name">${escapeHtml(option.name)}</span>`;
    const field = { option, wrap, chosen: null, input: null, file: null, impliedBy: null, filled: () => false, focus: () => {} };
    if (option.type === T.ATTACHMENT) this.fileInput(field);
    else this.textInput(field, saved);
    this.fieldsBox.append(wrap);
    if (option.type !== T.ATTACHMENT) this.watchTextField(field);
    return field;
  }

  /** An attachment option: a file picker that shows the chosen file's name. */
  fileInput(field) {
    const wrap = field.wrap;
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
  }

  /** Any other option: a text input, holding what was sent last time when the command is brought back. */
  textInput(field, saved) {
    const option = field.option;
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
    fitSize(input);
    field.input = input;
    field.filled = () => input.value.trim() !== '';
    field.focus = () => input.focus();
    field.wrap.append(input);
  }

  /** A text field suggests as it gains the focus and as it is typed in. */
  watchTextField(field) {
    const { input, wrap } = field;
    input.addEventListener('focus', () => {
      wrap.classList.add('focused');
      this.suggest(field);
    });
    input.addEventListener('blur', () => {
      wrap.classList.remove('focused');
      // Leave the popup up long enough for a click on it to land.
      setTimeout(() => {
        if (!this.root.contains(document.activeElement)) this.closePopup();
      }, 120);
    });
    input.addEventListener('input', () => {
      // A value the player types here is theirs, not one another field's pick set (applyImplied).
      field.impliedBy = null;
      wrap.classList.remove('implied');
      // "topic:turn" typed into the topic field, as `/help` writes its examples: the option's own name is
      // dropped, so the field holds the value (and its suggestions find it) instead of refusing it.
      const own = `${field.option.name.toLowerCase()}:`;
      if (input.value.toLowerCase().startsWith(own)) input.value = input.value.slice(own.length).trimStart();
      // Another option's "name:" typed after a value ("kn to:") moves on to that option, as Discord's
      // client does: the value stays here, and what follows the colon goes there.
      if (this.moveToNamed(field)) return;
      fitSize(input);
      wrap.classList.remove('invalid');
      wrap.classList.toggle('filled', field.filled());
      this.applyImplied(field);
      this.suggest(field);
    });
    input.addEventListener('keydown', (event) => this.onFieldKey(event, field));
    // A click on the field is the player choosing to fill it: Enter then takes the highlighted suggestion.
    input.addEventListener('mousedown', () => {
      if (this.unchosenField === field) this.unchosenField = null;
    });
    wrap.classList.toggle('filled', field.filled());
  }

  /**
   * "kn to:" in the unit field: " to:" names another text option of the command, so "kn" stays here and
   * the focus moves to `to`, taking anything typed after the colon. False when no other option is named.
   */
  moveToNamed(field) {
    const m = /^(.*?)\s+([a-z][\w-]*):(.*)$/is.exec(field.input.value);
    if (!m) return false;
    const name = m[2].toLowerCase();
    const other = this.current.fields.find((f) => f !== field && f.option.name.toLowerCase() === name && f.input?.type === 'text');
    if (!other) return false;
    field.input.value = m[1];
    fitSize(field.input);
    field.wrap.classList.remove('invalid');
    field.wrap.classList.toggle('filled', field.filled());
    other.input.value = m[3].trimStart();
    fitSize(other.input);
    other.wrap.classList.toggle('filled', other.filled());
    other.focus();
    return true;
  }

  /** The field's choices filtered by what is typed, the bot's autocomplete, or just the option's description. */
  suggest(field) {
    const { option, input } = field;
    const fixed = this.staticChoices(option);
    const title = `<span class="option-title">${escapeHtml(option.name)}</span> ${escapeHtml(option.description ?? '')}`;
    if (fixed) {
      const q = input.value.trim().toLowerCase();
      const items = fixed.filter((c) => String(c.name).toLowerCase().includes(q) || String(c.value).toLowerCase().startsWith(q));
      this.openPopup(
        title,
        items,
        (c) => `<span class="item-main">${escapeHtml(String(c.name))}</span>`,
        (c) => this.choose(field, c),
        exactIndex(items, q),
      );
      return;
    }
    if (option.autocomplete) void this.askBot(field, title);
    else {
      this.closePopup();
      this.setHint(title);
    }
  }

  /** Autocomplete as the player: the bot sees every option typed so far, with this one focused. */
  async askBot(field, title) {
    const ticket = ++this.asked;
    const { options } = this.gather(field.option.name);
    options[field.option.name] = field.input.value;
    this.openPopup(
      `${title} <span class="popup-loading">asking the bot…</span>`,
      [],
      () => '',
      () => {},
    );
    const answer = await this.ctx
      .autocomplete({ name: this.current.entry.path, options, focused: field.option.name })
      .catch((e) => ({ choices: [], error: String(e) }));
    // A newer keystroke or another field has asked since; this answer is stale.
    if (ticket !== this.asked || document.activeElement !== field.input) return;
    const { choices, why } = offeredChoices(answer.choices ?? []);
    const q = field.input.value.trim().toLowerCase();
    const note = answer.error
      ? `<span class="popup-error">${escapeHtml(answer.error)}</span>`
      : why
        ? `<span class="popup-empty">${escapeHtml(why)}</span>`
        : choices.length
          ? ''
          : '<span class="popup-empty">no suggestions: type a value</span>';
    this.openPopup(
      `${title} ${note}`,
      choices,
      (c) => `<span class="item-main">${escapeHtml(String(c.name))}</span>`,
      (c) => this.choose(field, c),
      exactIndex(choices, q),
    );
  }

  choose(field, choice) {
    field.chosen = { name: String(choice.name), value: String(choice.value) };
    field.input.value = field.chosen.name;
    fitSize(field.input);
    field.wrap.classList.add('filled');
    this.applyImplied(field);
    this.closePopup();
    // As in Discord, only a required option still empty is opened next; optional ones wait for a
    // click, and with the required ones filled Enter sends.
    const fields = this.current.fields;
    const next = fields.find((f) => !f.filled() && f.option.required);
    if (next) next.focus();
    else this.sendButton.focus();
  }

  /**
   * A value that carries one of the command's true/false options ("gh charge": /attack's target reached
   * only by a charge) shows that option as set, True, and sends it so; when this field's value no longer
   * carries it, the option is emptied again. An option the player filled themselves is left as they set
   * it. (Issue 26: after picking a charge target, the empty `charge` field read as "not a charge".)
   */
  applyImplied(field) {
    const flags = this.current.fields.filter((f) => f !== field && f.option.type === T.BOOLEAN && f.input);
    if (flags.length === 0) return;
    const on = impliedFlags(
      sentValue(field),
      flags.map((f) => f.option.name),
    );
    for (const flag of flags) {
      const set = on.includes(flag.option.name);
      if (set && (flag.impliedBy === field || !flag.filled())) {
        flag.chosen = { name: 'True', value: 'true' };
        flag.input.value = 'True';
        flag.impliedBy = field;
      } else if (!set && flag.impliedBy === field) {
        flag.chosen = null;
        flag.input.value = '';
        flag.impliedBy = null;
      } else continue;
      fitSize(flag.input);
      flag.wrap.classList.toggle('filled', flag.filled());
      flag.wrap.classList.toggle('implied', flag.impliedBy !== null);
      flag.wrap.title = flag.impliedBy ? `Set by the ${field.option.name} picked` : (flag.option.description ?? '');
    }
  }

  onFieldKey(event, field) {
    const menu = this.menu;
    const open = !this.popup.hidden && menu.items.length > 0;
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      this.highlight(event.key === 'ArrowDown' ? 1 : -1);
    } else if (
      open &&
      (event.key === 'Enter' || event.key === 'Tab') &&
      menu.index >= 0 &&
      !(event.key === 'Enter' && this.unchosenField === field && field.input.value === '') &&
      // An optional field is focused only by a click (picking a value moves on to required ones alone):
      // a player who opened its list means to fill it, so Enter takes the highlighted suggestion.
      !(field.chosen && field.input.value === field.chosen.name)
    ) {
      event.preventDefault();
      // Text that already names the highlighted suggestion ("GH" for GH's) is the player's whole answer:
      // Enter takes it and, with every required option then filled, sends too, so a command typed out
      // in whole goes with one Enter (issue 26). A highlight moved elsewhere is only taken.
      const named = event.key === 'Enter' && namedIndex(menu.items, field.input.value) === menu.index;
      menu.pick(menu.items[menu.index]);
      if (named && this.current?.fields.every((f) => !f.option.required || f.filled())) void this.send();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void this.send();
    } else if (event.key === 'Escape') {
      // As in Discord: Escape first closes an open suggestion list, keeping what is typed; with no list
      // open it drops the half-built command.
      event.preventDefault();
      event.stopPropagation();
      if (open) this.closePopup();
      else this.cancelCommand();
    } else if (event.key === 'Backspace' && field.input.value === '') {
      // Backspace in an empty field goes back a field; from the first, or with nothing typed
      // anywhere, it drops the command.
      event.preventDefault();
      const fields = this.current.fields;
      const at = fields.indexOf(field);
      if (at === 0 || !fields.some((f) => f.filled())) this.cancelCommand();
      else fields[at - 1].focus();
    }
  }

  /** The options to send: every filled field but `skip`, values as typed or chosen. */
  gather(skip) {
    const options = {};
    const files = {};
    for (const f of this.current?.fields ?? []) {
      if (f.option.name === skip) continue;
      if (f.option.type === T.ATTACHMENT) {
        if (f.file) files[f.option.name] = f.file;
      } else if (f.filled()) options[f.option.name] = sentValue(f);
    }
    return { options, files };
  }

  async send() {
    if (this.sending) return;
    if (!this.current) return this.sendText();
    return this.sendCommand();
  }

  /** Plain text is posted as the player; "/" alone shows the command list. */
  async sendText() {
    const content = this.text.value.trim();
    if (content === '') return;
    if (content.startsWith('/')) return this.runTyped(content);
    this.sending = true;
    const result = await this.ctx.post(content).catch((e) => ({ ok: false, error: String(e) }));
    this.sending = false;
    if (!result.ok) return this.setHint(escapeHtml(result.error ?? 'Could not post that.'), true);
    this.text.value = '';
  }

  /** The command with its options and files, once every required option is filled. */
  async sendCommand() {
    const missing = this.current.fields.find((f) => f.option.required && !f.filled());
    if (missing) {
      this.setHint(`<strong>${escapeHtml(missing.option.name)}</strong> is required.`, true);
      missing.wrap.classList.add('invalid');
      missing.focus();
      return;
    }
    // Discord sends only one of an option's fixed choices: text that names none is refused here, never
    // sent or dropped (the bot would take the option's default without a word).
    const offChoice = this.current.fields.find(
      (f) => f.option.choices?.length && f.filled() && !f.option.choices.some((c) => String(c.value) === String(sentValue(f))),
    );
    if (offChoice) {
      const names = offChoice.option.choices.map((c) => `<strong>${escapeHtml(String(c.name))}</strong>`).join(', ');
      this.setHint(`<strong>${escapeHtml(offChoice.option.name)}</strong> takes one of its choices: ${names}.`, true);
      offChoice.wrap.classList.add('invalid');
      offChoice.focus();
      return;
    }
    const { options, files } = this.gather();
    const uploads = {};
    for (const [name, file] of Object.entries(files)) uploads[name] = await readFile(file);
    this.sending = true;
    this.root.classList.add('sending');
    const result = await this.ctx.run({ name: this.current.entry.path, options, files: uploads }).catch((e) => ({ ok: false, error: String(e) }));
    this.sending = false;
    this.root.classList.remove('sending');
    if (!result.ok) {
      this.setHint(escapeHtml(result.error ?? 'The command failed.'), true);
      return;
    }
    // A suggestion's name holds the odds and words of its moment ("GH with Longbow 65% hit…"): recalled
    // with ↑ later, it read as the odds now (playtest round 14). An autocompleted pick is kept by its value.
    const saved = {};
    for (const f of this.current.fields) {
      if (f.option.type === T.ATTACHMENT || !f.filled()) continue;
      const byValue = f.option.autocomplete && f.chosen;
      saved[f.option.name] = byValue
        ? { shown: String(f.chosen.value), chosen: { name: String(f.chosen.value), value: String(f.chosen.value) } }
        : { shown: f.input.value, chosen: f.chosen };
    }
    this.lastSent = { entry: this.current.entry, values: saved };
    this.cancelCommand();
  }

  /** Back to an empty text box, e.g. when the player or channel changes. */
  reset() {
    if (this.current) this.cancelCommand();
    this.text.value = '';
    this.closePopup();
    this.text.placeholder = this.ctx.placeholder();
    this.defaultHint();
  }
}

/**
 * @param {HTMLElement} root
 * @param {ComposerContext} ctx
 */
/**
 * The bot's suggestions as the popup offers them. A lone "Nothing to choose: …" entry (value `none`
 * or `none:<typed>`) is the reason the list is empty, not a value: it is shown as the popup's note
 * and never offered, so Tab or Enter cannot put it in the box.
 * @param {{ name: string, value: string | number }[]} choices
 * @returns {{ choices: { name: string, value: string | number }[], why: string | null }}
 */
export function offeredChoices(choices) {
  const only = choices.length === 1 ? choices[0] : null;
  const value = only ? String(only.value) : '';
  if (only && (value === 'none' || value.startsWith('none:'))) return { choices: [], why: String(only.name) };
  return { choices, why: null };
}

export function createComposer(root, ctx) {
  const composer = new Composer(root, ctx);
  return {
    /** Back to an empty text box, e.g. when the player or channel changes. */
    reset() {
      composer.reset();
    },
    refreshPlaceholder() {
      composer.text.placeholder = ctx.placeholder();
    },
    focus() {
      (composer.current?.fields[0]?.input ?? composer.text).focus();
    },
  };
}
