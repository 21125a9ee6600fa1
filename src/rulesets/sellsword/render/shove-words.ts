/**
 * How a forced move is told, in one word wherever it is told: the turn's log ("TG recoiled CI to J9"),
 * the header's phrase and the map's tag beside its path (RECOILED). The map said SHOVED beside a log
 * that said "recoiled", and a tester read them as two happenings (issue 26).
 */
const SHOVE_VERB: Record<string, string> = { push: 'pushed', pull: 'pulled', move: 'moved', recoil: 'recoiled' };

/** The forced-move effect's verb ("push 2: into the pit …" → "pushed"), or null for an effect that is not one. */
export const effectVerb = (effect: string): string | null => SHOVE_VERB[effect.split(/[\s:]/)[0] ?? ''] ?? null;

/**
 * The verb a shove of `unit` by `by` is told with: "recoiled", "pushed", "pulled"; null when it is told
 * as "was moved" (a mover put back, or an effect with no verb of its own).
 */
export const shoveVerb = (effect: string, by: string, unit: string): string | null => {
  const verb = effectVerb(effect);
  return verb && by !== unit ? verb : null;
};
