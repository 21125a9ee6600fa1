/**
 * Why a unit has nothing to attack, said from the engine's own answers (chargeOptions, the legal
 * charges; attackTargetRefusal, decide()'s reason for each enemy), never re-derived: a charge another
 * attack could make, else the nearest enemy in sight that is out of reach and how far it is. A tester
 * was told "no enemy in sight and reach" with an enemy two squares away in plain view (issue 26).
 */
import { attackTargetRefusal, chargeOptions, chargePlan, commanderOf, findAttack, type GameState, onMap, profile, rangeBetween, unitOf } from '../engine';
import { withoutRuleCodes } from '../../../render/plain-rules';
import { inMapLabels } from './map-labels';

/** The words when no enemy is seen at all. */
export const NO_ENEMY = 'no enemy in sight and reach';

/** What a unit with nothing to attack could do or see: a charge, or the nearest enemy in sight out of reach. */
export interface NoTarget {
  readonly reach: string;
  readonly charge?: { readonly target: string; readonly attack: string | null; readonly range: number };
  readonly seen?: {
    readonly target: string;
    readonly range: number;
    readonly attack: string | null;
    readonly reaches: number | null;
    /** Why no charge reaches it either, as chargePlan refuses it (its message in map labels, no rule codes); absent when no attack of the unit's ends a charge. */
    readonly charge?: { readonly code: string; readonly message: string };
  };
}

/**
 * Why `id` cannot charge `target` (R23), chargePlan's own refusal, with `attack` or any attack of the
 * unit's: the first that is about the charge, not about an attack no charge ends in (a bow); null when
 * every attack is of that kind, or a charge is open.
 */
export function chargeRefusal(game: GameState, id: string, target: string, attack?: string): { code: string; message: string } | null {
  const ids = attack !== undefined ? [attack] : profile(game, unitOf(game, id)).attacks.map((a) => a.id);
  for (const a of ids) {
    const plan = chargePlan(game, id, a, target);
    if ('path' in plan) return null;
    if (plan.code !== 'cannot-charge-with') return { code: plan.code, message: withoutRuleCodes(inMapLabels(game, plan.message)).replace(/\.$/, '') };
  }
  return null;
}

/** `attack`: the attack asked about, else any of the unit's. */
export function noTarget(game: GameState, id: string, attack?: string): NoTarget {
  const unit = unitOf(game, id);
  const named = attack === undefined ? undefined : findAttack(game, unit, attack);
  const reach = named ? `no enemy in reach of ${named.name}` : 'no enemy in reach';
  if (!onMap(unit)) return { reach };
  // R23: a charge the engine would take (with another attack than the one asked about, or it would be listed).
  const charge = chargeOptions(game, id)[0];
  if (charge)
    return {
      reach,
      charge: {
        target: charge.target,
        attack: charge.attack === attack ? null : (findAttack(game, unit, charge.attack)?.name ?? charge.attack),
        range: rangeBetween(game, unit, unitOf(game, charge.target)),
      },
    };
  // The engine checks sight before range (attackLine): refused as out of range, an enemy is in sight.
  const seen = Object.values(game.units)
    .filter((e) => e.id !== id && onMap(e) && attackTargetRefusal(game, id, e.id, attack)?.code === 'out-of-range')
    .map((e) => ({ e, range: rangeBetween(game, unit, e) }))
    .sort((a, b) => a.range - b.range)[0];
  if (!seen) return { reach };
  const longest = named ?? [...profile(game, unit).attacks.filter((a) => a.burst === undefined)].sort((a, b) => b.range - a.range)[0];
  const refused = chargeRefusal(game, id, seen.e.id, attack);
  return {
    reach,
    seen: {
      target: seen.e.id,
      range: seen.range,
      attack: named ? null : (longest?.name ?? null),
      reaches: longest?.range ?? null,
      ...(refused ? { charge: refused } : {}),
    },
  };
}

/**
 * "no enemy in reach; GH is 3 squares away: charge to reach it (charge:True)", "…: charge it with
 * Longsword (charge:True)", "no enemy in reach; GH is in sight but 2 squares away (Longsword reaches
 * 1)", or NO_ENEMY. A charge says how far, and the option that makes it: "(set charge:)" told a new
 * player neither that the enemy was close enough nor what to set (playtest). An enemy a charge cannot
 * reach either says why, by chargePlan's reason, and what to do instead (seenWords).
 */
export function noTargetWords(n: NoTarget): string {
  if (n.charge) {
    const how = n.charge.attack ? `charge it with ${n.charge.attack}` : 'charge to reach it';
    return `${n.reach}; ${n.charge.target.toUpperCase()} is ${n.charge.range} squares away: ${how} (charge:True)`;
  }
  if (!n.seen) return NO_ENEMY;
  return seenWords(n.reach, n.seen);
}

