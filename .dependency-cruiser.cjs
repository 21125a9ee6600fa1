/**
 * The layers (ARCHITECTURE): interaction → bot → commands → match → engine, store, render → formats.
 * A folder may import its own files and those of the layers below it, never above; and nothing may
 * import in a circle. `npm run layers` checks it, inside `npm test`.
 */
const below = {
  formats: [],
  engine: ['formats'],
  store: ['formats'],
  content: ['formats', 'engine'],
  render: ['formats', 'engine', 'content'],
  match: ['formats', 'engine', 'store', 'render', 'content'],
  commands: ['formats', 'engine', 'store', 'render', 'content', 'match', 'ai', 'league'],
  bot: ['formats', 'engine', 'store', 'render', 'content', 'match', 'commands', 'ai', 'league'],
  fakecord: [],
  sandbox: ['fakecord', 'bot', 'commands', 'store', 'content', 'formats', 'engine', 'league'],
  ai: ['formats', 'engine'],
  league: ['formats', 'engine', 'store', 'match'],
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
