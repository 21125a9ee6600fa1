/**
 * Autocomplete for the act commands, built from the engine's own queries, so a player
 * is only ever offered what the engine would accept: their units that can act, squares they can
 * reach, targets in sight and range with the chance to hit.
 */
import type { ActCommand, ActKind, Command } from '../engine';
import {
  actorRefusal,
  attackOdds,
  attackRefusal,
  attackTargetRefusal,
  canAct,
  chargeOptions,
  chargePlan,
  chargeRepliers,
  chargeGroundWounds,
  moveOptions,
  moveRefusal,
  moveToRefusal,
  unitLegalActs,
  visibleTargets,
} from '../engine';
import type { GameState, UnitState } from '../engine';
import type { Attack } from '../formats/card';
import { commanderOf } from '../engine';
import { liveTraits, onMap, printedStat, profile } from '../engine';
import { boardOf, cardOf, decide, findAttack, typedAttack, repliersTo, unitOf } from '../engine';
import { CARRIED_TYPED, type Choice, choice, isNothing, NOTHING, nothingToChoose, suggest } from '../../../discord/choices';
import { DiscordLimit } from '../../../discord/limits';
import { fitName, hitWords, oddsHead, statusWords } from './odds-words';
import { costText } from '../render/card-text';
import { burstCentreChoices, centresNearEnemies } from './burst-suggestions';
import { nameOf } from '../../../formats/squares';
import { strikableOnSquare } from './square-target';
import { reasonInMapLabels } from './map-labels';
import { TOKENS } from '../formats/vocabulary';
import { noActTraitWhy, traitWhy } from './trait-why';
import { chargePrice } from './charge-price';
import { attacksShortOfActs, type ShortOfActs, shortNamed } from './acts-short';
import { NO_ENEMY, noTargetOfAll, noTargetWhy, outOfReachWords, unreachedNote } from './no-target-words';

export { fitName };
import { withoutRuleCodes } from '../../../render/plain-rules';
import { parseSquare } from '../../../formats/squares';

import { targetValue } from './target-value';
export { chargeTargetValue } from './target-value';

/** A player's name as shown to others; without one, a suggestion says "the other player". */
export type Names = (player: string) => string;
export const noNames: Names = () => 'the other player';

/** Remembers a value worked out from one game state, by a key naming the question (suggestion-cache.ts keeps one per match and move). */
export type Memo = <T>(key: string, make: () => T) => T;
/** Works the value out every time: for callers without a cache. */
export const noMemo: Memo = (_key, make) => make();

/** Whether `user` may give this command: acts by the unit's commander (Controlled, Glamyred), an end also by its owner. */
function mayGive(game: GameState, user: string, c: Command): boolean {
  const id = 'act' in c ? c.unit : 'end' in c ? c.end : null;
  const unit = id === null ? undefined : game.units[id];
  if (!unit) return false;
  return commanderOf(game, unit) === user || ('end' in c && unit.player === user);
}

const ONE_KIND: Readonly<Record<'attack' | 'trait' | 'rest', ReadonlySet<ActKind>>> = {
  attack: new Set(['attack']),
  trait: new Set(['trait']),
  rest: new Set(['rest']),
};

/** The commands of `act`'s kind that legalActs holds for this unit and `user` may give, asked of that unit and kind alone. */
export const unitActs = (game: GameState, user: string, unit: unknown, act: 'attack' | 'trait' | 'rest', memo: Memo): ActCommand[] => {
  const id = String(unit ?? '').toLowerCase();
  return memo(`acts:${user}:${id}:${act}`, () =>
    game.prompt ? [] : unitLegalActs(game, id, ONE_KIND[act]).filter((c): c is ActCommand => 'act' in c && mayGive(game, user, c)),
  );
};

const ANY_ACT: ReadonlySet<ActKind> = new Set<ActKind>(['end', 'move', 'maneuver', 'rest', 'crow', 'trait', 'attack']);
const ONLY_END: ReadonlySet<ActKind> = new Set<ActKind>(['end']);

/**
 * The kinds of command `user` may give this unit (see mayGive): every act of its commander (and an
 * end, for /end), an end alone from an owner who does not command it now, nothing from anyone else.
 */
function kindsFor(game: GameState, user: string, unitId: string, act: string | undefined): ReadonlySet<ActKind> | null {
  const unit = game.units[unitId]!;
  if (commanderOf(game, unit) === user) return act === undefined ? ANY_ACT : new Set([act as ActKind]);
  return act === undefined && unit.player === user ? ONLY_END : null;
}

/**
 * The ids of the caller's units with a command legalActs would give them (of `act`, or any, for
 * /end), in legalActs' order: each asked of canAct, which stops at the unit's first legal one.
 */
function actingIds(game: GameState, user: string, act: string | undefined, memo: Memo): string[] {
  return memo(`units:${user}:${act ?? ''}`, () => {
    if (game.prompt) return [];
    return Object.keys(game.units).filter((id) => {
      const kinds = kindsFor(game, user, id, act);
      return kinds !== null && canAct(game, id, kinds);
    });
  });
}

/**
 * A unit as every unit list names it (/move, /attack, /skirmish view): its map label, where it stands
 * (in reserve, else its Vigor), then its card name last, where a narrow screen's cut costs least
 * (issue 26: two lists once said these in two orders).
 */
export function unitChoiceName(game: GameState, u: UnitState): string {
  return `${u.id.toUpperCase()} · ${u.at === null ? 'in reserve' : `${u.vigor} Vigor`} · ${game.cards[u.card]!.name}`;
}

/** The caller's units that could take `act` now (or end their turn, for /end). */
export function unitChoices(game: GameState, user: string, typed: unknown, act?: string, names: Names = noNames, memo: Memo = noMemo): Choice[] {
  const choices = actingIds(game, user, act, memo).map((id) => choice(unitChoiceName(game, game.units[id]!), id));
  // A picked "cannot attack" entry, asked again (commands' nothing-picked.ts): each unit's own reason.
  const unable = act === 'attack' ? unableIds(game, user, typed) : null;
  if (unable) return [nothingToChoose(withoutRuleCodes(unable.map((id) => ownUnitWhy(game, user, id, act, names)).join('; ')), String(typed))];
  const found = suggest(choices, typed);
  const trailing = found.length > 0 && act === 'attack' ? cannotAttackEntry(game, user, actingIds(game, user, act, memo), names, memo) : null;
  const q = String(typed ?? '')
    .trim()
    .toLowerCase();
  if (trailing?.name.toLowerCase().includes(q)) return [...found.slice(0, 24), trailing];
  if (found.length > 0) return found;
  // Typed one of the player's own units: why that unit cannot, not why the first one cannot.
  const mine = typedUnit(game, user, typed);
  if (mine) return [nothingToChoose(withoutRuleCodes(ownUnitWhy(game, user, mine, act, names)), mine)];
  return orWhy([], () => (choices.length > 0 ? `none of your units that can ${act ?? 'act'} matches "${String(typed)}"` : noUnitWhy(game, user, act, names)));
}

/**
 * /attack's units that could take a turn now but have nothing to attack, named in one entry after the
 * list ("KN, OW: no enemy in reach; GH is in sight, 4 squares from KN") rather than left out unsaid. Its value is a "nothing"
 * value carrying their ids ("none:kn,ow,"), so a pick is refused with each unit's reason, never read
 * as a unit; null when every such unit is listed.
 */
