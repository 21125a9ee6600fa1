/**
 * How Sellsword's statuses and action-pool tokens look on a token, a card and the legend: a letter
 * and a badge colour per status, a colour and shape per token (colour is never the only cue).
 */
import type { StatusName } from '../formats/vocabulary';

/** One letter per status for the badge on a token; the legend spells them out. */
export const STATUS_CODE: Record<StatusName, string> = {
  controlled: 'C',
  enraged: 'E',
  glamyred: 'G',
  hobbled: 'H',
  pinned: 'P',
  shaken: 'K',
  stunned: 'S',
  helpless: 'X',
  compromised: 'M',
  invisible: 'I',
  recurring: 'R',
};

/** Badge colours: grouped by what the status does (lost control, slowed, weakened, ongoing harm). */
export const STATUS_COLOUR: Record<StatusName, string> = {
  controlled: '#7b1fa2',
  enraged: '#b71c1c',
  glamyred: '#ad1457',
  hobbled: '#6d4c41',
  pinned: '#5d4037',
  shaken: '#455a64',
  stunned: '#37474f',
  helpless: '#000000',
  compromised: '#4e342e',
  invisible: '#546e7a',
  recurring: '#bf360c',
};

/** Action-pool tokens: a shape each, so blue and red differ without colour. */
export const TOKEN_STYLE = {
  react: { colour: '#f4f1e8', shape: 'circle' },
  blue: { colour: '#2f7de1', shape: 'square' },
  red: { colour: '#e53935', shape: 'triangle' },
} as const;
