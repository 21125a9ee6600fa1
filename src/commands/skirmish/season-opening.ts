/**
 * How the season runner (league/season-runner.ts) opens a pairing's match on Discord: its thread
 * (match-thread.ts) and what setup reads of the server (skirmish-challenge.ts).
 */
import type { MatchOpening } from '../../league/season-runner';
import type { App } from '../app';
import { markTold, openMatchThread, threadTrouble } from './match-thread';
import { readForSetup } from './skirmish-challenge';

export const matchOpening = (app: App): MatchOpening => ({
  thread: (matchId) => openMatchThread(app, matchId),
  trouble: (matchId) => threadTrouble(app, matchId),
  markTold: (matchId) => markTold(app, matchId),
  setupReads: (row) => readForSetup(app, row),
});
