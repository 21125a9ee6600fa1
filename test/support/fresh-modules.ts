/**
 * Set-up for the files test:fast runs in a shared worker (vitest.fast.config.ts): before each file,
 * the project's own modules are dropped from the registry, so the file loads them afresh, with none of
 * the state (caches by match id, counters) a file before it left in them. Packages from node_modules
 * stay loaded, which is where the time of loading went.
 */
import { vi } from 'vitest';

vi.resetModules();
