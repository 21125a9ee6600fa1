// Forms (Discord's modals) and the replay slider. A button the bot answers with a form opens a dialog
// like Discord's; what is typed goes back to the bot through the fake Discord. A replay message
// (`/skirmish replay turn:N`) gets a slider under it that moves it to any turn the way a player
// would: its "Turn N of M…" button, then the form that opens, with the turn filled in.

import { escapeHtml } from './markdown.js';

/**
 * Shows a form and resolves with the values by field id, or null when it is cancelled.
 * @param {{ title: string, fields: { id: string, label: string, placeholder: string | null, required: boolean, minLength: number | null, maxLength: number | null, style: number }[] }} form
 * @returns {Promise<Record<string, string> | null>}
 */
export function showForm(form) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'form-dialog';
    const fields = form.fields
      .map((f) => {
        const attrs = `name="${escapeHtml(f.id)}" ${f.required ? 'required' : ''} ${f.minLength !== null ? `minlength="${f.minLength}"` : ''} ${f.maxLength !== null ? `maxlength="${f.maxLength}"` : ''} placeholder="${escapeHtml(f.placeholder ?? '')}"`;
        const input = f.style === 2 ? `<textarea ${attrs} rows="4"></textarea>` : `<input type="text" ${attrs} autocomplete="off">`;
        return `<label class="form-field"><span class="form-label">${escapeHtml(f.label)}${f.required ? '<span class="required">*</span>' : ''}</span>${input}</label>`;
      })
      .join('');
    dialog.innerHTML = `<form method="dialog"><h2>${escapeHtml(form.title)}</h2>${fields}<footer><button type="button" class="btn btn-link cancel">Cancel</button><button type="submit" class="btn btn-primary">Submit</button></footer></form>`;
    const done = (values) => {
      dialog.close();
      dialog.remove();
      resolve(values);
    };
    dialog.querySelector('.cancel').addEventListener('click', () => done(null));
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      done(null);
    });
    dialog.querySelector('form').addEventListener('submit', (e) => {
      e.preventDefault();
      const data = new FormData(/** @type {HTMLFormElement} */ (e.target));
      done(Object.fromEntries(form.fields.map((f) => [f.id, String(data.get(f.id) ?? '')])));
    });
    document.body.append(dialog);
    dialog.showModal();
    /** @type {HTMLElement | null} */ (dialog.querySelector('input, textarea'))?.focus();
  });
}

/**
 * The slider under a replay message: drag (or use the arrow keys) to a turn; on release the message
 * moves there.
 * @param {any} message with `replay: { turn, last, ask }` from the sandbox server
 * @param {(messageId: string, ask: string, turn: number) => Promise<{ ok: boolean, error?: string }>} goTo
 */
export function replaySlider(message, goTo) {
  const { turn, last, ask } = message.replay;
  const box = document.createElement('div');
  box.className = 'replay-slider';
  box.innerHTML = `<span class="replay-label">Turn <output>${turn}</output> of ${last}</span><input type="range" min="0" max="${last}" step="1" value="${turn}" aria-label="Replay turn"><span class="replay-status"></span>`;
  const range = box.querySelector('input');
  const shown = box.querySelector('output');
  const status = box.querySelector('.replay-status');
  range.addEventListener('input', () => (shown.textContent = range.value));
  range.addEventListener('change', async () => {
    const wanted = Number(range.value);
    if (wanted === turn) return;
    box.classList.add('busy');
    range.disabled = true;
    status.textContent = '';
    const result = await goTo(message.id, ask, wanted).catch((e) => ({ ok: false, error: String(e) }));
    // On success the message is redrawn (with a new slider) when the bot's edit arrives.
    if (!result.ok) {
      status.textContent = result.error ?? 'The replay did not move.';
      range.disabled = false;
      box.classList.remove('busy');
    }
  });
  return box;
}
