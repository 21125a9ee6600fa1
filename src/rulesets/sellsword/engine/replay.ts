/** State = events.reduce(apply, initial(setup)). */
import { apply, type GameEvent } from './events';
import type { GameState } from './state';

export function replay(start: GameState, events: readonly GameEvent[]): GameState {
  return events.reduce(apply, start);
}
