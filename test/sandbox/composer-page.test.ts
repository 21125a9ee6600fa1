/**
 * The sandbox's message box in a real browser (the npm Chromium, see chromium.ts), for what a new
 * player met in issue 26's playtest: the box naming the thread it is in after that thread changes;
 * one Enter sending a command typed out in whole; a pick that carries `charge` showing it.
 *
 * The box's own behaviour is tested on a bare page holding only the box (composer.js), with the bot's
 * registered commands and a stand-in for its suggestions, so each case has the suggestions it needs.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { runCommand } from './page-driver';
import { startSandboxPage } from './page-fixture';

let sandbox: Sandbox;
let page: Page;
let close: (() => Promise<void>) | undefined;
const problems: string[] = [];

beforeAll(async () => {
  ({ sandbox, page, close } = await startSandboxPage({
    prefix: 'sellsword-composer-',
    seed: 3,
    viewport: { width: 1280, height: 900 },
    timeout: 10_000,
    problems,
  }));
  await page.goto(`http://127.0.0.1:${sandbox.port}/`);
  await page.locator('body.ready').waitFor();
}, 30_000);

afterAll(() => close?.());

/** What the stand-in bot suggests for /attack: a target reached by walking up, and one only a charge reaches. */
const SUGGESTIONS: Record<string, { name: string; value: string }[]> = {
  unit: [{ name: 'KN (Valor Knight) at J10', value: 'kn' }],
  target: [
    { name: 'SK (Skeleton) 75% hit, 4 wounds', value: 'sk' },
    { name: 'charge GH · KN pays 5 Vigor · 60% hit, 5 wounds · 2 steps by J11 → J12', value: 'gh charge' },
  ],
};

/**
 * A page at the sandbox's address holding only the message box, with the commands the bot registers;
 * what the box sends is kept in `window.sent`, and /attack's suggestions are SUGGESTIONS'.
 */
