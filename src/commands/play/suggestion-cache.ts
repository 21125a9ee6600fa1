/**
 * What the act commands' autocomplete reads, kept per match and move. Discord sends one request per
 * keystroke, and the keystrokes of one command read the same match at the same move: the first reads
 * and decodes the match and works out its answers (which units can act, where one can move); the
 * rest find them here. An entry is keyed by the match's id, seq (its events) and last change, read
 * without parsing the match (`versionByThread`): any change to the match is a new key, so an answer
 * is never stale, and old keys fall out of the LRU.
 */
import { Lru } from '../../cache/lru';
import type { GameState } from '../../rulesets/sellsword/engine';
import { gameOf } from '../../match/match-state';
import { matchRecord } from '../../match/record';
import type { MatchRow, MatchVersion, Store } from '../../store';
import type { Memo, Names } from '../../rulesets/sellsword/table';

export interface Suggesting {
  readonly game: GameState;
  /** A player's name as the match's setup has it; plain, since a suggestion shows text as typed (no markdown). */
  readonly names: Names;
  readonly memo: Memo;
}

/**
 * Entries remembered per store: enough for every match someone is typing a command in at once (the
 * keystrokes of one command come within seconds), and no more. Each holds a whole decoded game and
 * the answers worked out for it, so a match nobody is typing in must not keep one.
 */
export const MATCHES_KEPT = 48;
const caches = new WeakMap<Store, Lru<string, Suggesting | null>>();

const keyOf = (v: MatchVersion) => `${v.id}:${v.seq}:${v.updated}`;

function entryOf(row: MatchRow): Suggesting | null {
  const record = matchRecord(row);
  const game = record.snapshot ? gameOf(record.snapshot) : null;
  const setup = record.setup;
  if (!game || !setup) return null;
  const names: Names = (p) => setup.names[p] ?? 'the other player';
  const answers = new Map<string, unknown>();
  const memo: Memo = <T>(key: string, make: () => T): T => {
    if (answers.has(key)) return answers.get(key) as T;
    const value = make();
    answers.set(key, value);
    return value;
  };
  return { game, names, memo };
}

/** The game in a thread and a memo for its answers, or null when the thread holds no game under way. */
export async function suggesting(store: Store, threadId: string): Promise<Suggesting | null> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Lru(MATCHES_KEPT)));
  const version = await store.matches.versionByThread(threadId);
  if (!version) return null;
  const kept = cache.get(keyOf(version));
  if (kept !== undefined) return kept;
  const row = await store.matches.byThread(threadId);
  if (!row) return null;
  const entry = entryOf(row);
  // Kept under the version read with the row: the match may have moved since `version` was read.
  cache.set(keyOf(row), entry);
  return entry;
}
