/**
 * `node dist/cli.js TOOL [ARGS…]`: the ops tools from the build, with plain node and the production
 * dependencies only (docs/deploy.md "Ops tools"). `npm run TOOL` runs the same through
 * scripts/tool.mjs. Each tool reads its arguments from process.argv after its own name, as it does
 * when run from source.
 */
const TOOLS: Readonly<Record<string, () => Promise<unknown>>> = {
  'db:migrate': () => import('./db-migrate'),
  'db:copy': () => import('./db-copy'),
  'db:check': () => import('./db-check'),
  verify: () => import('./verify'),
  'ratings:rebuild': () => import('./ratings-rebuild'),
};

/** The tools `node dist/cli.js` runs. */
export const TOOL_NAMES = Object.keys(TOOLS);

const name = process.argv[2];
const tool = name === undefined ? undefined : TOOLS[name];
if (!tool) {
  console.error(`Usage: node dist/cli.js TOOL [ARGS…], where TOOL is one of ${TOOL_NAMES.join(', ')}.`);
  process.exit(2);
}
// The tool sees its own arguments where it would from source: process.argv[2] onwards.
process.argv.splice(2, 1);
await tool();
