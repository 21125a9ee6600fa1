/**
 * The one codec for component ids. An id is stateless: it carries the match, the event
 * sequence number the prompt was posted at, what the component does and its argument, so any process
 * (or the same one after a restart) can handle a click, and a click on an old prompt is refused
 * because the match's sequence number has moved on.
 *
 *   ss1:<action>:<match>:<seq>:<arg>     at most 100 characters (Discord's limit)
 *
 * `replay` (the step buttons of `/skirmish replay`) changes nothing and answers no prompt: its `seq`
 * is how far into the log the replay reads (so turn numbers stay put while the match goes on), its
 * argument where the button goes (`first:0`, `back:N`, `next:N`, `last:N`, `open:0`), `ask:N:M` for
 * the button that opens the "go to a turn" form (showing turn N of M), `goto` for that form.
 */
import { RULESETS } from '../rulesets';

/** The application's own actions: a log page, a concession, a challenge's answer, a replay, a digest, a table game's prompt. */
const OWN_ACTIONS = ['log', 'concede', 'challenge', 'replay', 'digest', 'answer'] as const;

/** Every action an id may carry: each game's prompt buttons (`Ruleset.buttons`), then the application's. */
export const ACTIONS: readonly string[] = [...new Set([...RULESETS.flatMap((r) => r.buttons), ...OWN_ACTIONS])];
/** An action of ACTIONS; a game's prompt kinds are its own words, so the type is the string. */
export type ComponentAction = string;

export interface ComponentId {
  readonly action: ComponentAction;
  readonly match: string;
  readonly seq: number;
  /** Free text, may be empty; select menus put their argument in the chosen value instead. */
  readonly arg: string;
}

const PREFIX = 'ss1';
const MAX = 100;
const MATCH = /^[A-Za-z0-9_-]{1,32}$/;

export function encodeComponentId(id: ComponentId): string {
  if (!MATCH.test(id.match)) throw new Error(`match id "${id.match}" cannot go in a component id`);
  if (!Number.isSafeInteger(id.seq) || id.seq < 0) throw new Error(`bad sequence number ${id.seq}`);
  const text = `${PREFIX}:${id.action}:${id.match}:${id.seq}:${id.arg}`;
  if (text.length > MAX) throw new Error(`component id longer than ${MAX} characters: ${text}`);
  return text;
}

/** Null for anything we did not make (or made by an incompatible older version). */
export function parseComponentId(text: string): ComponentId | null {
  const parts = text.split(':');
  if (parts.length < 5 || parts[0] !== PREFIX) return null;
  const [, action, match, seqText] = parts as [string, string, string, string];
  const arg = parts.slice(4).join(':');
  if (!ACTIONS.includes(action) || !MATCH.test(match) || !/^(0|[1-9]\d{0,14})$/.test(seqText)) return null;
  return { action, match, seq: Number(seqText), arg };
}
