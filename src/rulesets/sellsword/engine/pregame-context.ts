/** A setup decision in progress: context.ts's DecisionCtx over the pre-game state and its apply. */
import { DecisionCtx } from '../../../engine/context';
import { pregameApply, type PregameEvent, type PregameState } from './pregame-state';

export class PregameCtx extends DecisionCtx<PregameState, PregameEvent> {
  constructor(state: PregameState) {
    super(state, pregameApply);
  }
}
