import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { PromptRow } from './rows';
import { prompts } from './schema';

export interface NewPrompt {
  matchId: string;
  /** The match seq the prompt was posted at. */
  seq: number;
  channelId: string;
  messageId: string;
  player: string;
  kind: string;
}

/** The synchronous queries on one SQLite connection; callers see {@link Prompts}. */
export interface PromptsSync {
  /** Records a posted prompt message. A message id recorded twice throws (unique). */
  record(p: NewPrompt): PromptRow;
  /** Prompts not yet closed, oldest first: all of them (to re-post after a restart) or one match's. */
  open(matchId?: string): PromptRow[];
  /** Closes a match's open prompts, or only those posted at or before `throughSeq`; returns how many. */
  close(matchId: string, throughSeq?: number): number;
}

/** What callers see: every query answers a Promise. */
export type Prompts = Async<PromptsSync>;

export function promptsStore(db: Db, now: Clock): PromptsSync {
  return {
    record: (p) =>
      db
        .insert(prompts)
        .values({ ...p, created: now() })
        .returning()
        .get(),
    open(matchId) {
      const pending = isNull(prompts.closed);
      return db
        .select()
        .from(prompts)
        .where(matchId === undefined ? pending : and(pending, eq(prompts.matchId, matchId)))
        .orderBy(asc(prompts.created), asc(prompts.id))
        .all();
    },
    close(matchId, throughSeq) {
      const mine = and(eq(prompts.matchId, matchId), isNull(prompts.closed));
      return db
        .update(prompts)
        .set({ closed: now() })
        .where(throughSeq === undefined ? mine : and(mine, lte(prompts.seq, throughSeq)))
        .run().changes;
    },
  };
}
