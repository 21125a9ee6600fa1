/**
 * The setup of a match, frozen when both armies are in (docs/rulesets.md §1 `army.freeze`): the
 * cards the armies use, as they are now (a catalog may change later, this match may not), and each
 * troop of each army, core and reserve forces (SC Set-up 6), as a troop of the match with its own id.
 */
import type { Army } from '../formats/army';
import type { TroopIndex } from '../formats/catalog';
import type { ScMap } from '../formats/map';
import type { TroopCard } from '../formats/troop-card';
import type { Edge } from '../rules/setup';
import type { PlayerId, ReserveNumber, ScSetup, ScSetupTroop } from './types';

export interface ScSetupInput {
  readonly seed: number;
  readonly players: readonly [PlayerId, PlayerId];
  readonly armies: Readonly<Record<PlayerId, Army>>;
  readonly troops: TroopIndex;
  readonly map: ScMap;
  readonly attacker?: PlayerId | null;
  readonly defenderEdge?: Edge | null;
  /** The last round (ruling SC32); absent: none. */
  readonly roundLimit?: number | null;
}

/**
 * Troop ids are the card's id with a number counted over the whole match (`human-spearman-3`), so
 * two armies with the same card still name each troop once. The core forces are counted first, so
 * an army without reserves names its troops as it always did. Throws on a card the armies' check
 * should have refused (a caller's bug).
 */
export function makeScSetup(input: ScSetupInput): ScSetup {
  const cards: Record<string, TroopCard> = {};
  const troops: ScSetupTroop[] = [];
  const counted = new Map<string, number>();
  const add = (player: PlayerId, units: Army['units'], reserve?: ReserveNumber) => {
    for (const unit of units) {
      const card = input.troops.get(unit.troop);
      if (!card) throw new Error(`no troop card "${unit.troop}"`);
      cards[card.id] = card;
      for (let i = 0; i < unit.count; i++) {
        const n = (counted.get(card.id) ?? 0) + 1;
        counted.set(card.id, n);
        troops.push({ id: `${card.id}-${n}`, troop: card.id, player, ...(reserve ? { reserve } : {}) });
      }
    }
  };
  const armyOf = (player: PlayerId): Army => {
    const army = input.armies[player];
    if (!army) throw new Error(`no army for ${player}`);
    return army;
  };
  for (const player of input.players) add(player, armyOf(player).units);
  const reserves: Record<PlayerId, readonly [string | null, string | null]> = {};
  for (const player of input.players) {
    const both = armyOf(player).reserves;
    if (!both) continue;
    both.forEach((r, i) => add(player, r.units, (i + 1) as ReserveNumber));
    reserves[player] = [both[0]?.name ?? null, both[1]?.name ?? null];
  }
  return {
    ruleset: 'sword-and-claw',
    seed: input.seed,
    players: input.players,
    attacker: input.attacker ?? null,
    defenderEdge: input.defenderEdge ?? null,
    map: input.map,
    cards,
    armies: Object.fromEntries(input.players.map((p) => [p, input.armies[p]!.name])),
    troops,
    ...(Object.keys(reserves).length > 0 ? { reserves } : {}),
    ...(input.roundLimit ? { roundLimit: input.roundLimit } : {}),
  };
}
