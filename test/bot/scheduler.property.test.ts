/**
 * Property: for random schedules of players' acts, the clock moving, timeouts racing acts,
 * crashes and restarts, every deadline is handled exactly once, every wait has its deadline, and no
 * match waits past its deadline plus one scheduler tick. Runs the bot's own path (recordChange, the
 * scheduler, the store) without Discord: the outbox is only written, as the worker would find it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Scheduler, type TickReport } from '../../src/bot/scheduler';
import type { App } from '../../src/commands/app';
import type { OutboxControl } from '../../src/match/services';
import { HOUR } from '../../src/clock/clock-terms';
import { isWaitKind, planWaits, waitsOf } from '../../src/clock/deadline-plan';
import { handleDeadline } from '../../src/clock/deadline-actions';
import { beginMatch, makeSetup, type MatchCommand, type MatchSnapshot } from '../../src/match/match-state';
import type { PostBody } from '../../src/posts/post-body';
import { recordChange } from '../../src/match/submit';
import { Chooser, chooseCommand } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { seeded } from '../../src/engine/dice';
import { pregameDefault } from '../../src/rulesets/sellsword/engine/pregame-defaults';
import { waitingUnits } from '../../src/rulesets/sellsword/engine/turns';
import { openStore, type Store } from '../../src/store';

const content = defaultContent();
const TICK = HOUR;
const PLAYERS = ['111', '222'];
const CLOCK = { turnHours: 3, promptHours: 2, acceptHours: 2, remindAt: [0.5], remindBeforeHours: [1], maxMisses: 3 };

const warband = (faction: string, cards: string[]) => ({ name: faction, faction, points: 60, units: cards.map((card) => ({ card })) });

async function newMatch(app: App, id: string, seed: number): Promise<void> {
  const made = makeSetup(
    {
      seed,
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
      id,
      guildId: 'g',
      channelId: 'c',
      threadId: `t-${id}`,
      players: PLAYERS,
      terms: { points: 60, map: null, accepted: {}, clock: CLOCK },
    });
    const done = await app.store.matches.act(id, 0, () => ({ ok: true, events: begun.events, snapshot: begun.snapshot, status: 'setup', setup: made }));
    if (!done.ok) throw new Error('could not start');
    await planWaits(app.store, app.now(), done.row, done.events);
  });
}

/** What the player the match waits on does now: a random legal act in play, the first choice in setup. */
function playerCommand(snapshot: MatchSnapshot, choose: Chooser): MatchCommand | null {
  if (snapshot.stage === 'pregame') return snapshot.pregame.prompt ? { pregame: pregameDefault(snapshot.pregame.prompt) } : null;
  if (snapshot.game.over) return null;
  return { game: chooseCommand(snapshot.game, choose) };
}

/** A command that ends the wait: a setup choice or a prompt's answer, or the end of the unit's turn. */
function waitEnding(snapshot: MatchSnapshot): MatchCommand | null {
  if (snapshot.stage === 'pregame' || snapshot.game.prompt) return null;
  const turn = snapshot.game.turn;
  if (!turn) return null;
  return { game: { end: turn.unit ?? waitingUnits(snapshot.game, turn.player)[0]!.id } };
}

/** Random schedules: players act, the clock moves (a tick after each move), acts race timeouts, processes crash or restart. */
const ops = fc.array(
  fc.oneof(
    { arbitrary: fc.record({ op: fc.constant('act' as const), match: fc.nat(2) }), weight: 4 },
    { arbitrary: fc.record({ op: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 60 }) }), weight: 5 },
    { arbitrary: fc.record({ op: fc.constant('race' as const), match: fc.nat(2), actFirst: fc.boolean() }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('crash' as const), handled: fc.nat(3) }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('restart' as const) }), weight: 1 },
  ),
  { minLength: 10, maxLength: 60 },
);

interface World {
  readonly app: App;
  readonly store: Store;
  readonly reports: TickReport[];
  readonly logs: string[];
  scheduler: Scheduler;
  advance(ms: number): void;
}

function world(): World {
  let now = Date.UTC(2031, 5, 1);
  const store = openStore(':memory:');
  const logs: string[] = [];
  const outbox: OutboxControl = { hold: () => undefined, isHeld: () => false, release: () => undefined, kick: () => undefined };
  const app: App = {
    store,
    content,
    client: undefined as never,
    outbox,
    log: (m, e) => void logs.push(`${m} ${String(e ?? '')}`),
    mintId: () => 'x',
    mintSecret: () => 'secret',
    now: () => now,
  };
  return { app, store, reports: [], logs, scheduler: new Scheduler(app, { tickMs: TICK }), advance: (ms) => void (now += ms) };
}

/** Every open match has one pending timeout per wait, for that wait's player and kind, and nothing else. */
async function checkWaits(w: World, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const row = (await w.store.matches.get(id))!;
    const waits = waitsOf(row)
      .map((x) => `${x.kind}:${x.player}`)
      .sort();
    const timeouts = (await w.store.deadlines.pending(id))
      .filter((d) => isWaitKind(d.kind))
      .map((d) => `${d.kind}:${d.player}`)
      .sort();
    expect(timeouts, `match ${id} (${row.status})`).toEqual(waits);
  }
}

/** Right after a tick at `now`, nothing due at `now` is left: no match waits past its deadline plus one tick. */
async function checkNothingOverdue(w: World): Promise<void> {
  const left = await w.store.deadlines.due(w.app.now());
  expect(left.map((d) => `${d.kind} due ${(w.app.now() - d.due) / 60000} min ago`)).toEqual([]);
}

