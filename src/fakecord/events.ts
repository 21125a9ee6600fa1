/**
 * Listeners for what happens in the fake guild, typed by event name, plus a catch-all that `waitFor`
 * uses to re-check its condition whenever anything changes.
 */
import type { FakeDiscordEvent, FakeDiscordEvents } from './types';

type Listener<E extends FakeDiscordEvent> = (value: FakeDiscordEvents[E]) => void;

export class EventHub {
  readonly #listeners = new Map<FakeDiscordEvent, Set<(value: never) => void>>();
  readonly #anything = new Set<() => void>();

  on<E extends FakeDiscordEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as (value: never) => void);
    return () => set.delete(listener as (value: never) => void);
  }

  onAnything(listener: () => void): () => void {
    this.#anything.add(listener);
    return () => this.#anything.delete(listener);
  }

  emit<E extends FakeDiscordEvent>(event: E, value: FakeDiscordEvents[E]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      // A listener's bug must not break the fake for the bot; report it and carry on.
      try {
        (listener as Listener<E>)(value);
      } catch (error) {
        console.error(`fakecord: a "${event}" listener threw`, error);
      }
    }
    for (const listener of [...this.#anything]) listener();
  }

  /** Resolves with `check`'s first truthy value, re-checked on every event and every 25 ms. */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let finished = false;
      const attempt = (): void => {
        if (finished) return;
        let value: T | undefined | null | false;
        try {
          value = check();
        } catch (error) {
          finish();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (value === undefined || value === null || value === false) return;
        finish();
        resolve(value);
      };
      const stop = this.onAnything(attempt);
      const poll = setInterval(attempt, 25);
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`fakecord waitFor: condition not met within ${timeoutMs} ms.`));
      }, timeoutMs);
      const finish = (): void => {
        finished = true;
        stop();
        clearInterval(poll);
        clearTimeout(timer);
      };
      attempt();
    });
  }
}
