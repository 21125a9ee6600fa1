/**
 * What players and spectators read: autocomplete built from the engine, the private view pictures,
 * status, log and follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf } from '../../src/match/match-state';
import { playThrough } from './driver';
import { answerPrompts, matchUnderWay, snapshotOf } from './setup-match';
import { answerText, startWorld, type World } from './world';

let world: World;
let thread: string;
const game = async () => gameOf(await snapshotOf(world, thread))!;
const nameOf = (id: string) => world.fake.user(id)!.username;

beforeAll(async () => {
  world = await startWorld(21);
  thread = await matchUnderWay(world);
  // A few turns in, so units stand on the map.
  await playThrough(world, thread, 9, 40);
  await answerPrompts(world, thread);
}, 120_000);
afterAll(async () => world?.close());

describe('autocomplete offers only what the engine accepts', () => {
  it('units: only your own, only ones that can act', async () => {
    const g = await game();
    expect(g.prompt).toBeNull();
    if (!g.turn) throw new Error('no turn');
    const me = nameOf(g.turn.player);
    const them = g.players.find((p) => p !== g.turn!.player)!;
    const mine = await world.fake.autocomplete({ user: me, channel: thread, name: 'end', focused: 'unit', options: { unit: '' } });
    expect(mine.length).toBeGreaterThan(0);
    for (const c of mine) {
      const u = g.units[String(c.value)]!;
      expect(u.player).toBe(g.turn.player);
      expect(u.turnTaken).toBe(false);
    }
    // Nothing for the other player: one choice that says why (whose turn it is), not an empty list.
    const turnName = g.turn.player === world.fake.user('alice')!.id ? 'Alice' : 'Bob';
    expect(await world.fake.autocomplete({ user: nameOf(them), channel: thread, name: 'end', focused: 'unit', options: { unit: '' } })).toEqual([
      { name: expect.stringMatching(new RegExp(`^Nothing to choose: it is ${turnName}'s turn( \\([A-Z0-9]+ is acting\\))?$`)), value: 'none' },
    ]);
  });

  it('squares: reachable ones with their cost; warbands: your own', async () => {
    const g = await game();
    expect(g.prompt).toBeNull();
    if (!g.turn) throw new Error('no turn');
    const me = nameOf(g.turn.player);
    const unit = (await world.fake.autocomplete({ user: me, channel: thread, name: 'move', focused: 'unit', options: { unit: '' } }))[0];
    if (unit) {
      const squares = await world.fake.autocomplete({ user: me, channel: thread, name: 'move', focused: 'to', options: { unit: unit.value, to: '' } });
      expect(squares.length).toBeGreaterThan(0);
      expect(squares[0]!.name).toMatch(
        /^[A-Z]+\d+ costs \d+( · ⚠ [A-Z0-9, ]+(and [A-Z0-9]+)? may reply)?( · ⚠ \d+ \w+ wounds( \(\d+ damaging squares?\)|, stops on [A-Z0-9, ]+ first))?$/,
      );
    }
    const warbands = await world.fake.autocomplete({ user: 'alice', name: 'skirmish challenge', focused: 'warband', options: { warband: '' } });
    expect(warbands.map((c) => c.value)).toEqual(["Hrolf's Watch"]);
  });
});

describe('unit labels', () => {
  it('issue 26: /move and /skirmish view name a unit in one order: label, where it stands, card name', async () => {
    const g = await game();
    if (!g.turn) throw new Error('no turn');
    const me = nameOf(g.turn.player);
    const moving = await world.fake.autocomplete({ user: me, channel: thread, name: 'move', focused: 'unit', options: { unit: '' } });
    const viewing = await world.fake.autocomplete({ user: me, channel: thread, name: 'skirmish view', focused: 'unit', options: { unit: '' } });
    expect(moving.length).toBeGreaterThan(0);
    for (const m of moving) {
      const u = g.units[String(m.value)]!;
      const name = `${u.id.toUpperCase()} · ${u.at === null ? 'in reserve' : `${u.vigor} Vigor`} · ${g.cards[u.card]!.name}`;
      expect(m.name).toBe(name);
      expect(viewing.find((v) => v.value === m.value)?.name).toBe(name);
    }
  });
});

describe('reading a match', () => {
  it('status and log answer privately with the state and the rolls', async () => {
    const status = await world.run({ user: 'carol', channel: thread, name: 'skirmish status' });
    expect(status.response?.ephemeral).toBe(true);
    expect(answerText(status)).toMatch(/Round \d+, phase \d+\. Score:/);
    // The title names both players, each name looked up before the two are joined.
    expect(answerText(status)).toMatch(/^\*\*\w+ vs \w+\*\* \(in play\)\n/);
    expect(answerText(status)).not.toContain('[object Promise]');
    const log = await world.run({ user: 'carol', channel: thread, name: 'skirmish log' });
    expect(log.response?.ephemeral).toBe(true);
    expect(answerText(log)).toMatch(/^\*\*Match log\*\* · page (\d+) of \1\n/);
    expect(answerText(log).length).toBeLessThanOrEqual(2000);
  });

  it('view: a private picture of reach, sight and an attack preview', async () => {
    const g = await game();
    const unit = Object.values(g.units).find((u) => u.at !== null && !u.dropped)!;
    for (const overlay of ['reach', 'sight', 'none']) {
      const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish view', options: { unit: unit.id, overlay } });
      expect(s.response?.ephemeral).toBe(true);
      const file = s.original!.attachments[0]!;
      expect(file.contentType).toBe('image/png');
      expect(file.description).toBeTruthy();
      // Issue 26: an overlay comes with its close-up round the unit, shown by an embed of its own, where a
      // phone reads the costs and marks; the plain map has none.
      const closeUps = s.original!.attachments.filter((a) => a.filename.endsWith('-close-up.png'));
      if (overlay === 'none') expect(closeUps).toEqual([]);
      else {
        expect(closeUps.map((a) => a.filename)).toEqual([`view-${unit.id}-close-up.png`]);
        const embed = s.original!.embeds.find((e) => e.image?.url === closeUps[0]!.url);
        expect(embed?.footer?.text).toBe(closeUps[0]!.description);
      }
    }
    const enemy = Object.values(g.units).find((u) => u.player !== unit.player && u.at !== null && !u.dropped);
    const attack = g.cards[unit.card]!.attacks[0]!.id;
    if (enemy) {
      const s = await world.run({
        user: 'carol',
        channel: thread,
        name: 'skirmish view',
        options: { unit: unit.id, overlay: 'preview', attack, target: enemy.id },
      });
      // The map, and the close-up of the two units when they stand near enough for one.
      expect(s.original!.attachments.length).toBeGreaterThanOrEqual(1);
      expect(s.original!.attachments.length).toBeLessThanOrEqual(2);
    }
    const bad = await world.run({ user: 'carol', channel: thread, name: 'skirmish view', options: { unit: unit.id, overlay: 'preview' } });
    // Read as /attack reads them: a unit with several attacks is asked which; with one, the target is asked for.
    expect(answerText(bad)).toMatch(/ has \d+ attacks: .+\. Say which with `attack`\.$|^The preview needs `target`: /);
  });

  it('follow adds a spectator once', async () => {
    expect(answerText(await world.run({ user: 'dave', channel: thread, name: 'skirmish follow' }))).toMatch(/You now follow/);
    expect(answerText(await world.run({ user: 'dave', channel: thread, name: 'skirmish follow' }))).toMatch(/already follow/);
  });
});
