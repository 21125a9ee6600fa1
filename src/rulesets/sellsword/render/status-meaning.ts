/**
 * What each status does, in a few words a player reads where the status is named (a wound prompt, a
 * move's cost): the same meanings `/rules statuses` gives at length (§6, §6.1, §6.2).
 */
import type { StatusName } from '../formats/vocabulary';

export const STATUS_MEANING: Readonly<Record<StatusName, string>> = {
  controlled: 'an opponent gives its one act',
  // The roll is said: "must end its turn next to…" alone had a tester plan a turn round a rage that
  // then did not take hold (playtest round 17).
  enraged: 'on a failed Wits roll at the start of its turn, must end it next to the nearest enemy',
  glamyred: 'may be handed to the opponent for a turn',
  hobbled: '+1 movement for every square',
  pinned: 'no moves, maneuvers or charges',
  shaken: '−1 act',
  stunned: '−2 acts, no replies',
  helpless: 'no acts, no replies',
  compromised: '+2 to hit it',
  invisible: '−4 to hit it',
  recurring: 'wounds at the end of each of its turns',
};

/** "hobbled (+1 movement for every square)": a status with what it does. */
export const statusWithMeaning = (status: StatusName): string => `${status} (${STATUS_MEANING[status]})`;
