/**
 * A throwaway bot for the fake's tests: a real discord.js client whose interaction handlers each
 * test sets by command name or custom-id prefix, and which records anything a handler throws.
 */
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { PNG } from 'pngjs';
import type { FakeDiscord } from '../../src/fakecord';

export type Handler = (interaction: Interaction) => Promise<unknown>;

export interface TestBot {
  readonly client: Client;
  /** By command name, or by the part of a custom id before the first `:`. */
  readonly handlers: Map<string, Handler>;
  readonly errors: unknown[];
}

export function handlerKey(interaction: Interaction): string {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) return interaction.commandName;
  if (interaction.isMessageComponent() || interaction.isModalSubmit()) return interaction.customId.split(':')[0] ?? '';
  return '';
}

export async function startBot(fake: FakeDiscord, intents: GatewayIntentBits[] = [GatewayIntentBits.Guilds]): Promise<TestBot> {
  const client = new Client({ intents, rest: { api: fake.apiBase } });
  const handlers = new Map<string, Handler>();
  const errors: unknown[] = [];
  client.on(Events.InteractionCreate, (interaction) => {
    const handler = handlers.get(handlerKey(interaction));
    if (!handler) return;
    handler(interaction).catch((error: unknown) => errors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('fake-token');
  await ready;
  return { client, handlers, errors };
}

/** A small real PNG, `width` × `height`, for upload tests. */
export function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(0x80);
  return PNG.sync.write(image);
}
