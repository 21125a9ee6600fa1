/**
 * The payload conformance check (test/conformance): it is on in every end-to-end file, and it catches
 * what Discord or discord.js's builders would refuse, including what the builders only see through
 * their setters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceProblems } from '../conformance/check';
import type { SentRequest } from '../../src/fakecord';
import { startWorld, type World } from './world';

const sent = (route: string, body: unknown): SentRequest => ({ method: route.split(' ')[0]!, path: '/x', route, body, files: 0 });
const MESSAGE = 'POST /channels/:channel/messages';

describe('the conformance check', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld(3);
  }, 30_000);
  afterAll(async () => world?.close());

  it('watches every request the bot sends in this file', async () => {
    const before = (globalThis as { conformance?: { checked: number } }).conformance?.checked ?? 0;
    await world.run({ user: 'alice', name: 'help' });
    const after = (globalThis as { conformance?: { checked: number } }).conformance?.checked ?? 0;
    // The command registration at start-up and the reply at least.
    expect(after).toBeGreaterThan(before);
    expect(before).toBeGreaterThan(0);
  });

  it('accepts a plain message, and refuses text cut inside an emoji', () => {
    expect(conformanceProblems(sent(MESSAGE, { content: 'Round 2 🐉' }))).toEqual([]);
    expect(conformanceProblems(sent(MESSAGE, { content: `Bob${'🐉'.slice(0, 1)}` })).join()).toMatch(/content/);
  });

  it('runs the builders through their setters: a label too long, an empty embed field, a bad custom id', () => {
    const row = (component: unknown) => ({ components: [{ type: 1, components: [component] }] });
    expect(conformanceProblems(sent(MESSAGE, row({ type: 2, style: 1, custom_id: 'a', label: 'x'.repeat(81) }))).join()).toMatch(/label|discord\.js/);
    expect(conformanceProblems(sent(MESSAGE, { embeds: [{ title: 't', fields: [{ name: '', value: 'v' }] }] })).join()).toMatch(/discord\.js refuses|name/);
    expect(
      conformanceProblems(sent(MESSAGE, row({ type: 3, custom_id: 'm', options: [{ label: 'a', value: 'a', description: 'd'.repeat(101) }] }))).length,
    ).toBeGreaterThan(0);
  });

  it('checks command definitions through SlashCommandBuilder, and autocomplete choices and thread names', () => {
    const commands = 'PUT /applications/:app/commands';
    expect(conformanceProblems(sent(commands, [{ name: 'ok', description: 'fine', contexts: [0] }]))).toEqual([]);
    expect(conformanceProblems(sent(commands, [{ name: 'Bad Name', description: 'x' }])).length).toBeGreaterThan(0);
    expect(
      conformanceProblems(sent(commands, [{ name: 'm', description: 'x', options: [{ type: 3, name: 'n', description: 'd', max_length: 0 }] }])).length,
    ).toBeGreaterThan(0);
    const callback = 'POST /interactions/:id/:token/callback';
    expect(conformanceProblems(sent(callback, { type: 8, data: { choices: [{ name: 'x'.repeat(101), value: 'x' }] } })).length).toBeGreaterThan(0);
    expect(conformanceProblems(sent('POST /channels/:channel/threads', { name: 'x'.repeat(101) })).length).toBeGreaterThan(0);
  });
});
