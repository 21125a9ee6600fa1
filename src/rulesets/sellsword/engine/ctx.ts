/** Sellsword's decision context: DecisionCtx over its game state and events. */
import { DecisionCtx } from '../../../engine/context';
import { apply, type GameEvent } from './events';
import type { GameState } from './state';

export class Ctx extends DecisionCtx<GameState, GameEvent> {
  constructor(state: GameState) {
    super(state, apply);
  }
}
