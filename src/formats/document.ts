/** Reading an uploaded document: JSON is canonical, YAML with the same shape is accepted (FORMATS.md). */
import { parseDocument } from 'yaml';
import { fail, ok, type Result } from './problems';

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

export function parseJsonText(text: string): Result<unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(message);
    const where = pos ? ` at ${lineCol(text, Number(pos[1]))}` : '';
    return fail([{ path: '', message: `not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/, '')}` }]);
  }
}

export function parseYamlText(text: string): Result<unknown> {
  // uniqueKeys (the default) makes a repeated key an error rather than a silent overwrite.
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const errors = doc.errors;
  if (errors.length > 0) {
    return fail(
      errors.map((e) => {
        const pos = e.linePos?.[0];
        const where = pos ? ` at line ${pos.line}, column ${pos.col}` : '';
        return { path: '', message: `not valid YAML${where}: ${e.message.split('\n')[0]}` };
      }),
    );
  }
  try {
    return ok(doc.toJS({ maxAliasCount: 100 }) as unknown);
  } catch (e) {
    // Aliases resolve only here: an alias to a missing anchor, or an alias bomb, throws.
    return fail([{ path: '', message: `not valid YAML: ${e instanceof Error ? e.message : String(e)}` }]);
  }
}

export function parseText(text: string, fileName?: string): Result<unknown> {
  return documentKind(text, fileName) === 'json' ? parseJsonText(text) : parseYamlText(text);
}
