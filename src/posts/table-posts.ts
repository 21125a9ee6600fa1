/**
 * What the thread must see after a change to a game played through its ruleset's table rules
 * (rulesets/ruleset.ts `TableRules`): the act's line, the game's own log words, the table's picture
 * after each player turn (drawn at delivery, post-render.ts), the prompt a player must answer, whose
 * turn it is, and the result with the match's closing. Planned inside the change's transaction, as
 * announce.ts plans the default game's.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import type { Ruleset, TableRules } from '../rulesets';
import type { MatchRow, Store } from '../store';
import { storedNames } from '../store';
import { shown } from '../discord/text';
import { closing } from '../match/match-end';
import { matchRecord } from '../match/record';
import { retirements, type PlanOptions } from './announce';
import type { PostBody } from './post-body';

/** A change to a table game as saved: the row after it, its setup, the states before and after, and its numbered events. */
export interface TableChange {
  readonly row: MatchRow;
  readonly setup: unknown;
  readonly before: unknown;
  readonly after: unknown;
  readonly events: readonly { readonly seq: number; readonly event: unknown }[];
}

/** Players by their display names, bold and escaped, as the thread reads them. */
export async function boldNames(store: Store, players: readonly PlayerId[]): Promise<(p: PlayerId) => string> {
  const plain = await storedNames(store, players);
  return (p) => `**${shown(plain(p))}**`;
}

/** The prompt, the result and closing, or a ping for whoever the match waits on next. */
function whatNext(rules: Ruleset, table: TableRules, c: TableChange, name: (p: PlayerId) => string, by: PlayerId | undefined, newTurn: boolean): PostBody[] {
  const end = rules.match.end(c.after);
  if (end) {
    const everyone = c.row.players.map((p) => `<@${p}>`).join(' ');
    return [{ kind: 'text', content: `${table.result(c.setup, c.after, name)} ${everyone}`, ping: [...c.row.players] }, ...closing(c.row)];
  }
  const wait = rules.match.waits(c.after)[0];
  if (!wait) return [];
  if (wait.kind === 'prompt') return [{ kind: 'table-prompt', seq: c.row.seq }];
  if (wait.player === by && !newTurn) return [];
  // The practice opponent's seat is played at once by the bot: nobody to ping, nothing to wait for.
  if (matchRecord(c.row).terms.practice?.seat === wait.player) return [];
  return [{ kind: 'text', content: `<@${wait.player}>: ${table.waiting(c.after, name)}`, ping: [wait.player] }];
}

/** The orders that fit now, when the change opened a turn or step for a player (never for the practice opponent's seat). */
function nextOrders(rules: Ruleset, table: TableRules, c: TableChange): string | null {
  if (!table.next || c.events.length === 0) return null;
  const wait = rules.match.waits(c.after)[0];
  if (wait?.kind !== 'turn' || matchRecord(c.row).terms.practice?.seat === wait.player) return null;
  return table.next(
    c.setup,
    c.after,
    c.events.map((e) => e.event),
  );
}

/** Must run inside the change's transaction: it closes the prompts the change has moved past. */
/**
 * `options.reply` is the act's own line ("**Alice**:"): the log of what it did follows it in the
 * interaction's reply, up to the first picture.
 */
export async function planTablePosts(store: Store, rules: Ruleset, table: TableRules, c: TableChange, options: PlanOptions = {}): Promise<PostBody[]> {
  const posts: PostBody[] = [];
  if (options.answered) {
    const { messageId, lines, replace } = options.answered;
    posts.push({ kind: 'answered', messageId, lines, ...(replace ? { replace } : {}) });
  }
  const reply = posts.length;
  posts.push(...(await retirements(store, c.row, options.answered?.messageId)));
  const name = await boldNames(store, c.row.players);
  const told = table.tell(
    c.setup,
    c.before,
    c.events.map((e) => e.event),
    name,
  );
  // The act's reply says what it did, up to the first picture; the lines after come with their pictures.
  let lines: string[] = options.reply !== undefined ? [options.reply] : [];
  let replied = options.reply === undefined;
  const flush = (body: (content: string) => PostBody) => {
    const content = lines.join('\n');
    lines = [];
    if (!replied) {
      replied = true;
      posts.splice(reply, 0, { kind: 'reply', content });
      return body('');
    }
    return body(content);
  };
  told.forEach((t, i) => {
    lines.push(...t.lines);
    if (t.picture) posts.push(flush((content) => ({ kind: 'table', seq: c.events[i]!.seq, content })));
  });
  const hint = nextOrders(rules, table, c);
  if (hint) lines.push(hint);
  if (lines.length > 0 || !replied) {
    const rest = flush((content) => ({ kind: 'text', content }));
    if (rest.kind !== 'text' || rest.content !== '') posts.push(rest);
  }
  const newTurn = c.events.some((e) => rules.match.startsTurn(e.event));
  if (c.events.length > 0) posts.push(...whatNext(rules, table, c, name, options.by, newTurn));
  return posts;
}
