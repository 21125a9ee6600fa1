/**
 * A render worker loads no discord.js: each worker would otherwise hold the whole client in its own
 * memory without using it. Prompt components come from
 * @discordjs/builders and their enums from discord-api-types, which discord.js itself uses. What is
 * checked is what the worker's module really imports at run time, type-only imports left out, as the
 * bundler (scripts/build.mjs) sees it.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Every package the worker's code imports at run time, with the first module of ours that imports it. */
async function packagesImported(entry: string): Promise<Map<string, string>> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    packages: 'external',
    logLevel: 'silent',
  });
  const packages = new Map<string, string>();
  for (const [file, input] of Object.entries(metafile.inputs))
    for (const i of input.imports) if (i.external && !packages.has(i.path)) packages.set(i.path, file);
  return packages;
}

describe("the render worker's imports", () => {
  it('leave out discord.js', async () => {
    const packages = await packagesImported('src/bot/render-worker-main.ts');
    // The check sees the worker's imports: drawing and the store are there.
    expect(packages.has('@napi-rs/canvas')).toBe(true);
    const discord = [...packages].filter(([p]) => p === 'discord.js' || p.startsWith('discord.js/')).map(([p, by]) => `${p} (imported by ${by})`);
    expect(discord).toEqual([]);
  }, 60_000);
});
