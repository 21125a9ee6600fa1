/**
 * The sandbox page at a phone's width (400 px, Discord's mobile column), in Chromium: the top bar is
 * one row, and every control it had is still reachable (the demo buttons and the clock in the ☰
 * drawer, "Play as" as avatars); a practice match names its opponent apart from the bot; a prompt
 * for another seat hands the page over in one click; and a reload shows the threads and their
 * messages as before.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { startSandboxPage } from './page-fixture';
import { answerFirst, emojiColours, handOff, lastPrompt, switchPlayer } from './page-driver';

const WIDTH = 400;

let sandbox: Sandbox;
let page: Page;
let close: (() => Promise<void>) | undefined;
const problems: string[] = [];

beforeAll(async () => {
  ({ sandbox, page, close } = await startSandboxPage({
    prefix: 'sellsword-phone-',
    seed: 2,
    viewport: { width: WIDTH, height: 860 },
    timeout: 10_000,
    problems,
  }));
}, 30_000);

afterAll(() => close?.());

const topBarHeight = async () => (await page.locator('.topbar').boundingBox())!.height;
const fontsLoaded = () => page.evaluate('document.fonts.ready.then(() => undefined)');

/** Opens the ☰ drawer and waits until it is on screen. */
async function openDrawer(): Promise<void> {
  await page.locator('#menu-button').click();
  await page.locator('#sidebar').waitFor({ state: 'visible' });
}

/** Whether the element is drawn wholly inside the phone's width. */
const onScreen = async (selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH && box.height > 0;
};

