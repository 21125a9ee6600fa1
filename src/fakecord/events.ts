/**
 * Listeners for what happens in the fake guild, typed by event name, plus a catch-all that `waitFor`
 * uses to re-check its condition whenever anything changes.
 */
import type { FakeDiscordEvent, FakeDiscordEvents } from './types';
import { waitUntil } from './waiting';

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

  /** Resolves with `check`'s first truthy value, re-checked on every event and on a short poll. */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs: number): Promise<T> {
    return waitUntil(check, {
      timeoutMs,
      subscribe: (onChange) => this.onAnything(onChange),
      explain: () => `fakecord waitFor: condition not met within ${timeoutMs} ms.`,
    });
  }
}
