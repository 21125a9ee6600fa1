/**
 * The battle's set-up in play (SC Set-up 4, 5, 7, 8; rulings SC9–SC11, SC111): the roll-off, the
 * edges, and deployment, each group rolling its 1d6 + 3 depth as it begins: the attackers' core, the
 * defenders' core; the attackers choose their reserve force, sealed; the defenders choose theirs and
 * place it; the attackers place theirs. Then the attackers' first turn. A side whose army has no
 * reserves skips its reserve steps.
 */
import type { DecisionCtx } from '../../../engine/context';
import { refuse } from '../../../engine/errors';
import { nameOf } from '../../../engine/board';
import { checkPlacement } from '../rules/deployment';
import { defenderEdges, deploymentDepth, OPPOSITE, rollOff } from '../rules/setup';
import { boardSize, cardOf, hasFlight, otherPlayer, tableOf, zoneOf } from './tables';
import type { Altitude } from '../rules/altitude';
import type { PlayerId, ReserveNumber, ScEvent, ScSetup, ScState, ScTroop } from './types';

export type Ctx = DecisionCtx<ScState, ScEvent>;

const roll = (ctx: Ctx) => (sides: number) => ctx.roll(sides);

/** The match's opening: attacker and defender, their edges, and the attackers' deployment begun. */
export function openMatch(ctx: Ctx, setup: ScSetup): void {
  const [first, second] = setup.players;
  const named = setup.attacker;
  const { attacker, defender } = named !== null ? { attacker: named, defender: named === first ? second : first } : rollOff(roll(ctx), setup.players);
  const { width, height } = boardSize(setup);
  const allowed = defenderEdges(width, height);
  const edge = setup.defenderEdge !== null && allowed.includes(setup.defenderEdge) ? setup.defenderEdge : allowed[0];
  ctx.emit({ type: 'sides', attacker, defender, edges: { [defender]: edge, [attacker]: OPPOSITE[edge] }, dice: ctx.dice() });
  beginDeployment(ctx, attacker);
}

/** A group's deployment begins, its depth rolled (ruling SC11): a side's core, or its chosen `reserve`. */
export function beginDeployment(ctx: Ctx, player: PlayerId, reserve?: ReserveNumber): void {
  const depth = deploymentDepth(ctx.roll(6));
  ctx.emit({ type: 'deployment-began', player, depth, dice: ctx.dice(), ...(reserve ? { reserve } : {}) });
}

/** Whether `player`'s army has reserve forces still to choose from (SC Set-up 6). */
const hasReserves = (s: ScState, player: PlayerId): boolean => (s.reserves?.[player]?.held.length ?? 0) > 0;

/** SC Set-up 7, after both cores: the attackers choose their reserve, sealed (ruling SC111); or the defenders' turn to. */
function afterCores(ctx: Ctx): void {
  const attacker = ctx.state.attacker!;
  if (hasReserves(ctx.state, attacker)) ctx.emit({ type: 'asked', prompt: { kind: 'reserve', player: attacker, sealed: true } });
  else defendersReserve(ctx);
}

/** The defenders choose their reserve and place it; with none, the attackers place theirs. */
function defendersReserve(ctx: Ctx): void {
  const defender = ctx.state.defender!;
  if (hasReserves(ctx.state, defender)) ctx.emit({ type: 'asked', prompt: { kind: 'reserve', player: defender, sealed: false } });
  else attackersReserve(ctx);
}

/** The attackers place the reserve they chose (their sealed choice shown as its placing begins); with none, the battle begins. */
function attackersReserve(ctx: Ctx): void {
  const s = ctx.state;
  const chosen = s.reserves?.[s.attacker!]?.chosen;
  if (chosen && hasReserves(s, s.attacker!)) beginDeployment(ctx, s.attacker!, chosen);
  else ctx.emit({ type: 'turn-began', player: s.attacker!, round: 1 });
}

/** The answer to the reserve prompt: the attackers' is kept sealed and play goes on to the defenders; the defenders place theirs at once. */
export function chooseReserve(ctx: Ctx, reserve: ReserveNumber): void {
  const prompt = ctx.state.prompt;
  if (prompt?.kind !== 'reserve') throw new Error('chooseReserve: no reserve prompt');
  if (reserve !== 1 && reserve !== 2) refuse('unknown-reserve', 'Choose the first or the second reserve force.');
  ctx.emit({ type: 'reserve-chosen', player: prompt.player, reserve });
  if (prompt.player === ctx.state.attacker) defendersReserve(ctx);
  else beginDeployment(ctx, prompt.player, reserve);
}

