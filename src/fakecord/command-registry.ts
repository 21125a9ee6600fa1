/**
 * The application commands the bot registered, global and per guild, checked the way Discord checks
 * them (names, descriptions, option order and nesting, choices), so a definition Discord would refuse
 * is refused here too, with the same 50035 error.
 */
import { DiscordLimit as L } from '../discord/limits';
import type { APIApplicationCommand, APIApplicationCommandOption } from 'discord.js';
import { ErrorCode, RestError, invalidForm, type FieldProblem } from './errors';
import type { SnowflakeMint } from './snowflakes';
import { isObject, type Json } from './json';

/** `null` for global commands, else the guild id. */
export type CommandScope = string | null;

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const NESTING = new Set<number>([OptionType.Subcommand, OptionType.SubcommandGroup]);
const OPTION_TYPE_INVALID = 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID';

/** Records one problem: where, Discord's code, and a sentence. */
type Report = (path: string, code: string, message: string) => void;

function checkName(report: Report, path: string, name: unknown, chatInput: boolean): void {
  if (typeof name !== 'string' || name.length < 1 || name.length > L.commandName) {
    report(path, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${L.commandName} in length.`);
  } else if (chatInput && (!CHAT_INPUT_NAME.test(name) || name !== name.toLowerCase())) {
    report(path, 'APPLICATION_COMMAND_INVALID_NAME', `Command name is invalid: "${name}" must be lowercase letters, digits, - or _.`);
  }
}

function checkDescription(report: Report, path: string, description: unknown): void {
  if (typeof description !== 'string' || description.length < 1 || description.length > L.commandDescription) {
    report(path, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${L.commandDescription} in length.`);
  }
}

