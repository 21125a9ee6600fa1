/**
 * Characters a name must not hold. A name is one line that other players read, in embeds, threads
 * and on stat cards; a line break or control character breaks that line, and an invisible or
 * direction-changing character makes it look like something else: U+202E turns "Watch" into
 * "hctaW" for everyone, and a zero-width space makes two warbands with "the same" name (issue 10).
 */

export type HiddenKind = 'line break' | 'control' | 'invisible';

export interface HiddenCharacter {
  /** "U+202E" */
  readonly code: string;
  /** 1-based, counting characters as people see them (an emoji is one). */
  readonly position: number;
  readonly kind: HiddenKind;
}

const LINE_BREAKS = /[\n\r\u0085\u2028\u2029]/u;
/** C0 and C1 controls (NUL, tab, escape, …) and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/u;
/** Zero-width characters and bidirectional marks, embeddings, overrides and isolates. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\u061c\ufeff]/u;

function kindOf(ch: string): HiddenKind | null {
  if (LINE_BREAKS.test(ch)) return 'line break';
  if (CONTROLS.test(ch)) return 'control';
  if (INVISIBLE.test(ch)) return 'invisible';
  return null;
}

/** The first character a name must not hold, or null when it has none. */
export function hiddenCharacter(text: string): HiddenCharacter | null {
  let position = 0;
  for (const ch of text) {
    position++;
    const kind = kindOf(ch);
    if (kind) return { code: `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, position, kind };
  }
  return null;
}

const WHAT: Record<HiddenKind, string> = {
  'line break': 'a line break',
  control: 'a control character',
  invisible: 'an invisible or direction-changing character',
};

/** "contains an invisible or direction-changing character (U+202E) at position 4; remove it" */
export function hiddenCharacterMessage(found: HiddenCharacter): string {
  const fix = found.kind === 'line break' ? 'a name is one line' : 'remove it';
  return `contains ${WHAT[found.kind]} (${found.code}) at position ${found.position}; ${fix}`;
}