function cannotAttackEntry(game: GameState, user: string, acting: readonly string[], names: Names, memo: Memo): Choice | null {
  return memo(`unable:${user}`, () => {
    const turn = game.turn;
    if (game.prompt || !turn || turn.player !== user) return null;
    const ids = Object.keys(game.units).filter((id) => {
      const u = game.units[id]!;
      if (acting.includes(id) || u.at === null || u.dropped || commanderOf(game, u) !== user) return false;
      return turn.unit ? id === turn.unit : !u.turnTaken;
    });
    if (ids.length === 0) return null;
    const stops = ids.map((id) => ownUnitStop(game, user, id, 'attack', names));
    const labels = ids.map((id) => id.toUpperCase());
    const why = stops.every((w) => w === null)
      ? noTargetOfAll(game, ids)
      : ids.length === 1
        ? stops[0]!.replace(new RegExp(`^${labels[0]} `), '')
        : 'cannot attack now (pick this to see why)';
    // The ids that fit the carried value's room, each followed by a comma (the mark of this entry).
    let carried = '';
    for (const id of ids) if (carried.length + id.length + 1 <= CARRIED_TYPED) carried += `${id},`;
    return choice(`${labels.join(', ')}: ${withoutRuleCodes(why)}`, `${NOTHING}:${carried}`);
  });
}

/** The ids a picked cannotAttackEntry carried ("kn,ow,"), asked again as typed: all the player's own, else null. */
function unableIds(game: GameState, user: string, typed: unknown): string[] | null {
  const text = String(typed ?? '').trim();
  if (!text.endsWith(',')) return null;
  const ids = text.split(',').filter(Boolean);
  return ids.length > 0 && ids.every((id) => typedUnit(game, user, id) === id.toLowerCase()) ? ids.map((id) => id.toLowerCase()) : null;
}

/** The player's unit whose id is what was typed, if any. */
function typedUnit(game: GameState, user: string, typed: unknown): string | null {
  const id = String(typed ?? '')
    .trim()
    .toLowerCase();
  if (!id) return null;
  const mine = (u: UnitState | undefined) => u !== undefined && (u.player === user || commanderOf(game, u) === user);
  if (mine(game.units[id])) return id;
  // The start of one of theirs by label or card ("k" for KN): why it is not listed, not that nothing
  // matches (playtest round 16); the first in setup order when several start so.
  const started = Object.values(game.units).find((u) => mine(u) && (u.id.startsWith(id) || cardOf(game, u).name.toLowerCase().startsWith(id)));
  return started?.id ?? null;
}

/** Why this one unit of the player's cannot take `act` now, said of it by its map label. */
function ownUnitWhy(game: GameState, user: string, id: string, act: string | undefined, names: Names): string {
  const label = id.toUpperCase();
  const stop = ownUnitStop(game, user, id, act, names);
  if (stop !== null) return stop;
  if (act === 'trait') {
    // "TG cannot trait now" did not say that Shield is always on, not an act (playtest round 20).
    const trait = liveTraits(game, game.units[id]!).find((t) => t.trait === 'act');
    return trait?.trait === 'act' ? `${label}: ${traitWhy(game, user, game.units[id]!, trait)}` : noActTraitWhy(game, game.units[id]!);
  }
  if (act !== 'attack') return `${label} cannot ${act ?? 'act'} now`;
  // "KN has no enemy in reach; …", or "KN: OW is too close to charge, …" when a charge's reason leads;
  // led by an attack refused for want of acts, whose words name the unit ("PD has 1 act left; …").
  const why = noTargetWhy(game, id);
  const short = attacksShortOfActs(game, id);
  if (short.length > 0) return withShort(short, why);
  return why.startsWith('no enemy') ? `${label} has ${why}` : `${label}: ${why}`;
}

/** What stops this unit of the player's taking `act` before any target is looked at; null when nothing does (it has nothing to act on). */
function ownUnitStop(game: GameState, user: string, id: string, act: string | undefined, names: Names): string | null {
  const u = game.units[id]!;
  const label = id.toUpperCase();
  // What stops every unit of the player's (another player's turn, an open decision) comes before this unit's own reason.
  if (game.over || game.prompt || !game.turn || game.turn.player !== user) return noUnitWhy(game, user, act, names);
  if (u.dropped) return `${label} has dropped`;
  if (!game.turn.unit && u.turnTaken) return `${label} has had its turn this round`;
  const refusal = actRefusal(game, user, id, act) ?? (act === undefined ? attackRefusal(game, id) : null);
  return refusal ? refusalWords(refusal, game, names) : null;
}

export { NOTHING };

/**
 * An empty list of suggestions says why instead (Discord would only show "type a value"): one
 * choice whose name is the reason, with the value NOTHING.
 */
export function orWhy(choices: Choice[], why: () => string): Choice[] {
  return choices.length > 0 ? choices : [nothingToChoose(withoutRuleCodes(why()))];
}

/**
 * The unit an act option's suggestions are for, once it is a unit and `user` may give it acts now (the
 * shared turn check, notYoursWhy); otherwise the one "Nothing to choose" entry that says why.
 */
export function actingUnit(game: GameState, user: string, unit: unknown, names: Names): { readonly unit: UnitState } | { readonly none: Choice[] } {
  const u = game.units[String(unit ?? '').toLowerCase()];
  if (!u) return { none: orWhy([], () => noSuchUnit(unit)) };
  const stop = notYoursWhy(game, user, u.id, names);
  return stop ? { none: orWhy([], () => stop) } : { unit: u };
}

/** Whose turn it is, by name, and which unit is taking it (a suggestion cannot mention anyone). */
function whoseTurn(game: GameState, names: Names): string {
  const turn = game.turn!;
  const active = turn.unit ? game.units[turn.unit] : undefined;
  return `it is ${names(turn.player)}'s turn${active ? ` (${active.id.toUpperCase()} is acting)` : ''}`;
}

/**
 * An engine refusal as a suggestion's reason. The few that name players by id (whose turn it is, who
 * commands a unit) are said by name or without anyone, since a suggestion cannot mention anyone.
 */
function refusalWords(refusal: { code: string; message: string }, game: GameState, names: Names): string;
function refusalWords(refusal: { code: string; message: string } | null, game: GameState, names: Names): string | null;
function refusalWords(refusal: { code: string; message: string } | null, game: GameState, names: Names): string | null {
  if (!refusal) return null;
  if (refusal.code === 'not-your-turn') return game.turn ? whoseTurn(game, names) : "it is not this unit's side's turn";
  // A unit named is said whose by commandedWhy; this is for a unit not named (the engine's words name a player by id).
  if (refusal.code === 'not-your-unit') return 'another player commands this unit this turn';
  if (refusal.code === 'prompt-open') return 'a decision is waiting to be answered first';
  // A reason names units as the map does, so it fits a suggestion's 100 characters; the rule of 3's,
  // the longest, also drops its second sentence and "this turn".
  if (refusal.code === 'rule-of-three') return reasonInMapLabels(game, refusal.message.split('. ')[0]!).replace(' times this turn;', ' times;');
  return reasonInMapLabels(game, refusal.message);
}

/**
 * The engine's refusal of this unit taking `act` now, for the acts whose only option is the unit:
 * moves and attacks by their own queries, rest (a react token) and crow by asking the engine to decide.
 */
function actRefusal(game: GameState, user: string, id: string, act: string | undefined): { code: string; message: string } | null {
  if (act === 'move' || act === 'maneuver') return moveRefusal(game, id, act === 'maneuver');
  if (act === 'attack') return attackRefusal(game, id);
  if (act !== 'crow' && act !== 'rest') return null;
  const decided = decide(game, act === 'crow' ? { act, unit: id } : { act, unit: id, token: 'react' }, user);
  return 'error' in decided ? decided.error : null;
}

/**
 * What stops every act of `user`'s now, before any one unit's or option's reason: the match over, an
 * open decision, another player's turn. Every act's suggestions ask this first, so they agree.
 */
