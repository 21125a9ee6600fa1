/**
 * What an outbox row asks to be shown (docs/store.md "The outbox"). Bodies are plain JSON, written in
 * the transaction of the change they report, and turned into Discord messages only when delivered
 * (post-render.ts): pictures are drawn from the stored match then, so nothing is lost if the process
 * dies before a picture was made.
 */
export type PostBody =
  /** Plain lines: setup and round news, a challenge, a concession, whose turn it is. */
  | { readonly kind: 'text'; readonly content: string; readonly ping?: readonly string[] }
  /** The act's public line: the interaction's own reply when it can be, otherwise posted in the thread. */
  | { readonly kind: 'reply'; readonly content: string; readonly ping?: readonly string[] }
  /** The battle's opening picture, once setup is done. */
  | { readonly kind: 'opening' }
  /** One player's warband with its stat cards, after the opening picture. */
  | { readonly kind: 'warband'; readonly player: string }
  /**
   * A unit's turn is over: the map and the turn's log, as they were after event `seq`, and its close-up
   * unless `pingAt` is the seq of the your-turn ping posted right after it that carries that same
   * close-up (announce.ts). `ping`: a ping carried on the same message, as bodies queued before issue 26 were.
   */
  | { readonly kind: 'turn'; readonly seq: number; readonly pingAt?: number; readonly ping?: YourTurnPing }
  /** The match is over: who won, the score, and the final turn. */
  | { readonly kind: 'result'; readonly seq: number }
  /** The prompt open at match seq `seq`; skipped if the match has moved on by delivery. */
  | { readonly kind: 'prompt'; readonly seq: number }
  /** Takes the buttons off a prompt message the match has moved past, with a short note. */
  | { readonly kind: 'retire'; readonly messageId: string; readonly note: string }
  /** Writes a click's answer on the prompt it answered, and takes its buttons off. */
  /** `replace`: the lines are the message's whole new text, not lines added under the prompt. */
  | { readonly kind: 'answered'; readonly messageId: string; readonly lines: readonly string[]; readonly replace?: boolean }
  /**
   * The game waits on a player to act: the ping, with what happened since their last act (as of `seq`);
   * `after`: the seq of the turn whose post it comes right after (that post tells the turn, so the
   * digest stops where it began). `above`: the words the same change posted just before it (the act's
   * line, an answer with the act it let go on, round news), which its digest does not tell again.
   */
  | ({ readonly kind: 'your-turn'; readonly after?: number; readonly above?: string } & YourTurnPing)
  /** A challenge with its Accept and Decline buttons (a prompt at seq 0, retired when it is answered). */
  | { readonly kind: 'challenge'; readonly content: string; readonly ping: readonly string[] }
  /** The match is over: its result, posted in the league (parent) channel with a link to the thread. */
  | { readonly kind: 'league-result' }
  /** The match is over: the thread renamed to say how it went, then archived. */
  | { readonly kind: 'close-thread' }
  /**
   * A direct message to one user (a reminder for a player who turned DMs on with /notify, a paused
   * match's notice); with `elseIn`, posted in that channel with a ping instead when the user allows no DMs.
   */
  | { readonly kind: 'dm'; readonly user: string; readonly content: string; readonly elseIn?: string }
  /** The map as it stands now, with the match's open prompt posted after it: a reopened match's new thread. */
  | { readonly kind: 'board' }
  /**
   * A game played through its ruleset's table rules (rulesets/ruleset.ts `TableRules`): the table's
   * picture as it was after event `seq`, with the turn that ended there marked, under the log lines `content`.
   */
  | { readonly kind: 'table'; readonly seq: number; readonly content: string }
  /** Such a game's prompt open at match seq `seq`, with its buttons; skipped if the match has moved on by delivery. */
  | { readonly kind: 'table-prompt'; readonly seq: number };

export type PostKind = PostBody['kind'];

/** Whom the game waits on, and their ping's line; the digest of what happened since is added at delivery (as of `seq`). */
export interface YourTurnPing {
  readonly seq: number;
  readonly player: string;
  readonly content: string;
}
