/**
 * Rules resolution as a stack of frames: plain data naming the next piece of work. Handlers pop a
 * frame, emit events, and may push more. A handler that needs a player's choice opens a prompt with
 * the stack saved behind it (R27); the answer resumes exactly there, even after a restart.
 */
import type { Ctx } from './context';
import type { Frame, Prompt } from './state';

/** Returns true when it paused the resolution on a prompt. */
export type Handler = (ctx: Ctx, frame: Frame, stack: Frame[]) => boolean | void;

const handlers = new Map<string, Handler>();

export function handle(kind: string, handler: Handler): void {
  if (handlers.has(kind)) throw new Error(`two handlers for frame ${kind}`);
  handlers.set(kind, handler);
}

/** Runs frames until the stack is empty, the game is over, or a prompt opens. */
export function run(ctx: Ctx, stack: Frame[]): void {
  while (stack.length > 0 && !ctx.state.over) {
    const frame = stack.pop()!;
    const handler = handlers.get(frame.k);
    if (!handler) throw new Error(`no handler for frame ${frame.k}`);
    if (handler(ctx, frame, stack) === true) return;
  }
}

/** Pauses on a prompt; `frame` runs again with `answer` set once the player answers. */
export function ask(ctx: Ctx, stack: Frame[], frame: Frame, prompt: Prompt): true {
  ctx.emit({ type: 'prompted', prompt, resume: [...stack, frame] });
  return true;
}

/** A frame's field, typed by the caller who built it. */
export const field = <T>(frame: Frame, key: string): T => frame[key] as T;
