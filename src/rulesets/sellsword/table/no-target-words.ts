/**
 * Why a unit has nothing to attack, said from the engine's own answers (chargeOptions, the legal
 * charges; attackTargetRefusal, decide()'s reason for each enemy), never re-derived: a charge another
 * attack could make, else the nearest enemy in sight that is out of reach and how far it is. A tester
 * was told "no enemy in sight and reach" with an enemy two squares away in plain view (issue 26).
 */
import { attackTargetRefusal, chargeOptions, findAttack, type GameState, onMap, profile, rangeBetween, unitOf } from '../engine';

/** The words when no enemy is seen at all. */
export const NO_ENEMY = 'no enemy in sight and reach';

/** What a unit with nothing to attack could do or see: a charge, or the nearest enemy in sight out of reach. */
export interface NoTarget {
  readonly reach: string;
  readonly charge?: { readonly target: string; readonly attack: string | null; readonly range: number };
  readonly seen?: { readonly target: string; readonly range: number; readonly attack: string | null; readonly reaches: number | null };
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
  return { reach, seen: { target: seen.e.id, range: seen.range, attack: named ? null : (longest?.name ?? null), reaches: longest?.range ?? null } };
}

/**
 * "no enemy in reach; GH is 3 squares away: charge to reach it (charge:True)", "…: charge it with
 * Longsword (charge:True)", "no enemy in reach; GH is in sight but 2 squares away (Longsword reaches
 * 1)", or NO_ENEMY. A charge says how far, and the option that makes it: "(set charge:)" told a new
 * player neither that the enemy was close enough nor what to set (playtest).
 */
export function noTargetWords(n: NoTarget): string {
  if (n.charge) {
    const how = n.charge.attack ? `charge it with ${n.charge.attack}` : 'charge to reach it';
    return `${n.reach}; ${n.charge.target.toUpperCase()} is ${n.charge.range} squares away: ${how} (charge:True)`;
  }
  if (!n.seen) return NO_ENEMY;
  const reaches = n.seen.attack !== null && n.seen.reaches !== null ? ` (${n.seen.attack} reaches ${n.seen.reaches})` : '';
  return `${n.reach}; ${n.seen.target.toUpperCase()} is in sight but ${n.seen.range} squares away${reaches}`;
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
  return `no enemy in reach; ${near.n.seen!.target.toUpperCase()} is in sight, ${near.n.seen!.range} squares from ${near.id.toUpperCase()}`;
}
