/**
 * The parts every game's scenario shares (docs/formats.md "Scenario", "Sword and Claw: scenario"):
 * player names and the fixed dice. Each game's scenario schema adds its own units and steps.
 */
import { z } from 'zod';
import { int } from './fields';
import { show } from './problems';
import { parseInside } from './unions';

export const playerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'expected a player name of letters, digits, "-" or "_", like "p1"' });

/**
 * A fixed die: a bare number is a d20; "d10:7" names the die and the face (any size from d2), so a
 * rule that rolls another size of die there is refused rather than passing by luck.
 */
export const fixedDieSchema = z.unknown().transform((v, ctx): number | { d: number; v: number } => {
  if (typeof v === 'number') return parseInside(int(1, 20), v, ctx);
  const m = typeof v === 'string' ? /^d(\d{1,4}):(\d{1,4})$/i.exec(v.trim()) : null;
  if (m !== null) {
    const d = Number(m[1]);
    const face = Number(m[2]);
    if (d >= 2 && face >= 1 && face <= d) return { d, v: face };
    ctx.addIssue({ code: 'custom', message: `a d${d} has no face ${face}: a die needs 2 or more sides, and its face is from 1 to its sides` });
    return z.NEVER;
  }
  ctx.addIssue({ code: 'custom', message: `expected a d20 result from 1 to 20, or a die and its face like "d10:7"; got ${show(v)}` });
  return z.NEVER;
});
