/**
 * How deeply a JSON text nests, read before JSON.parse: every later step (the schemas, storing,
 * showing) walks the value by recursion, so a deep file must be refused while it is still text.
 * One pass, no recursion, exact for valid JSON.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** The most lists and objects open at once; brackets inside strings do not count. */
export function jsonNesting(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      depth++;
      if (depth > max) max = depth;
    } else if ((c === CLOSE_LIST || c === CLOSE_OBJECT) && depth > 0) {
      depth--;
    }
  }
  return max;
}
