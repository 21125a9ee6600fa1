/** The game a command that may be about either game is about, when the player does not say (`/rules`, `/map`). */
import { RULESETS, type Ruleset } from '../rulesets';
import type { App } from './app';

/**
 * The game named (a `ruleset:` option's value), else the game of the match in this thread, else of
 * this channel's league, else the default.
 */
export async function rulesetHere(app: Pick<App, 'store'>, channelId: string | null, named: unknown): Promise<Ruleset> {
  const pick = (id: string | undefined) => RULESETS.find((r) => r.id === id);
  if (typeof named === 'string') return pick(named) ?? RULESETS[0]!;
  if (!channelId) return RULESETS[0]!;
  const match = await app.store.matches.byThread(channelId);
  const here = match?.ruleset ?? (await app.store.leagues.get(channelId))?.ruleset;
  return pick(here) ?? RULESETS[0]!;
}
