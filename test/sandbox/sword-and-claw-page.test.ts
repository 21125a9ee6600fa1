/**
 * A Sword and Claw match started and played from the sandbox page as a person would (issue 33), in a
 * real browser (chromium.ts): the page's "🐾 Sword and Claw" button opens the demo match (alice's Iron
 * Company against bob's Mire Raiders on Reed Ford); a move, a shot and a melee strike are each ordered
 * with the page's command box, every option picked from the bot's suggestions, each told in the thread
 * on the page; and the match ends with `/skirmish concede` and its "Yes, concede" button on the page.
 * Between those, the test plays quick orders through the sandbox's HTTP actions (deployment, the other
 * moves, the steps closed, the opportunity attack prompts), choosing from the match's legal commands.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { legalCommands } from '../../src/rulesets/sword-and-claw/match/options';
import type { ScCommand, ScSetup, ScState } from '../../src/rulesets/sword-and-claw/match/types';
import { labelOf, squareWords } from '../../src/rulesets/sword-and-claw/table/names';
import { startSandboxPage } from './page-fixture';
import { scSandboxMatch } from './sc-match';
import { emojiColours, runCommand, switchPlayer } from './page-driver';

let sandbox: Sandbox;
let page: Page;
let close: (() => Promise<void>) | undefined;
const problems: string[] = [];

beforeAll(async () => {
  ({ sandbox, page, close } = await startSandboxPage({
    prefix: 'sellsword-sandbox-sc-page-',
    seed: 3,
    viewport: { width: 1280, height: 900 },
    timeout: 15_000,
    problems,
  }));
}, 60_000);

afterAll(() => close?.());

const { threadId, nameOf, match, post } = scSandboxMatch(() => sandbox);

type Move = Extract<ScCommand, { type: 'move' }>;
type Shot = Extract<ScCommand, { type: 'shoot' }>;
type Strike = Extract<ScCommand, { type: 'attack' }>;
type Order =
  | { readonly kind: 'http'; readonly order: string; readonly options: Record<string, string> }
  | { readonly kind: 'page'; readonly command: Move | Shot | Strike };

const apart = (setup: ScSetup, a: number, b: number) => {
  const w = setup.map.grid[0]!.length;
  return Math.max(Math.abs((a % w) - (b % w)), Math.abs(Math.floor(a / w) - Math.floor(b / w)));
};

/**
 * The order to give next: deploy; a shot or a strike (on the page, the first of each); else a move or
 * run towards the nearest enemy (crossbowmen walk, so they may shoot; the first move is on the page);
 * else close the step.
 */
function nextOrder(setup: ScSetup, s: ScState, onPage: { move: boolean; shot: boolean; strike: boolean }): Order {
  const legal = legalCommands(setup, s);
  const deploy = legal.find((c): c is Extract<ScCommand, { type: 'deploy' }> => c.type === 'deploy');
  if (deploy) return { kind: 'http', order: 'deploy', options: { troop: deploy.troop, square: squareWords(setup, deploy.at) } };
  if (s.deploying) return { kind: 'http', order: 'done', options: {} };
  const shot = legal.find((c): c is Shot => c.type === 'shoot');
  if (shot)
    return onPage.shot
      ? { kind: 'http', order: 'shoot', options: { troop: shot.troop, attack: shot.attack, target: shot.target } }
      : { kind: 'page', command: shot };
  const strike = legal.find((c): c is Strike => c.type === 'attack' && c.sweep === undefined);
  if (strike)
    return onPage.strike
      ? { kind: 'http', order: 'attack', options: { troop: strike.troop, attack: strike.attack, target: strike.target } }
      : { kind: 'page', command: strike };
  const enemies = Object.values(s.troops).filter((t) => t.player !== s.turn?.player && t.at !== null && !t.removed);
  const near = (at: number) => Math.min(...enemies.map((e) => apart(setup, e.at!, at)));
  const moves = legal.filter((c): c is Move => c.type === 'move' && c.how !== 'slide');
  const troop = moves[0]?.troop;
  if (troop === undefined) return { kind: 'http', order: 'next', options: {} };
  const mine = moves.filter((c) => c.troop === troop).sort((a, b) => near(a.to!) - near(b.to!));
  const shooter = setup.cards[s.troops[troop]!.troop]!.attacks.flat().some((a) => a.range !== undefined);
  const best = mine.find((c) => c.how === 'move' && (shooter || near(c.to!) <= 1)) ?? mine.find((c) => c.how === 'run')!;
  if (best.how === 'move' && !onPage.move) return { kind: 'page', command: best };
  return { kind: 'http', order: best.how, options: { troop, to: squareWords(setup, best.to!) } };
}

