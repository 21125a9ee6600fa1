/**
 * The layers (docs/architecture.md): bot → commands (Discord handlers) → the application (match,
 * clock, posts, league: the use-cases) → engine, store, render, content, ai → formats; src/discord
 * (Discord's limits, user text cut and escaped, autocomplete choices built) and src/config (the environment's settings) sit at
 * the bottom beside formats.
 * A folder may import its own files and those of the layers below it, never above; the application's
 * folders may import each other; nothing may import in a circle; and only commands, bot, fakecord and
 * sandbox talk to Discord through discord.js. The games (src/rulesets, docs/rulesets.md §1) sit below
 * the application, which reaches a game's folder only through the registry (src/rulesets/index.ts) and
 * the interface (ruleset.ts); games never import each other. src/cli (the production entry and ops tools) and
 * src/bench (benchmarks) sit on top; nothing imports src/bench but itself, and only src/bench of
 * src imports test/support, the harness it shares with the tests. `npm run layers` checks it
 * (src and test/support), inside `npm test`.
 */
const application = ['match', 'clock', 'posts', 'league'];
const beneathApplication = ['rulesets', 'cache', 'discord', 'formats', 'engine', 'store', 'render', 'content'];
/**
 * Files a layer may import besides whole layers: Sellsword's rules still live where they were when the
 * boundary came (docs/rulesets.md §5 step 4); step 5 moves them under src/rulesets/sellsword/ and
 * empties this.
 */
const alsoAllowed = {
  rulesets: ['^src/match/(match-state|record|dice-proof|standing-orders)\\.ts$'],
};
/**
 * Sellsword's engine, AI and formats live in src/rulesets/sellsword/ (docs/rulesets.md §5 step 5);
 * these modules outside the game's folder still import them directly (`sellswordModules` below), a
 * temporary allowance for each of them alone while their callers move behind the Ruleset interface.
 * This list only shrinks: a module not on it that imports Sellsword's modules fails the layer check.
 */
const sellswordImporters = [
  'src/bench/bench-ai.ts',
  'src/bench/bench-drive.ts',
  'src/bench/bench-render.ts',
  'src/bench/bench-replay.ts',
  'src/bench/bench-scheduler.ts',
  'src/bench/bench.ts',
  'src/bench/fingerprint.ts',
  'src/bench/sample-match.ts',
  'src/bench/selfplay.ts',
  'src/cli/export-report.ts',
  'src/cli/scenario.ts',
  'src/clock/deadline-actions.ts',
  'src/clock/deadline-plan.ts',
  'src/clock/wait-words.ts',
  'src/commands/catalog/catalog-card.ts',
  'src/commands/catalog/catalog-embeds.ts',
  'src/commands/catalog/catalog.ts',
  'src/commands/league/league-catalog.ts',
  'src/commands/map/map-library.ts',
  'src/commands/map/map-submit.ts',
  'src/commands/match-context.ts',
  'src/commands/play/acts.ts',
  'src/commands/play/charge-words.ts',
  'src/commands/play/orders.ts',
  'src/commands/play/suggestion-cache.ts',
  'src/commands/prompts/prompt-game.ts',
  'src/commands/prompts/prompt-post.ts',
  'src/commands/prompts/prompt-setup.ts',
  'src/commands/skirmish/log-pages.ts',
  'src/commands/skirmish/skirmish-challenge.ts',
  'src/commands/skirmish/skirmish-play.ts',
  'src/commands/skirmish/skirmish-replay.ts',
  'src/commands/warband/warband-embed.ts',
  'src/commands/warband/warband-library.ts',
  'src/content/coverage.ts',
  'src/content/load.ts',
  'src/formats/scenario.ts',
  'src/league/catalog-recheck.ts',
  'src/league/results.ts',
  'src/league/season-runner.ts',
  'src/match/act-log.ts',
  'src/match/match-end.ts',
  'src/match/match-state.ts',
  'src/match/practice-seat.ts',
  'src/match/record.ts',
  'src/match/settle.ts',
  'src/match/setup.ts',
  'src/match/standing-orders.ts',
  'src/match/submit.ts',
  'src/match/table-change.ts',
  'src/match/untold-acts.ts',
  'src/match/warband-check.ts',
  'src/posts/announce.ts',
  'src/posts/entry-map.ts',
  'src/posts/map-preview.ts',
  'src/posts/post-pictures.ts',
  'src/posts/replay-gif.ts',
  'src/posts/replay-turns.ts',
  'src/posts/table-posts.ts',
  'src/posts/your-turn.ts',
];
// What they may import of it: the indexes of its engine, of its practice opponent (ai/) and of its words
// and choices at the table (table/), of its pictures and log words (render/), and its card, mod, warband
// and catalog formats.
const sellswordModules = '^src/rulesets/sellsword/((engine|ai|table|render)/index|formats/(card|mod|warband|catalog|stored)|scenario-runner)\\.ts$';
const importersOf = (prefix) => sellswordImporters.filter((f) => f.startsWith(prefix)).map((f) => `^${f.replace(/[.]/g, '\\.')}$`);
const allImporters = importersOf('');
const withOtherApplication = (self) => [...beneathApplication, ...application.filter((l) => l !== self)];
/**
 * What Sword and Claw's folder may import besides itself: the interface it implements, the generic engine core by file (the
 * engine's index also carries Sellsword's rules), the generic formats, the content folder reader and
 * the caches. Nothing of Sellsword: not its engine rules, card, warband, vocabulary, catalog or
 * scenario formats, content, render or AI (docs/rulesets.md §1 "Layers").
 */
