/**
 * The payload conformance check (docs/fakecord.md "Conformance"): a vitest setup file, so it runs in
 * every test file of `npm test`. In the end-to-end suites (test/e2e, test/sandbox, test/bot), every
 * fake Discord started in the file reports each request body as it arrives; each is checked against
 * Discord's limits and discord.js's builder validators (check.ts), and a test that made the bot send
 * anything Discord would refuse fails after it runs. The fake's own tests (test/fakecord) send broken
 * bodies on purpose and are left out.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { onFakeDiscordStarted } from '../../src/fakecord';
import { conformanceProblems } from './check';

const WATCHED = /[\\/]test[\\/](e2e|sandbox|bot)[\\/]/;

const found: string[] = [];
const file = expect.getState().testPath ?? '';
/** How many requests were checked in this file (test/e2e/conformance.test.ts proves the check is on). */
const seen = { checked: 0 };
(globalThis as { conformance?: typeof seen }).conformance = seen;

if (WATCHED.test(file)) {
  onFakeDiscordStarted((fake) => {
    fake.on('request', (request) => {
      seen.checked++;
      for (const problem of conformanceProblems(request)) found.push(`${request.method} ${request.path}: ${problem}`);
    });
  });
}

function expectConforming(): void {
  const problems = found.splice(0);
  expect(problems, 'requests the bot sent that Discord or discord.js would refuse').toEqual([]);
}

afterEach(expectConforming);
afterAll(expectConforming);