/**
 * An enemy in sight out of reach. When a charge cannot reach it either, chargePlan's reason leads, with
 * what to do instead, before the why in brackets that a cut drops first (a phone shows about the first
 * 45 characters, Discord 100): "OW is too close to charge, 2 squares away: move next to it, then attack
 * (a charge's 2 steps must each come closer)". A new player was told only that OW was 2 squares away,
 * and learnt why a charge would not do only by trying one (playtest). Too far to charge says no more
 * than how far it is and how far the attack reaches.
 */
function seenWords(reach: string, seen: NonNullable<NoTarget['seen']>): string {
  const t = seen.target.toUpperCase();
  const code = seen.charge?.code;
  const led = code === undefined ? null : chargeLedWords(seen.target, seen.range, code);
  if (led) return led;
  if (seen.charge && code !== 'charge-too-far') return `${reach}; ${t} is ${seen.range} squares away and ${seen.charge.message}`;
  const reaches = seen.attack !== null && seen.reaches !== null ? ` (${seen.attack} reaches ${seen.reaches})` : '';
  return `${reach}; ${t} is in sight but ${seen.range} squares away${reaches}`;
}

/**
 * An enemy out of reach that no charge reaches either, said by chargePlan's code with what to do
 * instead, the why in brackets last (`short` leaves it out); null for a code said otherwise.
 */
function chargeLedWords(target: string, range: number, code: string, short = false): string | null {
  const t = target.toUpperCase();
  if (code === 'charge-too-close')
    return `${t} is too close to charge, ${range} squares away: move next to it, then attack${short ? '' : " (a charge's 2 steps must each come closer)"}`;
  if (code === 'no-charge-path')
    return `no charge reaches ${t}, ${range} squares away: move closer, then attack${short ? '' : " (a charge's 2 steps need free squares, each closer)"}`;
  return null;
}

/**
 * Why `id` cannot attack `target`, out of reach (attackTargetRefusal's out-of-range), when no charge
 * reaches it either for a reason a move mends (too close, no free squares): the words that lead with
 * it ("OW is too close to charge, 2 squares away: move next to it, then attack"); else null.
 */
export function outOfReachWords(game: GameState, id: string, target: string, attack?: string, short = false): string | null {
  if (attackTargetRefusal(game, id, target, attack)?.code !== 'out-of-range') return null;
  const refused = chargeRefusal(game, id, target, attack);
  const unit = unitOf(game, id);
  return refused ? chargeLedWords(target, rangeBetween(game, unit, unitOf(game, target)), refused.code, short) : null;
}

/**
 * The nearest enemy in sight that `id` can neither reach nor charge for a reason a move mends, said as
 * outOfReachWords: what a target list that offers other enemies adds last, so a new player learns why
 * this one is missing (playtest). Null when there is none.
 */
export function unreachedNote(game: GameState, id: string, attack?: string): { readonly target: string; readonly words: string } | null {
  const unit = unitOf(game, id);
  if (!onMap(unit)) return null;
  const side = commanderOf(game, unit);
  const near = Object.values(game.units)
    .filter((e) => e.id !== id && onMap(e) && e.player !== side)
    .sort((a, b) => rangeBetween(game, unit, a) - rangeBetween(game, unit, b));
  for (const e of near) {
    const words = outOfReachWords(game, id, e.id, attack, true);
    if (words) return { target: e.id, words };
  }
  return null;
}

export const noTargetWhy = (game: GameState, id: string, attack?: string): string => noTargetWords(noTarget(game, id, attack));

/**
 * Several units with nothing to attack, in one phrase: the nearest enemy any of them sees ("no enemy in
 * reach; GH is in sight, 10 squares from PI"), or a charge one could make; NO_ENEMY when none sees one.
 */
export function noTargetOfAll(game: GameState, ids: readonly string[], short = false): string {
  // `short`: one unit too is said in the several-unit form, where a reason shares the 100 characters.
  if (ids.length === 1 && !short) return noTargetWhy(game, ids[0]!);
  const all = ids.map((id) => ({ id, n: noTarget(game, id) }));
  const charger = all.find((a) => a.n.charge);
  if (charger) {
    const c = charger.n.charge!;
    return `no enemy in reach; ${charger.id.toUpperCase()} can charge ${c.target.toUpperCase()}, ${c.range} squares away (charge:True)`;
  }
  const near = all.filter((a) => a.n.seen).sort((a, b) => a.n.seen!.range - b.n.seen!.range)[0];
  if (!near) return NO_ENEMY;
  const seen = near.n.seen!;
  // A charge's reason leads, as for one unit: "OW is too close for KN to charge, 2 squares away: move next to it, then attack".
  // Said of several, "no enemy in reach" comes first, the reason of them all: "TG, LO: OW is too close
  // for TG to charge" gave none for LO (playtest, issue 26).
  if (seen.charge?.code === 'charge-too-close') {
    const close = `${seen.target.toUpperCase()} is too close for ${near.id.toUpperCase()} to charge, ${seen.range} squares away: move next to it, then attack`;
    return ids.length === 1 ? close : `no enemy in reach; ${close}`;
  }
  return `no enemy in reach; ${seen.target.toUpperCase()} is in sight, ${seen.range} squares from ${near.id.toUpperCase()}`;
}
