/**
 * Discord's limits on what a bot sends: the one table. The bot clips user text to it (text.ts), the
 * fake Discord refuses what breaks it with 50035 Invalid Form Body (src/fakecord/message-limits.ts,
 * command-registry.ts), and the test suite's conformance check holds every request the end-to-end
 * suites sent to it (test/conformance). Each entry names the page of Discord's developer documentation
 * (discord.com/developers/docs) that gives it; discord.js's builders enforce the same numbers.
 *
 * Lengths are counted in UTF-16 code units, as JavaScript's `length` and discord.js's validators
 * count them: never fewer than the code points Discord counts, so text inside these limits is inside
 * Discord's.
 */
export const DiscordLimit = {
  // resources/message: Create Message
  /** `content`. */
  content: 2000,
  /** `embeds`: at most 10 per message. */
  embeds: 10,
  /** `files[n]` / `attachments`: at most 10 per message. */
  files: 10,
  /** An attachment's `description` (its alt text). */
  altText: 1024,
  /** A message create's `nonce` given as a string. */
  nonce: 25,

  // resources/message: Embed Limits
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooterText: 2048,
  embedAuthorName: 256,
  /** The sum of every embed's title, description, field names and values, footer text and author name. */
  embedTotal: 6000,

  // components/reference: Action Row, Button, String Select
  /** Action rows in a (non-v2) message. */
  rows: 5,
  /** Buttons in one action row (a select fills a row alone). */
  perRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectPlaceholder: 150,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectOptionDescription: 100,
  /** components/reference: a Components v2 message holds at most 40 components … */
  v2Components: 40,
  /** … and its text displays at most 4,000 characters in all. */
  v2Text: 4000,
  /** components/reference: Text Input (modals). */
  textInputLabel: 45,
  textInputValue: 4000,
  textInputPlaceholder: 100,
  /** components/reference: Label (modals) `description`. */
  labelDescription: 100,
  /** interactions/receiving-and-responding: Modal `title`. */
  modalTitle: 45,

  // interactions/receiving-and-responding: Autocomplete
  /** Choices in one autocomplete answer. */
  choices: 25,

  // interactions/application-commands: Application Command Object, Option, Choice
  commandName: 32,
  commandDescription: 100,
  /** Options of one command or subcommand, and choices of one option. */
  commandOptions: 25,
  optionName: 32,
  optionDescription: 100,
  choiceName: 100,
  /** A string choice's value. */
  choiceValue: 100,
  /** `max_length` of a string option: 1 to 6,000. */
  optionMaxLength: 6000,

  // resources/channel: Start Thread; a channel's `name` is 1-100 characters
  threadName: 100,

  // interactions/receiving-and-responding: "Interaction tokens are valid for 15 minutes"
  interactionTokenMs: 15 * 60_000,
} as const;

export type DiscordLimitName = keyof typeof DiscordLimit;
