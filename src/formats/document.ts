/**
 * Reading an uploaded document: JSON is canonical, YAML with the same shape is accepted (docs/formats.md).
 * Anyone in a server can send one, so each is held to the limits of limits.ts at every step where a
 * library could otherwise recurse or allocate without end: the text's size and nesting before it is
 * parsed, YAML's syntax tree and nodes before they become values, and the values before the schemas.
 */
import { Composer, LineCounter, Parser, type Document } from 'yaml';
import { jsonNesting } from './json-nesting';
import { MAX_DEPTH, MAX_DOCUMENT_BYTES, tooBig, tooDeep } from './limits';
import { fail, ok, type Problem, type Result } from './problems';
import { measureValue, valueProblem } from './value-size';
import { yamlNesting } from './yaml-nesting';
import { yamlNodeProblems } from './yaml-nodes';
import { measureSyntaxTree } from './yaml-syntax-tree';

export type DocumentKind = 'json' | 'yaml';

/** Picks the syntax from a file name, or from the text when there is no name. */
export function documentKind(text: string, fileName?: string): DocumentKind {
  const name = fileName?.toLowerCase() ?? '';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'yaml';
  return /^\s*[[{]/.test(text) ? 'json' : 'yaml';
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

const refused = (message: string): Result<never> => fail([{ path: '', message }]);

/** UTF-8 bytes, counted without encoding a copy of the text. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The checks every text gets before a parser sees it: its size, then how deeply it nests. JSON's count
 * is exact. YAML's quick count can be a level or two off (its grammar is subtle), so it only guards the
 * parser, which fails at several hundred levels, at twice the limit; the exact limit is then checked
 * on the parser's syntax tree.
 */
function textProblem(text: string, nesting: (text: string) => number, depthLimit = MAX_DEPTH): string | null {
  // Measuring the nesting is linear, but a text far over the size limit is not worth even that.
  const bytes = utf8Length(text);
  if (bytes > MAX_DOCUMENT_BYTES) return tooBig(bytes);
  const depth = nesting(text);
  return depth > depthLimit ? tooDeep(depth) : null;
}

/** The last check, on the parsed value: how many values and how deep, counted without recursion. */
function withinLimits(value: unknown): Result<unknown> {
  const problem = valueProblem(measureValue(value));
  return problem ? refused(problem) : ok(value);
}

export function parseJsonText(text: string): Result<unknown> {
  const problem = textProblem(text, jsonNesting);
  if (problem) return refused(problem);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(message);
    const where = pos ? ` at ${lineCol(text, Number(pos[1]))}` : '';
    return refused(`not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/, '')}`);
  }
  return withinLimits(value);
}

export function parseYamlText(text: string): Result<unknown> {
  const problem = textProblem(text, yamlNesting, 2 * MAX_DEPTH);
  if (problem) return refused(problem);
  // parseDocument, in its steps, so the syntax tree can be measured before the composer (which
  // recurses) sees it. The parser builds the tree with its own stack.
  const lines = new LineCounter();
  const tokens = [...new Parser(lines.addNewLine).parse(text)];
  const treeProblem = valueProblem(measureSyntaxTree(tokens));
  if (treeProblem) return refused(treeProblem);
  const where = (offset: number): string => {
    const { line, col } = lines.linePos(offset);
    return `line ${line}, column ${col}`;
  };
  // Repeated keys are refused by yamlNodeProblems, in one pass; the composer's own check is quadratic.
  const docs = [...new Composer({ uniqueKeys: false }).compose(tokens, true, text.length)];
  const doc = docs[0] as Document.Parsed;
  if (docs.length > 1) return refused(`the file holds more than one YAML document (a second one starts at ${where(docs[1]!.range[0])}); put everything in one`);
  if (doc.errors.length > 0) {
    return fail(doc.errors.map((e): Problem => ({ path: '', message: `not valid YAML at ${where(e.pos[0])}: ${e.message.split('\n')[0]}` })));
  }
  const nodeProblems = yamlNodeProblems(doc, where);
  if (nodeProblems.length > 0) return fail(nodeProblems.map((message) => ({ path: '', message })));
  try {
    // Aliases were counted and sized above, so the library's own rougher alias guard is off.
    return withinLimits(doc.toJS({ maxAliasCount: -1 }) as unknown);
  } catch (e) {
    return refused(`not valid YAML: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function parseText(text: string, fileName?: string): Result<unknown> {
  return documentKind(text, fileName) === 'json' ? parseJsonText(text) : parseYamlText(text);
}
