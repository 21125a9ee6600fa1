/**
 * The whole Sword and Claw match of test/e2e/sword-and-claw-whole.test.ts, in the sandbox with a real
 * browser (issue 33, "Done when"): alice's Slagwall Foundry against bob's Night Snare Hunt on Reed
 * Ford, seed 7, both seats played by the same plan (test/rulesets/sword-and-claw/whole-match-plan.ts).
 * The Night-wing's `/order fly` and the Cinder Lobber's first Cinder Pot are ordered with the page's
 * command box, every option picked from the bot's suggestions; the other orders and the prompts' buttons
 * go through the sandbox's HTTP actions. The page then shows the Cinder Pot that deviated, the Bola's
 * entangling and the saving throw against it in a later turn, the flyer aloft in the picture's alt text,
 * and the result.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import type { ScCommand, ScSetup } from '../../src/rulesets/sword-and-claw/match/types';
import { labelOf } from '../../src/rulesets/sword-and-claw/table/names';
import { planStep } from '../rulesets/sword-and-claw/whole-match-plan';
import { startSandboxPage } from './page-fixture';
import { scSandboxMatch } from './sc-match';
import { runCommand, switchPlayer } from './page-driver';

let sandbox: Sandbox;
let page: Page;
let close: (() => Promise<void>) | undefined;
const problems: string[] = [];

beforeAll(async () => {
  ({ sandbox, page, close } = await startSandboxPage({
    prefix: 'sellsword-sandbox-sc-whole-',
    seed: 7,
    viewport: { width: 1280, height: 900 },
    timeout: 15_000,
    problems,
  }));
}, 60_000);

afterAll(() => close?.());

const { threadId, nameOf, match, post } = scSandboxMatch(() => sandbox);

const pick = (text: string, starts = text) => ({ type: text, choose: starts });

/** Whether the page gives this command: the flyer's first rise, and the first Cinder Pot. */
function onPage(c: ScCommand, done: { fly: boolean; pot: boolean }): 'fly' | 'pot' | null {
  if (!done.fly && c.type === 'move' && c.altitude === 'hover' && c.to === undefined) return 'fly';
  if (!done.pot && c.type === 'shoot' && c.attack === 'cinder-pot') return 'pot';
  return null;
}

/** The command given with the page's command box; resolves with what the thread says of it. */
async function orderOnPage(setup: ScSetup, c: ScCommand): Promise<string> {
  if (c.type === 'move') {
    const label = labelOf(setup, c.troop);
    await runCommand(page, 'order fly', { troop: pick(label, `${label} (`), altitude: pick('hover', 'hover:') });
    return `${label} climbs: now Hovering.`;
  }
  if (c.type !== 'shoot') throw new Error(`not a page order: ${JSON.stringify(c)}`);
  const [troop, target] = [labelOf(setup, c.troop), labelOf(setup, c.target)];
  await runCommand(page, 'order shoot', { troop: pick(troop, `${troop} (`), attack: pick('cinder', 'Cinder Pot ('), target: pick(target, `${target} (`) });
  return `${troop} will shoot Cinder Pot (Area 2) at the square of ${target}.`;
}

describe('a whole Sword and Claw match in the sandbox page', () => {
  it('with a deviating area attack, a flyer and a condition, is played to its result', async () => {
    await page.goto(`http://127.0.0.1:${sandbox.port}/`);
    await page.locator('body.ready').waitFor();
    await post('command', { user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: 'Slagwall Foundry', ruleset: 'sword-and-claw' } });
    await post('command', { user: 'bob', channel: threadId(), name: 'skirmish accept', options: { warband: 'Night Snare Hunt' } });
    await page.locator(`.channel[data-channel="${threadId()}"]`).first().click();
    await page.locator('.message', { hasText: 'Roll-off' }).waitFor();

    const done = { fly: false, pot: false };
    for (let i = 0; i < 1500; i++) {
      const { row, setup, state } = await match();
      if (row.status === 'over') break;
      const step = planStep(setup, state)!;
      const user = nameOf(step.player);
      if (step.kind === 'answer') {
        const prompt = sandbox.fake
          .messages(threadId())
          .filter((m) => m.components.length > 0)
          .at(-1)!;
        const buttons = (prompt.components[0] as { components: { custom_id: string }[] }).components;
        const button = buttons.find((b) => b.custom_id.endsWith(`:${step.arg}`))!;
        await post('click', { user, message: prompt.id, customId: button.custom_id });
        continue;
      }
      const here = onPage(step.command, done);
      if (!here) {
        await post('command', { user, channel: threadId(), name: `order ${step.order}`, options: step.options });
        continue;
      }
      await switchPlayer(page, user);
      const told = await orderOnPage(setup, step.command);
      await expect.poll(async () => (await match()).row.seq, { timeout: 15_000 }).toBeGreaterThan(row.seq);
      await sandbox.bot.idle();
      await page.locator('.message', { hasText: told }).first().waitFor();
      done[here] = true;
    }
    const over = await match();
    expect(over.row.status).toBe('over');
    expect(over.state.end?.reason).toBe('elimination');
    expect(done).toEqual({ fly: true, pot: true });

    await switchPlayer(page, 'alice');
    const line = (pattern: RegExp) => page.locator('.message', { hasText: pattern }).first().waitFor();
    await line(/Cinder Pot at the square of \w+, \d+" \((short|medium|long) range\).*a miss: it deviates \d+ squares? [a-z-]+ \(d8 \d\) and lands on [A-X]\d+/);
    await line(/\w+ is entangled: it cannot move, and attacks at −2/);
    await line(/\w+ is still entangled: it cannot move this turn \(save d10 \d+/);
    await line(/wins by elimination/);
    const alts = await page.locator('.message figure.image img[src*="table-"]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
    expect(alts.some((a) => /HN at [A-X]\d+, .*flying: Hovering/.test(a))).toBe(true);
    expect(alts.some((a) => /Entangled/.test(a))).toBe(true);
    expect(problems).toEqual([]);
  }, 600_000);
});
