import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The concept fence (scripts/concept-fence.mjs, docs/rulesets.md §5 step 5) run on a fixture tree.
const SCRIPT = join(__dirname, '..', '..', 'scripts', 'concept-fence.mjs');
let root = '';

function tree(files: Record<string, string>, allow?: Record<string, Record<string, number>>): void {
  root = mkdtempSync(join(tmpdir(), 'fence-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  if (allow) writeFileSync(join(root, 'concept-fence.allow.json'), JSON.stringify(allow));
}

function fence(...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root, ...args], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the concept fence', () => {
  it("refuses a game's concept named outside its folder, with the file, the concept and the line", () => {
    tree({ 'src/render/panel.ts': "const a = 1;\nexport const maxVigor = a + 'To-Wound'.length;\n" });
    const { status, out } = fence();
    expect(status).toBe(1);
    expect(out).toContain('src/render/panel.ts: sellsword/vigor 1 (allowed 0), lines 2');
    expect(out).toContain('src/render/panel.ts: sword-and-claw/to-wound 1 (allowed 0), lines 2');
  });

  it('lets a game name its own concepts in its folder, and ignores comments', () => {
    tree({
      'src/rulesets/sellsword/engine/state.ts': 'export const CHARGE_VIGOR = 5; export const injuries = [];\n',
      'src/rulesets/sword-and-claw/rules/wounds.ts': 'export const toWound = 3; export const hurt = true;\n',
      'src/render/panel.ts': '// Vigor is drawn as a bar.\n/* injuries, recoil */ export const bar = 1;\n',
    });
    expect(fence()).toMatchObject({ status: 0 });
  });

  it('passes an allowed offender up to its count, fails one more, and fails a stale allowance until shrunk', () => {
    const allow = { 'src/engine/stats.ts': { 'sellsword/vigor': 2 } };
    tree({ 'src/engine/stats.ts': 'export const vigor = 1;\nexport const vigorMax = 2;\n' }, allow);
    const ok = fence();
    expect(ok.status).toBe(0);
    expect(ok.out).toContain('allowlist 1 entries (2 names in 1 files)');

    writeFileSync(join(root, 'src/engine/stats.ts'), 'export const vigor = 1;\nexport const vigorMax = vigor;\nconst crowed = 0;\n');
    const worse = fence();
    expect(worse.status).toBe(1);
    expect(worse.out).toContain('sellsword/vigor 3 (allowed 2)');
    expect(worse.out).toContain('sellsword/crow 1 (allowed 0), lines 3');

    writeFileSync(join(root, 'src/engine/stats.ts'), 'export const vigor = 1;\n');
    const stale = fence();
    expect(stale.status).toBe(1);
    expect(stale.out).toContain('allowlist above today');
    expect(fence('--shrink').status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'concept-fence.allow.json'), 'utf8'))).toEqual({
      'src/engine/stats.ts': { 'sellsword/vigor': 1 },
    });
    expect(fence()).toMatchObject({ status: 0 });
  });

  it('never raises an allowance when shrinking', () => {
    tree({ 'src/ai/turn.ts': 'export const recoil = 1, recoils = 2;\n' }, { 'src/ai/turn.ts': { 'sellsword/recoil': 1 } });
    fence('--shrink');
    expect(JSON.parse(readFileSync(join(root, 'concept-fence.allow.json'), 'utf8'))).toEqual({
      'src/ai/turn.ts': { 'sellsword/recoil': 1 },
    });
    expect(fence().status).toBe(1);
  });
});
