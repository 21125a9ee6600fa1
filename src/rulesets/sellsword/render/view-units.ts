/**
 * The people and pieces in a map view: players (colour, shape, score, reserve, dropped), each unit's
 * token (current Vigor and tokens from the engine's profile, injury boxes, statuses), and the status
 * line (round, phase, whose turn, open prompt).
 */
import type { InjuryBox } from '../formats/card';
import type { GameState, PlayerId, UnitId, UnitState } from '../engine';
import { profile } from '../engine';
import { boardOf, cardOf } from '../engine';
import { aloneToAct, nextTurn, OBJECTIVE_VP, objectiveStands, phaseName } from '../engine';
import { boxesLeft } from '../engine';
import { FACTION_COLOUR, SEAT_SHAPES, SPARE_COLOURS } from '../../../render/palette';
import { STATUS_CODE } from './status-look';
import { boxTraitName } from './wound-words';
import { sqOf, type BoxView, type PlayerView, type StatusLine, type UnitView } from './view-types';

/** A player's faction: the faction of their first unit's card. */
function factionOf(state: GameState, player: PlayerId): string | null {
  const unit = Object.values(state.units).find((u) => u.player === player);
  return unit ? cardOf(state, unit).faction : null;
}

export function playerViews(
  state: GameState,
  labels: ReadonlyMap<UnitId, string>,
  names: Readonly<Record<PlayerId, string>>,
  withdrawn: ReadonlySet<UnitId> = new Set(),
): PlayerView[] {
  const used = new Set<string>();
  const spares = [...SPARE_COLOURS];
  const units = Object.values(state.units);
  return state.players.map((id, seat) => {
    const faction = factionOf(state, id);
    // The faction's colour goes to the first player of that faction; a mirror match takes a spare.
    let colour = faction !== null ? FACTION_COLOUR[faction] : undefined;
    if (colour === undefined || used.has(colour)) colour = spares.find((c) => !used.has(c)) ?? '#444444';
    used.add(colour);
    const mine = units.filter((u) => u.player === id);
    return {
      id,
      name: names[id] ?? id,
      seat,
      faction,
      colour,
      shape: SEAT_SHAPES[seat % SEAT_SHAPES.length]!,
      score: state.score[id] ?? 0,
      out: state.out.includes(id),
      ...(state.conceded?.includes(id) ? { conceded: true } : {}),
      winner: state.winner === id,
      // A unit whose turn this round passed in reserve says so: "Reserve: OW, CI" read as OW still able
      // to act (playtest round 19).
      reserve: mine.filter((u) => !u.dropped && u.at === null).map((u) => `${labels.get(u.id)!}${u.turnTaken ? ' (acted)' : ''}`),
      dropped: mine.filter((u) => u.dropped && !withdrawn.has(u.id)).map((u) => labels.get(u.id)!),
      offTable: mine.filter((u) => withdrawn.has(u.id)).map((u) => labels.get(u.id)!),
    };
  });
}

const sameBox = (a: InjuryBox, b: InjuryBox) => JSON.stringify(a) === JSON.stringify(b);

/** The card's boxes in card order, the first ones of each kind marked as many as the engine says are gone. */
function boxViews(state: GameState, unit: UnitState): BoxView[] {
  const card = cardOf(state, unit);
  const left = boxesLeft(state, unit);
  const markedOf = (box: InjuryBox) => card.injuries.filter((b) => sameBox(b, box)).length - left.filter((b) => sameBox(b, box)).length;
  const seen: InjuryBox[] = [];
  return card.injuries.map((box) => {
    const before = seen.filter((b) => sameBox(b, box)).length;
    seen.push(box);
    const marked = before < markedOf(box);
    return typeof box === 'string' ? { kind: box, marked } : { kind: 'trait', trait: box.trait, traitName: boxTraitName(state, unit.id, box), marked };
  });
}

