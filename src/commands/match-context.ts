/**
 * Finding the match a command is about (the thread it was typed in) and reading units and squares
 * the way players type them, with a specific message for anything that does not fit.
 */
import { parseSquare, squareName } from '../formats/squares';
import { buildBoard, nameOf, squareIndex } from '../engine';
import type { Gridmap } from '../formats/gridmap';
import type { GameState, UnitState } from '../rulesets/sellsword/engine';
import { matchRecord, type MatchRecord } from '../match/record';
import { actorRefusal, attackRefusal, boardOf, burstOutlook, commanderOf, profile, squaresOf, typedAttack } from '../rulesets/sellsword/engine';
import {
  attacksAt,
  attacksWithOdds,
  attackToRefuse,
  chargeInstead,
  chargeRefused,
  inMapLabels,
  readTargetValue,
  soleAttack,
  unitName,
} from '../rulesets/sellsword/table';
import type { App } from './app';
import { gameOf, type MatchSetup, type MatchSnapshot } from '../match/match-state';
import { refuse } from '../match/user-error';
import { shown } from '../discord/text';
import { withoutRuleCodes } from '../render/plain-rules';
import { rulesetOfMatch } from '../rulesets';
import { tableGameOf } from '../match/table-change';
import type { MatchRow } from '../store';

/** The match of this thread, decoded. */
export async function matchHere(app: App, channelId: string): Promise<MatchRecord> {
  const row = await app.store.matches.byThread(channelId);
  if (!row) refuse('not-in-match-thread', 'This command works inside a match thread. Start one with `/skirmish challenge`, or open the thread of your match.');
  // A match of a game or rules' version this bot does not know is neither read nor replayed here.
  const found = rulesetOfMatch(row);
  if (!found.ok) refuse(found.error.code, found.error.message);
  return matchRecord(row);
}

export interface LiveGame {
  readonly row: MatchRecord;
  readonly setup: MatchSetup;
  readonly snapshot: MatchSnapshot;
  readonly game: GameState;
}

/**
 * Refuses a command the default game's match reads (a game played through its table rules has its own
 * orders and shows its table after each turn), with what to do instead.
 */
export function notAtTable(row: Pick<MatchRow, 'ruleset' | 'rulesetVersion'>): void {
  const table = tableGameOf(row);
  if (table)
    refuse(
      'not-for-this-game',
      `This is a ${table.rules.name} match, and that command is not for it yet: the thread itself is its log and the picture after each turn shows the table. Give orders with \`/order\`; \`/skirmish export\` gives the match as a file and \`/skirmish verify\` checks its dice once it is over.`,
    );
}

export async function gameHere(app: App, channelId: string): Promise<LiveGame> {
  const row = await matchHere(app, channelId);
  notAtTable(row);
  if (row.status === 'challenged') refuse('not-accepted', 'This challenge has not been accepted yet.');
  if (row.status === 'declined' || row.status === 'cancelled') refuse('match-over', 'This challenge was declined.');
  const { setup, snapshot } = row;
  const game = snapshot ? gameOf(snapshot) : null;
  // A finished game can still be viewed and read; one that ended during setup has no game to show.
  if (!game && row.status === 'over') refuse('match-over', 'This match ended during setup.');
  if (!game || !snapshot) refuse('still-setting-up', 'The match is still being set up: answer the setup prompt in this thread first.');
  if (!setup) throw new Error(`match ${row.id} has a game but no setup`);
  return { row, setup, snapshot, game };
}

/** A unit by its id (the map token's label, any case) or, when unambiguous, its card's name. */
export function resolveUnit(game: GameState, typed: string): UnitState {
  const text = typed.trim().toLowerCase();
  const byId = game.units[text];
  if (byId) return byId;
  const units = Object.values(game.units);
  const byName = units.filter((u) => game.cards[u.card]?.name.toLowerCase() === text);
  if (byName.length === 1) return byName[0]!;
  const ids = units.map((u) => `\`${u.id}\``).join(', ');
  if (byName.length > 1)
    refuse('ambiguous-unit', `Several units are called "${typed}": use the label on the map (${byName.map((u) => `\`${u.id}\``).join(', ')}).`);
  return refuse('unknown-unit', `There is no unit "${typed}" in this match. Units are named by their map labels: ${ids}.`);
}

/**
 * A target as typed or picked, read by the suggestions' codec (readTargetValue): the target, whether the
 * pick was a charge, the attack it carries. A unit whose id is the whole text is that unit, as typed.
 */
export function targetPick(game: GameState, typed: string): { target: string; charge: boolean; attack?: string } {
  return game.units[typed.trim().toLowerCase()] ? { target: typed.trim(), charge: false } : readTargetValue(typed);
}

/**
 * An attack's target as typed or picked (a charge's suggestion is `chargeTargetValue`): a unit, and whether the picked suggestion was the charge at
 * it (so what the player picked is what happens). `charge` is the command's own option, if given.
 */
export function resolveTarget(game: GameState, typed: string, charge: boolean | undefined, attackName: string): { unit: UnitState; charge: boolean } {
  const picked = targetPick(game, typed);
  if (!picked.charge) {
    notASquare(game, picked.target, attackName);
    return { unit: resolveUnit(game, picked.target), charge: charge === true };
  }
  if (charge === false)
    refuse(
      'bad-option',
      `The target picked is the charge at ${picked.target.toUpperCase()}, but \`charge\` is False: pick the target without the charge, or leave \`charge\` out.`,
    );
  return { unit: resolveUnit(game, picked.target), charge: true };
}

