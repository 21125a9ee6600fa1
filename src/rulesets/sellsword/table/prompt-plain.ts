/**
 * A prompt as plain data, which the application's commands turn into Discord's buttons and menus with
 * ids from the one codec (commands/prompts/prompt-game.ts): its text, then its parts, each carrying
 * its component action (a PROMPT_BUTTONS word) and its answers' args.
 */
import type { RuleError } from '../../../engine';

export interface PlainButton {
  readonly label: string;
  readonly arg: string;
  /** Secondary: the choice that lets the moment pass (keep the roll, no reply); otherwise primary. */
  readonly style?: 'secondary';
}

export interface PlainOption {
  readonly label: string;
  readonly value: string;
  readonly description?: string;
}

/** Buttons (five to a row), or a select menu whose chosen value is the arg; `tag` keeps several menus of one action apart. */
export type PlainPart =
  | { readonly action: string; readonly buttons: readonly PlainButton[] }
  | { readonly action: string; readonly menu: string; readonly options: readonly PlainOption[]; readonly tag?: string };

export interface PlainPrompt {
  readonly content: string;
  readonly parts: readonly PlainPart[];
}

/** A click's answer: the command it stands for, or why it is refused. */
export type Answered<T> = { readonly ok: true; readonly command: T } | { readonly ok: false; readonly error: RuleError };

export const refused = (code: string, message: string): { readonly ok: false; readonly error: RuleError } => ({ ok: false, error: { code, message } });
export const answered = <T>(command: T): { readonly ok: true; readonly command: T } => ({ ok: true, command });
