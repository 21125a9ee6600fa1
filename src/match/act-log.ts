/**
 * An act's or an answer's outcome in words, for the reply that confirms it: what happened, with the
 * rolls, and what the game now waits for (render/last-turn-words.ts says it). The words go in posts
 * everyone in the thread reads, so they never address one reader as "(you)". Round news is left to
 * its own post (announce.ts), and so is all that follows a turn's end.
 */
import { apply, type GameEvent, type GameState, type PlayerId } from '../rulesets/sellsword/engine';
import type { HappeningKind } from '../rulesets/sellsword/render';
import { eventSentences, NEWS } from '../rulesets/sellsword/render';
import { gameOf } from './match-state';
import { matchRecord } from './record';
import { practiceSeat } from './practice-seat';
import type { Submitted } from './submitted';
import type { Untold } from './untold-acts';
import { shownNames } from '../discord/text';

/** A turn's end is left out: every turn that ends gets its own post next (announce.ts), which says so. */
const SKIP: ReadonlySet<HappeningKind> = new Set([...NEWS, 'turn', 'turn-ended']);

/** Events the thread tells as round news, on lines of their own after the act's (announce.ts). */
const ROUND_NEWS: ReadonlySet<GameEvent['type']> = new Set(['round-started', 'tactics-rolled', 'order-set']);

/**
 * `untold`: earlier events of the turn to tell first, from the state they start at (untold-acts.ts).
 * `lasting`: the lines are written on an answered prompt and must stay true once what follows is settled.
 */
export function describeChange(done: Submitted, untold?: Untold | null, actor?: string, lasting?: boolean): string[] {
  const before = untold ? untold.before : gameOf(done.before);
  const after = gameOf(done.after);
  if (!before || !after) return [];
  const all = [...(untold?.events ?? []), ...done.events.flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []))];
  return tellEvents(done, before, after, all, actor, lasting);
}

/** The choice an answer makes, told apart from what it lets resolve. */
export interface AnswerTold {
  /** The answer itself: the replies declared or declined, or how a wound split's unit took the wounds. */
  readonly answer: string[];
  /** What the answer let resolve of the act it answered, and who made that act. */
  readonly rest: string[];
  readonly by: PlayerId | null;
}

/** An answer's own events: the answer, and the replies it declares. */
const ANSWER: ReadonlySet<GameEvent['type']> = new Set(['answered', 'reply-declared']);

/**
 * `describeChange` of an answer given in another player's turn, split in two: the answer, told as the
 * answerer's, and the rest of the act it answered (an attack resolving, replies and drops included),
 * told as the acting player's, so one player's act is never told under the other's name.
 */
export function describeAnswer(done: Submitted, answerer: PlayerId): AnswerTold {
  const before = gameOf(done.before);
  const after = gameOf(done.after);
  const turn = before?.turn;
  const by = turn ? (turn.controller ?? turn.player) : null;
  if (!before || !after || by === null || by === answerer) return { answer: describeChange(done, null, answerer), rest: [], by: null };
  const all = done.events.flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  const cut = all.findIndex((e) => !ANSWER.has(e.type));
  let at = cut === -1 ? all.length : cut;
  // A wound split's answer is how its unit took the wounds: that line is the answerer's choice, told
  // under its name. Left to the acting player's part, it came as a second "act goes on" block with no
  // line of the answerer's before it, right after the one its reply started (issue 26).
  const prompt = before.prompt;
  const split = (e: GameEvent | undefined) => prompt?.kind === 'wounds' && e?.type === 'wounded' && e.unit === prompt.unit;
  while (split(all[at])) at++;
  const mid = all.slice(0, at).reduce<GameState>((s, e) => apply(s, e), before);
  // The rest is read from before the answer, its events read but not told again: with the answered
  // prompt in view, the act it was about is not declared again with the next unit's prompt (a tester
  // read "KN declared an attack on OB with Longsword" once for each unit that may reply, issue 26), and
  // a reply the answer declared is known, so a drop that then stops it says so (R26: a playtester read
  // "SA will reply to WH", then "SA was dropped by WH" and nothing of the reply until the turn's post).
  return { answer: tellEvents(done, before, mid, all.slice(0, at), answerer), rest: tellEvents(done, before, after, all, by, undefined, at), by };
}

/** `all` (played from `before` to `after`) in words, up to the turn's end and any round news. */
function tellEvents(done: Submitted, before: GameState, after: GameState, all: readonly GameEvent[], actor?: string, lasting?: boolean, told = 0): string[] {
  // What follows a turn's end (the next turn, the round's end and its prompts) comes after that turn's
  // own post, in the thread's order: the line stops where the turn ended. Round news (a tactics check
  // rolled again, the order set) has its own line after this one, so the line stops before it too:
  // the choice a reroll leads to is never told before the reroll's result.
  const ended = all.findLastIndex((e) => e.type === 'turn-ended');
  const upToEnd = ended === -1 ? all : all.slice(0, ended + 1);
  const news = upToEnd.findIndex((e) => ROUND_NEWS.has(e.type));
  const events = news === -1 ? upToEnd : upToEnd.slice(0, news);
  // Names are escaped for Discord's markdown where they are shown (discord/text.ts).
  // The practice bot answers its prompts at once: nobody is "waiting for" it.
  const instant = practiceSeat(matchRecord(done.row).terms) ?? undefined;
  return eventSentences(
    after,
    { lastTurn: events, before, names: shownNames(done.setup.names), told },
    { instant, actor, lasting, skip: SKIP, news: false, boldDrops: true },
  );
}