/** A square given as the target of an attack that strikes a unit: refused, saying only a burst is aimed at a square (R24). */
function notASquare(game: GameState, typed: string, attackName: string): void {
  const text = typed.trim();
  if (game.units[text.toLowerCase()] || !parseSquare(text)) return;
  const units = Object.values(game.units).filter((u) => u.at !== null);
  const ids = units.map((u) => `\`${u.id}\``).join(', ');
  refuse('not-a-burst', `${attackName} strikes a unit, not a square: give the unit's map label in \`target\` (${ids}). Only a burst is aimed at a square.`);
}

/**
 * Where a burst is centred, as given in `target` (R24): a unit on the map, by its label or card name
 * (the square it stands on), or a square.
 */
export function resolveBurstCentre(game: GameState, typed: string, attackName: string): string {
  const text = typed.trim().toLowerCase();
  const byName = Object.values(game.units).filter((u) => game.cards[u.card]?.name.toLowerCase() === text);
  const unit = game.units[text] ?? (byName.length === 1 ? byName[0] : undefined);
  if (unit) {
    if (unit.at === null)
      refuse('not-on-map', `${unitName(game, unit)} is in reserve, not on the map: centre ${attackName} on a square, like E5, or on a unit on the map.`);
    return nameOf(boardOf(game), unit.at);
  }
  if (!parseSquare(typed))
    refuse('bad-target', `${attackName} is a burst: give the square it is centred on, like E5, or a unit's map label; "${shown(typed)}" is neither.`);
  return resolveSquare(game.map, typed);
}

/** A square name that is on this map, upper-cased. */
export function resolveSquare(map: Gridmap, typed: string): string {
  const c = parseSquare(typed);
  if (!c) refuse('bad-square', `"${typed}" is not a square. Squares are a column letter and a row number, like C5.`);
  const board = buildBoard(map);
  const name = squareName(c);
  if (c.col >= board.width || c.row >= board.height)
    refuse('off-map', `${name} is off the map; it runs from A1 to ${squareName({ col: board.width - 1, row: board.height - 1 })}.`);
  return name;
}

/** Squares typed as a list: "C4 C5 D6" or "C4,C5,D6". */
export function resolvePath(game: GameState, typed: string): string[] {
  const parts = typed.split(/[\s,;→>-]+/).filter((p) => p.length > 0);
  if (parts.length === 0) refuse('bad-square', 'The path is empty: list the squares entered, like "C4 C5 D6".');
  if (parts.length > 60) refuse('bad-square', 'That path is too long.');
  return parts.map((p) => resolveSquare(game.map, p));
}

/**
 * An attack left out (/attack, /skirmish view's preview): the unit's only attack, or a refusal naming
 * its attacks to choose from. When it is the unit's turn and none of its attacks may be made now (the
 * rule of 3, a status, no acts or tokens left), the engine's reason comes first, not a question which
 * attack that no answer gets past (a tester named one only to learn of the rule of 3, issue 26); the
 * preview, a look and no act, still offers the list. With `at`, the target /attack names (and whether
 * it charges), the attack that can make that act when only one can (attackAt).
 */