export function notYoursWhy(game: GameState, user: string, id: string, names: Names): string | null {
  if (!game.players.includes(user)) return NOT_PLAYING;
  if (game.over || game.prompt || !game.turn) return noUnitWhy(game, user, undefined, names);
  // §6.2: a Controlled unit's controller acts with it on its owner's turn.
  if (game.turn.player !== user && commanderOf(game, game.units[id]!) !== user) return whoseTurn(game, names);
  // The engine's own check of who may command the unit, as the command itself is checked (acts.ts).
  const refusal = actorRefusal(game, id, user);
  return refusal?.code === 'not-your-unit' ? commandedWhy(game, user, id, names) : null;
}

/**
 * Whose a unit is to command, for a user it is not: "GH is Bob's unit, not yours; pick one of your own
 * units" (or whose turn it is), or under §6.2 "Alice commands GH this turn (it is Controlled): Alice
 * gives its acts". "This unit is not yours to command now" said neither whose it was nor whose turn
 * (playtest round 16).
 */
function commandedWhy(game: GameState, user: string, id: string, names: Names): string {
  const unit = game.units[id]!;
  const by = commanderOf(game, unit);
  const who = id.toUpperCase();
  const whose = by !== unit.player ? `${names(by)} commands ${who} this turn (it is Controlled)` : `${who} is ${names(unit.player)}'s unit, not yours`;
  // The active unit under another's control: nothing else of the user's can act until its turn ends.
  if (game.turn?.unit === id) return `${whose}: ${names(by)} gives its acts`;
  return `${whose}; ${game.turn?.player === user ? 'pick one of your own units' : whoseTurn(game, names)}`;
}

/** Said first to someone watching a match they do not play in, before whose turn it is. */
const NOT_PLAYING = 'you are not playing in this match';

/** Why none of the user's units can take `act` (or act at all) now, in the game's words. */
export function noUnitWhy(game: GameState, user: string, act: string | undefined, names: Names): string {
  if (!game.players.includes(user)) return NOT_PLAYING;
  if (game.over) return 'the match is over';
  if (game.prompt) return 'a decision is waiting to be answered first';
  const turn = game.turn;
  if (!turn) return 'no turn is under way';
  const active = turn.unit ? game.units[turn.unit] : undefined;
  if (turn.player !== user) return whoseTurn(game, names);
  if (active && commanderOf(game, active) !== user) return 'another unit is taking its turn';
  const mine = active ? [active] : Object.values(game.units).filter((u) => u.player === turn.player && !u.turnTaken && !u.dropped);
  if (mine.length === 0) return 'your units have all had their turn this round';
  // Said of them all, not of the first one as if it alone were the problem.
  // "All" only when no unit of theirs is on the map: a tester whose War Hound stood on I10, its turn
  // taken, read "your units are all in reserve" as wrong (playtest, issue 26).
  if (act !== undefined && act !== 'move' && act !== 'maneuver' && act !== 'end' && mine.length > 1 && mine.every((u) => u.at === null)) {
    const fielded = Object.values(game.units).some((u) => u.player === turn.player && !u.dropped && u.at !== null);
    return `your units ${fielded ? 'still to act are' : 'are all'} in reserve: each enters with /move or /maneuver first`;
  }
  if (act === 'attack' && mine.length > 1) return noneAttacksWhy(game, mine, names);
  const first = mine[0]!;
  const refusal = actRefusal(game, user, first.id, act);
  if (refusal) return refusalWords(refusal, game, names);
  if (act === 'trait') {
    const trait = liveTraits(game, first).find((t) => t.trait === 'act');
    return trait?.trait === 'act' ? traitWhy(game, user, first, trait) : noActTraitWhy(game, first);
  }
  // The one unit to act with an attack refused for want of acts (a Dawnburst, 1 act left) says so first, as /attack's lists do.
  const short = act === 'attack' && mine.length === 1 ? attacksShortOfActs(game, first.id) : [];
  if (short.length > 0) return withShort(short, noTargetWhy(game, first.id));
  if (act === 'attack') {
    // The first unit with an enemy in view says how far it is: "no enemy in sight" would be wrong (issue 26).
    const said = mine.flatMap((u) => (u.at === null ? [] : [{ u, why: noTargetWhy(game, u.id) }])).find((w) => w.why !== NO_ENEMY);
    if (!said) return 'no enemy is in sight and reach of your units';
    return `${said.u.id.toUpperCase()}: ${said.why}`;
  }
  return `none of your units can ${act ?? 'act'} now`;
}

/**
 * Why none of several units still to act can attack, said of every one of them: those the attack act
 * itself is refused to first, by the engine's reason (short ones, "WH is in reserve", so a cut spares
 * them), then the others with the nearest enemy any of them sees ("WH is in reserve; KN, OW: no enemy
 * in reach; GH is in sight, 4 squares from KN"). The first unit with an enemy in view was once said
 * alone, and a tester's list named KN and left out WH, which had not acted (issue 26).
 */
function noneAttacksWhy(game: GameState, mine: readonly UnitState[], names: Names): string {
  // A unit in reserve is said in three words; the engine's refusal also says how it enters, which the cut would lose.
  const reserve = mine.filter((u) => u.at === null).map((u) => u.id.toUpperCase());
  const refused = [
    ...(reserve.length > 0 ? [`${reserve.join(', ')} ${reserve.length === 1 ? 'is' : 'are'} in reserve`] : []),
    ...mine.flatMap((u) => {
      const refusal = u.at === null ? null : attackRefusal(game, u.id);
      return refusal ? [refusalWords(refusal, game, names)] : [];
    }),
  ];
  const open = mine.filter((u) => u.at !== null && !attackRefusal(game, u.id)).map((u) => u.id);
  const why = open.length === 0 ? null : noTargetOfAll(game, open, refused.length > 0);
  const openWords = why === null ? [] : [`${open.map((id) => id.toUpperCase()).join(', ')}: ${why === NO_ENEMY ? 'no enemy in sight and reach' : why}`];
  return [...refused, ...openWords].join('; ');
}

/** At most `max` items spread evenly from first to last (the last always kept). */
function spread<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!);
}

/**
 * Squares the unit can move (or maneuver) to, only while `user` may give it that act now (the same
 * turn check as every act's suggestions, notYoursWhy, so out of turn or for a unit not theirs the
 * list says why instead). The typed text narrows them by prefix ("D" gives column D, "D1" D1 and D10–D19), listed
 * in board order with the square typed first. With nothing typed, every one of the cheapest squares is
 * offered, then the rest spread to the farthest, so both a step beside the unit and the far squares a
 * player most often wants are there.
 * A path through damaging terrain says so, with the wounds it deals.
 */
export function squareChoices(
  game: GameState,
  user: string,
  unit: unknown,
  typed: unknown,
  maneuver: boolean,
  names: Names = noNames,
  memo: Memo = noMemo,
): Choice[] {
  const acting = actingUnit(game, user, unit, names);
  if ('none' in acting) return acting.none;
  const id = acting.unit.id;
  const refusal = memo(`move-refusal:${id}:${maneuver}`, () => moveRefusal(game, id, maneuver));
  if (refusal !== null) return orWhy([], () => refusalWords(refusal, game, names));
  const q = String(typed ?? '')
    .trim()
    .toUpperCase();
  // What does not depend on the text typed is worked out once per match and move (the memo): the
  // keystrokes of one command list the same squares, sorted and worded the same way.
  const all = memo(`moves:${id}:${maneuver}`, () => moveOptions(game, id, maneuver));
  const words = memo(`square-words:${id}:${maneuver}`, () => new Map<string, Choice>());
  const over = maneuver ? null : overCardMove(game, acting.unit);
  const named = (o: MoveOption): Choice => {
    let made = words.get(o.square);
    if (!made) words.set(o.square, (made = choice(squareWords(game, o, over), o.square)));
    return made;
  };
  // With something typed the player is spelling a square: it comes first, then the others in board order
  // (D1, D10, D11…), as a list read against what was typed; with nothing typed, from near to far.
  if (q !== '') {
    const matching = memo(`moves-by-name:${id}:${maneuver}`, () => [...all].sort(byName)).filter((o) => o.square.startsWith(q));
    const exact = matching.findIndex((o) => o.square === q);
    const spelled = (exact > 0 ? [matching[exact]!, ...matching.slice(0, exact), ...matching.slice(exact + 1)] : matching).slice(0, 25);
    if (spelled.length > 0) return spelled.map(named);
    return [nothingToChoose(withoutRuleCodes(unreachedWhy(game, id, q, maneuver)), q)];
  }
  const offered = memo(`moves-near:${id}:${maneuver}`, () => {
    const squares = [...all].sort((a, b) => a.cost - b.cost || byName(a, b));
    // Every square of the cheapest cost (the steps next to the unit) is offered, then the rest spread.
    const nearest = squares.filter((o) => o.cost === squares[0]?.cost).slice(0, 12);
    return squares.length > 25 ? [...nearest, ...spread(squares.slice(nearest.length), 25 - nearest.length)] : squares;
  });
  if (offered.length > 0) return offered.map(named);
  return [nothingToChoose(withoutRuleCodes(unreachedWhy(game, id, q, maneuver)), q)];
}

