/**
 * R2, R3: a VP target above what a side can score by dropping every enemy unit could never be reached;
 * setup lowers it to that and says so (issue 26).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchSetup } from '../../src/match/match-state';
import { reachableVp } from '../../src/match/setup';
import { HAVOC, VALOR } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
}, 30_000);
afterAll(async () => world?.close());

describe('a VP target', () => {
  it('is what every side can reach: for two, the smaller warband; for more, the least of what the others are worth', () => {
    expect(reachableVp({ a: { points: 80 }, b: { points: 60 } })).toBe(60);
    expect(reachableVp({ a: { points: 80 }, b: { points: 60 }, c: { points: 30 } })).toBe(90);
  });

  it("named at the challenger's own warband's points still says it may be lowered: the other side may bring less", async () => {
    const shown = await world.run({ user: 'alice', name: 'warband show', options: { name: "Hrolf's Watch" } });
    const own = Number(/(\d+) points/.exec(JSON.stringify(shown))![1]);
    const made = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: "Hrolf's Watch", map: 'mill-crossing', points: own },
    });
    expect(answerText(made)).toContain(`The VP target is ${own} VP, lowered when accepted to what the warbands can score if that is less`);
  });

  it('named above what the other side can score is lowered at setup, and the accept says so (R2, R3)', async () => {
    const made = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: "Hrolf's Watch", map: 'mill-crossing', points: 300 },
    });
    expect(answerText(made)).toContain('The VP target is 300 VP, lowered when accepted to what the warbands can score if that is less');
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const challenge = world.messages(thread).find((m) => m.content.startsWith('⚔️'))!;
    const menu = await world.click('bob', challenge, componentsOf(challenge)[0]!.custom_id);
    const accepted = await world.select('bob', menu.original!, 'Grave Host');
    const setup = (await world.store.matches.byThread(thread))!.setup as MatchSetup;
    const smaller = Math.min(...Object.values(setup.warbands).map((w) => w.points));
    expect(smaller).toBeLessThan(300);
    expect(setup.options.vpTarget).toBe(smaller);
    expect(accepted.original?.content ?? '').toContain(
      `Setup begins: first to **${smaller} VP** wins (lowered from the 300 VP named: dropping every enemy unit scores at most ${smaller} VP)`,
    );
  });
});
