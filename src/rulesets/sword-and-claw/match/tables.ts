/**
 * What the decisions read of a match: a troop's card, the table as the movement rules see it, a
 * side's deployment zone, and who still stands.
 */
import { refuse } from '../../../engine/errors';
import type { TroopCard } from '../formats/troop-card';
import { isProjected } from '../rules/projected';
import { moveWithin } from '../rules/conditions';
import { deploymentZone } from '../rules/setup';
import type { Fighter } from '../rules/melee';
import { type Piece, type ScTable, scTable } from '../rules/table';
import { swimmingCard, swimsAt, wetOf } from '../rules/water';
import type { PlayerId, ScSetup, ScState, ScTroop } from './types';

export function cardOf(setup: ScSetup, troop: Pick<ScTroop, 'troop'>): TroopCard {
  const card = setup.cards[troop.troop];
  if (!card) throw new Error(`the setup has no card "${troop.troop}"`);
  return card;
}

/** The Move a troop has this turn: its card's, or half of it rounded up after an Entangled save of 6 to 9 (ruling SC41). */
export const moveOf = (setup: ScSetup, troop: Pick<ScTroop, 'troop' | 'limit'>): number => moveWithin(cardOf(setup, troop).move, troop.limit);

export const pieceOf = (setup: ScSetup, t: ScTroop, at: number = t.at!): Piece => {
  const card = cardOf(setup, t);
  return { id: t.id, player: t.player, size: card.size, at, wet: wetOf(card), ...(t.altitude ? { altitude: t.altitude } : {}) };
};

/**
 * A troop's piece as `table` holds it, when it stands there as the troop does (the piece pieceOf made
 * for that table, so the AI's many readings of one troop make no new one each); pieceOf's otherwise.
 */
export function tablePiece(setup: ScSetup, table: ScTable, t: ScTroop): Piece {
  const held = table.pieces.get(t.id);
  return held && held.at === t.at && held.altitude === t.altitude ? held : pieceOf(setup, t);
}

/** A troop as the rolls against it read it (rules/melee.ts Fighter): its card, with a swimmer's lower Defenses (SC Swimming). */
export function fighterOf(setup: ScSetup, table: ScTable, t: ScTroop): Fighter {
  const card = cardOf(setup, t);
  return { card: swimsAt(table, pieceOf(setup, t)) ? swimmingCard(card) : card, taken: t.taken, conditions: t.conditions ?? [] };
}

/** A troop's card as a strike or shot at it reads it now: a swimmer's Defenses lowered (SC Swimming). */
export const struckCard = (setup: ScSetup, state: ScState, t: ScTroop): TroopCard => fighterOf(setup, tableOf(setup, state), t).card;

/** SC App. A Flight: the troop can fly (rules/altitude.ts). */
export const hasFlight = (card: Pick<TroopCard, 'qualities'>): boolean => card.qualities.includes('Flight');

/** Troops on the table: deployed and not removed. */
export const onTable = (state: ScState): ScTroop[] => Object.values(state.troops).filter((t) => t.at !== null && !t.removed);

/**
 * The table as the rules see it, `without` a troop when given. A mover paused mid-move may stand
 * inside a friend it is passing through (SC Movement c): while the opportunity attack prompt is
 * open it is left out (nobody else moves or is placed until its move goes on), and its own walk
 * reads the table without it.
 */
export function tableOf(
  setup: ScSetup,
  state: ScState,
  without: string | undefined = state.prompt?.kind === 'opportunity' ? state.prompt.mover : undefined,
): ScTable {
  const kept = keptFor(setup, state);
  const key = `-${without ?? ''}`;
  let table = kept.get(key);
  if (!table) {
    table = scTable(
      setup.map,
      onTable(state)
        .filter((t) => t.id !== without)
        .map((t) => pieceOf(setup, t)),
    );
    kept.set(key, table);
  }
  return table;
}

/**
 * Tables made for a state's troops, by how each was made (`-` and the troop left out here;
 * match/charge.ts keeps its own under `@`): the AI and the options ask for the same table many
 * times a decision. A table reads the setup and the troops alone, and the troops of a state are never
 * written to (each event that changes one makes new ones: apply.ts), nor is a table, so a kept table
 * is the one scTable would make again. Keyed by the troops rather than the state, so the states of a
 * step that moves nobody (each declaration of the ranged and melee steps) share their tables and the
 * searches and answers kept on them. Keyed by the setup too, whose cards and map the table reads.
 */
const keptTables = new WeakMap<ScState['troops'], { readonly setup: ScSetup; readonly tables: Map<string, ScTable> }>();

/** The tables kept for `state`'s troops read with `setup` (a new set when read with another setup). */
export function keptFor(setup: ScSetup, state: ScState): Map<string, ScTable> {
  let kept = keptTables.get(state.troops);
  if (!kept || kept.setup !== setup) {
    kept = { setup, tables: new Map() };
    keptTables.set(state.troops, kept);
  }
  return kept.tables;
}

export const boardSize = (setup: ScSetup) => ({ width: setup.map.grid[0]!.length, height: setup.map.grid.length });

/** The squares of `player`'s deployment zone (ruling SC11), once their depth is rolled. */
export function zoneOf(setup: ScSetup, state: ScState, player: PlayerId): Set<number> {
  const depth = state.depths[player];
  const edge = state.edges[player];
  if (depth === undefined || edge === undefined) return new Set();
  const { width, height } = boardSize(setup);
  return deploymentZone(width, height, edge, depth);
}

/** Whether a side has troops left on the table, once play has begun (SC Sequence: the end by elimination). */
export const standing = (state: ScState, player: PlayerId): boolean =>
  Object.values(state.troops).some((t) => t.player === player && !t.removed && t.at !== null);

export const otherPlayer = (state: Pick<ScState, 'players'>, player: PlayerId): PlayerId => (state.players[0] === player ? state.players[1] : state.players[0]);

/** Whether a troop's card has a ranged attack (SC Troops "Attacks": one with a range, but a projected one, made in the melee step). */
export const hasRangedAttack = (card: TroopCard): boolean => card.attacks.flat().some((a) => a.range !== undefined && !isProjected(a));

/** A troop's attacks of the melee step by id (SC Troops "Attacks": those without a range; SC Melee c: projected ones). */
export const meleeAttacks = (card: TroopCard): string[] =>
  card.attacks
    .flat()
    .filter((a) => a.range === undefined || isProjected(a))
    .map((a) => a.id);

/** The troop an order names: on the table and of the side whose turn it is; refused with a sentence otherwise. */
export function yourTroop(s: ScState, id: string): ScTroop {
  const troop = s.troops[id];
  if (!troop || troop.removed || troop.at === null) refuse('unknown-troop', `There is no troop "${id}" on the table.`);
  if (troop.player !== s.turn!.player) refuse('not-your-troop', `${id} is not one of your troops.`);
  return troop;
}

/** The attacks a troop may make as an opportunity attack: "a normal melee attack" (SC Opportunity Attacks), so no projected one. */
export const opportunityAttacks = (card: TroopCard): string[] => meleeAttacks(card).filter((id) => !isProjected(card.attacks.flat().find((a) => a.id === id)!));
