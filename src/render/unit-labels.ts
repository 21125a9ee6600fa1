/**
 * Short labels from names ("GN", "LS2", "SKA"): a name's initials, numbered when several units share
 * one, three letters when two different names share initials. Any game's units are labelled by this
 * one rule, so a label reads the same way on every table.
 */

/** Words that do not give an initial: "Priest of the Dawn" is PD. */
const SMALL = new Set(['of', 'the', 'at', 'and', 'a', 'an', 'in', 'on']);

function words(name: string): string[] {
  return name
    .split(/[\s\-–]+/)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter((w) => w.length > 0 && !SMALL.has(w.toLowerCase()));
}

/** The first `n` characters of a word: `words` keeps only ASCII letters and digits, one character each. */
const first = (word: string, n: number) => word.slice(0, n);

/** Two-letter initials: first letters of the first two words, or the first two letters of one word. */
function shortForm(name: string): string {
  const w = words(name);
  if (w.length === 0) return 'U';
  if (w.length === 1) return first(w[0]!, 2).toUpperCase();
  return (first(w[0]!, 1) + first(w[1]!, 1)).toUpperCase();
}

/** Three letters, for when two different cards share initials: "SKA" and "SEA". */
function longForm(name: string): string {
  const w = words(name);
  if (w.length === 0) return 'U';
  if (w.length === 1) return first(w[0]!, 3).toUpperCase();
  return (first(w[0]!, 2) + first(w[1]!, 1)).toUpperCase();
}

/** Three letters that tell apart names sharing their first word: "HCA" and "HCR" (Human Captain, Human Crossbowman). */
function thirdForm(name: string): string {
  const w = words(name);
  if (w.length < 2) return longForm(name);
  return (first(w[0]!, 1) + first(w[1]!, 2)).toUpperCase();
}

/** Cards by the form `form` gives their names. */
function byForm(nameOfCard: ReadonlyMap<string, string>, form: (name: string) => string): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const [card, name] of nameOfCard) {
    const s = form(name);
    (groups.get(s) ?? groups.set(s, new Set()).get(s)!).add(card);
  }
  return groups;
}

/**
 * Labels for units in setup order, from their cards' names. The bot also calls this before a game
 * exists, to give units ids that match the tokens players see on the map.
 */
export function labelUnits(
  units: readonly { readonly id: string; readonly card: string }[],
  cardName: (card: string) => string,
  options: { readonly thirdForm?: boolean } = {},
): Map<string, string> {
  const nameOfCard = new Map(units.map((u) => [u.card, cardName(u.card)]));
  // Cards whose initials clash with another card's take the longer form; with `thirdForm`, cards
  // whose longer forms clash too (names sharing their first word) take the third.
  const byShort = byForm(nameOfCard, shortForm);
  const byLong = byForm(nameOfCard, longForm);
  const base = new Map<string, string>();
  for (const [card, name] of nameOfCard) {
    const clashes = byShort.get(shortForm(name))!.size > 1;
    const again = clashes && options.thirdForm === true && byLong.get(longForm(name))!.size > 1;
    base.set(card, again ? thirdForm(name) : clashes ? longForm(name) : shortForm(name));
  }
  // Number the units of a base form when there are several (two cards may still share a long form).
  const count = new Map<string, number>();
  for (const u of units) count.set(base.get(u.card)!, (count.get(base.get(u.card)!) ?? 0) + 1);
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const u of units) {
    const b = base.get(u.card)!;
    const n = (seen.get(b) ?? 0) + 1;
    seen.set(b, n);
    labels.set(u.id, count.get(b)! > 1 ? `${b}${n}` : b);
  }
  return labels;
}