export function onlyAttack(game: GameState, attacker: UnitState, preview = false, at?: { readonly typed: string; readonly charge?: boolean }): string {
  const sole = soleAttack(game, attacker);
  if (sole !== undefined) return sole;
  const all = profile(game, attacker).attacks;
  const who = attacker.id.toUpperCase();
  if (all.length === 0) return refuse('no-attack', `${who} has no attack it can make.`);
  const list = all.map((a) => a.name).join(', ');
  const ownTurn = actorRefusal(game, attacker.id, commanderOf(game, attacker)) === null;
  const stop = ownTurn ? attackRefusal(game, attacker.id) : null;
  if (stop) {
    const why = withoutRuleCodes(inMapLabels(game, stop.message));
    return refuse(stop.code, preview ? `${why} To preview one of its attacks anyway, say which with \`attack\`: ${list}.` : why);
  }
  const chosen = at && ownTurn ? attackAt(game, attacker, at.typed, at.charge === true) : undefined;
  if (chosen !== undefined) return chosen;
  // Map labels ("KN"), as the player sees the unit, never "Knight (kn)" (playtest).
  return refuse('attack-needed', `${who} has ${all.length} attacks: ${list}. Say which with \`attack\`.`);
}

/**
 * The attack /attack means at the target typed, `attack` left out (playtest: a new player was asked
 * which of two attacks when only one reached): the one that can make the act; with several, a
 * question naming them with their odds; with none, the one whose refusal says most (attackToRefuse),
 * so the command answers why, or a charge, rather than asking. Undefined when the target is no unit.
 */
function attackAt(game: GameState, attacker: UnitState, typed: string, charge: boolean): string | undefined {
  const picked = targetPick(game, typed);
  const text = picked.target.trim().toLowerCase();
  const byName = Object.values(game.units).filter((u) => game.cards[u.card]?.name.toLowerCase() === text);
  const target = game.units[text] ?? (byName.length === 1 ? byName[0] : undefined);
  const burst = !target && !charge ? onlyBurstAt(game, attacker, picked.target) : undefined;
  if (burst !== undefined) return burst;
  if (!target || target.id === attacker.id || target.at === null) return undefined;
  const charging = charge || picked.charge;
  const able = attacksAt(game, attacker.id, target.id, charging);
  if (able.length === 1) return able[0];
  if (able.length > 1) {
    const how = charging ? 'charge' : 'attack';
    return refuse(
      'attack-needed',
      `${attacker.id.toUpperCase()} can ${how} ${target.id.toUpperCase()} with ${attacksWithOdds(game, attacker.id, target.id, able, charging)}. Say which with \`attack\`.`,
    );
  }
  return attackToRefuse(game, attacker.id, target.id, charging);
}

/**
 * R24: a square typed as the target, with `attack` left out, that only one of the unit's bursts can be
 * centred on, and no attack of its strikes a unit there: that burst (playtest round 21: the Priest asked
 * which of two attacks for a square only its Dawnburst could reach). Undefined otherwise.
 */
function onlyBurstAt(game: GameState, attacker: UnitState, typed: string): string | undefined {
  const square = typed.trim().toUpperCase();
  if (!parseSquare(square)) return undefined;
  const at = squareIndex(boardOf(game), square);
  if (at === null) return undefined;
  const standing = Object.values(game.units).find((u) => u.id !== attacker.id && u.at !== null && !u.dropped && squaresOf(game, u).includes(at));
  if (standing && attacksAt(game, attacker.id, standing.id, false).length > 0) return undefined;
  const bursts = profile(game, attacker).attacks.filter((a) => a.burst !== undefined && Array.isArray(burstOutlook(game, attacker.id, a.id, square)));
  return bursts.length === 1 ? bursts[0]!.id : undefined;
}

/** An attack of the unit by id or printed name; refuses with the unit's attacks listed. */
export function resolveAttack(game: GameState, unit: UnitState, typed: string): string {
  const found = typedAttack(game, unit, typed);
  if (found) return found.id;
  const all = [...(game.cards[unit.card]?.attacks ?? []), ...(unit.mod ? (game.mods[unit.mod]?.attacks ?? []) : [])];
  const list = all.map((a) => a.name).join(', ');
  return refuse('unknown-attack', `${unitName(game, unit)} has no attack "${typed}". ${all.length > 0 ? `Its attacks: ${list}.` : 'It has no attacks.'}`);
}

/**
 * An attack out of reach that a charge would make is refused with the charge suggested; one a charge
 * cannot make either says why (the game's words, chargeInstead).
 */
export function suggestCharge(game: GameState, unit: UnitState, attack: string, target: string): void {
  const stop = chargeInstead(game, unit, attack, target);
  if (stop) refuse(stop.code, stop.message);
}

/** A charge asked for that no path makes (too close, too far, the squares taken): refused with what to do instead (chargeRefused). */
export function refuseImpossibleCharge(game: GameState, unit: UnitState, attack: string, target: string): void {
  const stop = chargeRefused(game, unit, attack, target);
  if (stop) refuse(stop.code, stop.message);
}
