/**
 * Suggestions for a burst's `target` (R24, §4.5): the squares it can be centred on (legalActs offers
 * one on each enemy's square; a square or unit typed is judged too), each with what centring it there
 * does: whom it catches and the chance to hit each, the attacker's own side warned of, who may reply.
 * The value is always the square, so what is picked is what the engine is given.
 */
import { nameOf, squareIndex } from '../../../engine';
import { parseSquare } from '../../../formats/squares';
import type { Attack } from '../formats/card';
import { boardOf, burstArea, burstOutlook, commanderOf, type GameState, onMap, squaresOf, unitOf } from '../engine';
import { type Choice, choice, suggest } from '../../../discord/choices';
import { DiscordLimit } from '../../../discord/limits';
import { caughtShort, fitName, percent } from './odds-words';

/** The unit whose space holds `square`, if any (its id). */
function standingOn(game: GameState, square: string): string | undefined {
  const at = squareIndex(boardOf(game), square);
  return Object.values(game.units).find((u) => u.at !== null && at !== null && squaresOf(game, u).includes(at))?.id;
}

/** The square a typed unit label stands on, or the typed square's name; null when it names neither. */
export function typedCentre(game: GameState, typed: string): string | null {
  const unit = game.units[typed.trim().toLowerCase()];
  if (unit) return unit.at === null ? null : nameOf(boardOf(game), unit.at);
  const c = parseSquare(typed);
  if (!c) return null;
  const name = typed.trim().toUpperCase();
  return squareIndex(boardOf(game), name) === null ? null : name;
}

/**
 * Every square whose burst would catch an enemy of `unitId` (R24, issue 26: an enemy out of reach or
 * sight may still be caught from a square beside it): the squares of the engine's burstArea around each
 * enemy's squares (distance is the same both ways), to be judged by burstOutlook as the command is.
 */
export function centresNearEnemies(game: GameState, unitId: string, attack: Attack): string[] {
  const side = commanderOf(game, unitOf(game, unitId));
  const board = boardOf(game);
  const squares = Object.values(game.units)
    .filter((u) => onMap(u) && u.player !== side)
    .flatMap((u) => squaresOf(game, u).flatMap((sq) => [...burstArea(game, attack, sq).keys()]));
  return [...new Set(squares)].sort((a, b) => a - b).map((sq) => nameOf(board, sq));
}

type Caught = Extract<ReturnType<typeof burstOutlook>, readonly unknown[]>[number];

/**
 * What centring the burst on `square` does, in a suggestion's name after `lead` (the attack's name,
 * when the list holds other attacks): "E5 (GH) ⚠ your SK · hits GH, OW 95%, 5 wounds each · your SK 55%, 5
 * wounds · ⚠ OW may reply". The attacker's own units caught are named first, then the enemies caught (a phone shows about 40 characters), each
 * with what a hit deals in a single target's words (caughtShort), units dealt the same said together;
 * where those leave no room under Discord's 100, what a plain hit deals alone, else each unit's chance alone.
 */
function centreWords(game: GameState, unitId: string, attack: Attack, caught: readonly Caught[], square: string, replies: string, lead: string): string {
  const side = commanderOf(game, unitOf(game, unitId));
  const on = standingOn(game, square);
  const full = (c: Caught) => caughtShort(game, unitId, attack.id, c);
  const brief = (c: Caught) => caughtShort(game, unitId, attack.id, c, true);
  const bare = (c: Caught) => percent(c.outlook.chance);
  const foes = caught.filter((c) => game.units[c.unit]!.player !== side);
  const friends = caught.filter((c) => game.units[c.unit]!.player === side);
  // The attacker's own units caught are warned of by name in the front, within what a phone shows: at
  // the end, after the enemies' wounds, the warning was cut at 400 px (playtest round 24, sev-2).
  const ours = friends.length > 0 ? ` ⚠ your ${friends.map((c) => c.unit.toUpperCase()).join(', ')}` : '';
  const headWith = (said: (c: Caught) => string) =>
    `${lead}${square}${on ? ` (${on.toUpperCase()})` : ''}${ours} · ${foes.length > 0 ? `hits ${together(foes, said)}` : 'catches no enemy'}`;
  const head = [headWith(full), headWith(brief), headWith(bare)].find((h) => h.length <= DiscordLimit.choiceName) ?? headWith(bare);
  const yours = (said: (c: Caught) => string) => (friends.length > 0 ? `your ${together(friends, said)}` : '');
  // The warning of the attacker's own units is kept with their chances alone when their wounds leave it no room.
  const warning = [yours(full), yours(brief), yours(bare)].find((w) => `${head} · ${w}`.length <= DiscordLimit.choiceName) ?? '';
  return fitName(head, [warning, replies].filter(Boolean));
}

/** Units caught, those `said` alike together in the order caught: "GH, OW 95%, 5 wounds each; ZZ 90%, can't wound". */
function together(caught: readonly Caught[], said: (c: Caught) => string): string {
  const alike = new Map<string, string[]>();
  for (const c of caught) alike.set(said(c), [...(alike.get(said(c)) ?? []), c.unit.toUpperCase()]);
  return [...alike].map(([words, units]) => `${units.join(', ')} ${words}${units.length > 1 && words.includes(',') ? ' each' : ''}`).join('; ');
}

/**
 * The burst's centres for `typed`: the legal ones it can be made at now, best first (more enemies
 * caught, then fewer of the attacker's side), with the square typed first, each name after `lead`; or, when nothing fits,
 * the engine's reason the square typed cannot be the centre (out of range, out of sight), or none
 * for the caller to say why.
 */
export function burstCentreChoices(
  game: GameState,
  unitId: string,
  attack: Attack,
  origins: readonly string[],
  typed: unknown,
  replies: string,
  lead = '',
): { readonly choices: Choice[] } | { readonly refused: { code: string; message: string }; readonly square: string } | null {
  const text = String(typed ?? '').trim();
  const named = text === '' ? null : typedCentre(game, text);
  const side = commanderOf(game, unitOf(game, unitId));
  const judged = [...new Set([...(named ? [named] : []), ...origins])].flatMap((square) => {
    const caught = burstOutlook(game, unitId, attack.id, square);
    if (!Array.isArray(caught)) return [];
    const foes = caught.filter((c) => game.units[c.unit]!.player !== side).length;
    // A centre nobody asked for that catches no enemy is no suggestion (a square typed always is).
    if (foes === 0 && square !== named) return [];
    return [{ square, caught, score: foes * 10 - (caught.length - foes) }];
  });
  const ranked = judged.sort((a, b) => Number(b.square === named) - Number(a.square === named) || b.score - a.score);
  const choices = ranked.map((j) => choice(centreWords(game, unitId, attack, j.caught, j.square, replies, lead), j.square));
  // Found by its square and the unit standing there, never by the other units its words name.
  const found = suggest(choices, named ?? text, (c) => `${c.value} ${standingOn(game, String(c.value)) ?? ''}`);
  if (found.length > 0) return { choices: found };
  const refused = named ? burstOutlook(game, unitId, attack.id, named) : [];
  return named && !Array.isArray(refused) ? { refused, square: named } : null;
}