type MoveOption = ReturnType<typeof moveOptions>[number];

/** Squares in board order: D1, D2 … D10 (numbers compared as numbers). */
const squareOrder = new Intl.Collator('en', { numeric: true });
const byName = (a: { square: string }, b: { square: string }): number => squareOrder.compare(a.square, b.square);

/** Why no square offered matches `q`: the engine's reason when `q` names a square, else that none starts so. */
function unreachedWhy(game: GameState, id: string, q: string, maneuver: boolean): string {
  const label = id.toUpperCase();
  const refusal = q === '' ? null : moveToRefusal(game, id, q, maneuver);
  // By its map label, as every list says a unit: "Knight (kn) cannot reach J11" slipped through here (playtest round 16).
  if (refusal && refusal.code !== 'off-map') return reasonInMapLabels(game, refusal.message);
  return `no square ${label} can reach starts with "${q}"`;
}

/** "⚠ OW may reply", "⚠ GH and SK may reply", or '' with nobody: units that may answer a move or an attack. */
function replyWarning(units: readonly string[]): string {
  if (units.length === 0) return '';
  const who = units.map((r) => r.toUpperCase());
  return `⚠ ${who.length === 1 ? who[0]! : `${who.slice(0, -1).join(', ')} and ${who.at(-1)}`} may reply`;
}

/**
 * Why a Basic Move may cost more than the Move on the unit's card (R11): the points left from its last
 * move, and a Move changed since (a tester saw "costs 8" for a Move 7 hound and thought it wrong,
 * issue 26). Null when nothing lets it go further than the card.
 */
function overCardMove(game: GameState, unit: UnitState): { readonly card: number; readonly why: string } | null {
  const card = printedStat(game, unit, 'move');
  const now = profile(game, unit).move;
  const left = game.turn?.unit === unit.id ? game.turn.movePoints : 0;
  if (now === card && left === 0) return null;
  // "Move 5 + 2 left from its last move", "its Move is 6 now", or both: the sum a player can check (issue 26).
  const move = now === card ? `Move ${card}` : `its Move is ${now} now`;
  return { card, why: left > 0 ? `${move} + ${left} left from its last move` : move };
}

/** A square with what getting there costs and risks: damaging terrain's wounds, and who may reply on the way. */
export function squareWords(game: GameState, o: ReturnType<typeof moveOptions>[number], over: ReturnType<typeof overCardMove> = null): string {
  const why = over && o.cost > over.card ? over.why : null;
  const warned = o.repliers.length > 0 || o.wounds > 0;
  const parts = [`${o.square} costs ${o.cost}${why && !warned ? ` (${why})` : ''}`];
  // A warning comes straight after the cost, within the 45 or so characters a phone shows; why the cost
  // is over the card's Move then comes after the warnings (playtest: a warning was cut off on a phone).
  if (o.repliers.length > 0) parts.push(replyWarning(o.repliers));
  // A move stops on each damaging square on the way to take its wounds (R19): the stops are named, so
  // "moved M7 to N9" after choosing M11 is no surprise.
  // A unit immune to the ground's wounds is not warned of them: it takes none (terrainWounds).
  if (o.wounds > 0 && o.stops.length > 0) parts.push(`⚠ ${damagingWounds(game, o.wounds)}, stops on ${o.stops.join(', ')} first`);
  else if (o.wounds > 0) parts.push(`⚠ ${damagingWounds(game, o.wounds)} (${o.damaging} damaging square${o.damaging === 1 ? '' : 's'})`);
  if (why && warned) parts.push(`cost is ${why}`);
  return parts.join(' · ');
}

/** Damaging terrain's wounds on a path, as moves and charges warn of them: "10 cold wounds" (`wounds`: terrainWounds, after immunity and toughness). */
export function damagingWounds(game: GameState, wounds: number): string {
  return `${wounds} ${boardOf(game).damage} wound${wounds === 1 ? '' : 's'}`;
}

export function attackChoices(game: GameState, user: string, unit: unknown, typed: unknown, names: Names = noNames, memo: Memo = noMemo): Choice[] {
  const acting = actingUnit(game, user, unit, names);
  if ('none' in acting) return acting.none;
  const u = acting.unit;
  const legal = unitActs(game, user, unit, 'attack', memo) as Extract<ActCommand, { act: 'attack' }>[];
  const ids = new Set(legal.map((c) => c.attack));
  // An attack refused for want of acts is listed last with the engine's reason, its value a "Nothing
  // to choose" that carries it, so a pick is refused with that reason (shortChoices).
  const short = attacksShortOfActs(game, u.id);
  const named = shortNamed(game, u.id, short, typed, CARRIED_TYPED);
  if (named) return [nothingToChoose(withoutRuleCodes(named.words), String(typed))];
  const rows = [...ids].map((a) => choice(attackRowName(game, u, a, legal), a));
  return orWhy(suggest(rows.length > 0 ? [...rows, ...shortChoices(short)] : [], typed), () =>
    ids.size > 0
      ? `no attack of this unit matches "${String(typed)}"`
      : (refusalWords(attackRefusal(game, u.id), game, names) ?? withShort(short, noTargetWhy(game, u.id))),
  );
}

/** Attacks refused for want of acts, as rows that say so: each value a "Nothing to choose" carrying the attack, so a pick is asked again with it. */
function shortChoices(short: readonly ShortOfActs[]): Choice[] {
  return short.map((s) => choice(withoutRuleCodes(s.words), `${NOTHING}:${s.attack.slice(0, CARRIED_TYPED)}`));
}

/** Why nothing can be attacked, led by the attacks refused for want of acts: the one a player looks for first (a Dawnburst that would reach). */
function withShort(short: readonly ShortOfActs[], why: string): string {
  return [...short.map((s) => s.words), why].join('; ');
}

/**
 * An attack as /attack's attack list names it, with what it can strike now, best chance first:
 * "Longsword · GH 85% hit, 10 wounds · charge CI 60% hit". A bare "Longsword" left a tester choosing
 * an attack before seeing any odds (playtest round 16); the target list then says the rest.
 */
function attackRowName(game: GameState, unit: UnitState, attackId: string, legal: readonly Extract<ActCommand, { act: 'attack' }>[]): string {
  const name = findAttack(game, unit, attackId)?.name ?? attackId;
  const mine = legal.filter((c) => c.attack === attackId);
  const centres = mine.filter((c) => c.origin !== undefined).length;
  if (centres > 0) return fitName(name, [`a burst: ${centres} square${centres === 1 ? '' : 's'} to centre it on`]);
  const rows = mine.flatMap((c) => {
    if (c.target === undefined) return [];
    const odds = oddsHead(game, unit.id, attackId, c.target, c.charge ? { charge: true } : {});
    const chance = odds?.chance ?? -1;
    const label = `${c.charge ? 'charge ' : ''}${c.target.toUpperCase()}`;
    return [{ chance, text: odds ? `${label} ${odds.odds[0]}` : label, wounds: odds?.wounds?.split(', ')[0] ?? '' }];
  });
  rows.sort((a, b) => b.chance - a.chance);
  return fitName(
    name,
    rows.map((r, i) => (i === 0 && r.wounds ? `${r.text}, ${r.wounds}` : r.text)),
  );
}

