/**
 * The catch-up digest on a "your turn" ping: what others did since the reader's last act, and what
 * happened to the reader's units, in the log's own sentences. The reader's own acts are left out
 * (they know them), and so are the turn framing, decisions and round bookkeeping: the ping's line says
 * whose turn and which round it is. Pure: a start state and events in, words out.
 */
import type { GameEvent, GameState, PlayerId } from '../engine';
import type { Happening } from './happenings';
import { unitLabels } from './labels';
import { sentence } from './last-turn-words';
import { happeningsFrom } from './match-log';

/** Framing, decisions and bookkeeping: told by what followed, or by the ping's own line. */
const UNTOLD: ReadonlySet<Happening['kind']> = new Set(['tactics', 'order', 'phase', 'turn', 'activate', 'turn-ended', 'prompt', 'replies-declined', 'pay']);

/** The unit that did a happening, by label; null for what no unit did (terrain, a failed recovery, the match's news). */
function actorOf(h: Happening): string | null {
  switch (h.kind) {
    case 'move':
    case 'charge':
      return h.move.unit;
    case 'attack':
      return h.attack.attacker;
    case 'wound':
      return 'by' in h.cause ? h.cause.by : null;
    case 'status':
      return h.source;
    case 'drop':
      return h.drop.by;
    case 'shove':
    case 'effect-failed':
      return h.by;
    case 'trait':
    case 'reply-declared':
    case 'warleader-die':
    case 'rest':
    case 'crow':
    case 'roll':
    case 'gain':
      return h.unit;
    default:
      return null;
  }
}

/**
 * What the reader is told: what others' units did (to anyone, the reader's units included) and what
 * no unit did; what the reader's own units did, they know.
 */
function forReader(h: Happening, mine: ReadonlySet<string>): boolean {
  if (UNTOLD.has(h.kind)) return false;
  const actor = actorOf(h);
  return actor === null || !mine.has(actor);
}

/**
 * A declared reply whose outcome the digest tells later (the reply made, or lost when a unit dropped
 * first): the declaration adds nothing, and "CI will reply to WH" beside "CI's reply did not happen"
 * reads as a reply still to come.
 */
function outcomeLater(h: Happening, later: readonly Happening[]): boolean {
  if (h.kind !== 'reply-declared') return false;
  return later.some(
    (x) =>
      (x.kind === 'reply-lost' && x.unit === h.unit && x.against === h.against) ||
      (x.kind === 'attack' && x.attack.reply && x.attack.attacker === h.unit && x.attack.target === h.against),
  );
}

/** Text as read, without Markdown marks or spacing, for telling whether a sentence is already shown. */
const plain = (text: string): string =>
  text
    .replace(/\*\*|__|`|^-# /gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The digest of `events` (played from `start`) for `reader`, at most `limit` characters, cut at a
 * sentence: "Round 3 begins. GH attacked WH with Bite: … hit; WH took 10 pierce wounds (5 avoided
 * with Vigor)." Empty when there is nothing to tell. Sentences already in `shown` (the message the digest
 * ends) are left out.
 */
export function catchUpDigest(
  start: GameState,
  events: readonly GameEvent[],
  reader: PlayerId,
  names: Readonly<Record<PlayerId, string>> = {},
  limit = 600,
  shown = '',
): string {
  const labels = unitLabels(start);
  const mine = new Set(Object.values(start.units).flatMap((u) => (u.player === reader ? [labels.get(u.id) ?? u.id] : [])));
  // What the same message already shows above the digest is not told again.
  const above = plain(shown);
  const told = happeningsFrom(start, events, names).map(({ happening }) => happening);
  const said = told
    .filter((h, i) => forReader(h, mine) && !outcomeLater(h, told.slice(i + 1)))
    .flatMap((h) => sentence(h, { you: reader }) ?? [])
    .filter((s) => !above.includes(plain(s)));
  let text = '';
  for (const [i, s] of said.entries()) {
    const next = text ? `${text} ${s}` : s;
    if (next.length > limit) return text ? `${text} …and ${said.length - i} more.` : `${s.slice(0, limit - 1)}…`;
    text = next;
  }
  return text;
}
