/**
 * Whom a match waits on, and what a missed deadline does (docs/rulesets.md §1 `waits`, `timeout`):
 * a deployment or a turn waits on its player; an opportunity attack prompt on the inactive player,
 * whose default is no attack; the Readied prompt on the inactive player too, whose default is no attack;
 * the reserve prompt on the side choosing, whose default is the first reserve (ruling SC111).
 */
import type { Phase, Wait } from '../../ruleset';
import { type PlayerId, type ScCommand, type ScEvent, type ScState, SKIPPED_STEPS } from './types';

export function scWaits(s: ScState): Wait[] {
  if (s.end) return [];
  if (s.prompt) return [{ kind: 'prompt', player: s.prompt.player }];
  if (s.deploying) return [{ kind: 'turn', player: s.deploying.player }];
  return s.turn ? [{ kind: 'turn', player: s.turn.player }] : [];
}

export function scPhase(s: ScState): Phase {
  if (s.end) return 'over';
  // The reserve prompt is part of deployment (SC Set-up 7): the battle has not begun.
  return s.turn || (s.prompt && s.prompt.kind !== 'reserve') ? 'playing' : 'setup';
}

export function scTimeout(s: ScState, name: (player: PlayerId) => string): { command: ScCommand; words: string } | null {
  if (s.end) return null;
  if (s.prompt?.kind === 'reserve')
    return {
      // Ruling SC111: a missed deadline takes the first reserve force.
      command: { type: 'reserve', reserve: 1 },
      words: `${name(s.prompt.player)} did not choose a reserve force in time, so their first reserve takes the field.`,
    };
  if (s.prompt?.kind === 'readied')
    return {
      command: { type: 'readied', attack: null },
      words: `${name(s.prompt.player)} did not answer in time, so ${s.prompt.troop} holds its Readied attack.`,
    };
  if (s.prompt)
    return {
      command: { type: 'opportunity', attack: null },
      words: `${name(s.prompt.player)} did not answer in time, so ${s.prompt.attacker} makes no opportunity attack on ${s.prompt.mover}.`,
    };
  if (s.deploying)
    return {
      command: { type: 'deploy-rest' },
      words: `${name(s.deploying.player)} did not finish deploying in time, so their troops left were placed nearest their edge.`,
    };
  if (s.turn) return { command: { type: 'end-turn' }, words: `${name(s.turn.player)} did not finish their turn in time, so it ends with the orders given.` };
  return null;
}

/** A deployment or a turn begins: its wait starts afresh. */
export const scStartsTurn = (e: ScEvent): boolean => e.type === 'turn-began' || e.type === 'deployment-began';

/**
 * What the match waits for, in words for reminders and status lines. A turn's words say which steps
 * of the turn the slice does not play yet, so nobody looks for them.
 */
export function scWaitingWords(s: ScState, name: (player: PlayerId) => string): string {
  if (s.end)
    return s.end.winner
      ? `The match is over: ${name(s.end.winner)} won ${s.end.reason === 'round-limit' ? 'on points at the round limit' : `by ${s.end.reason}`}.`
      : 'The match is over: a draw.';
  if (s.prompt?.kind === 'reserve') return `Waiting for ${name(s.prompt.player)} to choose which reserve force takes the field.`;
  if (s.prompt?.kind === 'readied')
    return `Waiting for ${name(s.prompt.player)} to say what ${s.prompt.troop}'s Readied attack does in the ${s.prompt.step} step.`;
  if (s.prompt) return `Waiting for ${name(s.prompt.player)} to say whether ${s.prompt.attacker} makes an opportunity attack on ${s.prompt.mover}.`;
  if (s.deploying) {
    return `Waiting for ${name(s.deploying.player)} to deploy within ${s.deploying.depth} squares of the ${s.edges[s.deploying.player]} edge.`;
  }
  if (s.turn) return `Waiting for ${name(s.turn.player)} to play the ${s.turn.step} step of round ${s.round} (${SKIPPED_STEPS.join(', ')}: not played yet).`;
  return 'Waiting for the match to begin.';
}
