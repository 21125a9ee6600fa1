/**
 * Sword and Claw's troop card (SC Troops; docs/formats.md "Sword and Claw: troop card"): the rulebook's
 * stat line as JSON. Values are written as the book prints them where it has a form of its own
 * ("3/7" and "4/9/+5" To Wound, "d6+3" damage, "6/12/18" range, "Sweep 4"), and read into numbers.
 */
import { z } from 'zod';
import { idSchema, int, nameField, nameSchema, textSchema, uniqueList, whenValid, wordSchema } from '../../../formats/fields';
import { pathToString, show } from '../../../formats/problems';
import { parseInside } from '../../../formats/unions';
import { SC_SIZES, TROOP_QUALITIES, WEAPON_QUALITIES } from './vocabulary';

/** To Wound: the damage each further wound needs (SC Troops "To Wound"); `then` is the "+x" step, if any. */
export interface ToWound {
  readonly steps: readonly number[];
  readonly then: number | null;
}

const TO_WOUND_HELP = 'To Wound as the card prints it: "3/7", "4/9/+5" or a single number';

/** "3 / 7", "4/9/+5" or 5: rising thresholds, and an optional "+x" last (SC Troops "To Wound"). */
export const toWoundSchema = z.unknown().transform((v, ctx): ToWound => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
  const parts = text === null ? [] : text.split('/').map((p) => p.trim());
  const plus = parts.length > 1 && /^\+\d{1,3}$/.test(parts[parts.length - 1]!) ? Number(parts.pop()!.slice(1)) : null;
  const steps = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  const problem =
    text === null || steps.length === 0 || steps.some((n) => Number.isNaN(n))
      ? `expected ${TO_WOUND_HELP}; got ${show(v)}`
      : steps.some((n) => n < 1)
        ? 'every To Wound number is at least 1'
        : steps.some((n, i) => i > 0 && n <= steps[i - 1]!)
          ? `To Wound numbers rise from left to right; got ${show(v)}`
          : plus === 0
            ? 'the "+x" step of To Wound is at least 1'
            : null;
  if (problem !== null) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return { steps, then: plus };
});

/** "d6", "d6+3", "d6-1": damage is always a d6 plus a bonus (SC Attacks 4). */
const damageSchema = z.unknown().transform((v, ctx): { bonus: number } => {
  const m = typeof v === 'string' ? /^\s*d6\s*(?:([+-])\s*(\d{1,2}))?\s*$/i.exec(v) : null;
  if (m === null) {
    ctx.addIssue({ code: 'custom', message: `expected damage as a d6 and a bonus, like "d6", "d6+3" or "d6-1"; got ${show(v)}` });
    return z.NEVER;
  }
  return { bonus: m[2] === undefined ? 0 : Number(m[2]) * (m[1] === '-' ? -1 : 1) };
});

/** Short, Medium and Long range brackets (SC Ranged): "6/12/18". */
export interface RangeBrackets {
  readonly short: number;
  readonly medium: number;
  readonly long: number;
}

const rangeSchema = z.unknown().transform((v, ctx): RangeBrackets => {
  const m = typeof v === 'string' ? /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(v) : null;
  const [short, medium, long] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (m === null || short < 1 || medium <= short || long <= medium) {
    ctx.addIssue({ code: 'custom', message: `expected three rising ranges in inches, Short/Medium/Long, like "6/12/18"; got ${show(v)}` });
    return z.NEVER;
  }
  return { short, medium, long };
});

/** A quality as the card names it, matched without regard to case; its number, for those that take one. */
export interface Quality {
  readonly name: string;
  readonly value?: number;
}

const canonical = (names: readonly string[], typed: string): string | undefined => names.find((n) => n.toLowerCase() === typed.toLowerCase());

