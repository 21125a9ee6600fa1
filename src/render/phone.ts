/**
 * How large a posted picture is shown on a phone, and so how large its text must be drawn. How
 * Discord lays out a message's pictures (a lone attachment, a mosaic of several, an image in an
 * embed) is src/discord/display.ts; this file turns it into text sizes for the renderer.
 *
 * Pictures that must read on a phone are posted where they are shown widest: a turn's map as the
 * message's one attachment (the column), its close-up and a warband's stat cards each in an embed
 * of their own (the column less the embed's frame), never side by side in a mosaic, where each would
 * get half the column or less.
 */
import { DISPLAY, type Placement, shownBox, shownWidth as shownWidthAs } from '../discord/display';

/** The screen width the pictures are made for. */
export const PHONE_SCREEN = DISPLAY.phone.screen;
/** The smallest text a phone reader can read without opening the picture, in CSS px. */
export const PHONE_TEXT = 11;
/** How the close-up and the stat cards are posted: each in an embed of its own. */
export const IN_EMBED: Placement = { kind: 'embed' };
/** The box a picture in an embed is shown in at a 400 px screen, in CSS px. */
export const EMBED_SHOWN = shownBox(IN_EMBED, 'phone');

/** How wide a picture of `width` × `height`, placed so (in an embed unless said), is shown on a phone. */
export const shownWidth = (width: number, height: number, placement: Placement = IN_EMBED): number => shownWidthAs(width, height, placement, 'phone');

/** How tall text drawn `px` tall in a picture of `width` × `height`, placed so, is on a phone. */
export const shownPx = (px: number, width: number, height: number, placement: Placement = IN_EMBED): number =>
  (px * shownWidth(width, height, placement)) / width;

/**
 * The text size to draw in a picture `width` wide, shown at the full width of its phone box (an
 * embed's unless said), so it is at least PHONE_TEXT tall there. (A picture taller than the box's
 * shape is shown narrower: keep to it.)
 */
export const phonePx = (width: number, placement: Placement = IN_EMBED): number =>
  Math.ceil((PHONE_TEXT * width) / Math.min(width, shownBox(placement, 'phone').width));
