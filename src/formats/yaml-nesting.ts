/**
 * How deeply a YAML text nests, counted in one pass over the raw text before any library code runs.
 * The yaml library's composer recurses once per level; past about 700 levels it overflows the stack,
 * and when the overflow lands while V8 is compiling a regular expression the whole process aborts
 * ("RegExpCompiler Allocation failed"), taking every match with it.
 *
 * Flow brackets count outside quotes and comments; block collections count by their indicators
 * (`- `, `? `, `key: `) and columns, including compact ones on one line (`- - - x`). Quoted, block
 * (`|`, `>`) and multi-line plain scalars are skipped, so brackets in text do not count. This only
 * approximates YAML's grammar, exact for ordinary documents; yaml-syntax-tree.ts measures the
 * parser's tree as well, so a text that misleads this count still never reaches the composer.
 */
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const BACKSLASH = 0x5c;

type Kind = 'seq' | 'map';

/** A block collection still open: the column of its entries' indicators or keys. */
interface Open {
  readonly col: number;
  readonly kind: Kind;
}

const isBreak = (c: number): boolean => c === LF || c === CR;
const isBlank = (c: number): boolean => c === SPACE || c === TAB;
/** An indicator (`-`, `?`, `:`) counts only when whitespace or the end of the text follows it. */
const endsToken = (c: number): boolean => Number.isNaN(c) || isBlank(c) || isBreak(c);
const FLOW_INDICATORS = new Set([...'[]{},'].map((c) => c.charCodeAt(0)));

/**
 * Whether a line holds a `: ` before any comment. Such a line is a key even where a plain scalar
 * could go on (an error, but the parser builds the mapping), so it is read as structure.
 */
