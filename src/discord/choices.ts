/**
 * Autocomplete choices as Discord takes them (a name of at most 100 characters, a value, 25 at most),
 * without its client: built here for the commands and for each game's suggestions alike, so every
 * list is cut, filtered and says why it is empty the same way.
 */
import { DiscordLimit } from './limits';
import { clip } from './text';

/** One suggestion: the name a player reads and the value the option takes. */
export interface Choice {
  name: string;
  value: string | number;
}

/** The value of the one choice that says why there is nothing to choose. */
export const NOTHING = 'none';

const LEAD = 'Nothing to choose: ';
/** Where a value carries what had been typed: `none:<typed>`. */
const CARRIED = `${NOTHING}:`;
/** What is carried of the typed text: short enough for every suggested option's `max_length`. */
export const CARRIED_TYPED = 11;

/**
 * The one choice of an empty list: its name is the reason (Discord would only show "type a value").
 * With `typed`, the value carries what had been typed, so a pick is refused with the reason for that
 * text even when the list, asked afresh without it, has something to offer.
 */
export function nothingToChoose(why: string, typed = ''): Choice {
  const carried = typed.trim().slice(0, CARRIED_TYPED);
  return choice(`${LEAD}${fitWhy(why, DiscordLimit.choiceName - LEAD.length)}`, carried ? `${CARRIED}${carried}` : NOTHING);
}

/** Whether a value is a picked "Nothing to choose" entry: never a real choice. */
export const isNothing = (value: unknown): boolean => value === NOTHING || (typeof value === 'string' && value.startsWith(CARRIED));

/** What had been typed when a picked "Nothing to choose" value was offered, if it carries it. */
export const carriedTyped = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith(CARRIED) && value.length > CARRIED.length ? value.slice(CARRIED.length) : null;

/**
 * The reason cut after its last whole sentence that fits, else its last clause (never mid-word), else
 * clipped. A clause of a dozen characters ("TG is in reserve") still says why; a shorter one is a stub.
 */
function fitWhy(why: string, room: number): string {
  if (why.length <= room) return why;
  const head = why.slice(0, room + 1);
  const sentences = head.lastIndexOf('. ');
  if (sentences > 0) return why.slice(0, sentences);
  const cut = Math.max(head.lastIndexOf(': '), head.lastIndexOf('; '), head.lastIndexOf(', '), head.lastIndexOf(' ('));
  return cut >= 12 ? why.slice(0, cut) : clip(why, room);
}

/** A suggestion: its name is plain text, shown as typed and cut to Discord's limit for choice names. */
export const choice = (name: string, value: string): Choice => ({
  name: clip(name, 'choiceName'),
  value,
});

/**
 * Case-insensitive filter on what the user has typed so far, capped at Discord's 25 choices. A choice
 * matches by its value or by `searched` (its name unless told): a name that warns of other units
 * ("⚠ CI may reply") must not match what is typed to find those units. The closest come first, in
 * their own order within each rank: a value starting with the text, then a name starting with it, then
 * a word of the name, then the text anywhere. A tester typing "w" for WH got the Town Guard first, its
 * name holding a "w", and Enter took it (playtest round 15).
 */
export function suggest<C extends Choice>(choices: readonly C[], typed: unknown, searched: (c: C) => string = (c) => c.name): C[] {
  const q = String(typed ?? '')
    .trim()
    .toLowerCase();
  if (q === '') return choices.slice(0, DiscordLimit.choices);
  const rank = (c: C): number => {
    const value = String(c.value).toLowerCase();
    const name = searched(c).toLowerCase();
    if (value.startsWith(q)) return 0;
    if (name.startsWith(q)) return 1;
    if (name.split(/[\s(·,:]+/).some((w) => w.startsWith(q))) return 2;
    return name.includes(q) || value.includes(q) ? 3 : 4;
  };
  const ranked = choices.map((c, i) => ({ c, i, r: rank(c) })).filter((x) => x.r < 4);
  return ranked
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, DiscordLimit.choices)
    .map((x) => x.c);
}