async function boxAlone(): Promise<Page> {
  const box = await page.context().newPage();
  box.setDefaultTimeout(10_000);
  box.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const url = `http://127.0.0.1:${sandbox.port}/box-alone.html`;
  await box.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><link rel="stylesheet" href="/style.css"><body><form class="composer" id="composer" onsubmit="return false"></form>
<script type="module">
import { createComposer } from '/composer.js';
const commands = await (await fetch('/api/commands?user=alice')).json();
const suggestions = ${JSON.stringify(SUGGESTIONS)};
window.sent = [];
const composer = createComposer(document.getElementById('composer'), {
  commands: () => commands,
  users: () => [],
  channels: () => [],
  placeholder: () => 'Message',
  run: async (input) => (window.sent.push(input), { ok: true }),
  autocomplete: async ({ options, focused }) => ({
    choices: (suggestions[focused] ?? []).filter((c) => c.value.startsWith(String(options[focused] ?? '').trim().toLowerCase())),
  }),
  post: async () => ({ ok: true }),
});
composer.reset();
document.body.classList.add('ready');
</script>`,
    }),
  );
  await box.goto(url);
  await box.locator('body.ready').waitFor();
  return box;
}

const sent = (box: Page) => box.evaluate('window.sent') as Promise<{ name: string; options: Record<string, string> }[]>;

const placeholder = () => page.locator('#composer .text-input').getAttribute('placeholder');

describe("the message box's name for where it posts", () => {
  it('names the thread as it is now: switched to, then renamed when its match ends', async () => {
    await expect(placeholder()).resolves.toBe('Message #skirmishes as Alice — type / for commands');
    await page.locator('#demo-button').click();
    await page.locator('.title-name', { hasText: 'Alice vs Bob' }).waitFor();
    const opened = (await page.locator('.title-name').textContent())!;
    await expect(placeholder()).resolves.toBe(`Message ${opened} as Alice — type / for commands`);

    // Conceding ends the match: the bot renames its thread to the result while the player is in it.
    await runCommand(page, 'skirmish concede');
    await page.locator('.message.ephemeral .btn', { hasText: 'Yes, concede' }).last().click();
    await page.locator('.title-name', { hasText: /beat/ }).waitFor();
    const renamed = (await page.locator('.title-name').textContent())!;
    expect(renamed).not.toBe(opened);
    await expect.poll(placeholder).toBe(`Message ${renamed} as Alice — type / for commands`);

    // Back in the channel, the box names it again.
    await page.locator('.title-parent').click();
    await expect.poll(placeholder).toBe('Message #skirmishes as Alice — type / for commands');
    expect(problems).toEqual([]);
  });
});

describe('a command typed out in whole in the box', () => {
  it('goes with one Enter when its last value names the highlighted suggestion', async () => {
    const box = await boxAlone();
    await box.locator('.text-input').click();
    // Typed key by key: "unit:" opens the fields, " target:" moves on to the target.
    await box.keyboard.type('/attack unit:KN target:SK');
    await box.locator('.popup-item.active', { hasText: 'SK (Skeleton)' }).waitFor();
    await box.keyboard.press('Enter');
    await expect.poll(() => sent(box)).toEqual([{ name: 'attack', options: { unit: 'KN', target: 'sk' }, files: {} }]);
    await box.locator('.command-chip').waitFor({ state: 'hidden' });

    // A highlight the player moved is only taken: they are choosing, and see the choice before it goes.
    await box.locator('.text-input').click();
    await box.keyboard.type('/attack unit:KN target:');
    await box.locator('.popup-item', { hasText: 'charge GH' }).waitFor();
    await box.keyboard.press('ArrowDown');
    await box.keyboard.press('Enter');
    await expect(box.locator('.option-field[data-option="target"] input').inputValue()).resolves.toMatch(/^charge GH/);
    expect(await sent(box)).toHaveLength(1);
    await box.keyboard.press('Enter');
    await expect.poll(async () => (await sent(box)).length).toBe(2);
    await box.close();
  });
});

describe('a suggestion whose value carries `charge`', () => {
  it('shows charge as True once picked, sends it so, and empties it again for a target walked up to', async () => {
    const box = await boxAlone();
    const charge = box.locator('.option-field[data-option="charge"] input');
    await box.locator('.text-input').click();
    await box.keyboard.type('/attack unit:KN target:');
    await box.locator('.popup-item', { hasText: 'charge GH' }).dispatchEvent('mousedown');
    await expect(charge.inputValue()).resolves.toBe('True');
    await expect(box.locator('.option-field[data-option="charge"]').getAttribute('class')).resolves.toContain('filled');

    // Another target, one that is not a charge: the charge the first pick set goes with it.
    await box.locator('.option-field[data-option="target"] input').click();
    await box.locator('.option-field[data-option="target"] input').fill('');
    await box.locator('.popup-item', { hasText: 'SK (Skeleton)' }).dispatchEvent('mousedown');
    await expect(charge.inputValue()).resolves.toBe('');

    // The charge target again, typed by its label: one Enter takes it and sends the charge shown.
    await box.locator('.option-field[data-option="target"] input').click();
    await box.locator('.option-field[data-option="target"] input').fill('GH');
    await box.locator('.popup-item.active', { hasText: 'charge GH' }).waitFor();
    await box.keyboard.press('Enter');
    await expect.poll(() => sent(box)).toEqual([{ name: 'attack', options: { unit: 'KN', target: 'gh charge', charge: 'true' }, files: {} }]);
    await box.close();
    expect(problems).toEqual([]);
  });
});

describe('the last command recalled with ↑', () => {
  it('comes back with each suggestion picked by its value, never the odds its name had then (playtest round 14)', async () => {
    const box = await boxAlone();
    await box.locator('.text-input').click();
    await box.keyboard.type('/attack unit:KN target:');
    await box.locator('.popup-item', { hasText: 'SK (Skeleton)' }).dispatchEvent('mousedown');
    await expect(box.locator('.option-field[data-option="target"] input').inputValue()).resolves.toMatch(/^SK \(Skeleton\) 75% hit/);
    await box.keyboard.press('Enter');
    await expect.poll(async () => (await sent(box)).length).toBe(1);
    await box.locator('.command-chip').waitFor({ state: 'hidden' });
    await box.locator('.text-input').click();
    await box.keyboard.press('ArrowUp');
    const target = box.locator('.option-field[data-option="target"] input');
    await expect.poll(() => target.inputValue()).toBe('sk');
    await box.keyboard.press('Enter');
    await expect.poll(async () => (await sent(box)).at(-1)).toEqual({ name: 'attack', options: { unit: 'kn', target: 'sk' }, files: {} });
    await box.close();
    expect(problems).toEqual([]);
  });
});
