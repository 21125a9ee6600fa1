/**
 * What happened, as data: the game's events read into happenings (view-last-turn.ts), which
 * last-turn-words.ts puts into words for every reader (the act's reply, the turn log, the match log,
 * the catch-up digest, the alt text). Units are named by their map labels, players by their names;
 * `playerId` fields keep the id where a reader must know whether a player is "you".
 */

export type { WoundWords, WoundCause, IncomingWords, PromptWords, Happening, HappeningKind } from './view-types';
