/**
 * After a restart: the outbox worker delivers whatever was left waiting (bot/outbox-worker.ts), and
 * prompts already posted keep working, since their buttons carry a sequence number that has not moved.
 * One gap remains for databases written before the outbox existed, or by hand: an open prompt with
 * neither a posted message nor a row waiting to post it. Such a prompt is queued here, once.
 */
import type { App } from '../commands/app';
import type { PostBody } from '../posts/post-body';
import { matchRecord } from '../match/record';
import { onShard, type ShardScope } from '../store';
import { enqueue } from '../match/table';
import { practiceSeat } from '../match/practice-seat';

/**
 * With a shard, only matches of its own guilds: another shard's prompts are that shard's to post, and
 * queueing them here too would post them twice.
 */
export async function queueMissingPrompts(app: App, shard?: ShardScope): Promise<number> {
  let queued = 0;
  for (const stored of await app.store.matches.open()) {
    if (!onShard(shard, stored.guildId)) continue;
    const row = matchRecord(stored);
    if (!row.setup || !row.snapshot || !row.threadId) continue;
    const snapshot = row.snapshot;
    const open = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt;
    // The practice opponent's prompts are never posted: the scheduler has the AI answer them.
    if (!open || open.player === practiceSeat(row.terms)) continue;
    const posted = (await app.store.prompts.open(row.id)).some((p) => p.seq === row.seq);
    const waiting = (await app.store.outbox.pending(row.id)).some((r) => (r.body as PostBody).kind === 'prompt');
    if (posted || waiting) continue;
    await app.store.transaction(() => enqueue(app, row, [{ kind: 'prompt', seq: row.seq }]));
    queued++;
  }
  return queued;
}
