/**
 * A fingerprint of self-play: sha256 over the start state, event log and final state of fixed-seed
 * games on every shipped map. Speed work must leave it unchanged (the engine's behaviour, the
 * driver's choices and replay all feed it); a rules change moves it, deliberately, like a perft count.
 */
import { createHash } from 'node:crypto';
import type { Content } from '../content/load';
import { chargeOptions, legalActs, reachableSquares, visibleTargets } from '../rulesets/sellsword/engine';
import { replay } from '../rulesets/sellsword/engine';
import { newGame, playGame } from './selfplay';

export interface Fingerprint {
  readonly sha256: string;
  readonly games: number;
  readonly events: number;
}

export function selfPlayFingerprint(content: Content, seeds: readonly number[]): Fingerprint {
  const hash = createHash('sha256');
  let games = 0;
  let events = 0;
  for (const map of [...content.maps.keys()].sort()) {
    for (const seed of seeds) {
      const start = newGame(content, map, seed);
      const played = playGame(start, seed);
      const final = JSON.stringify(played.state);
      // Replay must rebuild the final state bit for bit, not merely an equal-looking one.
      if (JSON.stringify(replay(start, played.events)) !== final) throw new Error(`replay differs on ${map} seed ${seed}`);
      hash.update(`${map}/${seed}/${played.decisions}/${played.refused}\n`);
      hash.update(JSON.stringify(start));
      hash.update(JSON.stringify(played.events));
      hash.update(final);
      games++;
      events += played.events.length;
    }
  }
  return { sha256: hash.digest('hex'), games, events };
}

/**
 * The same for the queries the bot and renderer ask: at every state of fixed-seed games, the legal
 * acts and, for each unit of the player to move, its reachable squares, visible targets and charges.
 * Caches in sight, paths or stats that changed an answer would move it.
 */
export function queryFingerprint(content: Content, seeds: readonly number[]): Fingerprint {
  const hash = createHash('sha256');
  let games = 0;
  let events = 0;
  for (const map of [...content.maps.keys()].sort()) {
    for (const seed of seeds) {
      const played = playGame(newGame(content, map, seed), seed, 20000, (state) => {
        hash.update(JSON.stringify(legalActs(state)));
        const player = state.turn?.player;
        if (player === undefined) return;
        for (const u of Object.values(state.units)) {
          if (u.player !== player || u.dropped) continue;
          hash.update(
            JSON.stringify([
              u.id,
              [...reachableSquares(state, u.id)],
              [...reachableSquares(state, u.id, true)],
              visibleTargets(state, u.id),
              chargeOptions(state, u.id),
            ]),
          );
        }
      });
      games++;
      events += played.events.length;
    }
  }
  return { sha256: hash.digest('hex'), games, events };
}
