/**
 * How Discord shows the pictures of one message, on its phone app at a 400 px screen and on desktop:
 * the one model the renderer sizes its text by (render/phone.ts) and the sandbox page lays pictures
 * out by (served to it as /display.js, src/sandbox/web-server.ts), so what the tests compute is what
 * the page shows.
 *
 * - An image file referenced by an embed (`image.url` = `attachment://name`) is shown only inside that
 *   embed, at the embed's width: the message column less the embed's frame on a phone, at most
 *   `desktop.embed` wide on desktop. Embeds without a shared `url` are shown one under another.
 * - The other image files are the message's attachments: a lone one takes the message column (at most
 *   `desktop.lone` wide on desktop); two or more are a mosaic of equal columns (two for two or four
 *   pictures, three otherwise) at every width, each a column's width.
 * - No picture is enlarged, and one taller than twice its box's width is shown narrower (its box is
 *   that tall).
 */

/** How one picture of a message is shown. */
export type Placement = { readonly kind: 'lone' } | { readonly kind: 'embed' } | { readonly kind: 'mosaic'; readonly columns: number };

/** A message's file as far as its display goes: whether an embed of its own shows it, whether it is a picture. */
export interface PlacedFile {
  readonly inEmbed?: boolean;
  /** False for a file that is not a picture (a CSV, a JSON): shown as a file card, in no mosaic. */
  readonly image?: boolean;
}

/** The numbers of the model, in CSS px. */
export const DISPLAY = {
  phone: {
    /** The screen the phone pictures are made for. */
    screen: 400,
    /** The message column: the screen less the avatar's gutter (16 + 40 + 16) and a 16 px right margin. */
    column: 400 - 72 - 16,
  },
  desktop: {
    /** The widest a lone attachment is shown. */
    lone: 550,
    /** The widest an embed's image is shown. */
    embed: 400,
  },
  /** An embed's frame across: its colour bar (4) and padding (12 left, 16 right). */
  embedFrame: 32,
  /** The gap between the tiles of a mosaic. */
  mosaicGap: 4,
  /** A picture's box is at most this many times as tall as it is wide. */
  tallest: 2,
  /** The columns of a mosaic of N pictures (up to Discord's ten a message), by N. */
  mosaicColumns: [1, 1, 2, 3, 2, 3, 3, 3, 3, 3, 3],
} as const;

export type Screen = 'phone' | 'desktop';

/** The columns of a mosaic of `count` pictures. */
export const mosaicColumns = (count: number): number => DISPLAY.mosaicColumns[count] ?? 3;

/** How each file of a message is shown, in order (a file that is no picture: null). */
export function placements(files: readonly PlacedFile[]): (Placement | null)[] {
  const plain = files.filter((f) => !f.inEmbed && f.image !== false).length;
  const attached: Placement = plain === 1 ? { kind: 'lone' } : { kind: 'mosaic', columns: mosaicColumns(plain) };
  return files.map((f) => (f.image === false ? null : f.inEmbed ? { kind: 'embed' } : attached));
}

/** The box a picture placed so is shown in, in CSS px: the widest and tallest it may be (the column at `columnWidth`, for a page). */
export function shownBox(placement: Placement, screen: Screen, columnWidth?: number): { width: number; height: number } {
  const column = columnWidth ?? (screen === 'phone' ? DISPLAY.phone.column : DISPLAY.desktop.lone);
  let width: number;
  if (placement.kind === 'embed') width = Math.min(column - DISPLAY.embedFrame, screen === 'desktop' ? DISPLAY.desktop.embed : Number.POSITIVE_INFINITY);
  else {
    const wide = Math.min(column, DISPLAY.desktop.lone);
    width = placement.kind === 'lone' ? wide : (wide - DISPLAY.mosaicGap * (placement.columns - 1)) / placement.columns;
  }
  return { width, height: width * DISPLAY.tallest };
}

/** How wide a picture of `width` × `height` placed so is shown (never enlarged, kept within its box). */
export function shownWidth(width: number, height: number, placement: Placement, screen: Screen = 'phone'): number {
  const box = shownBox(placement, screen);
  return Math.min(width, box.width, (box.height * width) / height);
}
