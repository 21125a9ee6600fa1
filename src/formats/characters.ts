/**
 * Characters a name must not hold: the one definition, used for every name other players read
 * (warbands, units and the rest of a catalog, maps, leagues). A name is one line that other players
 * read, in embeds, threads and on stat cards; a line break or control character breaks that line, and
 * an invisible or direction-changing character makes it look like something else: U+202E turns
 * "Watch" into "hctaW" for everyone, and a zero-width space makes two warbands with "the same" name.
 *
 * The definition is built from Unicode properties rather than listed ranges, so it keeps up with
 * Unicode: controls (`\p{Cc}`), format characters (`\p{Cf}`: zero-width characters, bidi marks,
 * embeddings, overrides and isolates, invisible operators such as U+2062, the deprecated U+206A-206F,
 * the soft hyphen, U+180E, U+FFF9-FFFB, tag characters), default-ignorable code points (Hangul fillers
 * U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner U+034F, variation selectors), and the
 * Braille blank U+2800, which renders as nothing. Inside an emoji, the joiners an emoji is written with
 * (zero-width joiner, variation selectors, the tag characters of a subdivision flag) are part of it.
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
const CONTROLS = /\p{Cc}/u;
/** Format characters, default-ignorable code points, and a blank that is neither. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** A grapheme that is an emoji (a pictograph, a flag of regional indicators, a keycap). */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
/** What an emoji sequence is written with: allowed inside an emoji, and only there. */
const EMOJI_JOINERS = /[\u200D\uFE0E\uFE0F\u{E0020}-\u{E007F}]/u;
/** Nothing a reader would see: spaces and the invisible characters above. */
const BLANK = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function kindOf(ch: string): HiddenKind | null {
  if (LINE_BREAKS.test(ch)) return 'line break';
  if (CONTROLS.test(ch)) return 'control';
  if (INVISIBLE.test(ch)) return 'invisible';
  return null;
}

const codeOf = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character a name must not hold, or null when it has none. */
export function hiddenCharacter(text: string): HiddenCharacter | null {
  let position = 0;
  for (const { segment } of graphemes.segment(text)) {
    position++;
    const emoji = EMOJI.test(segment);
    for (const ch of segment) {
      const kind = kindOf(ch);
      if (kind === 'invisible' && emoji && EMOJI_JOINERS.test(ch)) continue;
      if (kind) return { code: codeOf(ch), position, kind };
    }
  }
  return null;
}

/** The name shows nothing at all: only spaces and invisible characters (U+3164 alone, say). */
export function isBlankName(text: string): boolean {
  return BLANK.test(text);
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

/** Why `name` cannot be a name other players read, or null when it can. */
export function nameProblem(name: string): string | null {
  if (name.length > 0 && isBlankName(name)) {
    const codes = [...new Set(Array.from(name, codeOf))].slice(0, 3).join(', ');
    return `shows nothing: it is made only of invisible characters or spaces (${codes}); write a name people can read`;
  }
  const found = hiddenCharacter(name);
  return found ? hiddenCharacterMessage(found) : null;
}
