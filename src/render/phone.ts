/**
 * How large a posted picture is shown on a phone, and so how large its text must be drawn.
 *
 * At a 400 px screen a picture is shown at most PHONE_SHOWN.width CSS px wide and PHONE_SHOWN.height
 * tall, never enlarged: two pictures in one message (a turn's map and its close-up, a warband's
 * cards) sit in a gallery whose tiles are that size, and a lone picture gets the message column,
 * which is no wider. The sandbox page's gallery (src/sandbox/public/message-view.js) uses the same
 * two numbers, so what the tests compute here is what a player sees there.
 */

/** The screen width the pictures are made for. */
export const PHONE_SCREEN = 400;
/** The smallest text a phone reader can read without opening the picture, in CSS px. */
export const PHONE_TEXT = 11;
/** The largest box a picture is shown in at a 400 px screen, in CSS px. */
export const PHONE_SHOWN = { width: 270, height: 540 } as const;

/** How wide a picture of `width` × `height` is shown on a phone. */
export const shownWidth = (width: number, height: number): number => Math.min(width, PHONE_SHOWN.width, (PHONE_SHOWN.height * width) / height);

/** How tall text drawn `px` tall in a picture of `width` × `height` is on a phone. */
export const shownPx = (px: number, width: number, height: number): number => (px * shownWidth(width, height)) / width;

/**
 * The text size to draw in a picture `width` wide, shown at the phone's full tile width, so it is at
 * least PHONE_TEXT tall there. (A picture taller than the tile's shape is shown narrower: keep to it.)
 */
export const phonePx = (width: number): number => Math.ceil((PHONE_TEXT * width) / Math.min(width, PHONE_SHOWN.width));
