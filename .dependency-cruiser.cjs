/**
 * The layers (ARCHITECTURE): interaction → bot → commands → match → engine, store, render → formats;
 * src/discord (Discord's limits, user text cut and escaped) and src/config (the environment's settings)
 * sit at the bottom beside formats.
 * A folder may import its own files and those of the layers below it, never above; and nothing may
 * import in a circle. `npm run layers` checks it, inside `npm test`.
 */
const below = {
  formats: [],
  // What Discord accepts: its limits, and user text cut and escaped for it.
  discord: [],
  // The settings read from the environment at start-up: parsed and checked, nothing else.
  config: [],
  engine: ['formats'],
  store: ['formats'],
  content: ['formats', 'engine'],
  render: ['discord', 'formats', 'engine', 'content'],
  match: ['discord', 'formats', 'engine', 'store', 'render', 'content'],
  commands: ['discord', 'formats', 'engine', 'store', 'render', 'content', 'match', 'ai', 'league'],
  bot: ['config', 'discord', 'formats', 'engine', 'store', 'render', 'content', 'match', 'commands', 'ai', 'league'],
  fakecord: ['discord'],
  sandbox: ['discord', 'fakecord', 'bot', 'commands', 'store', 'content', 'formats', 'engine', 'league'],
  ai: ['formats', 'engine'],
  league: ['discord', 'formats', 'engine', 'store', 'match'],
};

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Modules importing each other in a circle.', from: {}, to: { circular: true } },
    {
      name: 'engine-through-its-index',
      severity: 'error',
      comment: 'Outside src/engine, the engine is imported through its public API, src/engine/index.ts (scripts/engine-imports.mjs rewrites such imports).',
      from: { path: '^src/', pathNot: '^src/engine/' },
      to: { path: '^src/engine/', pathNot: '^src/engine/index\\.ts$' },
    },
    ...Object.entries(below).map(([layer, allowed]) => ({
      name: `${layer}-imports-only-below`,
      severity: 'error',
      comment: `src/${layer} may import only ${allowed.length ? allowed.map((l) => `src/${l}`).join(', ') : 'npm packages and itself'}.`,
      from: { path: `^src/${layer}/` },
      to: { path: '^src/', pathNot: [`^src/${layer}/`, ...allowed.map((l) => `^src/${l}/`)] },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
