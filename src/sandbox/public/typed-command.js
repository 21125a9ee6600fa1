// A whole command typed on one line, read as Discord's client reads it: "/skirmish entry square:B1"
// is the command path (command, then group and subcommand words), then `name:value` pairs, a value
// running up to the next known option's `name:`. Text before any `name:` fills the first required
// option that takes text (else the first that does), as Discord fills the option it has open. A `word:` that names no option of the command is
// refused with the options it does have, rather than sent as part of a value.

/**
 * @typedef {{ path: string, description?: string, options: { name: string, required?: boolean, type?: number }[] }} Entry
 * @typedef {{ entry: Entry, values: Record<string, string> } | { error: string } | null} Parsed
 */

const OPTION_START = /(^|\s)([a-z][\w-]*):/gi;

/** Discord's option type for a file (ApplicationCommandOptionType.Attachment). */
const ATTACHMENT = 11;

/**
 * @param {string} text what is in the box, starting with "/"
 * @param {Entry[]} entries every runnable command path (commandEntries)
 * @returns {Parsed} null when the text names no whole command (the list of commands still helps)
 */
export function parseTypedCommand(text, entries) {
  if (!text.startsWith('/')) return null;
  const rest = text.slice(1).trimStart();
  const words = rest.split(/\s+/);
  const entry = longestPath(words, entries);
  if (!entry) return missingSubcommand(words, entries);
  const after = rest.replace(new RegExp(`^${entry.path.split(' ').map(escapeRegExp).join('\\s+')}`, 'i'), '').trim();
  return after === '' ? { entry, values: {} } : readOptions(entry, after);
}

/** The entry whose whole path the typed words start with; the longest, so a subcommand wins over its command. */
function longestPath(words, entries) {
  let best = null;
  for (const e of entries) {
    const path = e.path.split(' ');
    if (path.length > words.length) continue;
    if (!path.every((w, i) => w.toLowerCase() === words[i].toLowerCase())) continue;
    if (!best || path.length > best.path.split(' ').length) best = e;
  }
  return best;
}

/** "/skirmish frobnicate …": the command exists but its next word is none of its subcommands. */
function missingSubcommand(words, entries) {
  for (let n = Math.min(2, words.length - 1); n >= 1; n--) {
    const head = words.slice(0, n).join(' ').toLowerCase();
    const below = entries.filter((e) => e.path.startsWith(`${head} `)).map((e) => e.path.split(' ')[n]);
    if (below.length === 0) continue;
    const known = [...new Set(below)].join(', ');
    const typed = words[n];
    return { error: `/${head} has no subcommand "${typed}". Its subcommands: ${known}.` };
  }
  return null;
}

/**
 * The `name:value` pairs after the command's path.
 * @param {Entry} entry
 * @param {string} after
 * @returns {Parsed}
 */
function readOptions(entry, after) {
  const names = new Map(entry.options.map((o) => [o.name.toLowerCase(), o.name]));
  const starts = [...after.matchAll(OPTION_START)].map((m) => ({
    name: m[2].toLowerCase(),
    at: m.index + m[1].length,
    valueAt: m.index + m[0].length,
  }));
  const unknown = starts.find((s) => !names.has(s.name));
  if (unknown) {
    const known = entry.options.map((o) => o.name).join(', ');
    return {
      error: known
        ? `/${entry.path} has no option "${unknown.name}". Its options: ${known}.`
        : `/${entry.path} takes no options, so "${unknown.name}:" means nothing to it.`,
    };
  }
  /** @type {Record<string, string>} */
  const values = {};
  starts.forEach((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].at : after.length;
    values[names.get(s.name)] = after.slice(s.valueAt, end).trim();
  });
  const lead = after.slice(0, starts[0]?.at ?? after.length).trim();
  if (lead !== '') {
    // Typed text never fills a file option: "/warband submit Small Watch | …" is the `text`, not the `file` (issue 26).
    const typable = entry.options.filter((o) => o.type !== ATTACHMENT && !values[o.name]);
    const open = typable.find((o) => o.required) ?? typable[0];
    if (!open) return { error: `/${entry.path} has nowhere to put "${lead}": write its options as name:value.` };
    values[open.name] = lead;
  }
  return { entry, values };
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