export function unitViews(
  state: GameState,
  labels: ReadonlyMap<UnitId, string>,
  players: readonly PlayerView[],
  withdrawn: ReadonlySet<UnitId> = new Set(),
): UnitView[] {
  const board = boardOf(state);
  const active = state.turn?.unit ?? null;
  return Object.values(state.units).map((u) => {
    const p = profile(state, u);
    const owner = players.find((pl) => pl.id === u.player);
    return {
      id: u.id,
      label: labels.get(u.id)!,
      name: cardOf(state, u).name,
      player: u.player,
      colour: owner?.colour ?? '#444444',
      shape: owner?.shape ?? 'circle',
      size: p.size,
      span: p.size === 'big' ? 2 : 1,
      where: u.dropped ? 'dropped' : u.at === null ? 'reserve' : 'map',
      ...(withdrawn.has(u.id) ? { withdrawn: true as const } : {}),
      at: u.dropped || u.at === null ? null : sqOf(board, u.at),
      vigor: u.vigor,
      vigorMax: p.vigorMax,
      boxes: boxViews(state, u),
      statuses: u.statuses.map((s) => ({
        status: s.status,
        code: STATUS_CODE[s.status],
        source: s.source === null ? null : (labels.get(s.source) ?? s.source),
        words: s.status === 'recurring' && s.wound !== undefined ? `recurring ${s.wound} ${s.type ?? ''}`.trimEnd() : s.status,
      })),
      tokens: {
        react: { left: u.tokens.react, max: p.tokensMax.react },
        blue: { left: u.tokens.blue, max: p.tokensMax.blue },
        red: { left: u.tokens.red, max: p.tokensMax.red },
      },
      acted: u.turnTaken,
      active: u.id === active,
    };
  });
}

function promptText(state: GameState, labels: ReadonlyMap<UnitId, string>): StatusLine['prompt'] {
  const prompt = state.prompt;
  if (!prompt) return null;
  const unit = prompt.unit !== undefined ? (labels.get(prompt.unit) ?? prompt.unit) : '';
  const text = {
    reply: `may reply with ${unit}`,
    wounds: `splits the wounds on ${unit}`,
    order: 'chooses the order of players',
    reroll: 'may reroll the tactics check',
    recover: `chooses which status ${unit} tries to shake off`,
    recoil: `chooses where ${unit} recoils to`,
  }[prompt.kind];
  return { kind: prompt.kind, player: prompt.player, text };
}

export function statusLine(state: GameState, labels: ReadonlyMap<UnitId, string>): StatusLine {
  const turn = state.turn;
  const next = !turn && !state.over && !state.prompt && state.round > 0 ? nextTurn(state) : null;
  return {
    map: boardOf(state).name,
    round: state.round,
    phase: turn || !next ? state.phase : next.phase,
    alone: aloneToAct(state),
    target: state.options.vpTarget,
    roundLimit: state.options.roundLimit,
    turn: turn ? { player: turn.player, unit: turn.unit === null ? null : (labels.get(turn.unit) ?? turn.unit), actsLeft: turn.actsLeft } : null,
    next,
    prompt: promptText(state, labels),
    over: state.over,
    winner: state.winner,
    ...(!turn && !next && !state.prompt && !state.over && state.round > 0 ? { roundEndScores: roundEndScores(state) } : {}),
  };
}

/** The objectives one player holds as the round ends, which score next (engine objectiveStands, R4). */
function roundEndScores(state: GameState): NonNullable<StatusLine['roundEndScores']> {
  const objectives = objectiveStands(state).flatMap((o) => (o.players.length === 1 ? [{ objective: o.objective, player: o.players[0]! }] : []));
  return { objectives, points: OBJECTIVE_VP };
}

/**
 * Where the round stands, in the words of the map's header and caption: the turn a picture shows is
 * told by its own phase, and the next phase beside it when that differs ("Round 1, phase 1 over, phase 2
 * next"), as the picture is drawn after the phase has moved on.
 */
export function statusPhase(s: StatusLine): string {
  // A picture of the match's end, or of a round every unit has acted in, says so: "Round 2, last turns"
  // over a game-over line, or above "Waiting for the round to start", read as a contradiction (issue 26).
  if (s.over && s.round > 0) return `Round ${s.round}, match over`;
  if (s.alone && !s.turn && !s.next && !s.prompt) return `Round ${s.round} over`;
  const now = phaseName(s.round, s.phase, s.alone);
  if (s.played === undefined || s.played === s.phase || s.alone || s.over) return now;
  const over = s.played === 0 ? `Round ${s.round}, greater-advantage turn over` : `Round ${s.round}, phase ${s.played} over`;
  return `${over}, phase ${s.phase} next`;
}
