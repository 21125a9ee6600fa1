/**
 * Discord's limits on what a bot may send: message length, embeds, components, autocomplete choices
 * and modals. Real Discord answers a broken body with 400 "Invalid Form Body"; so does the fake, so a
 * bot that would fail in production fails in its tests too. The checks cover the limits a bot
 * realistically hits, not every rule Discord has.
 */
import { DiscordLimit as L } from '../discord/limits';
import type { FieldProblem } from './errors';
import { isObject, type Json } from './json';

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Label: 18,
} as const;

export const SELECT_TYPES: ReadonlySet<number> = new Set([3, 5, 6, 7, 8]);

class Checker {
  readonly problems: FieldProblem[] = [];

  add(path: string, code: string, message: string): void {
    this.problems.push({ path, code, message });
  }

  /** A string between `min` and `max` characters; `required` also refuses a missing one. */
  length(path: string, value: unknown, min: number, max: number, required = min > 0): void {
    if (value === undefined || value === null) {
      if (required) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return;
    }
    if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', 'Must be a string.');
      return;
    }
    if (value.length < min || value.length > max) {
      this.add(
        path,
        min === 0 ? 'BASE_TYPE_MAX_LENGTH' : 'BASE_TYPE_BAD_LENGTH',
        min === 0 ? `Must be ${max} or fewer in length.` : `Must be between ${min} and ${max} in length.`,
      );
    }
  }

  count(path: string, list: unknown[], min: number, max: number): void {
    if (list.length < min || list.length > max) {
      this.add(
        path,
        list.length > max ? 'BASE_TYPE_MAX_LENGTH' : 'BASE_TYPE_MIN_LENGTH',
        list.length > max ? `Must be ${max} or fewer in length.` : `Must be ${min} or more in length.`,
      );
    }
  }

  range(path: string, value: unknown, min: number, max: number): void {
    if (value === undefined || value === null) return;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.add(path, 'NUMBER_TYPE_MAX', `Must be an integer between ${min} and ${max}.`);
    }
  }
}

// ---- embeds -----------------------------------------------------------------------------------------

function checkEmbeds(c: Checker, embeds: unknown[]): void {
  c.count('embeds', embeds, 0, L.embeds);
  let total = 0;
  embeds.forEach((embed, i) => {
    const at = `embeds.${i}`;
    if (!isObject(embed)) return c.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    c.length(`${at}.title`, embed.title, 0, L.embedTitle);
    c.length(`${at}.description`, embed.description, 0, L.embedDescription);
    c.range(`${at}.color`, embed.color, 0, 0xffffff);
    const footer = isObject(embed.footer) ? embed.footer : {};
    c.length(`${at}.footer.text`, footer.text, 0, L.embedFooterText, 'footer' in embed);
    const author = isObject(embed.author) ? embed.author : {};
    c.length(`${at}.author.name`, author.name, 0, L.embedAuthorName, 'author' in embed);
    const fields = asArray(embed.fields);
    c.count(`${at}.fields`, fields, 0, L.embedFields);
    fields.forEach((field, j) => {
      const f = isObject(field) ? field : {};
      c.length(`${at}.fields.${j}.name`, f.name, 1, L.embedFieldName);
      c.length(`${at}.fields.${j}.value`, f.value, 1, L.embedFieldValue);
      total += text(f.name).length + text(f.value).length;
    });
    total += text(embed.title).length + text(embed.description).length;
    total += text(footer.text).length + text(author.name).length;
  });
  if (total > L.embedTotal) {
    c.add('embeds', 'MESSAGE_EMBEDS_TOO_LONG', `Embed size exceeds maximum size of ${L.embedTotal}`);
  }
}

// ---- message components -----------------------------------------------------------------------------

interface ComponentWalk {
  readonly ids: Set<string>;
  count: number;
  textLength: number;
}

