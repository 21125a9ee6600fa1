/**
 * One sandbox and one Chromium page for a browser test file: a fresh database in a temporary folder,
 * the page's errors collected with the sandbox's log lines in `problems` (each test file checks that
 * it stays empty), and a `close` that stops the browser, then the sandbox, then removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { launchChromium } from './chromium';

export interface SandboxPage {
  readonly sandbox: Sandbox;
  readonly page: Page;
  readonly close: () => Promise<void>;
}

export interface SandboxPageOptions {
  /** The temporary folder's name starts with this. */
  readonly prefix: string;
  /** The sandbox's seed, so a file's match is the same every run. */
  readonly seed: number;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Playwright's default timeout for every action on the page. */
  readonly timeout: number;
  /** Where the sandbox's log lines and the page's errors go. */
  readonly problems: string[];
}

export async function startSandboxPage(options: SandboxPageOptions): Promise<SandboxPage> {
  const dir = mkdtempSync(join(tmpdir(), options.prefix));
  const sandbox = await startSandbox({ port: 0, databasePath: join(dir, 'sandbox.db'), seed: options.seed, log: (line) => options.problems.push(line) });
  const browser = await launchChromium({ viewport: { ...options.viewport } });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(options.timeout);
  page.on('pageerror', (error) => options.problems.push(`page error: ${error.message}`));
  return {
    sandbox,
    page,
    close: async () => {
      await browser.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
