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

/**
 * One pass over a YAML text: the open block collections, the flow depth, and what the scan knows of
 * the current line and node. `line` reads a line's start and `token` each token after it.
 */
class NestingScan {
  readonly n: number;
  readonly blocks: Open[] = [];
  flow = 0;
  max = 0;
  i: number;
  lineStart: number;
  /** The next token begins a node: only there do quotes, brackets, `|` and indicators mean anything. */
  nodeStart = true;
  /** Where this line's current node began: the column of the mapping its `key: ` would open. */
  keyCol: number | null = null;
  /** The last token was a quoted scalar or a closed flow collection: `:` may follow it directly. */
  afterQuote = false;
  /** This line's last token is a plain scalar, which may go on over more-indented lines. */
  lastPlain = false;
  /** After a line that ended in a plain scalar: the column its continuation lines must exceed. */
  plainParent: number | null = null;
  /** Inside a block scalar: the parent's column, and the content's indentation once seen. */
  blockScalar: { parent: number; indent: number | null } | null = null;
  /** The character before the current one is blank (or the line began): a `#` there starts a comment. */
  prevBlank = true;

  constructor(readonly text: string) {
    this.n = text.length;
    this.i = this.code(0) === 0xfeff ? 1 : 0;
    this.lineStart = this.i;
  }

  code(j: number): number {
    return this.text.charCodeAt(j);
  }

  parentCol(): number {
    return this.blocks.at(-1)?.col ?? -1;
  }

  note(): void {
    if (this.blocks.length + this.flow > this.max) this.max = this.blocks.length + this.flow;
  }

  /** A block entry of `kind` at `col`: a sibling of an open collection, or a new one inside it. */
  open(col: number, kind: Kind): void {
    const blocks = this.blocks;
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
    this.note();
  }

  /** Past a quoted scalar starting at `j`, which may run over several lines. */
  skipQuoted(j: number): number {
    const quote = this.code(j);
    for (j++; j < this.n; j++) {
      const c = this.code(j);
      if (quote === DQUOTE && c === BACKSLASH) {
        j++;
        if (isBreak(this.code(j))) this.lineStart = j + 1;
      } else if (c === quote) {
        if (quote === SQUOTE && this.code(j + 1) === SQUOTE) j++;
        else return j + 1;
      } else if (isBreak(c)) {
        this.lineStart = j + 1;
      }
    }
    return this.n;
  }

  toLineEnd(j: number): number {
    while (j < this.n && !isBreak(this.code(j))) j++;
    return j;
  }

  /** The most collections open at once: each line, then its tokens. */
  run(): number {
    while (this.i < this.n) {
      if (this.line()) {
        while (this.i < this.n && this.token()) {}
        if (this.flow === 0) this.plainParent = this.lastPlain ? this.parentCol() : null;
      }
      this.i++;
    }
    return this.max;
  }

  /**
   * The start of a line: its indentation closes deeper collections. False when the whole line is
   * skipped (blank, a comment, or inside a block or multi-line plain scalar), with `i` at its end.
   */
  line(): boolean {
    this.lineStart = this.i;
    while (this.code(this.i) === SPACE) this.i++;
    const indent = this.i - this.lineStart;
    const blank = this.i >= this.n || isBreak(this.code(this.i));
    if (this.inBlockScalar(indent, blank)) {
      this.i = this.toLineEnd(this.i);
      return false;
    }
    if (blank) return false;
    if (this.flow === 0 && !this.blockLine(indent)) {
      this.i = this.toLineEnd(this.i);
      return false;
    }
    this.lastPlain = false;
    this.prevBlank = true;
    return true;
  }

  /** Whether a line of this indentation is still content of the open block scalar. */
  inBlockScalar(indent: number, blank: boolean): boolean {
    const scalar = this.blockScalar;
    if (!scalar) return false;
    if (!blank) {
      if (scalar.indent === null && indent > scalar.parent) scalar.indent = indent;
      if (scalar.indent === null || indent < scalar.indent) this.blockScalar = null;
    }
    return this.blockScalar !== null;
  }

  /** A line outside flow collections: false when it is a comment or goes on a plain scalar. */
  blockLine(indent: number): boolean {
    const i = this.i;
    const c = this.code(i);
    // A comment line ends a multi-line plain scalar; a more-indented line goes on with it.
    if (c === HASH || (indent === 0 && c === 0x25) /* % directive */) {
      this.plainParent = null;
      return false;
    }
    if (this.plainParent !== null && indent > this.plainParent && !hasKey(this.text.slice(i, this.toLineEnd(i)))) return false;
    this.plainParent = null;
    while (this.blocks.length > 0 && this.blocks.at(-1)!.col > indent) this.blocks.pop();
    this.nodeStart = true;
    this.keyCol = null;
    if (indent === 0 && (this.text.startsWith('---', i) || this.text.startsWith('...', i)) && endsToken(this.code(i + 3))) {
      // A document marker: whatever came before is closed.
      this.blocks.length = 0;
      this.i += 3;
    }
    return true;
  }

