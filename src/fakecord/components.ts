/**
 * Finding the button or menu a user clicks on a message, and checking what they pick, the way the
 * Discord client would not let them click a disabled button or pick an option that is not there.
 */
import type { APIInteractionDataResolved } from 'discord.js';
import { FakeDiscordError } from './errors';
import { SELECT_TYPES } from './message-limits';
import { apiResolvedChannel, apiRole, apiUser } from './payloads';
import type { World } from './world';
import { isObject, type Json } from './json';

/** Searches action rows and v2 layouts (containers, section accessories) for a custom id. */
export function findComponent(value: unknown, customId: string): Json | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findComponent(item, customId);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.custom_id === customId) return value;
  return findComponent(value.components, customId) ?? findComponent(value.accessory, customId) ?? findComponent(value.component, customId);
}

/** Every custom id on a message, to tell a test which ones exist when it names a wrong one. */
export function customIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(customIds);
  if (!isObject(value)) return [];
  const own = typeof value.custom_id === 'string' ? [value.custom_id] : [];
  return [...own, ...customIds(value.components), ...customIds(value.accessory), ...customIds(value.component)];
}

export const isSelect = (component: Json): boolean => SELECT_TYPES.has(Number(component.type));

const fail = (message: string): never => {
  throw new FakeDiscordError('invalid-selection', message);
};

/**
 * The values a select interaction carries, and `resolved` for user, role, mentionable and channel
 * menus (whose values are ids; names are accepted and turned into ids).
 */
export function selectionData(world: World, component: Json, picked: readonly string[]): { values: string[]; resolved?: APIInteractionDataResolved } {
  const type = Number(component.type);
  const id = String(component.custom_id);
  const min = typeof component.min_values === 'number' ? component.min_values : 1;
  const max = typeof component.max_values === 'number' ? component.max_values : 1;
  if (picked.length < min || picked.length > max) {
    fail(`Menu "${id}" takes ${min === max ? min : `${min} to ${max}`} value(s), not ${picked.length}.`);
  }
  if (type === 3) {
    const options = Array.isArray(component.options) ? component.options.filter(isObject) : [];
    const values = picked.map((wanted) => {
      const option = options.find((o) => o.value === wanted) ?? options.find((o) => o.label === wanted);
      const known = options.map((o) => String(o.value)).join(', ');
      return option ? String(option.value) : fail(`Menu "${id}" has no option "${wanted}" (it has: ${known}).`);
    });
    return { values };
  }
  const resolved: APIInteractionDataResolved = {};
  const values = picked.map((ref) => {
    const user = type === 5 || type === 7 ? world.findUser(ref) : undefined;
    if (user) {
      resolved.users = { ...resolved.users, [user.id]: apiUser(user) };
      return user.id;
    }
    const role = type === 6 || type === 7 ? world.findRole(ref) : undefined;
    if (role) {
      resolved.roles = { ...resolved.roles, [role.id]: apiRole(role) };
      return role.id;
    }
    const channel = type === 8 ? world.findChannel(ref) : undefined;
    if (channel) {
      resolved.channels = { ...resolved.channels, [channel.id]: apiResolvedChannel(world, channel) };
      return channel.id;
    }
    return fail(`Menu "${id}" cannot pick "${ref}".`);
  });
  return { values, resolved };
}

/** What a player saw of the values they picked in a menu: option labels, or users' names, joined by ", ". */
export function pickedLabels(world: World, component: Json, values: readonly string[]): string {
  const options = Array.isArray(component.options) ? component.options.filter(isObject) : [];
  return values
    .map((value) => {
      const option = options.find((o) => String(o.value) === value);
      if (option) return String(option.label);
      const user = world.findUser(value);
      return user ? user.displayName : value;
    })
    .join(', ');
}
