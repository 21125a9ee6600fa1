/**
 * The catch-up digest on a "your turn" ping: everything that happened since the reader's last act,
 * the log's own entries (match-log.ts, as `/skirmish log since_last_act:True` shows them) in the log's
 * order, every unit dropped in bold (issue 26: a summary that left out a turn, or hid a drop, misled). Pure: a
 * start state and events in, words out.
 */
import type { GameEvent, GameState, PlayerId } from '../engine';
import { sentence } from './last-turn-words';
import { happeningsFrom, matchLog, type LogEntry } from './match-log';

/**
 * A declared reply whose outcome the digest tells later (the reply made, or lost when a unit dropped
 * first): the declaration adds nothing, and "CI will reply to WH" beside "CI's reply did not happen"
 * reads as a reply still to come.
 */
function outcomeLater(s: string, later: readonly string[]): boolean {
  const declared = /^(\S+) will reply to (\S+) /.exec(s);
  if (!declared) return false;
  const [, unit, against] = declared;
  return later.some((x) => x.startsWith(`${unit} replied to ${against} `) || x.startsWith(`${unit}'s reply to ${against} `));
}

/** Text as read, without Markdown marks or spacing, for telling whether a sentence is already shown. */
const plain = (text: string): string =>
  text
    .replace(/\*\*|__|`|^-# /gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A log entry as a digest sentence: "Round 6 begins.", "Practice bot's turn: SA (Skeletal Archer).", a line as it is. */
function entrySentence(e: LogEntry): string {
  if (e.kind === 'round') return `${e.text} begins.`;
  if (e.kind === 'turn') {
    const at = e.text.indexOf(': ');
    return `${e.text.slice(0, at)}'s turn: ${e.text.slice(at + 2)}.`;
  }
  return e.text;
}

/**
 * The digest of `events` (played from `start`) for `reader`, at most `limit` characters: everything the
 * log since the reader's last act tells (`/skirmish log since_last_act:True`, matchLog: the same
 * entries, never a selection of its own), in order, each unit dropped in bold, cut at a sentence with
 * how many more the log has (and the drops among them); each round and turn starts a small-print line of
 * its own. Empty when nothing happened. The last sentences,
 * when already in `shown` (the message the digest ends), are left out, never a drop. `from`: the first
 * events are read, not told (match-log.ts sinceTurn).
 */
export function catchUpDigest(
  start: GameState,
  events: readonly GameEvent[],
  reader: PlayerId,
  names: Readonly<Record<PlayerId, string>> = {},
  limit = 600,
  shown = '',
  from = 0,
): string {
  const above = plain(shown);
  const drops = new Set(
    happeningsFrom(start, events, names, from).flatMap(({ happening: h }) => (h.kind === 'drop' ? [sentence(h, { you: reader }) ?? []].flat() : [])),
  );
  // In the log's order (issue 26: a drop put first read "SD was dropped by LO. LO declared an attack on
  // SD…", the drop before its cause); a drop stays, in bold, even when the message above says it.
  const entries = matchLog(start, events, { names, you: reader, told: from });
  const sentences = entries.map(entrySentence);
  const turns = new Set(entries.flatMap((e, i) => (e.kind === 'turn' ? [sentences[i]!] : [])));
  const breaks = new Set(entries.flatMap((e, i) => (e.kind === 'turn' || e.kind === 'round' ? [sentences[i]!] : [])));
  // What the message above already says is left out only as the digest's tail: left out in the middle,
  // the rest read wrong ("CI attacked WH: missed. WH was dropped by CI.", the hit between them said above
  // and so dropped, playtest round 15). A drop is never left out, so nothing before one is.
  const kept = sentences.filter((s, i, all) => drops.has(s) || !outcomeLater(s, all.slice(i + 1)));
  let tail = kept.length;
  while (tail > 0 && !drops.has(kept[tail - 1]!) && above.includes(plain(kept[tail - 1]!))) tail--;
  const told = kept.slice(0, tail).map((s) => (drops.has(s) ? `**${s}**` : s));
  let text = '';
  for (const [i, s] of told.entries()) {
    // Each turn on a line of its own, in the same small print: one paragraph of several turns read as
    // a wall of text (playtest round 16).
    const next = text ? `${text}${breaks.has(s) ? '\n-# ' : ' '}${s}` : s;
    if (next.length > limit) {
      // Cut short, the turns and drops still to come are named after the count, in order, so none is
      // hidden: after the practice bot's run of turns a tester read only its first (playtest).
      const later = told.slice(i).filter((x) => x.startsWith('**') || turns.has(x));
      // And where to read them: a tester took "…and 1 more." to hide what happened (issue 26).
      const where = ` (${LOG_SINCE_LAST_ACT} has them all)`;
      const more = `…and ${told.length - i} more${later.length > 0 ? `, among them ${later.join(' ')}${where}` : `${where}.`}`;
      return text ? `${text} ${more}` : `${s.slice(0, limit - 1)}…`;
    }
    text = next;
  }
  // The tail left out is pointed at, or the digest reads as cut off before it: a tester took a digest
  // that stopped before the turn posted above for a lost attack (playtest round 17).
  return text && tail < kept.length ? `${text} ${THEN_ABOVE}` : text;
}

/** Said after a digest whose last sentences are left to the post above it. */
export const THEN_ABOVE = 'The rest is in the turn post just above.';

/** Where the whole of a digest is read. */
const LOG_SINCE_LAST_ACT = '`/skirmish log since_last_act:True`';

/**
 * A digest with where to read it all, said once: a digest cut short already says it after its count
 * (a tester read "…(… has them all). (… has it all.)", issue 26).
 */
export function withLogPointer(digest: string): string {
  return digest.includes(LOG_SINCE_LAST_ACT) ? digest : `${digest} (${LOG_SINCE_LAST_ACT} has it all.)`;
}