/** "Requires Reload", "Sweep 4", "Cone(6)" (SC App. B). */
const weaponQualitySchema = z.unknown().transform((v, ctx): Quality => {
  const m = typeof v === 'string' ? /^\s*(.*?)\s*(?:\(?\s*(\d{1,2})\s*\)?)?\s*$/.exec(v) : null;
  const name = m ? canonical(Object.keys(WEAPON_QUALITIES), m[1]!) : undefined;
  if (m === null || name === undefined) {
    ctx.addIssue({ code: 'custom', message: `unknown weapon quality ${show(v)}; expected one of ${Object.keys(WEAPON_QUALITIES).join(', ')}` });
    return z.NEVER;
  }
  const takes = WEAPON_QUALITIES[name] === 'number';
  if (takes !== (m[2] !== undefined)) {
    ctx.addIssue({ code: 'custom', message: takes ? `${name} needs its size, like "${name} 3"` : `${name} takes no number` });
    return z.NEVER;
  }
  return m[2] === undefined ? { name } : { name, value: Number(m[2]) };
});

const troopQualitySchema = z.unknown().transform((v, ctx): string => {
  const name = typeof v === 'string' ? canonical(TROOP_QUALITIES, v.trim()) : undefined;
  if (name === undefined) {
    ctx.addIssue({ code: 'custom', message: `unknown troop quality ${show(v)}; expected one of ${TROOP_QUALITIES.join(', ')}` });
    return z.NEVER;
  }
  return name;
});

/** One attack (SC Troops "Attacks"): a range makes it a ranged attack; without one it is melee. */
export const troopAttackSchema = z.strictObject({
  id: idSchema,
  name: nameSchema,
  toHit: int(-10, 10),
  dmg: damageSchema,
  range: rangeSchema.optional(),
  atk: int(1, 20).default(1),
  qualities: z.array(weaponQualitySchema).default([]),
});

export type TroopAttack = z.output<typeof troopAttackSchema>;

/** Attacks joined by "Or": the unit makes one of them in a turn (SC Troops "Attacks"). */
const orGroupSchema = z.strictObject({ or: z.array(troopAttackSchema).min(2).max(6) });

/** An entry of `attacks`: one attack, or `{ "or": [...] }`; read as a group of one or more. */
const attackEntrySchema = z.unknown().transform((v, ctx): TroopAttack[] => {
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.hasOwn(v, 'or')) return parseInside(orGroupSchema, v, ctx).or;
  return [parseInside(troopAttackSchema, v, ctx)];
});

const SPELLCASTERS_REFUSED = 'Spellcasters cannot be played yet: the rulebook gives no spell list, so a troop with a Spellcaster level has no spells to choose';

export const troopCardSchema = z
  .strictObject({
    id: idSchema,
    name: nameSchema,
    faction: wordSchema,
    points: int(0, 5000),
    armor: nameField(40),
    shield: z.boolean().default(false),
    move: int(0, 30),
    str: int(-5, 10),
    defense: z.strictObject({ melee: int(0, 20), ranged: int(0, 20) }),
    toWound: toWoundSchema,
    wounds: int(1, 100),
    heal: int(0, 100),
    size: z.enum(SC_SIZES),
    qualities: uniqueList(troopQualitySchema, 'quality').default([]),
    attacks: z.array(attackEntrySchema).max(8).default([]),
    // Kept in the format so the refusal names the reason instead of "unknown key".
    spellcaster: z.unknown().optional(),
    text: textSchema.optional(),
  })
  .superRefine((card, ctx) => {
    // Said even when other fields are wrong too: no fixing them would make the card playable.
    if (card.spellcaster !== undefined) ctx.addIssue({ code: 'custom', path: ['spellcaster'], message: SPELLCASTERS_REFUSED });
  })
  .superRefine((card, ctx) => {
    // Attack ids are unique across the card: orders name an attack by its id.
    const seen = new Map<string, string>();
    card.attacks.forEach((group, i) =>
      group.forEach((attack, j) => {
        const path = group.length > 1 ? ['attacks', i, 'or', j] : ['attacks', i];
        const first = seen.get(attack.id);
        if (first !== undefined) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `duplicate attack id "${attack.id}" (also at ${first})` });
        else seen.set(attack.id, pathToString(path));
      }),
    );
  }, whenValid)
  .transform(({ spellcaster: _, ...card }) => card);

export type TroopCard = z.output<typeof troopCardSchema>;