describe('the scheduler, for random schedules of acts, timeouts, crashes and restarts', () => {
  it('handles every deadline exactly once, and no match waits past its deadline plus one tick', async () => {
    await fc.assert(
      fc.asyncProperty(ops, fc.integer({ min: 1, max: 10_000 }), async (schedule, seed) => {
        const w = world();
        try {
          const ids = ['m0', 'm1', 'm2'];
          ids.forEach((id, i) => newMatch(w.app, id, seed + i));
          const choose = new Chooser(seeded(seed));
          const tick = async () => {
            w.reports.push(await w.scheduler.tick());
            await checkNothingOverdue(w);
          };
          await w.scheduler.start().then((r) => w.reports.push(r));
          for (const step of schedule) {
            if (step.op === 'act' || step.op === 'race') {
              const id = ids[step.match]!;
              const row = (await w.store.matches.get(id))!;
              const wait = waitsOf(row)[0];
              if (!wait) continue;
              const command = playerCommand(row.snapshot as MatchSnapshot, choose);
              if (!command) continue;
              const act = () => w.store.transaction(() => recordChange(w.app, id, wait.player, row.seq, command));
              if (step.op === 'act') {
                const done = await act();
                if (!done.ok && done.reason === 'refused' && 'game' in command) {
                  // A random act the engine refuses: the player ends the turn instead, as players do.
                  const game = (row.snapshot as { game: { turn: { unit: string | null } | null } }).game;
                  const unit = game.turn?.unit;
                  if (unit) await w.store.transaction(() => recordChange(w.app, id, wait.player, row.seq, { game: { end: unit } }));
                }
                await checkWaits(w, ids);
                continue;
              }
              // An act that ends the wait, and the timeout, around the deadline in either order: exactly one goes through.
              const timeout = (await w.store.deadlines.pending(id)).find((d) => isWaitKind(d.kind) && d.player === wait.player)!;
              const ending = waitEnding(row.snapshot as MatchSnapshot) ?? command;
              const endAct = () => w.store.transaction(() => recordChange(w.app, id, wait.player, row.seq, ending));
              let acted: boolean;
              if (step.actFirst) {
                // Just in time, then the scheduler at the deadline.
                if (timeout.due - 1 > w.app.now()) w.advance(timeout.due - 1 - w.app.now());
                acted = (await endAct()).ok;
                w.advance(Math.max(0, timeout.due - w.app.now()));
                await tick();
              } else {
                // At the deadline: too late, whether the scheduler has acted yet or not.
                if (timeout.due > w.app.now()) w.advance(timeout.due - w.app.now());
                const early = await endAct();
                expect(early.ok).toBe(false);
                await tick();
                acted = (await endAct()).ok;
              }
              const outcome = (await w.store.deadlines.get(timeout.id))!.outcome;
              if (acted) expect(outcome).toBe('cancelled');
              else expect(['missed', 'lapsed']).toContain(outcome);
              await checkWaits(w, ids);
              continue;
            }
            if (step.op === 'wait') {
              w.advance(step.minutes * 60_000);
              await tick();
              await checkWaits(w, ids);
              continue;
            }
            if (step.op === 'crash') {
              // A process claims what is due, handles some of it, and dies; another starts on the database.
              const claimed = await w.store.deadlines.claim(w.app.now(), w.app.now() + TICK);
              for (const d of claimed.slice(0, step.handled)) {
                const done = await w.store.transaction(() => handleDeadline(w.app, d));
                if (done) w.reports.push({ claimed: 1, handled: [done] });
              }
            }
            await w.scheduler.stop();
            w.scheduler = new Scheduler(w.app, { tickMs: TICK });
            w.reports.push(await w.scheduler.start());
            await checkNothingOverdue(w);
            await checkWaits(w, ids);
          }
          await w.scheduler.stop();

          // Exactly once: each deadline that was acted on was reported once; cancelled ones never.
          const handled = w.reports.flatMap((r) => r.handled.map((h) => h.deadline));
          expect(new Set(handled).size).toBe(handled.length);
          const rows = (await Promise.all(ids.map((id) => w.store.deadlines.ofMatch(id)))).flat();
          for (const d of rows) {
            if (d.outcome === null) continue;
            expect(handled.filter((h) => h === d.id).length, `deadline ${d.id} (${d.kind}, ${d.outcome})`).toBe(d.outcome === 'cancelled' ? 0 : 1);
          }
          // …and its action happened once: one ⏰ line per timeout, one ⏳ per reminder sent.
          for (const id of ids) {
            const bodies = (await w.store.outbox.pending(id)).map((r) => r.body as PostBody);
            const lines = (mark: string) => bodies.filter((b) => 'content' in b && b.kind !== 'dm' && b.content.startsWith(mark)).length;
            const mine = rows.filter((d) => d.matchId === id);
            expect(lines('⏰')).toBe(mine.filter((d) => d.outcome === 'missed' || d.outcome === 'lapsed').length);
            expect(lines('⏳')).toBe(mine.filter((d) => d.outcome === 'sent').length);
          }
          expect(w.logs).toEqual([]);
        } finally {
          await w.scheduler.stop();
          await w.store.close();
        }
      }),
      { numRuns: 25, ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED), path: process.env.PROP_PATH, endOnFailure: true } : {}) },
    );
  }, 300_000);
});
