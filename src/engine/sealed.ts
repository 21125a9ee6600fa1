/**
 * Sealed entries (docs/rulesets.md §2): a declaration one player makes that the others see only when
 * the rules reveal it. The log keeps the whole entry, so replay is unchanged; everything shown to a
 * person goes through `publicEvent`, which leaves out the entry of a slot not yet revealed. The
 * commitment is the SHA-256 of `sealedText(salt, body)`. The engine stays pure and free of any
 * platform's hashing: the caller hashes (match/sealed-commitment.ts) and passes the commitment in, and
 * `checkSealed` takes the hash to check with.
 */
import type { RuleError } from './errors';
import { ruleError } from './errors';

/** A player's id, as the match knows it. */
type PlayerId = string;

export interface SealedEntry<Body = unknown> {
  /** Minted by the use-case (never by the engine): hides a body that is easy to guess. */
  readonly salt: string;
  readonly body: Body;
}

export interface SealedEvent<Body = unknown> {
  readonly type: 'sealed';
  readonly slot: string;
  readonly by: PlayerId;
  readonly commitment: string;
  readonly entry: SealedEntry<Body>;
}

/** A sealed event as a person sees it before its slot is revealed. */
export type SealedPublic = Omit<SealedEvent, 'entry'>;

export interface RevealedEvent {
  readonly type: 'revealed';
  readonly slot: string;
}

/** Hex SHA-256 of a text (the caller's, so the engine needs no platform crypto). */
export type Hash = (text: string) => string;

/** JSON with object keys sorted at every depth: the same body always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error(`canonicalJson: ${typeof value} has no JSON form`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/**
 * What the commitment hashes: the salt, a newline, then the body's canonical JSON. The salt holds no
 * newline, so no other salt and body give the same text.
 */
export const sealedText = (salt: string, body: unknown): string => `${salt}\n${canonicalJson(body)}`;

const SALT = /^[^\n]{8,}$/;

/** The event that seals `body` into `slot`; refused when the salt is too short or holds a newline. */
export function seal<Body>(
  input: { readonly slot: string; readonly by: PlayerId; readonly salt: string; readonly body: Body },
  commitment: string,
): SealedEvent<Body> | RuleError {
  if (!SALT.test(input.salt)) return ruleError('bad-salt', 'A sealed entry needs a salt of at least 8 characters on one line.');
  return { type: 'sealed', slot: input.slot, by: input.by, commitment, entry: { salt: input.salt, body: input.body } };
}

/** The event that reveals `slot`, refused when no sealed entry holds it or it is already revealed. */
export function reveal(events: readonly unknown[], slot: string): RevealedEvent | RuleError {
  const slots = sealedSlots(events);
  if (!slots.sealed.has(slot)) return ruleError('no-sealed-entry', `Nothing is sealed in ${slot}.`);
  if (slots.revealed.has(slot)) return ruleError('already-revealed', `${slot} is already revealed.`);
  return { type: 'revealed', slot };
}

export const isSealed = (event: unknown): event is SealedEvent =>
  typeof event === 'object' && event !== null && (event as { type?: unknown }).type === 'sealed';

export const isRevealed = (event: unknown): event is RevealedEvent =>
  typeof event === 'object' && event !== null && (event as { type?: unknown }).type === 'revealed';

/** The slots a log seals and those it reveals. */
export function sealedSlots(events: readonly unknown[]): { sealed: Map<string, SealedEvent>; revealed: Set<string> } {
  const sealed = new Map<string, SealedEvent>();
  const revealed = new Set<string>();
  for (const event of events) {
    if (isSealed(event)) sealed.set(event.slot, event);
    else if (isRevealed(event)) revealed.add(event.slot);
  }
  return { sealed, revealed };
}

/** An event as anyone may see it: a sealed event whose slot is not in `revealedSlots` loses its entry. */
export function publicEvent<E>(event: E, revealedSlots: ReadonlySet<string>): E | SealedPublic {
  if (!isSealed(event) || revealedSlots.has(event.slot)) return event;
  const { entry: _hidden, ...rest } = event;
  return rest;
}

/** A log as anyone may see it after its last event: each sealed entry shown only once revealed. */
export const publicLog = (events: readonly unknown[]): unknown[] => {
  const { revealed } = sealedSlots(events);
  return events.map((e) => publicEvent(e, revealed));
};

export type SealedCheck = { readonly ok: true; readonly revealed: number } | { readonly ok: false; readonly problem: string };

/**
 * What `verify` checks: every slot is sealed once, revealed only after it was sealed and at most once,
 * and each revealed slot's commitment is the hash of its salt and body.
 */
export function checkSealed(events: readonly unknown[], hash: Hash): SealedCheck {
  const sealed = new Map<string, SealedEvent>();
  const revealed = new Set<string>();
  for (const [i, event] of events.entries()) {
    if (isSealed(event)) {
      if (sealed.has(event.slot)) return { ok: false, problem: `event ${i + 1} seals ${event.slot} a second time` };
      sealed.set(event.slot, event);
    } else if (isRevealed(event)) {
      const entry = sealed.get(event.slot);
      if (!entry) return { ok: false, problem: `event ${i + 1} reveals ${event.slot}, which nothing sealed before it` };
      if (revealed.has(event.slot)) return { ok: false, problem: `event ${i + 1} reveals ${event.slot} a second time` };
      revealed.add(event.slot);
      if (!entry.entry || hash(sealedText(entry.entry.salt, entry.entry.body)) !== entry.commitment)
        return {
          ok: false,
          problem: `the entry revealed at event ${i + 1} does not match the commitment ${entry.commitment.slice(0, 12)}… made for ${event.slot}`,
        };
    }
  }
  return { ok: true, revealed: revealed.size };
}
