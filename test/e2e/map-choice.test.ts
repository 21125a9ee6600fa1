/**
 * Setup with several maps on offer (§2.1: each warband names its gridmap): the setup winner's question
 * of who chooses the map, and the map choice itself, come with every map on offer pictured, one
 * picture each with its name, in the order of the buttons, so the map is never chosen blind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPrompt } from './driver';
import { HAVOC, VALOR, snapshotOf } from './setup-match';
import { componentsOf, startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(5);
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC.replace('mill-crossing', 'barrow-hill') } });
  // No map named: each warband's own map is on offer.
  await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60 } });
  thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
  await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
}, 30_000);
afterAll(async () => world?.close());

describe('the map choice, with several maps on offer', () => {
  it('pictures every map on offer with the question of who chooses and with the map buttons', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      const s = await snapshotOf(world, thread);
      if (s.stage !== 'pregame' || !s.pregame.prompt || s.pregame.prompt.kind === 'entry') break;
      const prompt = s.pregame.prompt;
      const message = openPrompt(world, thread)!;
      if (prompt.kind === 'map-chooser' || prompt.kind === 'map') {
        seen.push(prompt.kind);
        expect(s.pregame.maps).toHaveLength(2);
        expect(message.content).toContain('The maps on offer are pictured below');
        expect(message.attachments.map((a) => a.filename)).toEqual(['map-1.png', 'map-2.png']);
        expect(message.attachments.map((a) => a.contentType)).toEqual(['image/png', 'image/png']);
        expect(message.attachments[0]!.description).toMatch(/^Map 1 of 2 on offer\. Map Mill Crossing, /);
        expect(message.attachments[1]!.description).toMatch(/^Map 2 of 2 on offer\. Map Barrow Hill, /);
        if (prompt.kind === 'map') {
          expect(message.content).toContain('in the order of the buttons');
          expect(componentsOf(message).map((c) => c.label)).toEqual(['Mill Crossing', 'Barrow Hill']);
        }
      }
      const who = world.fake.user(prompt.player)!.username;
      if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
      else await world.click(who, message);
    }
    expect(seen).toEqual(['map-chooser', 'map']);
    expect(world.errors).toEqual([]);
  }, 60_000);
});