const pick = (text: string, starts = text) => ({ type: text, choose: starts });

/** The order given with the page's command box, each option picked from the bot's suggestions; resolves once the thread on the page tells it. */
async function orderOnPage(setup: ScSetup, s: ScState, c: Move | Shot | Strike): Promise<string> {
  const label = labelOf(setup, c.troop);
  const troop = pick(label, `${label} (`);
  if (c.type === 'move') {
    const to = squareWords(setup, c.to!);
    await runCommand(page, 'order move', { troop, to: pick(to) });
    return `${label} moves to ${to}.`;
  }
  const attack = setup.cards[s.troops[c.troop]!.troop]!.attacks.flat().find((a) => a.id === c.attack)!;
  const target = labelOf(setup, c.target);
  await runCommand(page, `order ${c.type}`, { troop, attack: pick(c.attack, `${attack.name} (`), target: pick(target, `${target} (`) });
  return c.type === 'shoot' ? `${label} will shoot` : `${label} will`;
}

describe('Sword and Claw from the sandbox page', () => {
  it('starts with its button, and takes a move, a shot and a strike from the command box, then a concession', async () => {
    await page.goto(`http://127.0.0.1:${sandbox.port}/`);
    await page.locator('body.ready').waitFor();
    // The button sits in one row with the other demo buttons and Play as: the channel's name above them, every player on screen.
    expect((await page.locator('.topbar').boundingBox())!.height).toBeLessThanOrEqual(100);
    const last = (await page.locator('.player[data-user="dave"]').boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(1280);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    expect(await emojiColours(page, '#sc-demo-button')).toBeGreaterThan(20);
    await page.locator('#sc-demo-button').click();
    await page.locator('.message', { hasText: 'Roll-off' }).waitFor();
    expect((await match()).row.ruleset).toBe('sword-and-claw');
    expect((await match()).setup.map.name).toBe('Reed Ford');
    await page.locator('.message', { hasText: /challenges you to Sword and Claw with Iron Company .* on Reed Ford/ }).waitFor();

    const onPage = { move: false, shot: false, strike: false };
    for (let step = 0; step < 800 && !(onPage.move && onPage.shot && onPage.strike); step++) {
      const { row, setup, state } = await match();
      expect(row.status, 'the match ended before a move, a shot and a strike were ordered on the page').not.toBe('over');
      if (state.prompt) {
        const message = sandbox.fake
          .messages(threadId())
          .filter((m) => m.components.length > 0)
          .at(-1)!;
        const button = (message.components[0] as { components: { custom_id: string }[] }).components[0]!;
        await post('click', { user: nameOf(state.prompt.player), message: message.id, customId: button.custom_id });
        continue;
      }
      const player = state.deploying?.player ?? state.turn!.player;
      const next = nextOrder(setup, state, onPage);
      if (next.kind === 'http') {
        await post('command', { user: nameOf(player), channel: threadId(), name: `order ${next.order}`, options: next.options });
        continue;
      }
      await switchPlayer(page, nameOf(player));
      const told = await orderOnPage(setup, state, next.command);
      await expect.poll(async () => (await match()).row.seq, { timeout: 15_000 }).toBeGreaterThan(row.seq);
      await sandbox.bot.idle();
      await page.locator('.message', { hasText: told }).first().waitFor();
      onPage[next.command.type === 'move' ? 'move' : next.command.type === 'shoot' ? 'shot' : 'strike'] = true;
    }
    expect(onPage).toEqual({ move: true, shot: true, strike: true });

    // The player whose turn it is concedes on the page: the command, then its button.
    const { state } = await match();
    const loser = nameOf(state.turn?.player ?? state.prompt?.player ?? state.deploying!.player);
    await switchPlayer(page, loser);
    await runCommand(page, 'skirmish concede');
    await page.locator('.message', { hasText: 'Concede this match?' }).last().locator('.btn', { hasText: 'Yes, concede' }).click();
    await expect.poll(async () => (await match()).row.status, { timeout: 15_000 }).toBe('over');
    await sandbox.bot.idle();
    await page
      .locator('.message', { hasText: /wins by concession/ })
      .first()
      .waitFor();
    expect(problems).toEqual([]);
  }, 600_000);
});