const hasKey = (line: string): boolean => /:(?:[ \t]|$)/.test(line.split(/[ \t]#/, 1)[0]!);

/** The most collections open at once in a YAML text, by one linear pass over it. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: being split under issue 31
export function yamlNesting(text: string): number {
  const n = text.length;
  const code = (j: number): number => text.charCodeAt(j);
  const blocks: Open[] = [];
  let flow = 0;
  let max = 0;
  let i = code(0) === 0xfeff ? 1 : 0;
  let lineStart = i;
  /** The next token begins a node: only there do quotes, brackets, `|` and indicators mean anything. */
  let nodeStart = true;
  /** Where this line's current node began: the column of the mapping its `key: ` would open. */
  let keyCol: number | null = null;
  /** The last token was a quoted scalar or a closed flow collection: `:` may follow it directly. */
  let afterQuote = false;
  /** This line's last token is a plain scalar, which may go on over more-indented lines. */
  let lastPlain = false;
  /** After a line that ended in a plain scalar: the column its continuation lines must exceed. */
  let plainParent: number | null = null;
  /** Inside a block scalar: the parent's column, and the content's indentation once seen. */
  let blockScalar: { parent: number; indent: number | null } | null = null;

  const parentCol = (): number => blocks.at(-1)?.col ?? -1;
  const note = (): void => {
    if (blocks.length + flow > max) max = blocks.length + flow;
  };

  /** A block entry of `kind` at `col`: a sibling of an open collection, or a new one inside it. */
  const open = (col: number, kind: Kind): void => {
    while (blocks.length > 0 && blocks.at(-1)!.col > col) blocks.pop();
    const top = blocks.at(-1);
    if (top && top.col === col) {
      if (top.kind === kind) return;
      if (top.kind === 'seq') {
        // A key after a list at the key's own column (`key:\n- a\nnext: b`): back to the mapping.
        blocks.pop();
        const up = blocks.at(-1);
        if (up && up.col === col && up.kind === 'map') return;
      }
      // Otherwise a list at its key's column (`key:\n- a`) is that key's value: one level in.
    }
    blocks.push({ col, kind });
    note();
  };

  /** Past a quoted scalar starting at `j`, which may run over several lines. */
  const skipQuoted = (j: number): number => {
    const quote = code(j);
    for (j++; j < n; j++) {
      const c = code(j);
      if (quote === DQUOTE && c === BACKSLASH) {
        j++;
        if (isBreak(code(j))) lineStart = j + 1;
      } else if (c === quote) {
        if (quote === SQUOTE && code(j + 1) === SQUOTE) j++;
        else return j + 1;
      } else if (isBreak(c)) {
        lineStart = j + 1;
      }
    }
    return n;
  };

  const toLineEnd = (j: number): number => {
    while (j < n && !isBreak(code(j))) j++;
    return j;
  };

  while (i < n) {
    // The start of a line.
    lineStart = i;
    while (code(i) === SPACE) i++;
    const indent = i - lineStart;
    const blank = i >= n || isBreak(code(i));
    if (blockScalar) {
      if (!blank) {
        if (blockScalar.indent === null && indent > blockScalar.parent) blockScalar.indent = indent;
        if (blockScalar.indent === null || indent < blockScalar.indent) blockScalar = null;
      }
      if (blockScalar) {
        i = toLineEnd(i) + 1;
        continue;
      }
    }
    if (blank) {
      i++;
      continue;
    }
    if (flow === 0) {
      const c = code(i);
      // A comment line ends a multi-line plain scalar; a more-indented line goes on with it.
      if (c === HASH || (indent === 0 && c === 0x25) /* % directive */) {
        plainParent = null;
        i = toLineEnd(i) + 1;
        continue;
      }
      if (plainParent !== null && indent > plainParent && !hasKey(text.slice(i, toLineEnd(i)))) {
        i = toLineEnd(i) + 1;
        continue;
      }
      plainParent = null;
      while (blocks.length > 0 && blocks.at(-1)!.col > indent) blocks.pop();
      nodeStart = true;
      keyCol = null;
      if (indent === 0 && (text.startsWith('---', i) || text.startsWith('...', i)) && endsToken(code(i + 3))) {
        // A document marker: whatever came before is closed.
        blocks.length = 0;
        i += 3;
      }
    }
    lastPlain = false;
    let prevBlank = true;

    // The tokens of the line; a quoted scalar may carry the scan onto later lines.
    while (i < n) {
      const c = code(i);
      if (isBreak(c)) break;
      const col = i - lineStart;
      if (isBlank(c)) {
        prevBlank = true;
        i++;
        continue;
      }
      if (c === HASH && prevBlank) {
        lastPlain = false;
        i = toLineEnd(i);
        break;
      }
      prevBlank = false;
      const ch = text[i]!;
      const indicator = (ch === '-' || ch === '?' || ch === ':') && endsToken(code(i + 1));
      if (nodeStart && !(flow > 0 && FLOW_INDICATORS.has(c) && ch !== '[' && ch !== '{')) {
        if (flow === 0 && keyCol === null && !indicator) keyCol = col;
        if (c === DQUOTE || c === SQUOTE) {
          i = skipQuoted(i);
          nodeStart = false;
          afterQuote = true;
          lastPlain = false;
          continue;
        }
        if (ch === '[' || ch === '{') {
          flow++;
          note();
          i++;
          continue;
        }
        if (flow === 0 && (ch === '|' || ch === '>')) {
          // An indentation digit in the header (`|2-`) fixes the content's indentation; otherwise its first line does.
          const digit = /^[+-]?([1-9])/.exec(text.slice(i + 1, i + 3))?.[1];
          blockScalar = { parent: parentCol(), indent: digit === undefined ? null : Math.max(parentCol(), 0) + Number(digit) };
          lastPlain = false;
          i = toLineEnd(i);
          break;
        }
        if (indicator) {
          if (flow === 0) {
            open(ch === '-' ? col : (keyCol ?? col), ch === '-' ? 'seq' : 'map');
            keyCol = null;
          }
          i++;
          continue;
        }
        if (ch === '&' || ch === '!' || ch === '*') {
          // An anchor or tag comes before its node; an alias is the whole node.
          while (i < n && !endsToken(code(i)) && !(flow > 0 && FLOW_INDICATORS.has(code(i)))) i++;
          if (ch === '*') nodeStart = false;
          afterQuote = false;
          lastPlain = false;
          continue;
        }
        nodeStart = false;
        afterQuote = false;
        lastPlain = true;
        i++;
        continue;
      }
      if (flow > 0 && FLOW_INDICATORS.has(c)) {
        if (ch === '[' || ch === '{') {
          flow++;
          note();
          nodeStart = true;
        } else if (ch === ',') {
          nodeStart = true;
        } else {
          flow--;
          nodeStart = false;
          afterQuote = true;
          if (flow === 0) lastPlain = false;
        }
        i++;
        continue;
      }
      if (ch === ':' && (indicator || afterQuote)) {
        if (flow === 0) {
          open(keyCol ?? col, 'map');
          keyCol = null;
          lastPlain = false;
        }
        nodeStart = true;
        afterQuote = false;
        i++;
        continue;
      }
      // Any other character belongs to a plain scalar (quotes and brackets inside one are text).
      afterQuote = false;
      i++;
    }
    if (flow === 0) plainParent = lastPlain ? parentCol() : null;
    i++;
  }
  return max;
}
