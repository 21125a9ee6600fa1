/**
 * A match's stored record is decoded (match/record.ts) once, not once per reader: a player's act as the
 * bot runs it (the command reads the match in its thread, recordChange steps it, plans its posts and
 * waits, and each of its outbox rows is read back for delivery) decodes nothing once the match's first
 * state was decoded. The store hands out one row object per version of a match, the act's saved row
 * being the next version's (store/match-row-cache.ts); matchRecord remembers what it decoded from a
 * row, and recordChange vouches for the row its act saved (savedRecord).
 */
import { describe, expect, it } from 'vitest';
import { planWaits } from '../../src/clock/deadline-plan';
import type { App } from '../../src/commands/app';
import { matchHere } from '../../src/commands/match-context';
import { defaultContent } from '../../src/content/load';
import { Chooser, chooseCommand } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import { pregameDefault } from '../../src/rulesets/sellsword/engine/pregame-defaults';
import { defaultDecision } from '../../src/rulesets/sellsword/engine/defaults';
import { beginMatch, makeSetup, type MatchCommand, type MatchSnapshot } from '../../src/match/match-state';
import { matchRecord, recordDecodes } from '../../src/match/record';
import { recordChange } from '../../src/match/submit';
import { memoryStore } from '../store/fixture';

const content = defaultContent();
const PLAYERS = ['111', '222'];
const warband = (faction: string, cards: string[]) => ({ name: faction, faction, points: 60, units: cards.map((card) => ({ card })) });

async function newMatch(app: App): Promise<void> {
  const made = makeSetup(
    {
      seed: 5,
      players: PLAYERS,
      names: { '111': 'Alice', '222': 'Bob' },
      warbands: { '111': warband('valor', ['valor-knight', 'valor-guard']), '222': warband('havoc', ['havoc-ghoul', 'havoc-ghoul']) },
      maps: [{ id: 'mill-crossing', map: content.maps.get('mill-crossing') as never }],
      options: { vpTarget: 60, glancingBlow: true, roundLimit: 4 },
    },
    content,
  );
  if ('code' in made) throw new Error(made.message);
  const begun = beginMatch(made);
  if (!begun.ok) throw new Error(begun.error.message);
  await app.store.transaction(async () => {
    await app.store.matches.create({
      id: 'm',
      guildId: 'g',
      channelId: 'c',
      threadId: 't-m',
      players: PLAYERS,
      terms: { points: 60, map: null, accepted: {} },
    });
    const done = await app.store.matches.act('m', 0, () => ({ ok: true, events: begun.events, snapshot: begun.snapshot, status: 'setup', setup: made }));
    if (!done.ok) throw new Error('could not start');
    await planWaits(app.store, app.now(), done.row, done.events);
  });
}

/** What the player the match waits on does: the first choice in setup, a prompt's default, a random legal act in play. */
function nextCommand(snapshot: MatchSnapshot, choose: Chooser): { by: string; command: MatchCommand } {
  if (snapshot.stage === 'pregame') return { by: snapshot.pregame.prompt!.player, command: { pregame: pregameDefault(snapshot.pregame.prompt!) } };
  const game = snapshot.game;
  if (game.prompt) return { by: game.prompt.player, command: { game: { decide: defaultDecision(game.prompt) } } };
  return { by: game.turn!.player, command: { game: chooseCommand(game, choose) } };
}

/** One act as the bot runs it; answers how many decodes it took. */
async function oneAct(app: App, choose: Chooser): Promise<number> {
  const before = recordDecodes();
  const here = await matchHere(app, 't-m');
  const { by, command } = nextCommand(here.snapshot!, choose);
  const lastRow = (await app.store.outbox.pending('m')).at(-1)?.id ?? 0;
  const change = await app.store.transaction(() => recordChange(app, 'm', by, here.seq, command));
  expect(change.ok || change.reason === 'refused').toBe(true);
  // The outbox worker reads the match for each new row it delivers.
  for (const row of await app.store.outbox.pending('m')) if (row.id > lastRow) matchRecord((await app.store.matches.get(row.matchId))!);
  return recordDecodes() - before;
}

describe('decoding a match once per state', () => {
  it('an act, its waits and its posts decode no state of the match again', async () => {
    const store = memoryStore();
    const app: App = {
      store,
      content,
      client: undefined as never,
      outbox: { hold: () => undefined, isHeld: () => false, release: () => undefined, kick: () => undefined },
      log: () => undefined,
      mintId: () => 'x',
      mintSecret: () => 'secret',
      now: () => Date.UTC(2031, 5, 1),
    };
    await newMatch(app);
    const choose = new Chooser(seeded(5));
    const counts: number[] = [];
    for (let i = 0; i < 30; i++) {
      const row = matchRecord((await store.matches.get('m'))!);
      if (row.status === 'over') break;
      counts.push(await oneAct(app, choose));
    }
    expect(counts.length).toBeGreaterThan(10);
    expect(counts).toEqual(counts.map(() => 0));
  });
});