describe('the sandbox page on a phone', () => {
  it('has a one-row top bar, with every control in reach: the demo buttons and the clock in the drawer, Play as beside the title', async () => {
    await page.goto(`http://127.0.0.1:${sandbox.port}/`);
    await page.locator('body.ready').waitFor();
    expect(await topBarHeight()).toBeLessThanOrEqual(60);
    // The current player is named; the others are their avatars, each a button.
    for (const name of ['alice', 'bob', 'carol', 'dave']) expect(await onScreen(`.player[data-user="${name}"]`)).toBe(true);
    await expect(page.locator('.player.active').textContent()).resolves.toBe('AAlice');
    await switchPlayer(page, 'bob');
    await switchPlayer(page, 'alice');

    // The channel list, the demo buttons and the clock are behind ☰, with their emoji drawn in colour.
    expect(await page.locator('#practice-button').isVisible()).toBe(false);
    await openDrawer();
    for (const id of ['#demo-button', '#sc-demo-button', '#practice-button', '#league-button', '#clock-button', '#clock-hours'])
      expect(await onScreen(id), id).toBe(true);
    await fontsLoaded();
    expect(await emojiColours(page, '#practice-button')).toBeGreaterThan(20);
    await page.locator('#clock-hours').selectOption('1');
    await page.locator('#clock-button').click();
    await page.locator('#clock-label', { hasText: '+1 h' }).waitFor();
    // A tap outside closes the drawer.
    await page.mouse.click(WIDTH - 10, 400);
    await page.locator('#sidebar').waitFor({ state: 'hidden' });

    // Practice from the drawer: the thread opens, the drawer closes, the bar stays one row.
    await openDrawer();
    await page.locator('#practice-button').click();
    await page.locator('.title-name', { hasText: 'Alice vs Practice bot' }).waitFor();
    await page.locator('#sidebar').waitFor({ state: 'hidden' });
    expect(await topBarHeight()).toBeLessThanOrEqual(60);
    expect(problems).toEqual([]);
  }, 60_000);

  it('names the practice opponent apart from the bot, and a prompt for the other seat hands the page over in one click', async () => {
    const prompt = page.locator('.message.has-components').last();
    await prompt.waitFor();
    // The opponent's moves carry its own name; the bot that referees keeps "Sellsword Table".
    await page
      .locator('.message .content', { hasText: /Practice bot (rolled|places|wins)/ })
      .first()
      .waitFor();
    expect(await page.locator('.message .content', { hasText: /Sellsword Table (rolled|places|wins)/ }).count()).toBe(0);
    expect(await page.locator('.message .author-bot', { hasText: 'Sellsword Table' }).count()).toBeGreaterThan(0);

    await switchPlayer(page, 'bob');
    expect(await onScreen('.message.has-components .hand-off-button')).toBe(true);
    await handOff(page, 'alice');
    await expect(page.locator('.player.active').getAttribute('data-user')).resolves.toBe('alice');

    // Once answered, that prompt waits for nobody: only the message the match now waits on offers the switch.
    const answered = lastPrompt(page);
    const id = await answered.getAttribute('data-id');
    await answerFirst(answered);
    await sandbox.bot.scheduler.idle();
    await sandbox.bot.idle();
    await switchPlayer(page, 'bob');
    await expect.poll(() => page.locator('.hand-off-button').count()).toBe(1);
    expect(await page.locator(`.message[data-id="${id}"] .hand-off-button`).count()).toBe(0);
    await switchPlayer(page, 'alice');
    expect(problems).toEqual([]);
  }, 60_000);

  it('waits for nobody once the match is over: no waiting dot on an avatar, no hand-off', async () => {
    // Scrolled up to read, the player's own command still brings its answer into view (no "New messages" pill).
    await page.locator('#messages').evaluate((e) => {
      e.scrollTop = 0;
    });
    const composer = page.locator('#composer');
    await composer.locator('.text-input').click();
    await composer.locator('.text-input').fill('/skirmish concede');
    await composer.locator('.popup-item', { hasText: '/skirmish concede' }).first().dispatchEvent('mousedown');
    await composer.locator('.command-chip', { hasText: '/skirmish concede' }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.message.ephemeral button', { hasText: 'Yes, concede' }).last().waitFor();
    expect(await page.locator('#jump').isHidden()).toBe(true);
    await page.locator('.message.ephemeral button', { hasText: 'Yes, concede' }).last().click();
    await sandbox.bot.scheduler.idle();
    await sandbox.bot.idle();
    await expect.poll(() => page.locator('.title-name').textContent()).toMatch(/^🏁/);
    // The result in the thread's name reads whole at a phone's width: wrapped, not cut with "…".
    const title = page.locator('.title-name');
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await onScreen('.title-name')).toBe(true);
    await expect.poll(() => page.locator('.player.waiting').count()).toBe(0);
    expect(await page.locator('.hand-off-button').count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it('shows the threads and their messages again after a reload, and on a fresh visit', async () => {
    const thread = sandbox.fake.threads(sandbox.fake.channel.id).at(-1)!;
    const before = await page.locator('.message').count();
    await page.reload();
    await page.locator('body.ready').waitFor();
    await page.locator('.title-name', { hasText: thread.name }).waitFor();
    await expect.poll(() => page.locator('.message').count()).toBe(before);
    await openDrawer();
    await page.locator(`#channel-list .channel.thread[data-channel="${thread.id}"]`).waitFor();

    // A first visit (nothing remembered) opens the channel, and its threads are in the drawer.
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await page.locator('body.ready').waitFor();
    await page.locator('.title-name', { hasText: 'skirmishes' }).waitFor();
    await openDrawer();
    const listed = page.locator(`#channel-list .channel.thread[data-channel="${thread.id}"]`);
    await expect(listed.textContent()).resolves.toBe(thread.name);
    await listed.click();
    await page.locator('.title-name', { hasText: thread.name }).waitFor();
    await expect.poll(() => page.locator('.message').count()).toBe(before);
    expect(problems).toEqual([]);
  }, 60_000);

  it('on a fresh visit, the channel\'s "started a thread" line names the match thread as a link that opens it', async () => {
    const thread = sandbox.fake.threads(sandbox.fake.channel.id).at(-1)!;
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await page.locator('body.ready').waitFor();
    await page.locator('.title-name', { hasText: 'skirmishes' }).waitFor();
    const line = page.locator('.message.thread-created').last();
    await expect(line.textContent()).resolves.toContain(`started a thread: ${thread.name}`);
    await line.locator(`a.thread-link[data-channel="${thread.id}"]`).click();
    await page.locator('.title-name', { hasText: thread.name }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('reads a whole command typed on one line into its options, and names an unknown option', async () => {
    const composer = page.locator('#composer');
    const text = composer.locator('.text-input');
    const echoes = page.locator('.message.ephemeral .interaction-line', { hasText: '/skirmish entry' });
    const before = await echoes.count();
    await text.click();
    await text.fill('/skirmish entry square:Z99');
    await text.press('Enter');
    // The bot received the command (it answers only its caller), and the box is empty again.
    await expect.poll(() => echoes.count()).toBe(before + 1);
    await composer.locator('.command-chip').waitFor({ state: 'hidden' });
    await expect(text.inputValue()).resolves.toBe('');

    await text.fill('/skirmish entry bogus:1');
    await text.press('Enter');
    await expect(composer.locator('.hint.error').textContent()).resolves.toBe('/skirmish entry has no option "bogus". Its options: square.');
    await expect.poll(() => echoes.count()).toBe(before + 1);
    expect(problems).toEqual([]);
  }, 60_000);
});
