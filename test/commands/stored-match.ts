/**
 * A match kept in a store as the bot keeps it: every act reads the row afresh (new objects, as after
 * a restart or in another process) and runs the pure step inside matches.act.
 */
import { defaultContent } from '../../src/content/load';
import { answerSetup, sampleSetup } from '../../src/bench/sample-match';
import { type Chooser, chooseCommand } from '../../src/bench/selfplay';
import { defaultDecision } from '../../src/rulesets/sellsword/engine/defaults';
import { beginMatch, gameOf, stepMatch, type MatchCommand, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../src/match/match-state';
import type { MatchRow, Store } from '../../src/store';
import type { App } from '../../src/commands/app';

export const content = defaultContent();

/** A sample match's setup over these maps, with a three-round limit: short matches that still end. */
export function setupFor(seed: number, maps: readonly string[]): MatchSetup {
  return sampleSetup(content, seed, { maps, roundLimit: 3 });
}

/** Creates the match and runs its first step (the setup tactics check). */
export async function storedMatch(store: Store, id: string, setup: MatchSetup): Promise<MatchRow> {
  await store.matches.create({
    id,
    guildId: 'g',
    channelId: 'c',
    threadId: `t-${id}`,
    players: [...setup.players],
    terms: { points: 121, map: null, accepted: {} },
    setup,
    status: 'setup',
  });
  const begun = beginMatch(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  const done = await store.matches.act<MatchSnapshot, MatchEvent, unknown>(id, 0, () => ({ ok: true, events: begun.events, snapshot: begun.snapshot }));
  if (!done.ok) throw new Error(`could not begin match ${id}`);
  return done.row;
}

/** One command against the match as stored now, read afresh; null when the engine refuses it. */
export async function actOn(store: Store, id: string, command: MatchCommand): Promise<MatchRow | null> {
  const row = (await store.matches.get(id))!;
  const done = await store.matches.act<MatchSnapshot, MatchEvent, unknown>(id, row.seq, (snapshot, r) => {
    const setup = r.setup as MatchSetup;
    const stepped = stepMatch(setup, snapshot!, command, undefined, r.seq);
    if (!stepped.ok) return { ok: false, error: stepped.error };
    return { ok: true, events: stepped.events, snapshot: stepped.snapshot, ...(stepped.start ? { setup: { ...setup, start: stepped.start } } : {}) };
  });
  return done.ok ? done.row : null;
}

/**
 * The next command the self-play driver would give (setup prompts answered as answerSetup does, the
 * game's prompts with their default); when the engine refuses it, the active unit's end.
 */
export async function playOn(store: Store, id: string, choose: Chooser): Promise<MatchRow> {
  const snapshot = (await store.matches.get(id))!.snapshot as MatchSnapshot;
  if (snapshot.stage === 'pregame') return (await actOn(store, id, answerSetup(snapshot.pregame.prompt!)))!;
  const game = gameOf(snapshot)!;
  if (game.prompt) return (await actOn(store, id, { game: { decide: defaultDecision(game.prompt) } }))!;
  const row = await actOn(store, id, { game: chooseCommand(game, choose) });
  if (row) return row;
  const unit = game.turn!.unit ?? Object.values(game.units).find((u) => u.player === game.turn!.player && !u.turnTaken && !u.dropped)!.id;
  return (await actOn(store, id, { game: { end: unit } }))!;
}

/** Plays on until the game has begun (setup answered). */
export async function untilPlaying(store: Store, id: string, choose: Chooser): Promise<MatchRow> {
  for (let i = 0; i < 50; i++) {
    const row = (await store.matches.get(id))!;
    if ((row.snapshot as MatchSnapshot).stage === 'game') return row;
    await playOn(store, id, choose);
  }
  throw new Error('setup did not finish');
}

/** The application over `store` as a command sees it, with no Discord client or outbox (a command that needs neither). */
export const appOver = (store: Store): App => ({
  store,
  content,
  client: undefined as never,
  outbox: undefined as never,
  log: () => undefined,
  mintId: () => 'm1',
  mintSecret: () => 'secret',
  now: Date.now,
});
