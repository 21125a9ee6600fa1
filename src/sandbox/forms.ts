/**
 * Forms (Discord's modals) and the replay viewer, for the page. A button may answer with a form; the
 * page shows it and sends what was typed back through the fake Discord, as Discord's client would.
 * A replay message (`/skirmish replay turn:N`) is marked with where it stands, read from its "Turn N of
 * M…" button, so the page can put a slider under it; the slider moves it the way a player would: that
 * button, then the form it opens, with the turn typed in.
 */
import type { FakeMessage, FakeModal } from '../fakecord';
import { parseComponentId } from '../commands/codec';

export interface FormField {
  readonly id: string;
  readonly label: string;
  readonly placeholder: string | null;
  readonly required: boolean;
  readonly minLength: number | null;
  readonly maxLength: number | null;
  /** 1 one line, 2 a paragraph. */
  readonly style: number;
}

export interface FormView {
  readonly title: string;
  readonly fields: readonly FormField[];
}

type Json = Record<string, unknown>;

/** The form's text inputs, whether in action rows or in labels. */
export function formView(modal: FakeModal): FormView {
  const fields: FormField[] = [];
  const input = (field: Json, label: unknown) => {
    if (Number(field.type) !== 4) return;
    fields.push({
      id: String(field.custom_id),
      label: String(label ?? field.label ?? ''),
      placeholder: typeof field.placeholder === 'string' ? field.placeholder : null,
      required: field.required !== false,
      minLength: typeof field.min_length === 'number' ? field.min_length : null,
      maxLength: typeof field.max_length === 'number' ? field.max_length : null,
      style: Number(field.style ?? 1),
    });
  };
  for (const row of modal.components as unknown as Json[]) {
    if (Number(row.type) === 1) for (const c of (row.components as Json[] | undefined) ?? []) input(c, c.label);
    else if (Number(row.type) === 18 && row.component) input(row.component as Json, row.label);
  }
  return { title: modal.title, fields };
}

export interface ReplayMark {
  /** The turn shown (0 is the opening) and the last turn. */
  readonly turn: number;
  readonly last: number;
  /** The button that asks for a turn. */
  readonly ask: string;
}

/** Where a replay message stands, from its "Turn N of M…" button (`ss1:replay:…:ask:N:M`); null for any other message. */
export function replayMark(message: FakeMessage): ReplayMark | null {
  for (const row of message.components as unknown as Json[]) {
    for (const c of (row.components as Json[] | undefined) ?? []) {
      if (typeof c.custom_id !== 'string') continue;
      const id = parseComponentId(c.custom_id);
      const m = id?.action === 'replay' ? /^ask:(\d+):(\d+)$/.exec(id.arg) : null;
      if (m) return { turn: Number(m[1]), last: Number(m[2]), ask: c.custom_id };
    }
  }
  return null;
}
