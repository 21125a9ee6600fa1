/**
 * Playing through the sandbox page as a person would: the player switch, the command box with its
 * suggestions, buttons and menus. Every step waits for what a person would wait for on screen.
 */
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';

/** A value typed into an option; or text typed, then the suggestion picked that starts with `choose`. */
export type OptionInput = string | { readonly type: string; readonly choose: string };

export async function switchPlayer(page: Page, username: string): Promise<void> {
  const button = page.locator(`.player[data-user="${username}"]`);
  if ((await button.getAttribute('aria-checked')) === 'true') return;
  await button.click();
  await page.locator(`.player.active[data-user="${username}"]`).waitFor();
  await page.locator('.me-tag', { hasText: `@${username}` }).waitFor({ state: 'attached' });
  // The message list is reloaded for the new player after the header changes.
  await page.locator(`#messages[data-viewer="${username}"]`).waitFor({ state: 'attached' });
}

/**
 * Follows the "▶ Play as …" button on the last prompt that waits for `username` (when the page plays
 * as someone else), and waits for the page to play as them, as switchPlayer does.
 */
export async function handOff(page: Page, username: string): Promise<void> {
  if ((await page.locator(`.player[data-user="${username}"]`).getAttribute('aria-checked')) === 'true') return;
  await page
    .locator('.message.has-components .hand-off-button', { hasText: new RegExp(`Play as ${username}$`, 'i') })
    .last()
    .click();
  await page.locator(`.player.active[data-user="${username}"]`).waitFor();
  await page.locator(`#messages[data-viewer="${username}"]`).waitFor({ state: 'attached' });
}

/**
 * Types `/path`, picks the command from the list, fills each option (typing, or picking the
 * suggestion that starts with the given text) and sends it. Resolves once the box has taken the
 * command (it empties); rejects with the box's message when it refuses.
 */
export async function runCommand(
  page: Page,
  path: string,
  options: Readonly<Record<string, OptionInput>> = {},
  /** Called while an option's suggestions are on screen, before one is picked (for screenshots). */
  suggesting?: (option: string) => Promise<void>,
): Promise<void> {
  const composer = page.locator('#composer');
  const text = composer.locator('.text-input');
  await text.click();
  await text.fill(`/${path}`);
  // Matched on the item's command and options, not its description: "/skirmish concede" then "Give up…" has no space between.
  await composer
    .locator('.popup-item', { has: page.locator('.item-main', { hasText: new RegExp(`^/${path}(\\s|$)`) }) })
    .first()
    .dispatchEvent('mousedown');
  await composer.locator('.command-chip', { hasText: `/${path}` }).waitFor();
  for (const [name, value] of Object.entries(options)) {
    const input = composer.locator(`.option-field[data-option="${name}"] input`);
    await input.click();
    if (typeof value === 'string') {
      await input.fill(value);
      continue;
    }
    await input.fill(value.type);
    const item = composer.locator('.popup-item', { hasText: new RegExp(`^${escapeRegExp(value.choose)}`, 'i') }).first();
    await item.waitFor();
    await suggesting?.(name);
    await item.dispatchEvent('mousedown');
  }
  await composer.locator('.send').click();
  await Promise.race([
    composer.locator('.command-chip').waitFor({ state: 'hidden', timeout: 10_000 }),
    composer
      .locator('.hint.error')
      .waitFor({ timeout: 10_000 })
      .then(async () => {
        throw new Error(`/${path} was refused by the box: ${await composer.locator('.hint').textContent()}`);
      }),
  ]);
}

/** The last message in the list that has buttons or menus. */
export const lastPrompt = (page: Page): Locator => page.locator('.message.has-components').last();

/** Answers a prompt message with its first button, or the first option of its first menu. */
export async function answerFirst(prompt: Locator): Promise<void> {
  // A prompt whose picture is drawn first reaches the page a moment after the answer before it lands:
  // wait for something to answer, so the last prompt is not the one just answered.
  await prompt.locator('.components .btn, .select-face').first().waitFor({ timeout: 10_000 });
  const button = prompt.locator('.components .btn').first();
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await prompt.locator('.select-face').first().click();
  await prompt.locator('.select-option').first().click();
}

/**
 * Pixels of the emoji at the start of a button (its first 26 px) that are neither the button's green
 * nor its white text: a colour glyph has dozens, a blank one none.
 */
export async function emojiColours(page: Page, selector: string): Promise<number> {
  const png = PNG.sync.read(await page.locator(selector).screenshot());
  let n = 0;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < Math.min(26, png.width); x++) {
      const i = (y * png.width + x) * 4;
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      const green = g > r + 40 && g > b + 20;
      const white = r > 200 && g > 200 && b > 200;
      if (!green && !white) n++;
    }
  }
  return n;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