export function targetChoices(
  game: GameState,
  user: string,
  unit: unknown,
  attack: unknown,
  typed: unknown,
  names: Names = noNames,
  memo: Memo = noMemo,
  charge: unknown = undefined,
): Choice[] {
  const acting = actingUnit(game, user, unit, names);
  if ('none' in acting) return acting.none;
  const id = acting.unit.id;
  // Typed on one line, the attack may be its name in any case ("Longsword", "bone bow"): read as the command reads it.
  attack = attackIdTyped(game, id, attack);
  const legal = unitActs(game, user, id, 'attack', memo).filter((c) => attack === undefined || (c as { attack: string }).attack === attack);
  const burst = attack === undefined ? undefined : findAttack(game, acting.unit, String(attack));
  if (burst?.burst !== undefined) return burstTargetChoices(game, id, burst, legal, typed, names);
  // The targets and their words do not depend on the text typed: worked out once per match and move.
  const listed = memo(`targets:${user}:${id}:${String(attack)}`, () => targetList(game, id, attack, legal));
  const onSquare = strikableOnSquare(game, legal, typed);
  // R24: a square typed with no attack given, where no unit is struck, may be a burst's centre (playtest
  // round 22: "an attack strikes a unit, not a square" for a Dawnburst aimed at an empty square).
  const square = String(typed ?? '').trim();
  const isSquare = parseSquare(square) !== null && !game.units[square.toLowerCase()];
  const centred = attack === undefined && onSquare === null && isSquare ? burstRows(game, id, legal, square) : [];
  if (centred.length > 0) return centred;
  // With no attack given, one refused for want of acts (a Dawnburst with 1 act left) is said, not left out.
  const short = attack === undefined ? attacksShortOfActs(game, id) : [];
  const named = shortNamed(game, id, short, typed, CARRIED_TYPED);
  if (named) return [nothingToChoose(withoutRuleCodes(named.words), String(typed))];
  const found = unitTargetChoices(game, id, attack, listed, onSquare ?? typed, names, short);
  // `charge` set and nothing to pick: the charge's own refusal, the one the command would give (issue 26).
  const why = String(charge).toLowerCase() === 'true' && found.length === 1 && isNothing(found[0]!.value) ? chargeWhy(game, id, attack) : null;
  return why ? [nothingToChoose(withoutRuleCodes(`it cannot charge: ${refusalWords(why, game, names)}`), String(typed ?? ''))] : found;
}

/**
 * Why `id` can charge no enemy with `attack` (any attack a charge can end in when none is given):
 * chargePlan's refusal, as /attack with `charge` hears it; the nearest enemy's (by board order) when
 * the reason is that enemy's own. Null when some charge is open.
 */
function chargeWhy(game: GameState, id: string, attack: unknown): { code: string; message: string } | null {
  const unit = unitOf(game, id);
  const side = commanderOf(game, unit);
  const attacks = attack === undefined ? profile(game, unit).attacks.map((a) => a.id) : [String(attack)];
  let first: { code: string; message: string } | null = null;
  for (const e of Object.values(game.units)) {
    if (!onMap(e) || e.player === side) continue;
    for (const a of attacks) {
      const plan = chargePlan(game, id, a, e.id);
      if ('path' in plan) return null;
      // An attack no charge can end in says less than why this one cannot (no Vigor, Pinned, the path).
      if (!first || (first.code === 'cannot-charge-with' && plan.code !== 'cannot-charge-with')) first = plan;
    }
  }
  return first;
}

type Seen = ReturnType<typeof visibleTargets>[number];

/**
 * Each enemy in sight and reach with every attack that reaches it (`attack` alone when given), best
 * first: the one expected to wound it most, then the likeliest to hit. A tester's target list judged by
 * the best chance alone offered a guard's Shield Bash, which wounds nothing, over its Mace (issue 26).
 */
function seenAll(game: GameState, id: string, attack: unknown): Map<string, Seen[]> {
  const all = new Map<string, { readonly view: Seen; readonly wounds: number }[]>();
  for (const t of visibleTargets(game, id)) {
    if (attack !== undefined && t.attack !== attack) continue;
    const odds = attack === undefined ? attackOdds(game, id, t.attack, t.unit) : null;
    const wounds = odds && 'expectedWounds' in odds ? odds.expectedWounds : 0;
    all.set(t.unit, [...(all.get(t.unit) ?? []), { view: t, wounds }]);
  }
  const order = (a: { view: Seen; wounds: number }, b: { view: Seen; wounds: number }) => b.wounds - a.wounds || b.view.chance - a.view.chance;
  return new Map([...all].map(([u, views]) => [u, [...views].sort(order).map((v) => v.view)]));
}

/** Each enemy in sight and reach with the attack it is judged by: seenAll's first. */
function bestSeen(game: GameState, id: string, attack: unknown): Map<string, Seen> {
  return new Map([...seenAll(game, id, attack)].map(([u, views]) => [u, views[0]!]));
}

/** The targets an attack that strikes a unit may be given (`legal` its commands), each with its words. */
function targetList(
  game: GameState,
  id: string,
  attack: unknown,
  legal: readonly ActCommand[],
): { readonly targets: number; readonly choices: Choice[]; readonly note: Choice | null } {
  const attacker = unitOf(game, id);
  const targets = new Set(legal.flatMap((c) => ((c as { target?: string }).target ? [(c as { target: string }).target] : [])));
  // Every attack that can strike the target now (a legal command), best first: with no attack given, each
  // is its own suggestion, so a unit with two that reach is asked which; offering the best alone let Enter
  // send a Goading Roar the player never chose over the Great Cleaver never shown (issue 26).
  const strikes = new Map(
    [...seenAll(game, id, attack)].map(([t, views]) => [
      t,
      views.filter((v) =>
        legal.some((c) => (c as { target?: string }).target === t && (c as { attack: string }).attack === v.attack && !('charge' in c && c.charge)),
      ),
    ]),
  );
  const seen = new Map([...strikes].flatMap(([t, views]) => (views.length > 0 ? [[t, views[0]!] as const] : [])));
  const charges = new Map(chargeOptions(game, id).map((c) => [c.target, c]));
  // Who may strike back depends on where the attacker stands, not on the target: worked out once.
  const replies = repliersTo(game, attacker).map((u) => u.id);
  // A target only a charge reaches carries the charge in its value: picking it charges. With no attack
  // given, it carries the attack its odds are for, so sending without `attack` makes that one (issue 26).
  const choices = [...targets].flatMap((t) => {
    const via = attack === undefined ? (seen.get(t)?.attack ?? charges.get(t)?.attack) : undefined;
    const value = targetValue(t, { charge: !seen.has(t), ...(via !== undefined ? { attack: via } : {}) });
    const first = choice(targetWords(game, id, attack, t, seen.get(t), charges.get(t), replies), value);
    const others = attack === undefined ? (strikes.get(t) ?? []).slice(1) : [];
    const more = others.map((v) => choice(targetWords(game, id, attack, t, v, undefined, replies), targetValue(t, { attack: v.attack })));
    // R23: with no attack given, a target in reach of one attack (a bow) that another could charge (an
    // axe) is offered as that charge too, after it: a tester never learnt the charge was there (playtest).
    const charge = charges.get(t);
    const otherCharges = attack === undefined ? chargesWithOtherAttacks(game, id, t, legal, charge?.attack, strikes.get(t) ?? [], replies) : [];
    if (attack !== undefined || !seen.has(t) || !charge || (strikes.get(t) ?? []).some((v) => v.attack === charge.attack))
      return [first, ...more, ...otherCharges];
    const charged = targetWords(game, id, attack, t, undefined, charge, replies);
    return [first, ...more, choice(charged, targetValue(t, { charge: true, attack: charge.attack })), ...otherCharges];
  });
  // An enemy in sight that neither an attack nor a charge reaches, said last with what to do instead: a
  // new player saw the enemy on the map, missing from the list, and never learnt why (playtest). Its
  // value carries the enemy, so a pick is refused with that enemy's reason (typedTargetWhy).
  const unreached = targets.size > 0 ? unreachedNote(game, id, attack === undefined ? undefined : String(attack)) : null;
  const note = unreached && !targets.has(unreached.target) ? choice(unreached.words, `${NOTHING}:${unreached.target.slice(0, CARRIED_TYPED)}`) : null;
  const bursts = attack === undefined ? burstRows(game, id, legal) : [];
  return { targets: targets.size + bursts.length, choices: [...choices, ...bursts], note };
}

