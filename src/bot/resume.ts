/**
 * After a restart: the outbox worker delivers whatever was left waiting (bot/outbox-worker.ts), and
 * prompts already posted keep working, since their buttons carry a sequence number that has not moved.
 * One gap remains for databases written before the outbox existed, or by hand: an open prompt with
 * neither a posted message nor a row waiting to post it. Such a prompt is queued here, once.
 */
import type { App } from '../commands/app';
import type { PostBody } from '../posts/post-body';
import { matchRecord } from '../match/record';
import type { ShardScope } from '../store';
import { PROMPT_WAITS } from '../clock/deadline-plan';
import { enqueue } from '../match/table';
import { practiceSeat } from '../match/practice-seat';

/** Matches looked at per query: the candidates are few, and a page bounds what is held at once. */
const PAGE = 200;

/**
 * With a shard, only matches of its own guilds: another shard's prompts are that shard's to post, and
 * queueing them here too would post them twice. Only the matches the store names as possibly owing a
 * prompt post (open-work.ts: waiting on a prompt with none recorded at their seq) are read in full.
 */
export async function queueMissingPrompts(app: App, shard?: ShardScope): Promise<number> {
  let queued = 0;
  for (let after = ''; ; ) {
    const page = await app.store.matches.promptUnposted(PROMPT_WAITS, { after, limit: PAGE, shard });
    for (const ref of page) if (await queueIfMissing(app, ref.id)) queued++;
    if (page.length < PAGE) return queued;
    after = page.at(-1)!.id;
  }
}

async function queueIfMissing(app: App, matchId: string): Promise<boolean> {
  const stored = await app.store.matches.get(matchId);
  if (!stored) return false;
  const row = matchRecord(stored);
  if (!row.setup || !row.snapshot || !row.threadId) return false;
  const snapshot = row.snapshot;
  const open = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt;
  // The practice opponent's prompts are never posted: the scheduler has the AI answer them.
  if (!open || open.player === practiceSeat(row.terms)) return false;
  const posted = (await app.store.prompts.open(row.id)).some((p) => p.seq === row.seq);
  const waiting = (await app.store.outbox.pending(row.id)).some((r) => (r.body as PostBody).kind === 'prompt');
  if (posted || waiting) return false;
  await app.store.transaction(() => enqueue(app, row, [{ kind: 'prompt', seq: row.seq }]));
  return true;
}
