/**
 * Rules resolution as a stack of frames: plain data naming the next piece of work. Handlers pop a
 * frame, emit events, and may push more. A handler that needs a player's choice opens a prompt with
 * the stack saved behind it (R27); the answer resumes exactly there, even after a restart.
 * handlers.ts holds the one table from frame kind to handler, and runs the stack.
 */
import type { Ctx } from './ctx';
import type { Frame, FrameKind, FrameOf, Prompt } from './state';

/** Runs a frame of kind K; returns true when it paused the resolution on a prompt. */
export type Handler<K extends FrameKind> = (ctx: Ctx, frame: FrameOf<K>, stack: Frame[]) => boolean | void;

/** Pauses on a prompt; `frame` runs again with `answer` set once the player answers. */
export function ask(ctx: Ctx, stack: Frame[], frame: Frame, prompt: Prompt): true {
  ctx.emit({ type: 'prompted', prompt, resume: [...stack, frame] });
  return true;
}
