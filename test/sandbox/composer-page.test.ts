/**
 * The sandbox's message box in a real browser (the npm Chromium, see chromium.ts), for what a new
 * player met in issue 26's playtest: the box naming the thread it is in after that thread changes.
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
