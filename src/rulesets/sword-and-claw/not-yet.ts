/**
 * What of Sword and Claw is not played here yet, in one list that other code may read: the `/help`
 * topic names it, and test/rulesets/sword-and-claw/not-yet.test.ts proves each entry is refused by
 * the rules, so the list cannot go stale. Whoever makes one of these
 * playable removes its entry, and that test says so if they forget.
 */
export interface NotYet {
  /** Stable key the test looks its proof up by. */
  readonly id: string;
  /** How the help topic names it. */
  readonly words: string;
}

export const SC_NOT_YET: readonly NotYet[] = [
  { id: 'spellcasting', words: 'spellcasting' },
  { id: 'siege', words: 'siege weapons' },
];

/** Troop qualities (SC App. A) whose rules are not played: an army with such a troop is refused (army-check.ts). */
export const UNPLAYED_TROOP_QUALITIES: readonly string[] = ['Siege Weapon'];