/** The troops of the group being deployed (`state.deploying`) still off the table: each group is placed in its own step (SC Set-up 7). */
export const leftToPlace = (state: ScState, player: PlayerId): ScTroop[] =>
  Object.values(state.troops).filter((t) => t.player === player && t.at === null && !t.removed && t.reserve === state.deploying?.reserve);

/** A troop's level as it is placed: the one asked for, Landed for a flyer when none is (ruling SC98); none without Flight. */
function placedAltitude(setup: ScSetup, troop: ScTroop, asked: Altitude | undefined): Altitude | undefined {
  if (!hasFlight(cardOf(setup, troop))) {
    if (asked !== undefined && asked !== 'landed') refuse('no-flight', `${troop.id} cannot fly: it has no Flight.`);
    return undefined;
  }
  return asked ?? 'landed';
}

export function deploy(ctx: Ctx, setup: ScSetup, troopId: string, at: number, asked?: Altitude): void {
  const s = ctx.state;
  const deploying = s.deploying!;
  const troop = s.troops[troopId];
  if (!troop) refuse('unknown-troop', `There is no troop "${troopId}" in this match.`);
  if (troop.player !== deploying.player) refuse('not-your-troop', `${troopId} is not one of your troops.`);
  if (troop.at !== null) refuse('already-deployed', `${troopId} is already on the table at ${nameOf(boardSize(setup), troop.at)}.`);
  if (troop.reserve !== deploying.reserve)
    refuse(
      'not-this-group',
      `${troopId} is not in the ${deploying.reserve ? 'reserve' : 'core'} force being placed now: each force is placed in its own step.`,
    );
  const altitude = placedAltitude(setup, troop, asked);
  const placed = { id: troop.id, size: cardOf(setup, troop).size, ...(altitude ? { altitude } : {}) };
  const error = checkPlacement(tableOf(setup, s), placed, at, zoneOf(setup, s, deploying.player));
  if (error) refuse(error.code, `${troopId} cannot be placed there: ${error.message}.`);
  ctx.emit({ type: 'deployed', troop: troopId, at, ...(altitude ? { altitude } : {}) });
}

/** Where a troop can be placed now (at `altitude`, for a flyer), nearest its side's edge first, then in board order. */
export function placements(setup: ScSetup, state: ScState, troop: ScTroop, altitude?: Altitude): number[] {
  const zone = zoneOf(setup, state, troop.player);
  const table = tableOf(setup, state);
  const { width, height } = boardSize(setup);
  const edge = state.edges[troop.player];
  const fromEdge = (i: number) => {
    const row = Math.floor(i / width);
    const col = i % width;
    return edge === 'top' ? row : edge === 'bottom' ? height - 1 - row : edge === 'left' ? col : width - 1 - col;
  };
  const placed = { id: troop.id, size: cardOf(setup, troop).size, ...(altitude ? { altitude } : {}) };
  return [...zone].filter((at) => checkPlacement(table, placed, at, zone) === null).sort((a, b) => fromEdge(a) - fromEdge(b) || a - b);
}

/** Closes the deploying group's deployment and goes on to the next step of SC Set-up 7, or the attackers' first turn. */
export function finishDeployment(ctx: Ctx, setup: ScSetup, placeRest: boolean): void {
  const s = ctx.state;
  const player = s.deploying!.player;
  if (placeRest) {
    for (const troop of leftToPlace(s, player)) {
      const altitude = placedAltitude(setup, troop, undefined);
      const at = placements(setup, ctx.state, troop, altitude)[0];
      if (at !== undefined) ctx.emit({ type: 'deployed', troop: troop.id, at, ...(altitude ? { altitude } : {}) });
    }
  } else {
    const left = leftToPlace(s, player).filter((t) => placements(setup, s, t).length > 0);
    if (left.length > 0)
      refuse('troops-left', `Place every troop first: ${left.map((t) => t.id).join(', ')} ${left.length === 1 ? 'is' : 'are'} still off the table.`);
  }
  if (s.deploying!.reserve === undefined) {
    if (player === s.attacker) beginDeployment(ctx, otherPlayer(s, player));
    else afterCores(ctx);
  } else if (player === s.defender) attackersReserve(ctx);
  else ctx.emit({ type: 'turn-began', player: s.attacker!, round: 1 });
}