function checkCustomId(c: Checker, walk: ComponentWalk, path: string, id: unknown): void {
  c.length(`${path}.custom_id`, id, 1, L.customId);
  if (typeof id !== 'string') return;
  if (walk.ids.has(id)) c.add(`${path}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
  walk.ids.add(id);
}

function checkButton(c: Checker, walk: ComponentWalk, path: string, button: Json): void {
  const style = button.style;
  if (typeof style !== 'number' || style < 1 || style > 6) {
    return c.add(`${path}.style`, 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4, 5, 6).');
  }
  c.length(`${path}.label`, button.label, 0, L.buttonLabel);
  if (style === 5) {
    c.length(`${path}.url`, button.url, 1, 512);
    if (button.custom_id !== undefined) {
      c.add(`${path}.custom_id`, 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', 'A link button cannot have a custom id.');
    }
  } else if (style !== 6) {
    checkCustomId(c, walk, path, button.custom_id);
  }
  if (style !== 6 && button.label === undefined && button.emoji === undefined) {
    c.add(`${path}.label`, 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji.');
  }
}

function checkSelect(c: Checker, walk: ComponentWalk, path: string, select: Json, type: number): void {
  checkCustomId(c, walk, path, select.custom_id);
  c.length(`${path}.placeholder`, select.placeholder, 0, L.selectPlaceholder);
  c.range(`${path}.min_values`, select.min_values, 0, L.selectOptions);
  c.range(`${path}.max_values`, select.max_values, 1, L.selectOptions);
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  if (min > max) c.add(`${path}.min_values`, 'SELECT_COMPONENT_MIN_GREATER_THAN_MAX', 'min_values must not exceed max_values.');
  if (type !== ComponentType.StringSelect) return;
  const options = asArray(select.options);
  c.count(`${path}.options`, options, 1, L.selectOptions);
  if (max > options.length) c.add(`${path}.max_values`, 'SELECT_COMPONENT_MAX_VALUES_TOO_HIGH', `Must be ${options.length} or fewer.`);
  const values = new Set<string>();
  options.forEach((option, i) => {
    const o = isObject(option) ? option : {};
    c.length(`${path}.options.${i}.label`, o.label, 1, L.selectOptionLabel);
    c.length(`${path}.options.${i}.value`, o.value, 1, L.selectOptionValue);
    c.length(`${path}.options.${i}.description`, o.description, 0, L.selectOptionDescription);
    if (values.has(text(o.value))) {
      c.add(`${path}.options.${i}.value`, 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Option values must be unique.');
    }
    values.add(text(o.value));
  });
}

function checkRow(c: Checker, walk: ComponentWalk, path: string, row: Json): void {
  const children = asArray(row.components);
  c.count(`${path}.components`, children, 1, L.perRow);
  const selects = children.filter((child) => isObject(child) && SELECT_TYPES.has(Number(child.type)));
  if (selects.length > 0 && children.length > 1) {
    c.add(`${path}.components`, 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
  }
  children.forEach((child, i) => {
    const at = `${path}.components.${i}`;
    if (!isObject(child)) return c.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    walk.count += 1;
    const type = Number(child.type);
    if (type === ComponentType.Button) checkButton(c, walk, at, child);
    else if (SELECT_TYPES.has(type)) checkSelect(c, walk, at, child, type);
    else c.add(`${at}.type`, 'UNION_TYPE_CHOICES', `Component type ${type} cannot go in an action row of a message.`);
  });
}

const V2_TOP_LEVEL: ReadonlySet<number> = new Set([1, 9, 10, 12, 13, 14, 17]);
const V2_IN_CONTAINER: ReadonlySet<number> = new Set([1, 9, 10, 12, 13, 14]);

function checkV2(c: Checker, walk: ComponentWalk, path: string, component: Json, allowed: ReadonlySet<number>): void {
  const type = Number(component.type);
  walk.count += 1;
  if (!allowed.has(type)) return c.add(`${path}.type`, 'UNION_TYPE_CHOICES', `Component type ${type} is not allowed here.`);
  switch (type) {
    case ComponentType.ActionRow:
      return checkRow(c, walk, path, component);
    case ComponentType.TextDisplay:
      c.length(`${path}.content`, component.content, 1, L.v2Text);
      walk.textLength += text(component.content).length;
      return;
    case ComponentType.Section: {
      const children = asArray(component.components);
      c.count(`${path}.components`, children, 1, 3);
      children.forEach((child, i) => checkV2(c, walk, `${path}.components.${i}`, isObject(child) ? child : {}, new Set([ComponentType.TextDisplay])));
      const accessory = isObject(component.accessory) ? component.accessory : undefined;
      if (!accessory) return c.add(`${path}.accessory`, 'BASE_TYPE_REQUIRED', 'This field is required');
      walk.count += 1;
      if (Number(accessory.type) === ComponentType.Button) checkButton(c, walk, `${path}.accessory`, accessory);
      else if (Number(accessory.type) !== ComponentType.Thumbnail) {
        c.add(`${path}.accessory.type`, 'UNION_TYPE_CHOICES', 'A section accessory is a button or a thumbnail.');
      }
      return;
    }
    case ComponentType.MediaGallery: {
      const items = asArray(component.items);
      c.count(`${path}.items`, items, 1, 10);
      items.forEach((item, i) => {
        const media = isObject(item) && isObject(item.media) ? item.media : {};
        c.length(`${path}.items.${i}.media.url`, media.url, 1, 2048);
        c.length(`${path}.items.${i}.description`, isObject(item) ? item.description : undefined, 0, L.altText);
      });
      return;
    }
    case ComponentType.File: {
      const file = isObject(component.file) ? component.file : {};
      if (!text(file.url).startsWith('attachment://')) {
        c.add(`${path}.file.url`, 'FILE_COMPONENT_URL_INVALID', 'A file component must point at attachment://name.');
      }
      return;
    }
    case ComponentType.Container: {
      const children = asArray(component.components);
      c.count(`${path}.components`, children, 1, L.v2Components);
      children.forEach((child, i) => checkV2(c, walk, `${path}.components.${i}`, isObject(child) ? child : {}, V2_IN_CONTAINER));
      return;
    }
    default:
      return;
  }
}

function checkComponents(c: Checker, components: unknown[], v2: boolean): void {
  const walk: ComponentWalk = { ids: new Set(), count: 0, textLength: 0 };
  if (!v2) {
    c.count('components', components, 0, L.rows);
    components.forEach((row, i) => {
      const at = `components.${i}`;
      if (!isObject(row) || Number(row.type) !== ComponentType.ActionRow) {
        return c.add(`${at}.type`, 'UNION_TYPE_CHOICES', 'Top-level components must be action rows (or set the IS_COMPONENTS_V2 flag).');
      }
      checkRow(c, walk, at, row);
    });
    return;
  }
  components.forEach((component, i) => checkV2(c, walk, `components.${i}`, isObject(component) ? component : {}, V2_TOP_LEVEL));
  if (walk.count > L.v2Components) {
    c.add('components', 'BASE_TYPE_MAX_LENGTH', `Must be ${L.v2Components} or fewer components in total.`);
  }
  if (walk.textLength > L.v2Text) {
    c.add('components', 'BASE_TYPE_MAX_LENGTH', `Text displays must hold ${L.v2Text} or fewer characters in total.`);
  }
}

// ---- entry points -----------------------------------------------------------------------------------

const IS_COMPONENTS_V2 = 1 << 15;

/**
 * Problems with a message body the bot sends or edits (fields it leaves out are not checked).
 * `flags` are the flags the message will have, so an edit of a v2 message is checked as v2.
 */
export function checkMessageBody(body: Json, flags: number): FieldProblem[] {
  const c = new Checker();
  const v2 = (flags & IS_COMPONENTS_V2) !== 0;
  c.length('content', body.content, 0, L.content);
  if ('embeds' in body && body.embeds !== null) checkEmbeds(c, asArray(body.embeds));
  if ('components' in body && body.components !== null) checkComponents(c, asArray(body.components), v2);
  const legacy = 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2';
  if (v2 && text(body.content) !== '') {
    c.add('content', legacy, 'The content field cannot be used when using MessageFlags.IS_COMPONENTS_V2');
  }
  if (v2 && asArray(body.embeds).length > 0) {
    c.add('embeds', legacy, 'The embeds field cannot be used when using MessageFlags.IS_COMPONENTS_V2');
  }
  const attachments = asArray(body.attachments);
  c.count('attachments', attachments, 0, L.files);
  attachments.forEach((attachment, i) => {
    if (isObject(attachment)) c.length(`attachments.${i}.description`, attachment.description, 0, L.altText);
  });
  return c.problems;
}

/**
 * Strings holding half of a surrogate pair (text cut inside an emoji), anywhere in a request body:
 * Discord cannot store them and refuses the request with 50035. The inner code is the fake's choice.
 */
export function checkWellFormed(value: unknown, path = ''): FieldProblem[] {
  if (typeof value === 'string') {
    return /[\uD800-\uDFFF]/u.test(value)
      ? [{ path: path || '_root', code: 'STRING_TYPE_INVALID_UNICODE', message: 'Must be valid Unicode (a lone surrogate).' }]
      : [];
  }
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(value)) return value.flatMap((v, i) => checkWellFormed(v, at(i)));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => checkWellFormed(v, at(k)));
  return [];
}

/** Discord's limit on a message nonce given as a string. */
export const NONCE_MAX_LENGTH = L.nonce;

/**
 * Problems with a message create's `nonce`: an integer, or a string of at most 25 characters (null
 * or absent is no nonce). Discord's inner error codes for it are not documented; these are the
 * fake's choice, under Discord's 50035 and the `nonce` path.
 */
export function checkNonce(body: Json): FieldProblem[] {
  const nonce = body.nonce;
  if (nonce === undefined || nonce === null) return [];
  if (typeof nonce === 'number' && Number.isInteger(nonce)) return [];
  const c = new Checker();
  if (typeof nonce === 'string') c.length('nonce', nonce, 0, NONCE_MAX_LENGTH);
  else c.add('nonce', 'UNION_TYPE_CHOICES', 'Must be a string or an integer.');
  return c.problems;
}

/** Problems with an autocomplete result (callback type 8). */
export function checkChoices(data: Json): FieldProblem[] {
  const c = new Checker();
  const choices = asArray(data.choices);
  c.count('data.choices', choices, 0, L.choices);
  choices.forEach((choice, i) => {
    const o = isObject(choice) ? choice : {};
    c.length(`data.choices.${i}.name`, o.name, 1, L.choiceName);
    if (typeof o.value === 'string') c.length(`data.choices.${i}.value`, o.value, 0, L.choiceValue);
    else if (typeof o.value !== 'number') c.add(`data.choices.${i}.value`, 'BASE_TYPE_REQUIRED', 'This field is required');
  });
  return c.problems;
}

/** Problems with a modal (callback type 9). */
export function checkModal(data: Json): FieldProblem[] {
  const c = new Checker();
  c.length('data.custom_id', data.custom_id, 1, L.customId);
  c.length('data.title', data.title, 1, L.modalTitle);
  const rows = asArray(data.components);
  c.count('data.components', rows, 1, L.rows);
  const ids = new Set<string>();
  const input = (path: string, field: Json, labelled: boolean): void => {
    c.length(`${path}.custom_id`, field.custom_id, 1, L.customId);
    if (ids.has(text(field.custom_id))) {
      c.add(`${path}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    }
    ids.add(text(field.custom_id));
    if (Number(field.type) !== ComponentType.TextInput) return;
    if (!labelled) c.length(`${path}.label`, field.label, 1, L.textInputLabel);
    c.range(`${path}.style`, field.style, 1, 2);
    c.range(`${path}.min_length`, field.min_length, 0, L.textInputValue);
    c.range(`${path}.max_length`, field.max_length, 1, L.textInputValue);
    c.length(`${path}.value`, field.value, 0, L.textInputValue);
    c.length(`${path}.placeholder`, field.placeholder, 0, L.textInputPlaceholder);
  };
  rows.forEach((row, i) => {
    const at = `data.components.${i}`;
    const r = isObject(row) ? row : {};
    const type = Number(r.type);
    if (type === ComponentType.ActionRow) {
      const children = asArray(r.components);
      c.count(`${at}.components`, children, 1, 1);
      children.forEach((child, j) => input(`${at}.components.${j}`, isObject(child) ? child : {}, false));
    } else if (type === ComponentType.Label) {
      c.length(`${at}.label`, r.label, 1, L.textInputLabel);
      c.length(`${at}.description`, r.description, 0, L.labelDescription);
      input(`${at}.component`, isObject(r.component) ? r.component : {}, true);
    } else if (type !== ComponentType.TextDisplay) {
      c.add(`${at}.type`, 'UNION_TYPE_CHOICES', 'A modal holds labels, text displays or action rows with one text input.');
    }
  });
  return c.problems;
}
