/**
 * A user's slash command, as the driver describes it (`{ name, subcommand, options }`), turned into
 * the interaction data Discord would send: the options tree typed by the registered definition, and
 * `resolved` users, members, roles, channels and attachments. Discord's client refuses what it
 * cannot send (a missing required option, a value outside the choices), so this does too.
 */
import type { APIApplicationCommand, APIApplicationCommandOption, APIInteractionDataResolved } from 'discord.js';
import { OptionType } from './command-registry';
import { FakeDiscordError } from './errors';
import { apiAttachment, apiInteractionMember, apiResolvedChannel, apiRole, apiUser } from './payloads';
import type { AutocompleteInput, CommandInput, FakeUpload } from './types';
import type { World } from './world';

/** One option in the interaction's tree: a value, or a subcommand (group) holding more. */
export interface DataOption {
  readonly name: string;
  readonly type: number;
  readonly value?: string | number | boolean;
  readonly options?: DataOption[];
  readonly focused?: boolean;
}

export interface CommandData {
  readonly id: string;
  readonly name: string;
  readonly type: 1;
  readonly guild_id?: string;
  readonly options?: DataOption[];
  readonly resolved?: APIInteractionDataResolved;
}

type Definition = APIApplicationCommandOption & {
  options?: APIApplicationCommandOption[];
  choices?: { name: string; value: string | number }[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  channel_types?: number[];
  autocomplete?: boolean;
  required?: boolean;
};

const fail = (code: string, message: string): never => {
  throw new FakeDiscordError(code, message);
};

export function isUpload(value: unknown): value is FakeUpload {
  return typeof value === 'object' && value !== null && 'name' in value && 'data' in value;
}

/** `"match start"` → `{ name: "match", group: undefined, subcommand: "start" }`. */
export function splitCommandName(input: { name: string; group?: string; subcommand?: string }): {
  name: string;
  group: string | undefined;
  subcommand: string | undefined;
} {
  const words = input.name.trim().replace(/^\//, '').split(/\s+/);
  const [name = '', second, third] = words;
  if (third !== undefined) return { name, group: second, subcommand: third };
  if (second !== undefined) return { name, group: input.group, subcommand: second };
  return { name, group: input.group, subcommand: input.subcommand };
}

export function commandData(world: World, command: APIApplicationCommand, input: CommandInput | AutocompleteInput, focused?: string): CommandData {
  const { group, subcommand } = splitCommandName(input);
  const label = `/${[command.name, group, subcommand].filter(Boolean).join(' ')}`;
  const resolved: Required<Pick<APIInteractionDataResolved, 'users' | 'members' | 'roles' | 'channels' | 'attachments'>> = {
    users: {},
    members: {},
    roles: {},
    channels: {},
    attachments: {},
  };
  const given: Record<string, unknown> = { ...(input.options ?? {}), ...('attachments' in input ? (input.attachments ?? {}) : {}) };

  let level = (command.options ?? []) as Definition[];
  const path: { name: string; type: number }[] = [];
  const nesting = level.some((o) => o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup);
  if (nesting) {
    if (group !== undefined) {
      const found = level.find((o) => o.type === OptionType.SubcommandGroup && o.name === group);
      if (!found) fail('unknown-subcommand', `${label}: /${command.name} has no group "${group}".`);
      path.push({ name: group, type: OptionType.SubcommandGroup });
      level = (found?.options ?? []) as Definition[];
    }
    const sub = level.find((o) => o.type === OptionType.Subcommand && o.name === subcommand);
    if (!sub) {
      const names = level.map((o) => o.name).join(', ');
      fail('unknown-subcommand', `${label}: pick a subcommand${group ? ` of ${group}` : ''}: ${names}.`);
    }
    path.push({ name: subcommand ?? '', type: OptionType.Subcommand });
    level = (sub?.options ?? []) as Definition[];
  } else if (subcommand !== undefined || group !== undefined) {
    fail('unknown-subcommand', `${label}: /${command.name} has no subcommands.`);
  }

  for (const name of Object.keys(given)) {
    if (!level.some((o) => o.name === name)) {
      fail('unknown-option', `${label} has no option "${name}" (it has: ${level.map((o) => o.name).join(', ') || 'none'}).`);
    }
  }
  if (focused !== undefined) {
    const target = level.find((o) => o.name === focused);
    if (!target) fail('unknown-option', `${label} has no option "${focused}" to autocomplete.`);
    if (target && target.autocomplete !== true) fail('not-autocomplete', `${label}: option "${focused}" does not autocomplete.`);
  }

  const leaves: DataOption[] = [];
  for (const definition of level) {
    if (definition.name === focused) {
      const typed = given[definition.name];
      leaves.push({ name: definition.name, type: definition.type, value: typed === undefined ? '' : String(typed), focused: true });
      continue;
    }
    const raw = given[definition.name];
    if (raw === undefined || raw === null || raw === '') {
      if (definition.required === true && focused === undefined) fail('missing-option', `${label} needs option "${definition.name}".`);
      continue;
    }
    // Discord sends no attachments with an autocomplete request; the file is only uploaded on submit.
    if (definition.type === OptionType.Attachment && focused !== undefined) continue;
    const value = convert(world, definition, raw, resolved, label, focused === undefined);
    leaves.push({ name: definition.name, type: definition.type, value });
  }

  let options: DataOption[] = leaves;
  for (const step of [...path].reverse()) options = [{ name: step.name, type: step.type, options }];
  const used = Object.fromEntries(Object.entries(resolved).filter(([, entries]) => Object.keys(entries).length > 0));
  return {
    id: command.id,
    name: command.name,
    type: 1,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    ...(options.length > 0 ? { options } : {}),
    ...(Object.keys(used).length > 0 ? { resolved: used } : {}),
  };
}

function convert(
  world: World,
  definition: Definition,
  raw: unknown,
  resolved: Required<Pick<APIInteractionDataResolved, 'users' | 'members' | 'roles' | 'channels' | 'attachments'>>,
  label: string,
  strict: boolean,
): string | number | boolean {
  const where = `${label} option "${definition.name}"`;
  switch (definition.type) {
    case OptionType.String: {
      const value = pickChoice(definition, typeof raw === 'string' ? raw : String(raw), where);
      if (strict && typeof value === 'string') {
        const { min_length: min, max_length: max } = definition;
        if (min !== undefined && value.length < min) fail('invalid-option', `${where} needs at least ${min} characters.`);
        if (max !== undefined && value.length > max) fail('invalid-option', `${where} takes at most ${max} characters.`);
      }
      return value;
    }
    case OptionType.Integer:
    case OptionType.Number: {
      const chosen = pickChoice(definition, raw, where);
      const value = typeof chosen === 'number' ? chosen : Number(chosen);
      if (!Number.isFinite(value) || (definition.type === OptionType.Integer && !Number.isInteger(value))) {
        const kind = definition.type === OptionType.Integer ? 'a whole number' : 'a number';
        fail('invalid-option', `${where} needs ${kind}, not "${String(raw)}".`);
      }
      const { min_value: min, max_value: max } = definition;
      if (strict && min !== undefined && value < min) fail('invalid-option', `${where} must be at least ${min}.`);
      if (strict && max !== undefined && value > max) fail('invalid-option', `${where} must be at most ${max}.`);
      return value;
    }
    case OptionType.Boolean: {
      if (typeof raw === 'boolean') return raw;
      // The Discord client offers True and False and takes either typed in any case; the bot's own
      // hints write `charge:True` (a tester's typed "True" was refused, issue 26).
      const word = String(raw).toLowerCase();
      if (word === 'true' || word === 'false') return word === 'true';
      return fail('invalid-option', `${where} needs true or false.`);
    }
    case OptionType.User:
      return resolveUser(world, String(raw), resolved, where);
    case OptionType.Role:
      return resolveRole(world, String(raw), resolved, where);
    case OptionType.Mentionable:
      return world.findUser(String(raw)) ? resolveUser(world, String(raw), resolved, where) : resolveRole(world, String(raw), resolved, where);
    case OptionType.Channel: {
      const channel = world.findChannel(String(raw)) ?? fail('invalid-option', `${where}: there is no channel "${String(raw)}".`);
      if (definition.channel_types && !definition.channel_types.includes(channel.type)) {
        fail('invalid-option', `${where} does not take a channel of type ${channel.type}.`);
      }
      resolved.channels[channel.id] = apiResolvedChannel(world, channel);
      return channel.id;
    }
    case OptionType.Attachment: {
      if (!isUpload(raw)) return fail('invalid-option', `${where} needs a file: { name, data }.`);
      const bytes = typeof raw.data === 'string' ? Buffer.from(raw.data) : Buffer.from(raw.data);
      const record = world.attachments.add({ filename: raw.name, bytes, ...(raw.contentType ? { contentType: raw.contentType } : {}) }, { ephemeral: true });
      resolved.attachments[record.id] = apiAttachment(record);
      return record.id;
    }
    default:
      return fail('invalid-option', `${where} has an option type the fake does not send (${definition.type}).`);
  }
}

/** A value must be one of the choices when there are any; a choice's name is accepted for its value. */
function pickChoice(definition: Definition, raw: unknown, where: string): string | number {
  const value = typeof raw === 'number' ? raw : String(raw);
  const choices = definition.choices;
  if (!choices || choices.length === 0) return value;
  const match = choices.find((c) => c.value === value || String(c.value) === String(value)) ?? choices.find((c) => c.name === String(value));
  if (!match) return fail('invalid-option', `${where} must be one of: ${choices.map((c) => c.name).join(', ')}.`);
  return match.value;
}

function resolveUser(world: World, ref: string, resolved: Required<Pick<APIInteractionDataResolved, 'users' | 'members'>>, where: string): string {
  const user = world.findUser(ref) ?? fail('invalid-option', `${where}: there is no user "${ref}".`);
  resolved.users[user.id] = apiUser(user);
  // A resolved member is the interaction's member without the user (it sits in `users`) or voice state.
  const { user: _user, deaf: _deaf, mute: _mute, ...member } = apiInteractionMember(world, user);
  resolved.members[user.id] = member;
  return user.id;
}

function resolveRole(world: World, ref: string, resolved: Required<Pick<APIInteractionDataResolved, 'roles'>>, where: string): string {
  const role = world.findRole(ref) ?? fail('invalid-option', `${where}: there is no user or role "${ref}".`);
  resolved.roles[role.id] = apiRole(role);
  return role.id;
}
