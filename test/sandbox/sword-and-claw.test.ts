/**
 * A Sword and Claw match in the sandbox, in a real browser (chromium.ts): the challenge and the accept
 * through the page's back end, the page opening the match's thread, a troop deployed with the command
 * box from the bot's suggestions, an opportunity attack answered with the prompt's button on the page,
 * shots of the ranged step told in the thread, the turn picture shown with its alt text, and the result. Between those steps the test plays quick
 * orders through the sandbox's HTTP actions, choosing from the match's legal commands.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { legalCommands } from '../../src/rulesets/sword-and-claw/match/options';
import type { ScCommand, ScSetup, ScState } from '../../src/rulesets/sword-and-claw/match/types';
import { startSandboxPage } from './page-fixture';
import { scSandboxMatch } from './sc-match';
import { answerFirst, handOff, lastPrompt, runCommand, switchPlayer } from './page-driver';

let sandbox: Sandbox;
let page: Page;
let close: (() => Promise<void>) | undefined;
const problems: string[] = [];

beforeAll(async () => {
  ({ sandbox, page, close } = await startSandboxPage({
    prefix: 'sellsword-sandbox-sc-',
    seed: 3,
    viewport: { width: 1280, height: 900 },
    timeout: 15_000,
    problems,
  }));
}, 60_000);

afterAll(() => close?.());

const { threadId, nameOf, match, post } = scSandboxMatch(() => sandbox);

const WIDTH = 24;
const square = (i: number) => `${String.fromCharCode(65 + (i % WIDTH))}${Math.floor(i / WIDTH) + 1}`;
const apart = (a: number, b: number) => Math.max(Math.abs((a % WIDTH) - (b % WIDTH)), Math.abs(Math.floor(a / WIDTH) - Math.floor(b / WIDTH)));

/** The order to give next: deploy, a move or run towards the nearest enemy (crossbowmen walk, so they may shoot), a shot, a strike, or close the step. */
function nextOrder(setup: ScSetup, s: ScState): { order: string; options: Record<string, string> } {
  const legal = legalCommands(setup, s);
  const deploy = legal.find((c): c is Extract<ScCommand, { type: 'deploy' }> => c.type === 'deploy');
  if (deploy) return { order: 'deploy', options: { troop: deploy.troop, square: square(deploy.at) } };
  if (s.deploying) return { order: 'done', options: {} };
  const shot = legal.find((c): c is Extract<ScCommand, { type: 'shoot' }> => c.type === 'shoot');
  if (shot) return { order: 'shoot', options: { troop: shot.troop, attack: shot.attack, target: shot.target } };
  const attack = legal.find((c): c is Extract<ScCommand, { type: 'attack' }> => c.type === 'attack');
  if (attack) return { order: 'attack', options: { troop: attack.troop, attack: attack.attack, target: attack.target } };
  const enemies = Object.values(s.troops).filter((t) => t.player !== s.turn?.player && t.at !== null && !t.removed);
  const near = (at: number) => Math.min(...enemies.map((e) => apart(e.at!, at)));
  const moves = legal.filter((c): c is Extract<ScCommand, { type: 'move' }> => c.type === 'move' && c.how !== 'slide');
  const troop = moves[0]?.troop;
  if (troop === undefined) return { order: 'next', options: {} };
  const mine = moves.filter((c) => c.troop === troop).sort((a, b) => near(a.to!) - near(b.to!));
  const shooter = setup.cards[s.troops[troop]!.troop]!.attacks.flat().some((a) => a.range !== undefined);
  const best = mine.find((c) => c.how === 'move' && (shooter || near(c.to!) <= 1)) ?? mine.find((c) => c.how === 'run')!;
  return { order: best.how, options: { troop, to: square(best.to!) } };
}

describe('Sword and Claw in the sandbox page', () => {
  it('is played to the end in the browser', async () => {
    await page.goto(`http://127.0.0.1:${sandbox.port}/`);
    await page.locator('body.ready').waitFor();
    await post('command', { user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw' } });
    await post('command', { user: 'bob', channel: threadId(), name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    await page.locator(`.channel[data-channel="${threadId()}"]`).first().click();
    await page.locator('.message', { hasText: 'Roll-off' }).waitFor();

    // The first troop is deployed with the command box, picked from the bot's suggestions.
    const first = await match();
    await switchPlayer(page, nameOf(first.state.deploying!.player));
    await runCommand(page, 'order deploy', { troop: { type: '', choose: '' }, square: { type: '', choose: '' } });
    await page
      .locator('.message', { hasText: /places [A-Z]+\d? at [A-X]\d+/ })
      .first()
      .waitFor();

    let clicked = false;
    let shots = 0;
    for (let step = 0; step < 600; step++) {
      const { row, setup, state } = await match();
      if (row.status === 'over') break;
      if (state.prompt) {
        const who = nameOf(state.prompt.player);
        if (!clicked) {
          // The opportunity attack is answered on the page by the player it waits for.
          clicked = true;
          await handOff(page, who);
          const prompt = lastPrompt(page);
          await expect(prompt.locator('.content').textContent()).resolves.toMatch(/opportunity attack\?[\s\S]*% to hit/);
          await answerFirst(prompt);
          await expect.poll(async () => (await match()).row.seq, { timeout: 15_000 }).toBeGreaterThan(row.seq);
          await sandbox.bot.idle();
          continue;
        }
        const message = sandbox.fake
          .messages(threadId())
          .filter((m) => m.components.length > 0)
          .at(-1)!;
        const button = (message.components[0] as { components: { custom_id: string }[] }).components[0]!;
        await post('click', { user: who, message: message.id, customId: button.custom_id });
        continue;
      }
      const player = state.deploying?.player ?? state.turn!.player;
      const { order, options } = nextOrder(setup, state);
      if (order === 'shoot') shots++;
      await post('command', { user: nameOf(player), channel: threadId(), name: `order ${order}`, options });
    }
    const over = await match();
    expect(over.row.status).toBe('over');
    expect(clicked).toBe(true);
    expect(shots).toBeGreaterThan(0);
    await page
      .locator('.message', { hasText: /Crossbow at [A-Z]+\d?, \d+" \((short|medium|long) range\)/ })
      .first()
      .waitFor();
    await switchPlayer(page, 'alice');
    await page.locator('.message', { hasText: 'wins by elimination' }).waitFor();
    const pictures = page.locator('.message figure.image img[src*="table-"]');
    expect(await pictures.count()).toBeGreaterThan(2);
    expect(await pictures.last().getAttribute('alt')).toMatch(/Reed Ford/);
    expect(problems).toEqual([]);
  }, 600_000);
});
