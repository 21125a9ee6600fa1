import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A maker of fresh temporary folders named `sellsword-<name>-…`, each removed after the test file's
 * last test. Call it at a file's top level, where `afterAll` belongs to the file.
 */
export function tempDirs(name: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(join(tmpdir(), `sellsword-${name}-`));
    dirs.push(d);
    return d;
  };
}