const swordAndClawMay = [
  '^src/rulesets/sword-and-claw/',
  // The interface it implements (types only: Ruleset, Wait, Phase…).
  '^src/rulesets/ruleset\\.ts$',
  '^src/engine/(dice|errors|context|board|distance|footprint|path-search|sealed|step-turn)\\.ts$',
  '^src/formats/(characters|chat-line|document|fields|gridmap|json-nesting|limits|problems|scenario-parts|squares|suggest|unions|value-size|yaml-nesting|yaml-nodes|yaml-syntax-tree)\\.ts$',
  '^src/content/documents\\.ts$',
  '^src/cache/',
  // The generic table view it builds for the renderer, and the one rule for unit labels.
  '^src/render/(table-view|unit-labels)\\.ts$',
];
const below = {
  formats: [],
  // Generic caches (a least-recently-used map), for the engine, the store, the renderer and the application.
  cache: [],
  // What Discord accepts: its limits, and user text cut and escaped for it.
  discord: [],
  // The settings read from the environment at start-up: parsed and checked, nothing else.
  config: [],
  engine: ['formats', 'cache'],
  store: ['formats', 'cache'],
  content: ['formats', 'engine'],
  render: ['cache', 'discord', 'formats', 'engine', 'content'],
  ...Object.fromEntries(application.map((l) => [l, withOtherApplication(l)])),
  commands: [...beneathApplication, ...application],
  bot: ['config', ...beneathApplication, ...application, 'commands'],
  fakecord: ['discord'],
  sandbox: ['discord', 'fakecord', 'bot', 'commands', 'store', 'content', 'formats', 'engine', 'league'],
  // Each game's rules, and the registry of them: beneath the application, above what games are made of.
  rulesets: ['cache', 'discord', 'formats', 'engine', 'store', 'render', 'content'],
  // The production entry (start) and the ops tools: they start the bot (or, with no token, the
  // sandbox, loaded only then) or open its database.
  cli: ['config', ...beneathApplication, ...application, 'commands', 'bot', 'sandbox'],
  // Benchmarks and the self-play driver they share with tests: they drive the bot like a test does.
  bench: ['config', ...beneathApplication, ...application, 'commands', 'bot', 'fakecord'],
};

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Modules importing each other in a circle.', from: {}, to: { circular: true } },
    {
      name: 'engine-through-its-index',
      severity: 'error',
      comment: 'Outside src/engine, the engine is imported through its public API, src/engine/index.ts (scripts/engine-imports.mjs rewrites such imports).',
      from: { path: '^src/', pathNot: ['^src/engine/', '^src/rulesets/sword-and-claw/', '^src/rulesets/sellsword/engine/'] },
      to: { path: '^src/engine/', pathNot: '^src/engine/index\\.ts$' },
    },
    {
      name: 'sword-and-claw-never-imports-sellsword',
      severity: 'error',
      comment:
        "src/rulesets/sword-and-claw imports only itself, the boundary's interface (src/rulesets/ruleset.ts), the generic engine core by file (dice, errors, context, board, distance, footprint, path-search, sealed, step-turn), the generic formats, src/content/documents.ts, src/cache and the renderer's table view type and unit labels: never Sellsword's modules, and never the engine's index, which carries them.",
      from: { path: '^src/rulesets/sword-and-claw/' },
      to: { path: '^src/', pathNot: swordAndClawMay },
    },
    {
      name: 'no-discord-client-below-commands',
      severity: 'error',
      comment:
        'The application (src/match, clock, posts, league) and the layers beneath it never import discord.js or @discordjs/*: use-cases record changes and plan posts, and only the Discord handlers, the bot and the fakes talk to Discord. src/discord may use @discordjs/formatters, which only escapes text.',
      from: { path: `^src/(${[...application, ...beneathApplication.filter((l) => l !== 'discord')].join('|')})/` },
      to: { path: '(^|/)node_modules/(discord\\.js|@discordjs/)' },
    },
    {
      name: 'src-discord-only-formatters',
      severity: 'error',
      comment:
        'src/discord holds limits, text escaping and autocomplete choices as plain data: of the Discord libraries it may use only @discordjs/formatters.',
      from: { path: '^src/discord/' },
      to: { path: '(^|/)node_modules/(discord\\.js|@discordjs/(?!formatters/))' },
    },
    {
      name: 'production-never-imports-bench',
      severity: 'error',
      comment: 'src/bench (benchmarks, self-play) is for measuring and testing: nothing the bot or the ops tools run imports it.',
      from: { path: '^src/', pathNot: '^src/bench/' },
      to: { path: '^src/bench/' },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      comment: 'Nothing under src imports test/, except that benchmarks use the harness in test/support (a bot process, a throw-away PostgreSQL server).',
      from: { path: '^src/', pathNot: '^src/bench/' },
      to: { path: '^test/' },
    },
    {
      name: 'bench-only-test-support',
      severity: 'error',
      comment: 'Of test/, benchmarks import only the harness in test/support.',
      from: { path: '^src/bench/' },
      to: { path: '^test/', pathNot: '^test/support/' },
    },
    {
      name: 'test-support-below-bench',
      severity: 'error',
      comment:
        'test/support is the harness benchmarks and tests share: it never imports benchmarks, tools or tests (it starts src/cli/start.ts by path, as npm start does).',
      from: { path: '^test/support/' },
      to: { path: '^(src/(bench|cli)/|test/(?!support/))' },
    },
    {
      name: 'games-through-the-registry',
      severity: 'error',
      comment:
        "Outside src/rulesets a game is reached only through the registry (src/rulesets/index.ts) and the interface (src/rulesets/ruleset.ts), never a game's own folder (docs/rulesets.md §1).",
      from: { path: '^(src|test/support)/', pathNot: ['^src/rulesets/', ...allImporters] },
      to: { path: '^src/rulesets/', pathNot: '^src/rulesets/(index|ruleset)\\.ts$' },
    },
    {
      name: 'sellsword-temporary-importers',
      severity: 'error',
      comment:
        "The modules listed in sellswordImporters may import Sellsword's engine and AI indexes and its card, mod, warband and catalog formats besides the registry and the interface, until they move behind the Ruleset interface.",
      from: { path: allImporters.length ? allImporters : '^$' },
      to: { path: '^src/rulesets/', pathNot: ['^src/rulesets/(index|ruleset)\\.ts$', sellswordModules] },
    },
    {
      name: 'games-never-import-each-other',
      severity: 'error',
      comment: "A game's folder (src/rulesets/<game>/) imports nothing of another game's.",
      from: { path: '^src/rulesets/([^/]+)/' },
      to: { path: '^src/rulesets/[^/]+/', pathNot: '^src/rulesets/$1/' },
    },
    ...Object.entries(below).flatMap(([layer, allowed]) => {
      const rule = {
        name: `${layer}-imports-only-below`,
        severity: 'error',
        comment: `src/${layer} may import only ${allowed.length ? allowed.map((l) => `src/${l}`).join(', ') : 'npm packages and itself'}.`,
        from: { path: `^src/${layer}/` },
        to: { path: '^src/', pathNot: [`^src/${layer}/`, ...allowed.map((l) => `^src/${l}/`), ...(alsoAllowed[layer] ?? [])] },
      };
      const listed = importersOf(`src/${layer}/`);
      if (listed.length === 0) return [rule];
      // The listed importers' one extra allowance: Sellsword's engine index (sellswordImporters).
      return [
        { ...rule, from: { ...rule.from, pathNot: listed } },
        {
          ...rule,
          name: `${layer}-imports-only-below-listed`,
          from: { path: listed },
          to: { ...rule.to, pathNot: [...rule.to.pathNot, sellswordModules] },
        },
      ];
    }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
