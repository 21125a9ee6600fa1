/**
 * Whether an interaction's change was saved, so that every answer after a failure tells the truth
 * (bot/router.ts): "nothing was changed" only when nothing was. A player who is told a saved act was
 * lost would send it again.
 */
import type { Services } from './services';
import { inTransaction } from './table';

const saved = new WeakSet<object>();

export function markSaved(interaction: object): void {
  saved.add(interaction);
}

export function wasSaved(interaction: object): boolean {
  return saved.has(interaction);
}

/** Runs a change as one transaction (retried while the database is busy) and marks the interaction as having saved it. */
export async function save<T>(app: Services, interaction: object, work: () => Promise<T>): Promise<T> {
  const result = await inTransaction(app, work);
  markSaved(interaction);
  return result;
}