/**
 * R23: with no attack given, a charge at `target` with each attack other than the one chargeOptions
 * names (the first that can), and than those that strike it without charging: a tester whose Guard
 * could charge with its Shield Bash saw only the Mace's charge (playtest round 19). Each is judged and
 * valued as the first charge is, with its own path.
 */
function chargesWithOtherAttacks(
  game: GameState,
  id: string,
  target: string,
  legal: readonly ActCommand[],
  listed: string | undefined,
  striking: readonly { attack: string }[],
  replies: readonly string[],
): Choice[] {
  const attacks = new Set<string>();
  for (const c of legal) {
    if (c.act !== 'attack' || c.target !== target || !c.charge || c.attack === listed) continue;
    if (!striking.some((v) => v.attack === c.attack)) attacks.add(c.attack);
  }
  return [...attacks].flatMap((a) => {
    const plan = chargePlan(game, id, a, target);
    if (!('path' in plan)) return [];
    const words = targetWords(game, id, undefined, target, undefined, { attack: a, path: plan.path }, replies);
    return [choice(words, targetValue(target, { charge: true, attack: a }))];
  });
}

/**
 * R24: with no attack given, a burst the unit can throw now is offered too, centred on each enemy
 * legalActs offers, after the attacks on units: "Dawnburst on I7 (GH) · hits GH 95%, 5 wounds · ⚠ your FS 65%, 5 wounds".
 * Two testers never saw the Priest's Dawnburst in the list until they named the attack (playtest
 * round 20). The value carries the attack and the enemy (or the square when it is not the enemy's
 * own), so picking it throws that burst there. With `typed` a square, that square judged as a centre.
 */
function burstRows(game: GameState, id: string, legal: readonly ActCommand[], typed: unknown = ''): Choice[] {
  const unit = unitOf(game, id);
  const board = boardOf(game);
  const replies = replyWarning(repliersTo(game, unit).map((u) => u.id));
  const byAttack = new Map<string, string[]>();
  for (const c of legal) if (c.act === 'attack' && c.origin !== undefined) byAttack.set(c.attack, [...(byAttack.get(c.attack) ?? []), c.origin]);
  return [...byAttack].flatMap(([attackId, origins]) => {
    const burst = findAttack(game, unit, attackId);
    // A square typed is judged as a centre; with nothing typed, the enemies' squares legalActs offers.
    const typedSquare = String(typed ?? '').trim() !== '';
    const found = burst ? burstCentreChoices(game, id, burst, typedSquare ? [] : origins, typed, replies, `${burst.name} on `) : null;
    if (!burst || !found || !('choices' in found)) return [];
    return found.choices.map((c) => {
      const on = Object.values(game.units).find((u) => u.at !== null && nameOf(board, u.at) === c.value);
      return choice(c.name, targetValue(on?.id ?? String(c.value), { attack: attackId }));
    });
  });
}

/** The targets of an attack that strikes a unit (`typed` an enemy's square already read as that enemy): each in sight and reach, or by a charge. */
function unitTargetChoices(
  game: GameState,
  id: string,
  attack: unknown,
  listed: { readonly targets: number; readonly choices: readonly Choice[]; readonly note: Choice | null },
  typed: unknown,
  names: Names,
  short: readonly ShortOfActs[] = [],
): Choice[] {
  const attacker = unitOf(game, id);
  const found = suggest(
    listed.choices,
    typed,
    // Found by its label and card name, never by the other units its words warn of.
    (c) => `${c.value} ${game.cards[game.units[String(c.value).split(' ')[0]!]?.card ?? '']?.name ?? ''}`,
  );
  // The enemy none reaches and the attacks short of acts go last, only while nothing is typed (they are no target to find).
  const blank = String(typed ?? '').trim() === '';
  const notes = blank ? [...(listed.note ? [listed.note] : []), ...shortChoices(short)] : [];
  if (found.length > 0) return notes.length > 0 ? [...found.slice(0, DiscordLimit.choices - notes.length), ...notes] : found;
  // Typed a unit that is not offered: the engine's reason for that unit, not a seeming typo.
  const why = typedTargetWhy(game, id, attack, typed, names) ?? squareNotUnitWhy(game, attacker, attack, typed);
  if (why) return [nothingToChoose(withoutRuleCodes(why), String(typed))];
  return orWhy([], () =>
    listed.targets > 0
      ? `no target matches "${String(typed)}"`
      : (refusalWords(attackRefusal(game, id, attack === undefined ? undefined : String(attack)), game, names) ??
        withShort(short, noTargetWhy(game, id, attack === undefined ? undefined : String(attack)))),
  );
}

/**
 * A burst's `target` suggestions (R24): the squares it can be centred on (burst-suggestions.ts); when
 * none fits, the engine's reason for the square typed, or for the attack itself.
 */
function burstTargetChoices(
  game: GameState,
  id: string,
  attack: Attack,
  legal: readonly ActCommand[],
  typed: unknown,
  names: Names,
  anyTurn = false,
): Choice[] {
  const offered = legal.flatMap((c) => ('origin' in c && c.origin !== undefined ? [c.origin] : []));
  // legalActs offers the enemies' own squares; a square beside one out of reach or sight may catch it
  // too (issue 26): every centre that catches an enemy, when the act itself is open (or, for a
  // preview, `anyTurn`, whoever's turn it is).
  const open = anyTurn || offered.length > 0 || attackRefusal(game, id, attack.id) === null;
  const origins = open ? [...new Set([...offered, ...centresNearEnemies(game, id, attack)])] : [];
  const replies = replyWarning(repliersTo(game, unitOf(game, id)).map((u) => u.id));
  const found = burstCentreChoices(game, id, attack, origins, typed, replies);
  if (found && 'choices' in found) return found.choices;
  if (found)
    return [
      nothingToChoose(withoutRuleCodes(`${attack.name} cannot be centred on ${found.square}: ${refusalWords(found.refused, game, names)}`), found.square),
    ];
  return orWhy([], () =>
    origins.length > 0
      ? `no square or unit ${attack.name} can be centred on matches "${String(typed)}"`
      : (refusalWords(attackRefusal(game, id, attack.id), game, names) ?? `no enemy is in reach of ${attack.name}`),
  );
}

/** A square typed as the target of an attack that strikes a unit: only a burst is aimed at a square (R24). */
function squareNotUnitWhy(game: GameState, unit: UnitState, attack: unknown, typed: unknown): string | null {
  const text = String(typed ?? '').trim();
  if (game.units[text.toLowerCase()] || !parseSquare(text)) return null;
  const name = attack === undefined ? 'an attack' : (findAttack(game, unit, String(attack))?.name ?? String(attack));
  return `${name} strikes a unit, not a square: pick the unit to attack`;
}