/** Options at one level: a command's, a group's or a subcommand's. */
function checkOptions(report: Report, path: string, options: unknown[], level: 'command' | 'group' | 'subcommand'): void {
  if (options.length > L.commandOptions) report(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${L.commandOptions} or fewer in length.`);
  const names = new Set<string>();
  let sawOptional = false;
  const nestingCount = options.filter((o) => isObject(o) && NESTING.has(Number(o.type))).length;
  if (nestingCount > 0 && nestingCount < options.length) {
    report(path, OPTION_TYPE_INVALID, 'Subcommands and groups cannot sit beside other options.');
  }
  options.forEach((raw, i) => {
    const at = `${path}.${i}`;
    const option = isObject(raw) ? raw : {};
    const type = Number(option.type);
    checkName(report, `${at}.name`, option.name, true);
    checkDescription(report, `${at}.description`, option.description);
    if (typeof option.name === 'string') {
      if (names.has(option.name)) report(`${at}.name`, 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS', 'Option names must be unique.');
      names.add(option.name);
    }
    if (!(type >= 1 && type <= 11)) {
      report(`${at}.type`, 'BASE_TYPE_CHOICES', 'Value must be an option type from 1 to 11.');
      return;
    }
    if (type === OptionType.SubcommandGroup && level !== 'command') {
      report(`${at}.type`, OPTION_TYPE_INVALID, 'A subcommand group can only sit at the top of a command.');
    }
    if (type === OptionType.Subcommand && level === 'subcommand') {
      report(`${at}.type`, OPTION_TYPE_INVALID, 'A subcommand cannot hold subcommands.');
    }
    if (level === 'group' && type !== OptionType.Subcommand) {
      report(`${at}.type`, OPTION_TYPE_INVALID, 'A subcommand group holds only subcommands.');
    }
    if (NESTING.has(type)) {
      const inner = Array.isArray(option.options) ? option.options : [];
      checkOptions(report, `${at}.options`, inner, type === OptionType.SubcommandGroup ? 'group' : 'subcommand');
      return;
    }
    if (option.required === true && sawOptional) {
      report(`${at}.required`, 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
    }
    if (option.required !== true) sawOptional = true;
    checkChoices(report, at, option, type);
    checkBounds(report, at, option, type);
  });
}

function checkChoices(report: Report, at: string, option: Json, type: number): void {
  const choices = Array.isArray(option.choices) ? option.choices : [];
  if (choices.length === 0) return;
  if (type !== OptionType.String && type !== OptionType.Integer && type !== OptionType.Number) {
    report(`${at}.choices`, 'APPLICATION_COMMAND_OPTION_CHOICES_INVALID', 'Only string, integer and number options take choices.');
  }
  if (option.autocomplete === true) {
    report(`${at}.autocomplete`, 'APPLICATION_COMMAND_AUTOCOMPLETE_INVALID', 'Autocomplete and choices cannot both be set.');
  }
  if (choices.length > L.commandOptions) report(`${at}.choices`, 'BASE_TYPE_MAX_LENGTH', `Must be ${L.commandOptions} or fewer in length.`);
  choices.forEach((choice: unknown, j) => {
    const c = isObject(choice) ? choice : {};
    if (typeof c.name !== 'string' || c.name.length < 1 || c.name.length > L.choiceName) {
      report(`${at}.choices.${j}.name`, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${L.choiceName} in length.`);
    }
    const wantsString = type === OptionType.String;
    if (wantsString ? typeof c.value !== 'string' : typeof c.value !== 'number') {
      report(`${at}.choices.${j}.value`, 'BASE_TYPE_CHOICES', `Must be a ${wantsString ? 'string' : 'number'}.`);
    } else if (wantsString && (c.value as string).length > L.choiceValue) {
      report(`${at}.choices.${j}.value`, 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${L.choiceValue} in length.`);
    }
  });
}

/** `min_length`/`max_length` on strings (0-6,000 and 1-6,000), `min_value`/`max_value` on numbers, each pair in order. */
function checkBounds(report: Report, at: string, option: Json, type: number): void {
  const lengths = option.min_length !== undefined || option.max_length !== undefined;
  if (lengths && type !== OptionType.String) report(`${at}.max_length`, OPTION_TYPE_INVALID, 'Only string options take min_length and max_length.');
  const inRange = (key: string, min: number) => {
    const v = option[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > L.optionMaxLength)) {
      report(`${at}.${key}`, 'NUMBER_TYPE_MAX', `Must be an integer between ${min} and ${L.optionMaxLength}.`);
    }
  };
  inRange('min_length', 0);
  inRange('max_length', 1);
  const values = option.min_value !== undefined || option.max_value !== undefined;
  if (values && type !== OptionType.Integer && type !== OptionType.Number) {
    report(`${at}.max_value`, OPTION_TYPE_INVALID, 'Only integer and number options take min_value and max_value.');
  }
  for (const [low, high] of [
    ['min_length', 'max_length'],
    ['min_value', 'max_value'],
  ] as const) {
    const a = option[low];
    const b = option[high];
    if (typeof a === 'number' && typeof b === 'number' && a > b) report(`${at}.${low}`, 'NUMBER_TYPE_MAX', `Must be at most ${high} (${b}).`);
  }
}

/** Everything Discord would refuse in one command definition; `path` prefixes each problem's path. */
export function checkCommand(body: unknown, path = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const report: Report = (at, code, message) => problems.push({ path: at, code, message });
  const prefix = path === '' ? '' : `${path}.`;
  if (!isObject(body)) {
    report(path || '_root', 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return problems;
  }
  const chatInput = body.type === undefined || Number(body.type) === 1;
  checkName(report, `${prefix}name`, body.name, chatInput);
  if (chatInput) checkDescription(report, `${prefix}description`, body.description);
  else if (body.description !== undefined && body.description !== '') {
    report(`${prefix}description`, 'APPLICATION_COMMAND_DESCRIPTION_INVALID', 'User and message commands have an empty description.');
  }
  const options = Array.isArray(body.options) ? body.options : [];
  if (!chatInput && options.length > 0) {
    report(`${prefix}options`, 'APPLICATION_COMMAND_OPTIONS_INVALID', 'Only slash commands take options.');
  }
  checkOptions(report, `${prefix}options`, options, 'command');
  const permissions = body.default_member_permissions;
  if (permissions !== undefined && permissions !== null && !/^\d+$/.test(String(permissions))) {
    report(`${prefix}default_member_permissions`, 'BASE_TYPE_BAD_INT', 'Must be a permission bitfield string.');
  }
  // Interaction context types: 0 a server, 1 the bot's DM, 2 other DMs and group DMs.
  const contexts = body.contexts;
  if (contexts !== undefined && contexts !== null && (!Array.isArray(contexts) || contexts.some((c) => c !== 0 && c !== 1 && c !== 2))) {
    report(`${prefix}contexts`, 'BASE_TYPE_CHOICES', 'Value must be a list of interaction context types (0, 1, 2).');
  }
  return problems;
}

export class CommandRegistry {
  /** Keyed by scope (`''` for global), then by command id. */
  readonly #scopes = new Map<string, Map<string, APIApplicationCommand>>();

  constructor(
    private readonly applicationId: string,
    private readonly mint: SnowflakeMint,
    private readonly onChange: () => void,
  ) {}

  all(): APIApplicationCommand[] {
    return [...this.#scopes.values()].flatMap((commands) => [...commands.values()]);
  }

  list(scope: CommandScope): APIApplicationCommand[] {
    return [...this.#commands(scope).values()];
  }

  get(scope: CommandScope, id: string): APIApplicationCommand {
    const command = this.#commands(scope).get(id);
    if (!command) throw new RestError(404, ErrorCode.UnknownApplicationCommand, 'Unknown application command');
    return command;
  }

  /** The slash command a user would get for this name: guild commands shadow global ones. */
  findChatInput(name: string, guildId: string): APIApplicationCommand | undefined {
    const match = (command: APIApplicationCommand): boolean => command.name === name && command.type === 1;
    return this.list(guildId).find(match) ?? this.list(null).find(match);
  }

  overwrite(scope: CommandScope, bodies: unknown): APIApplicationCommand[] {
    const list = Array.isArray(bodies) ? bodies : [];
    const problems = list.flatMap((body, i) => checkCommand(body, String(i)));
    const keys = list.map((body) => (isObject(body) ? `${Number(body.type ?? 1)}:${String(body.name)}` : ''));
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i) {
        problems.push({ path: `${i}.name`, code: 'APPLICATION_COMMANDS_DUPLICATE_NAME', message: 'Application command names must be unique' });
      }
    });
    if (!Array.isArray(bodies)) problems.push({ path: '_root', code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
    if (problems.length > 0) throw invalidForm(problems);
    const before = this.list(scope);
    const commands = new Map<string, APIApplicationCommand>();
    for (const body of list as Json[]) {
      // Discord keeps a command's id when a bulk overwrite names it again.
      const previous = before.find((c) => c.name === body.name && c.type === Number(body.type ?? 1));
      const command = this.#build(scope, body, previous?.id);
      commands.set(command.id, command);
    }
    this.#scopes.set(scope ?? '', commands);
    this.onChange();
    return [...commands.values()];
  }

  /** POST: creates, or replaces the command of the same name and type. */
  create(scope: CommandScope, body: unknown): { command: APIApplicationCommand; created: boolean } {
    const problems = checkCommand(body);
    if (problems.length > 0 || !isObject(body)) throw invalidForm(problems);
    const previous = this.list(scope).find((c) => c.name === body.name && c.type === Number(body.type ?? 1));
    const command = this.#build(scope, body, previous?.id);
    this.#commands(scope).set(command.id, command);
    this.onChange();
    return { command, created: previous === undefined };
  }

  edit(scope: CommandScope, id: string, patch: unknown): APIApplicationCommand {
    const current = this.get(scope, id);
    const merged = { ...current, ...(isObject(patch) ? patch : {}) };
    const problems = checkCommand(merged);
    if (problems.length > 0) throw invalidForm(problems);
    const command = this.#build(scope, merged, id);
    this.#commands(scope).set(id, command);
    this.onChange();
    return command;
  }

  remove(scope: CommandScope, id: string): void {
    this.get(scope, id);
    this.#commands(scope).delete(id);
    this.onChange();
  }

  #commands(scope: CommandScope): Map<string, APIApplicationCommand> {
    const key = scope ?? '';
    let commands = this.#scopes.get(key);
    if (!commands) {
      commands = new Map();
      this.#scopes.set(key, commands);
    }
    return commands;
  }

  #build(scope: CommandScope, body: Json, id: string | undefined): APIApplicationCommand {
    const type = Number(body.type ?? 1) as APIApplicationCommand['type'];
    const permissions = body.default_member_permissions;
    return {
      id: id ?? this.mint.next(),
      application_id: this.applicationId,
      version: this.mint.next(),
      type,
      name: String(body.name),
      name_localizations: (body.name_localizations ?? null) as APIApplicationCommand['name_localizations'],
      description: typeof body.description === 'string' ? body.description : '',
      description_localizations: (body.description_localizations ?? null) as APIApplicationCommand['description_localizations'],
      ...(Array.isArray(body.options) && body.options.length > 0 ? { options: structuredClone(body.options) as APIApplicationCommandOption[] } : {}),
      default_member_permissions: permissions === undefined || permissions === null ? null : String(permissions),
      dm_permission: body.dm_permission !== false,
      nsfw: body.nsfw === true,
      integration_types: (Array.isArray(body.integration_types) ? body.integration_types : [0]) as APIApplicationCommand['integration_types'],
      contexts: (Array.isArray(body.contexts) ? body.contexts : null) as APIApplicationCommand['contexts'],
      ...(scope === null ? {} : { guild_id: scope }),
    };
  }
}
