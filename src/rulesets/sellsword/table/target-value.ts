/**
 * The value a /attack target suggestion carries, and how the command reads it back: this module is the
 * one codec for it. The unit's id; then "charge" when only a charge reaches it (R23), so picking it
 * charges; then "with <attack id>" when the unit has several attacks and none was given, the attack the
 * suggestion's odds are for, so sending without `attack` makes that one (issue 26).
 * "gh", "gh charge", "gh with javelin", "gh charge with cleaver".
 */
export function targetValue(id: string, opts: { readonly charge?: boolean; readonly attack?: string } = {}): string {
  return [id, ...(opts.charge ? ['charge'] : []), ...(opts.attack !== undefined ? ['with', opts.attack] : [])].join(' ');
}

/** The suggestion value of a target that is reached by charging it (R23). */
export const chargeTargetValue = (id: string): string => targetValue(id, { charge: true });

/**
 * A target as typed or picked, read back: the unit (or square, or name) typed, whether the pick was a
 * charge, and the attack it carries, if any. Text that is not a suggestion's value is the target as is.
 */
export function readTargetValue(typed: string): { target: string; charge: boolean; attack?: string } {
  const text = typed.trim();
  const found = /^(.+?)(\s+charge)?(?:\s+with\s+([a-z0-9-]+))?$/i.exec(text);
  if (!found) return { target: text, charge: false };
  return { target: found[1]!, charge: found[2] !== undefined, ...(found[3] !== undefined ? { attack: found[3].toLowerCase() } : {}) };
}