/** Why the unit typed as the target cannot be attacked by `id` now, in the engine's words with map labels; null when nothing typed names a unit. */
function typedTargetWhy(game: GameState, id: string, attack: unknown, typed: unknown, names: Names): string | null {
  const target = String(typed ?? '')
    .trim()
    .toLowerCase();
  if (!game.units[target] || target === id) return null;
  const named = attack === undefined ? undefined : String(attack);
  const refusal = attackTargetRefusal(game, id, target, named);
  // Out of reach, and no charge reaches it either: why, and what to do instead (playtest).
  return refusal && (outOfReachWords(game, id, target, named) ?? refusalWords(refusal, game, names));
}

/**
 * A target as the suggestion names it, what decides the pick first since a name is cut (at 100 by
 * Discord, and a phone at 400 px shows about the first 45): the label, who may strike back ("⚠ may
 * reply" when only the target may), the chance to hit, the wounds a hit deals ("can't wound" or "only
 * crits wound" with them); then the rest: the chance of a critical with its wounds, what changes the
 * chance to hit (cover, an unseen target's penalty), the target's immunity or vulnerability, the range,
 * and the unit's card name last: "GH ⚠ may reply · 45% hit, 10 wounds · 5% crit, 20 on a crit · cover,
 * brush/smoke −4 · range 1 · Ghoul" (issue 26: the wounds and the warning were lost past a phone's cut
 * behind the critical chance and cover; a playtest lost the warning behind a charge's odds). A target
 * only a charge reaches is named "charge GH · KN pays 5 Vigor · …" (the warning before the price) and
 * judged from the end of the charge (with its +5 wounds), then the two squares it steps through (the
 * path the command will take) with the damaging ground's wounds on them. With no attack given (a unit
 * with several), the attack the odds are for goes before them: "GH with Longbow 45% hit, …".
 */
function targetWords(
  game: GameState,
  unitId: string,
  attack: unknown,
  target: string,
  seen: { attack: string; range: number; cover: boolean } | undefined,
  charge: { attack: string; path: readonly string[] } | undefined,
  repliers: readonly string[],
): string {
  // Issue 26: with no attack given (a unit with several), the one the odds are for, by the label.
  const named = (via: string | undefined) =>
    attack === undefined && via !== undefined ? ` with ${findAttack(game, unitOf(game, unitId), via)?.name ?? via}` : '';
  const label = target.toUpperCase();
  const card = game.cards[game.units[target]!.card]!.name;
  const warn = (ids: readonly string[]) => (ids.length === 1 && ids[0] === target ? '⚠ may reply' : replyWarning(ids));
  if (seen) {
    const via = attack === undefined ? seen.attack : String(attack);
    const odds = oddsHead(game, unitId, via, target);
    const parts = targetParts(odds, seen.cover);
    return fitName(frontWords(label, warn(repliers), named(via), odds, parts.hit), [
      spendWords(game, unitId, via),
      parts.crit,
      parts.modifiers,
      parts.defences,
      (odds ? odds.statuses : statusWords(game, unitId, via, target, null, true)) ?? '',
      `range ${seen.range}`,
      card,
    ]);
  }
  const via = attack === undefined ? charge?.attack : String(attack);
  const odds = via ? oddsHead(game, unitId, via, target, { charge: true }) : null;
  const damaging = charge ? chargeGroundWounds(game, unitId, charge.path) : 0;
  const payer = unitId.toUpperCase();
  // R19, R23: damaging ground on the way is a certain cost, so it is warned of first, where a phone's
  // first 45 characters show it: "charge GH ⚠ 5 cold wounds to KN · 95% hit …" (playtest round 19: the
  // warning after the squares was cut). Then who may strike back: the steps draw no replies, but the
  // charge's attack may be replied to from where it ends.
  const ground = damaging > 0 ? `⚠ ${damagingWounds(game, damaging)} to ${payer}` : '';
  const chargeReplies = [ground, charge ? warn(chargeRepliers(game, unitId, charge.path).map((u) => u.id)) : ''].filter(Boolean).join(' ');
  const parts = targetParts(odds, false);
  // R23: the charge's price goes straight after its odds (chargeFront), in chargePrice's one wording.
  const price = chargePrice(unitId);
  // "2 steps by": what a charge is, two steps closer (R23), said where its squares are (issue 26); its
  // words give way before the squares do when the warnings and the payer leave no room for them, and
  // then the front's own spare words ("with" before the attack): a tester's charge lost its squares to
  // the cut at 100 (playtest).
  const squares = charge ? charge.path.join(' → ') : '';
  const fronts = [
    chargeFront(label, chargeReplies, named(via), odds, parts.hit, price),
    chargeFront(label, chargeReplies, named(via).replace(/^ with /, ' '), odds, parts.hit, price),
    // Last, the attack's name goes (the value carries it, and the target list after a pick names it).
    chargeFront(label, chargeReplies, '', odds, parts.hit, price),
  ];
  const fits = (front: string) => [`2 steps by ${squares}`, `2 steps ${squares}`, `by ${squares}`, squares].find((w) => `${front} · ${w}`.length <= 100);
  const front = fronts.find((f) => fits(f) !== undefined) ?? fronts[0]!;
  const steps = fits(front);
  return fitName(front, [
    charge ? (steps ?? '') : '',
    parts.crit,
    // R23: the wounds said include the charge's +5, not +5 on top of them (issue 26).
    odds?.chargeShare ?? '',
    parts.modifiers,
    parts.defences,
    (via && (odds ? odds.statuses : statusWords(game, unitId, via, target, null, true))) || '',
    card,
  ]);
}

/**
 * What an attack spends beyond its act ("costs 1 react"), first after a target's odds: a tester picked
 * Goading Roar unaware it took the react token a reply then lacked (playtest round 19). '' for none.
 */
function spendWords(game: GameState, unitId: string, attackId: string): string {
  const attack = findAttack(game, unitOf(game, unitId), attackId);
  const said = attack?.cost ? costText(attack.cost) : '';
  // §4.5: a slow attack lets a reply resolve before it; the card's bare "Slow" was never explained
  // where a tester chose the crossbow (playtest round 20).
  return [said ? `costs ${said}` : '', attack?.slow ? 'slow: a reply strikes first' : ''].filter(Boolean).join(', ');
}

/** The chance to hit and a hit's wounds, as a target's front says them: "45% hit, 10 wounds". */
const chanceWords = (odds: ReturnType<typeof oddsHead>, hit: string): string => (odds ? [odds.odds[0]!, ...(hit ? [hit] : [])].join(', ') : 'odds unknown');

/**
 * The front of a target's name, all kept by fitName: the label, who may strike back straight after it
 * (a phone at 400 px shows about the first 45 characters, and a tester's warning was cut off behind a
 * charge's odds), then the attack the odds are for with the chance to hit and a hit's wounds: "GH ⚠ OW
 * may reply · 45% hit, 10 wounds", "GH with Mace 45% hit, 10 wounds" with nobody to reply. A charge's
 * front is chargeFront's.
 */
function frontWords(label: string, warning: string, named: string, odds: ReturnType<typeof oddsHead>, hit: string): string {
  const chance = chanceWords(odds, hit);
  const head = [label, warning].filter(Boolean).join(' ');
  return [head, `${named.trim()} ${chance}`.trim()].join(warning ? ' · ' : ' ');
}

/**
 * The front of a charge target's name, in the order of any target's: the label and who may strike back,
 * the chance to hit and a hit's wounds, then the price and the attack: "charge GH ⚠ may reply · 95% hit,
 * 15 wounds · KN pays 5 Vigor · with Longsword". A phone shows about the first 45 characters: two
 * testers saw a charge's price and warning there but not its odds (playtest round 17); the price, next,
 * is the first thing a phone cuts.
 */
