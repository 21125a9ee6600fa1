/**
 * The setup of a match, frozen when both armies are in (docs/rulesets.md §1 `army.freeze`): the
 * cards the armies use, as they are now (a catalog may change later, this match may not), and each
 * troop of each army as a troop of the match with its own id.
 */
import type { Army } from '../formats/army';
import type { TroopIndex } from '../formats/catalog';
import type { ScMap } from '../formats/map';
import type { TroopCard } from '../formats/troop-card';
import type { Edge } from '../rules/setup';
import type { PlayerId, ScSetup, ScSetupTroop } from './types';

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
 * two armies with the same card still name each troop once. Throws on a card the armies' check
 * should have refused (a caller's bug).
 */
export function makeScSetup(input: ScSetupInput): ScSetup {
  const cards: Record<string, TroopCard> = {};
  const troops: ScSetupTroop[] = [];
  const counted = new Map<string, number>();
  for (const player of input.players) {
    const army = input.armies[player];
    if (!army) throw new Error(`no army for ${player}`);
    for (const unit of army.units) {
      const card = input.troops.get(unit.troop);
      if (!card) throw new Error(`no troop card "${unit.troop}"`);
      cards[card.id] = card;
      for (let i = 0; i < unit.count; i++) {
        const n = (counted.get(card.id) ?? 0) + 1;
        counted.set(card.id, n);
        troops.push({ id: `${card.id}-${n}`, troop: card.id, player });
      }
    }
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
    ...(input.roundLimit ? { roundLimit: input.roundLimit } : {}),
  };
}
