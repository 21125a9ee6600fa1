/**
 * Golden-image comparison. A golden changes only through `npm run golden:update` (which calls
 * writeGoldens); the test never writes one, and a missing golden fails. Images are compared pixel by
 * pixel with pixelmatch, allowing a sliver of difference for anti-aliasing on another machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { goldenCases } from './cases';

export const GOLDEN_DIR = join(import.meta.dirname, 'golden');
/** Share of pixels that may differ (beyond pixelmatch's per-pixel colour threshold). */
export const MAX_DIFF_SHARE = 0.001;

export const goldenPath = (name: string) => join(GOLDEN_DIR, `${name}.png`);

export interface Comparison {
  readonly ok: boolean;
  readonly message: string;
}

/** Compares an image with its golden; on a mismatch, writes the actual image and a diff to the temp folder. */
export function compareWithGolden(name: string, actual: Buffer): Comparison {
  const path = goldenPath(name);
  if (!existsSync(path)) return { ok: false, message: `no golden image for "${name}" at ${path}: run \`npm run golden:update\`, look at it, and commit it` };
  const want = PNG.sync.read(readFileSync(path));
  const got = PNG.sync.read(actual);
  const out = join(tmpdir(), 'sellsword-golden');
  const keep = () => {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.actual.png`), actual);
  };
  if (want.width !== got.width || want.height !== got.height) {
    keep();
    return { ok: false, message: `"${name}" is ${got.width}×${got.height}, the golden is ${want.width}×${want.height}; actual image in ${out}` };
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const differing = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.1 });
  const allowed = Math.ceil(want.width * want.height * MAX_DIFF_SHARE);
  if (differing <= allowed) return { ok: true, message: `${differing} pixels differ (allowed ${allowed})` };
  keep();
  writeFileSync(join(out, `${name}.diff.png`), PNG.sync.write(diff));
  return { ok: false, message: `"${name}": ${differing} pixels differ (allowed ${allowed}); actual and diff images in ${out}` };
}

/** Renders every case (or the named ones) into test/render/golden. Only the update script calls this. */
export function writeGoldens(only: readonly string[] = []): string[] {
  mkdirSync(GOLDEN_DIR, { recursive: true });
  const written: string[] = [];
  for (const c of goldenCases) {
    if (only.length > 0 && !only.includes(c.name)) continue;
    writeFileSync(goldenPath(c.name), c.render());
    written.push(c.name);
  }
  const unknown = only.filter((n) => !goldenCases.some((c) => c.name === n));
  if (unknown.length > 0) throw new Error(`no golden case named ${unknown.join(', ')} (cases: ${goldenCases.map((c) => c.name).join(', ')})`);
  return written;
}
