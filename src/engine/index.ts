/**
 * The engine's public API: everything outside src/engine imports from here (the layer check enforces it).
 * The engine's own modules import each other directly.
 */
export * from './acts';
export * from './attack';
export * from './battlefield';
export * from './board';
export * from './charge';
export * from './commands';
export * from './damaging';
export * from './decide';
export * from './defaults';
export * from './dice';
export * from './distance';
export * from './errors';
export * from './events';
export * from './lru';
export * from './paths';
export * from './pregame';
export * from './pregame-defaults';
export * from './pregame-state';
export * from './queries';
export * from './reactions';
export * from './replay';
export * from './roster';
export * from './setup';
export * from './split-options';
export * from './state';
export * from './stats';
export * from './table';
export * from './targeting';
export * from './traits';
export * from './turns';
export * from './wounds';
