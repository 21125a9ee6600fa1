// The render pool's worker thread (render-pool.ts) starts here. A worker thread does not run the
// parent's TypeScript hooks under every runner (vitest transforms modules itself), so this plain
// module registers tsx's loader, which `npm start` already uses, and then loads the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker-main.ts');
