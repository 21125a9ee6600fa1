/**
 * The one-line chat form shared by every game's army document: fields separated by "|", each named,
 * none empty. Each format reads its own fields from the parts; this owns only the split and the
 * problems a player reads when the line has the wrong number of parts or an empty one.
 */
import { fail, type Problem, type Result } from './problems';

/** The line's parts, one per field in order, or what is wrong with it ("Write it as: `help`"). */
export function chatParts(line: string, fields: readonly string[], help: string): Result<string[]> {
  const text = line.trim();
  if (text.includes('\n')) return fail([{ path: '', message: `the chat form is one line: ${help}` }]);
  const parts = text.split('|').map((p) => p.trim());
  if (parts.length !== fields.length) {
    const missing = fields.slice(parts.length).join(', ');
    const problem =
      parts.length < fields.length
        ? `has ${parts.length} part${parts.length === 1 ? '' : 's'} separated by "|"; missing ${missing}`
        : `has ${parts.length} parts separated by "|"; expected ${fields.length}`;
    return fail([{ path: '', message: `the chat form ${problem}. Write it as: ${help}` }]);
  }
  const empty: Problem[] = fields.flatMap((f, i) => (parts[i] === '' ? [{ path: f, message: 'is empty' }] : []));
  if (empty.length > 0) return fail(empty);
  return { ok: true, value: parts };
}
