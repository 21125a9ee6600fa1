/**
 * A fake Discord on 127.0.0.1 for the real discord.js client: REST under `/api`, the gateway on the
 * same port, one guild with a few users. Tests and the sandbox drive users through it (commands,
 * clicks, menus, modals, messages) and read what the bot did. See docs/fakecord.md.
 */
export { startFakeDiscord } from './server';
export { FakeDiscordError } from './errors';
export type {
  FakeGuild,
  AutocompleteChoice,
  AutocompleteInput,
  ClickInput,
  CommandInput,
  FakeAttachment,
  FakeChannel,
  FakeChannelKind,
  FakeDiscord,
  FakeDiscordEvent,
  FakeDiscordEvents,
  FakeDiscordOptions,
  FakeFaults,
  FakeMessage,
  FakeModal,
  FakeUpload,
  FakeUser,
  FakeUserSeed,
  FaultHandle,
  FaultRequest,
  FaultRule,
  FaultStatus,
  GatewaySessionInfo,
  InteractionKind,
  InteractionOutcome,
  InteractionResponse,
  InteractionSummary,
  ModalSubmitInput,
  PostInput,
  RecordedRequest,
  RegisteredCommand,
  Rejection,
  ResponseKind,
  SelectInput,
  SettleOptions,
} from './types';