  /** One token of a line; false at the line's end. A quoted scalar may carry the scan onto later lines. */
  token(): boolean {
    const i = this.i;
    const c = this.code(i);
    if (isBreak(c)) return false;
    const col = i - this.lineStart;
    if (isBlank(c)) {
      this.prevBlank = true;
      this.i++;
      return true;
    }
    if (c === HASH && this.prevBlank) {
      this.lastPlain = false;
      this.i = this.toLineEnd(i);
      return false;
    }
    this.prevBlank = false;
    const ch = this.text[i]!;
    const indicator = (ch === '-' || ch === '?' || ch === ':') && endsToken(this.code(i + 1));
    const flowIndicator = this.flow > 0 && FLOW_INDICATORS.has(c);
    if (this.nodeStart && !(flowIndicator && ch !== '[' && ch !== '{')) return this.nodeToken(c, ch, col, indicator);
    if (flowIndicator) this.flowToken(ch);
    else if (ch === ':' && (indicator || this.afterQuote)) this.keyIndicator(col);
    // Any other character belongs to a plain scalar (quotes and brackets inside one are text).
    else this.afterQuote = false;
    this.i++;
    return true;
  }

  /** A token where a node begins; false when it starts a block scalar, which takes the rest of the line. */
  nodeToken(c: number, ch: string, col: number, indicator: boolean): boolean {
    if (this.flow === 0 && this.keyCol === null && !indicator) this.keyCol = col;
    if (c === DQUOTE || c === SQUOTE) {
      this.i = this.skipQuoted(this.i);
      this.nodeStart = false;
      this.afterQuote = true;
      this.lastPlain = false;
    } else if (ch === '[' || ch === '{') {
      this.flow++;
      this.note();
      this.i++;
    } else if (this.flow === 0 && (ch === '|' || ch === '>')) {
      this.startBlockScalar();
      return false;
    } else if (indicator) {
      if (this.flow === 0) {
        this.open(ch === '-' ? col : (this.keyCol ?? col), ch === '-' ? 'seq' : 'map');
        this.keyCol = null;
      }
      this.i++;
    } else if (ch === '&' || ch === '!' || ch === '*') {
      // An anchor or tag comes before its node; an alias is the whole node.
      while (this.i < this.n && !endsToken(this.code(this.i)) && !(this.flow > 0 && FLOW_INDICATORS.has(this.code(this.i)))) this.i++;
      if (ch === '*') this.nodeStart = false;
      this.afterQuote = false;
      this.lastPlain = false;
    } else {
      this.nodeStart = false;
      this.afterQuote = false;
      this.lastPlain = true;
      this.i++;
    }
    return true;
  }

  /** A block scalar's header (`|`, `>`): its content lines are skipped. */
  startBlockScalar(): void {
    // An indentation digit in the header (`|2-`) fixes the content's indentation; otherwise its first line does.
    const digit = /^[+-]?([1-9])/.exec(this.text.slice(this.i + 1, this.i + 3))?.[1];
    this.blockScalar = { parent: this.parentCol(), indent: digit === undefined ? null : Math.max(this.parentCol(), 0) + Number(digit) };
    this.lastPlain = false;
    this.i = this.toLineEnd(this.i);
  }

  /** A flow indicator inside a flow collection: `[`/`{` opens one, `,` starts the next node, `]`/`}` closes. */
  flowToken(ch: string): void {
    if (ch === '[' || ch === '{') {
      this.flow++;
      this.note();
      this.nodeStart = true;
    } else if (ch === ',') {
      this.nodeStart = true;
    } else {
      this.flow--;
      this.nodeStart = false;
      this.afterQuote = true;
      if (this.flow === 0) this.lastPlain = false;
    }
  }

  /** A `:` after a key: outside flow collections it opens (or continues) a block mapping. */
  keyIndicator(col: number): void {
    if (this.flow === 0) {
      this.open(this.keyCol ?? col, 'map');
      this.keyCol = null;
      this.lastPlain = false;
    }
    this.nodeStart = true;
    this.afterQuote = false;
  }
}

/** The most collections open at once in a YAML text, by one linear pass over it. */
export function yamlNesting(text: string): number {
  return new NestingScan(text).run();
}
