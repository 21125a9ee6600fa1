/**
 * How big a document anyone may hand the bot, and how a refusal for each limit reads. Every document
 * a user can send (warband, map, catalog; JSON or YAML) is held to these in document.ts, so one file
 * of nested brackets cannot exhaust the stack or memory of the process every match runs in.
 */

/**
 * 256 KiB. Discord uploads are already capped at 64 KiB (commands/upload.ts); this caps whatever else
 * reaches a parser, such as a league's catalog (the shipped one, two factions, is 35 KB). The yaml
 * library takes most of a second over 256 KiB on our small hosts, and the bot waits while it does.
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/**
 * Lists and objects inside one another. The deepest real document, a scenario's inline map cell or a
 * card's status effect, is 5 or 6 levels; the yaml library recurses once per level and runs out of
 * stack somewhere past 700, so 64 is generous for people and far from the cliff.
 */
export const MAX_DEPTH = 64;

/**
 * Values (lists, objects and the text, numbers and flags in them), counted after YAML aliases are
 * expanded. The shipped catalog holds about 2,000 and a 40×40 map with every square listed about
 * 12,000; an alias bomb that fits in a few lines holds billions.
 */
export const MAX_VALUES = 100_000;

/**
 * YAML aliases (`*name`). A hand-written catalog reuses a few anchors a few dozen times; the value
 * limit is what stops an alias bomb, this only keeps the check that expands them short.
 */
export const MAX_ALIASES = 200;

const kib = (bytes: number): string => `${Math.ceil(bytes / 1024)} KiB`;

export const tooBig = (bytes: number): string => `the file is ${kib(bytes)}; the most allowed is ${kib(MAX_DOCUMENT_BYTES)}`;

/** Depth is always counted to the end, so the number is the file's own. */
export const tooDeep = (depth: number): string => `the file nests ${depth} levels deep; the most allowed is ${MAX_DEPTH}`;

/** Counting values stops past the limit (an alias bomb has billions), hence "more than". */
export const tooManyValues = (): string => `the file holds more than ${MAX_VALUES} values; the most allowed is ${MAX_VALUES}`;

export const aliasesExpand = (): string => `the file's aliases (*name) would expand it to more than ${MAX_VALUES} values; the most allowed is ${MAX_VALUES}`;

export const tooManyAliases = (): string => `the file uses more than ${MAX_ALIASES} aliases (*name); the most allowed is ${MAX_ALIASES}`;
