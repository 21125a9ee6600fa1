// How the box reads a suggestion beyond showing it: which one a field's typed text already names, and
// which true/false options of the command a value carries.

/**
 * The one suggestion `typed` names: the one whose value or name it is exactly (any case), else the only
 * one whose value starts with it as a whole word ("gh" names "gh charge", not "gh2"). -1 when it names
 * none, or several alike: then the player has a choice to make, and Enter must not make it for them.
 * @param {{ name: string | number, value: string | number }[]} items
 * @param {string} typed
 */
export function namedIndex(items, typed) {
  const q = typed.trim().toLowerCase();
  if (q === '') return -1;
  const exact = items.findIndex((c) => String(c.value).toLowerCase() === q || String(c.name).toLowerCase() === q);
  if (exact >= 0) return exact;
  const led = items.flatMap((c, i) => (String(c.value).toLowerCase().startsWith(`${q} `) ? [i] : []));
  return led.length === 1 ? led[0] : -1;
}

/**
 * The true/false options a value turns on: each word after a value's first that is the name of one of
 * them. A suggestion's value may carry a flag this way ("gh charge", a target reached only by charging
 * it), and the bot reads it so; the box shows that option as set, as it is sent.
 * @param {string} value
 * @param {string[]} flagNames the command's true/false options
 */
export function impliedFlags(value, flagNames) {
  const words = String(value).trim().toLowerCase().split(/\s+/).slice(1);
  return flagNames.filter((n) => words.includes(n.toLowerCase()));
}
