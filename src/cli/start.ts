/**
 * `npm start`: runs the bot against Discord when DISCORD_TOKEN is set, and the local sandbox without
 * one. Neither is built yet; until they land this says so plainly instead of failing obscurely.
 */
const mode = process.env.DISCORD_TOKEN ? 'the Discord bot' : 'the local sandbox (no DISCORD_TOKEN is set)';
console.log(
  [
    `Sellsword Table: ${mode} is not built yet.`,
    'What works today:',
    '  npm test                 type check, content check and the test suite',
    '  npm run content:check    validate the shipped cards, mods and maps',
    'The rules engine, renderer, bot and sandbox are the next issues; see the README.',
  ].join('\n'),
);
