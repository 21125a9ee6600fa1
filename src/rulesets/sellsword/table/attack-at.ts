/**
 * Which of a unit's attacks /attack means when `attack` is left out but the target is named: the one
 * that can strike it, or a question naming those that can with their odds. A new player typed
 * `/attack unit:KN target:OW` and was asked to choose between Longsword and Pommel Strike when only one
 * reached (playtest). The engine decides what can strike (attackTargetRefusal, chargePlan), never this.
 */
import { attackTargetRefusal, chargePlan, type GameState, profile, unitOf } from '../engine';
import { oddsHead } from './odds-words';

/** The ids of the unit's single-target attacks that can make the act at `target` now: attack it, or with `charge`, charge it. */
export function attacksAt(game: GameState, unitId: string, target: string, charge: boolean): string[] {
  const unit = unitOf(game, unitId);
  return profile(game, unit).attacks.flatMap((a) => {
    if (a.burst !== undefined) return [];
    const open = charge ? 'path' in chargePlan(game, unitId, a.id, target) : attackTargetRefusal(game, unitId, target, a.id) === null;
    return open ? [a.id] : [];
  });
}

/**
 * With no attack at `target` open now, the attack whose refusal says most: one a charge could make
 * (the command then suggests the charge), else one refused only as out of range that could end a
 * charge (the refusal then says why no charge reaches either, and what to do instead), else the first
 * refused as out of range. With `charge`, the first whose charge is refused for more than the attack
 * (too close, no Vigor…), so the command says why. Undefined when none is: the question stands.
 */
export function attackToRefuse(game: GameState, unitId: string, target: string, charge = false): string | undefined {
  const unit = unitOf(game, unitId);
  if (charge)
    return profile(game, unit).attacks.find((a) => {
      const plan = chargePlan(game, unitId, a.id, target);
      return a.burst === undefined && 'code' in plan && plan.code !== 'cannot-charge-with';
    })?.id;
  const far = profile(game, unit).attacks.filter((a) => a.burst === undefined && attackTargetRefusal(game, unitId, target, a.id)?.code === 'out-of-range');
  const plans = far.map((a) => ({ id: a.id, plan: chargePlan(game, unitId, a.id, target) }));
  return plans.find((p) => 'path' in p.plan)?.id ?? plans.find((p) => 'code' in p.plan && p.plan.code !== 'cannot-charge-with')?.id ?? far[0]?.id;
}

/** "Longsword (55% hit, 10 wounds) or Pommel Strike (70% hit, 5 wounds)": each attack with its odds at `target`, when known. */
export function attacksWithOdds(game: GameState, unitId: string, target: string, attacks: readonly string[], charge: boolean): string {
  const unit = unitOf(game, unitId);
  const words = attacks.map((id) => {
    const name = profile(game, unit).attacks.find((a) => a.id === id)?.name ?? id;
    const odds = oddsHead(game, unitId, id, target, { charge });
    const hit = odds?.wounds?.split(', ')[0];
    return odds ? `${name} (${[odds.odds[0], ...(hit ? [hit] : [])].join(', ')})` : name;
  });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}