function chargeFront(label: string, warning: string, named: string, odds: ReturnType<typeof oddsHead>, hit: string, price: string): string {
  const chance = chanceWords(odds, hit);
  return [[`charge ${label}`, warning].filter(Boolean).join(' '), chance, price, named.trim()].filter(Boolean).join(' · ');
}

/**
 * A target's odds in the parts its name orders: `hit` what a hit deals, after "can't wound" or "only
 * crits wound" ("only crits wound, 0 wounds"); `crit` the chance of a critical and its wounds ("5%
 * crit, 20 on a crit"); `modifiers` what is in the chance to hit (cover, an unseen target's penalty);
 * `defences` the target's immunity or vulnerability when said on their own (oddsHead's woundNotes).
 */
function targetParts(odds: ReturnType<typeof oddsHead>, cover: boolean): { hit: string; crit: string; modifiers: string; defences: string } {
  if (!odds) return { hit: '', crit: '', modifiers: '', defences: '' };
  const blocks: string[] = odds.woundNotes.filter((n) => n === "can't wound" || n === 'only crits wound');
  return {
    ...hitWords(odds),
    modifiers: [...(cover && !odds.hitNotes.some((n) => n.startsWith('cover')) ? ['cover'] : []), ...odds.hitNotes].join(', '),
    defences: odds.woundNotes.filter((n) => !blocks.includes(n)).join(', '),
  };
}

/**
 * The tokens /rest may regain for this unit now: those legalActs holds (a token it has room for), so
 * the list never offers what sending would refuse; none, with the engine's reason.
 */
export function tokenChoices(game: GameState, user: string, unit: unknown, typed: unknown, names: Names = noNames, memo: Memo = noMemo): Choice[] {
  const acting = actingUnit(game, user, unit, names);
  if ('none' in acting) return acting.none;
  const u = acting.unit;
  const tokens = [...new Set(unitActs(game, user, u.id, 'rest', memo).map((c) => (c as { token: string }).token))];
  return orWhy(
    suggest(
      tokens.map((t) => choice(tokenWords(game, u, t), t)),
      typed,
    ),
    () => (tokens.length > 0 ? `no token it can regain matches "${String(typed)}"` : (restWhy(game, user, u, names) ?? 'it cannot rest now')),
  );
}

/**
 * A token /rest may regain, with what it takes when that is more than the one act (R31: a rest trait's
 * price): "blue token · takes 2 acts (Vespers)". A tester counted on an act that resting for blue had
 * taken (playtest round 21).
 */
function tokenWords(game: GameState, unit: UnitState, token: string): string {
  const trait = token === 'react' ? undefined : liveTraits(game, unit).find((t) => t.trait === 'rest' && t.token === token);
  return trait?.trait === 'rest' && trait.acts > 1 ? `${token} token · takes ${trait.acts} acts (${trait.name})` : `${token} token`;
}

/**
 * Why the unit can regain no token: the refusal for a token it lacks, before the react token's: a
 * tester who had spent the Priest's blue token read "PD already has all its react tokens (1)", then
 * sent a rest for blue and was told it needed 2 acts (playtest round 20).
 */
function restWhy(game: GameState, user: string, unit: UnitState, names: Names): string | null {
  const max = profile(game, unit).tokensMax;
  for (const token of TOKENS) {
    if (token === 'react' || unit.tokens[token] >= max[token]) continue;
    const decided = decide(game, { act: 'rest', unit: unit.id, token }, user);
    if ('error' in decided && decided.error.code !== 'cannot-rest-for-token') return refusalWords(decided.error, game, names);
  }
  return refusalWords(actRefusal(game, user, unit.id, 'rest'), game, names);
}

/**
 * Why a later option has nothing to offer when the unit named is not one: a unit is picked from the unit
 * option's list, where a typed "k" is not yet KN (playtest round 16).
 */
function noSuchUnit(unit: unknown): string {
  const id = String(unit ?? '').trim();
  return id && !isNothing(id) ? `no unit is called "${id}": pick one from the unit option's list first` : 'pick a unit first';
}

/** For /skirmish view: any unit's attacks and the enemies it sees, whoever's turn it is. */
export function viewAttackChoices(game: GameState, unit: unknown, typed: unknown): Choice[] {
  const u = game.units[String(unit ?? '').toLowerCase()];
  return u
    ? suggest(
        profile(game, u).attacks.map((a) => choice(a.name, a.id)),
        typed,
      )
    : [];
}

/** The unit's only attack (of its profile now, a disabled one left out), or undefined when it has none or several. */
export function soleAttack(game: GameState, unit: UnitState): string | undefined {
  const all = profile(game, unit).attacks;
  return all.length === 1 ? all[0]!.id : undefined;
}

/**
 * The id of an `attack` option as typed (its id or printed name, any case; typedAttack, as the command
 * reads it), or what was typed when it names no attack of the unit, so the list can say why.
 */
export function attackIdTyped(game: GameState, unitId: string, attack: unknown): unknown {
  const u = game.units[unitId];
  if (!u) return attack;
  // /attack may leave `attack` out for a unit with one attack: that one (soleAttack), as the command reads it.
  if (attack === undefined || attack === null || attack === '') return soleAttack(game, u) ?? attack;
  return typedAttack(game, u, String(attack))?.id ?? attack;
}

export function viewTargetChoices(game: GameState, unit: unknown, attack: unknown, typed: unknown, names: Names = (p) => p): Choice[] {
  const id = String(unit ?? '').toLowerCase();
  if (!game.units[id]) return [];
  attack = attackIdTyped(game, id, attack);
  // A burst is previewed at a square (R24): the centres /attack suggests, judged whoever's turn it is.
  const burst = attack === undefined ? undefined : findAttack(game, unitOf(game, id), String(attack));
  if (burst?.burst !== undefined) return burstTargetChoices(game, id, burst, [], typed, names, true);
  const best = bestSeen(game, id, attack);
  const named = (via: string) => (attack === undefined ? ` with ${findAttack(game, unitOf(game, id), via)?.name ?? via}` : '');
  const seen = [...best].map(([t, b]) => {
    const odds = oddsHead(game, id, b.attack, t);
    const head = odds?.head ?? [`${Math.round(b.chance * 100)}% hit`];
    // As /attack's targets (targetList): with no attack given, the name says the attack its odds are
    // for and the value carries it, so the preview shows that one (a tester's pick was refused as "has 2 attacks", issue 26).
    const via = attack === undefined ? { attack: b.attack } : {};
    const name = fitName(
      `${t.toUpperCase()}${named(b.attack)} ${head.join(', ')}`,
      [odds?.wounds ?? '', game.cards[game.units[t]!.card]!.name].filter(Boolean),
    );
    return choice(name, targetValue(t, via));
  });
  // R23: the charges /attack offers are previewed too, from the end of the charge: a tester offered a
  // charge by /attack was told here that no enemy was in sight and reach (playtest round 17).
  const charges = chargeOptions(game, id).filter((c) => !best.has(c.target) && (attack === undefined || c.attack === String(attack)));
  const charged = [...new Map(charges.map((c) => [c.target, c])).values()].map((c) => {
    const odds = oddsHead(game, id, c.attack, c.target, { charge: true });
    const head = odds?.head ?? ['odds unknown'];
    const name = fitName(
      `charge ${c.target.toUpperCase()}${named(c.attack)} ${head.join(', ')}`,
      [odds?.wounds ?? '', game.cards[game.units[c.target]!.card]!.name].filter(Boolean),
    );
    return choice(name, targetValue(c.target, { charge: true, ...(attack === undefined ? { attack: c.attack } : {}) }));
  });
  const listed = [...seen, ...charged];
  return orWhy(suggest(listed, typed), () =>
    listed.length > 0 ? `no target matches "${String(typed)}"` : noTargetWhy(game, id, attack === undefined ? undefined : String(attack)),
  );
}
