/**
 * A roll's adjustments in a player's words. The engine notes each modifier to an attack roll as it
 * adds it ("bonus +6", "cover at range 12+ −4", "compromised (flanked) +2"); a player reads them by
 * what they see on the card and the map: "Longbow +6", "GH in cover and 12 or more squares away −4",
 * "GH flanked +2".
 * The engine's notes stay as they are (its events are fingerprinted); the words are made here.
 */
import { withoutRuleCodes } from '../../../render/plain-rules';
import { printedStat, profile, type GameState, type UnitId, type UnitState } from '../engine';
import { auraWords } from './labels';
import { capital } from './card-text';

/** Who and what the roll was: the attack by name, the units by their map labels. */
export interface RollParties {
  readonly attack: string;
  readonly attacker: string;
  readonly target: string;
  /** The auras on the attacker's roll by name and bearer ("KN's Banner of the Watch"), when known. */
  readonly auras?: string;
  /** Why the target was invisible, when it was (engine invisibility): its own status or trait, terrain, or Stealthy in cover. */
  readonly hiddenBy?: 'status' | 'terrain' | 'stealthy';
}

/** An invisible target's note, named by why: "KN seen through brush or smoke" (true whether KN stands in it or only the sight line crosses it), never a bare "invisible" for a unit in plain view. */
const HIDDEN_WORDS = { status: 'invisible', terrain: 'seen through brush or smoke', stealthy: 'stealthy in cover' } as const;

const SIGNED = /^(.*?)\s*([+−-]\d+)$/;

/** A note's modifier, or null for a note that carries none (a reason, not a number). */
function noteValue(note: string): number | null {
  const m = SIGNED.exec(note);
  if (!m) return null;
  const n = Number(m[2]!.replace('−', '-'));
  return Number.isFinite(n) ? n : null;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`);

/** Why a target was Compromised, from the engine's reason: flanked, a status, or not seeing the attacker. */
function compromisedWords(why: string | undefined, p: RollParties): string {
  if (why === undefined) return `${p.target} compromised`;
  if (why === 'cannot see the attacker') return `unseen by ${p.target}`;
  return `${p.target} ${why}`;
}

/** One note's words, its modifier kept at the end as the engine wrote it. */
function noteWords(note: string, p: RollParties): string {
  const m = SIGNED.exec(note);
  if (!m) return withoutRuleCodes(note);
  const [, what, n] = m as unknown as [string, string, string];
  if (what === 'bonus') return `${p.attack} ${n}`;
  if (what === 'injuries') return `${p.attacker}'s injuries ${n}`;
  if (what === 'auras' && p.auras !== undefined) return `${p.auras} ${n}`;
  // Said as the target's cover, doubled by distance: "cover at 12+ squares" read as a range rule (playtest).
  if (what === 'cover at range 12+') return `${p.target} in cover and 12 or more squares away ${n}`;
  if (what === 'invisible') return `${p.target} ${HIDDEN_WORDS[p.hiddenBy ?? 'status']} ${n}`;
  const compromised = /^compromised(?: \((.+)\))?$/.exec(what);
  if (compromised) return `${compromisedWords(compromised[1], p)} ${n}`;
  return withoutRuleCodes(`${what} ${n}`);
}

/**
 * The adjustments that made an attack roll's modifier, in a player's words. When the notes do not add
 * up to the modifier (a burst's notes leave its auras out), the rest is named so the sum still reads
 * true, the attack's bonus alone too (a tester saw "rolled 12 + 4 (Longbow +6, cover −2)" on one line and
 * a bare "rolled 16 + 6" on the next, issue 26). An empty list when there are no notes.
 */
export function rollNotes(notes: readonly string[], modifier: number, p: RollParties, burst: boolean): string[] {
  return notes.length > 0 ? adjustmentWords(notes, modifier, p, burst) : [];
}

/**
 * Every adjustment to a roll's modifier named, the attack's own bonus too ("Longbow +6", "cover −2"),
 * summing to the modifier: what an attack preview shows before the roll. Empty when a note is a reason
 * rather than a number.
 */
export function adjustmentWords(notes: readonly string[], modifier: number, p: RollParties, burst: boolean): string[] {
  const values = notes.map(noteValue);
  // A note without a number is a reason (the attack could not be made), not an adjustment.
  if (values.some((v) => v === null)) return [];
  const words = notes.map((n) => noteWords(n, p));
  const rest = modifier - values.reduce<number>((sum, v) => sum + v!, 0);
  if (rest !== 0) words.push(`${burst ? (p.auras ?? 'auras') : 'other'} ${signed(rest)}`);
  return words;
}

/** Why a roll was not needed, from the engine's one note on it: "GH helpless and adjacent". */
export function automaticWords(notes: readonly string[], p: RollParties): string | null {
  const note = notes[0];
  if (note === undefined) return null;
  if (note.startsWith('helpless and adjacent')) return `${p.target} is helpless and adjacent`;
  return withoutRuleCodes(note);
}

/**
 * A recovery's reason as the engine gives it ("recovered: rolled 5 + 2 = 7, needing under 12"), with
 * what was added named as every roll line names it, and said after the status as one clause:
 * "recovered at the end of its turn, rolling 5 + 2 (+1 for each of its 2 injuries) = 7, needing under 12".
 * When is said, as a failed roll says it: a tester saw Hobbled gone with no word of when (playtest round 16).
 */
export function recoveredWords(reason: string): string {
  return reason
    .replace(/^recovered: rolled /, 'recovered at the end of its turn, rolling ')
    .replace(/(\d+) \+ (\d+) = (\d+)/, (_all, d: string, n: string, t: string) => `${d} + ${n} (${injuryBonusWords(Number(n))}) = ${t}`);
}

/**
 * What a recovery roll adds for injuries (R28: one per injury of any kind), said so that a defensive
 * injury's −2 on the target beside it reads as a second rule, not the same one twice (issue 26):
 * "+1 for its injury", "+1 for each of its 2 injuries".
 */
export const injuryBonusWords = (n: number): string => (n === 1 ? '+1 for its injury' : `+1 for each of its ${n} injuries`);

/** A target lowered by defensive injuries (R28: −2 each): "−2 for its defensive injury", "−4 for its 2 defensive injuries". */
const defensiveWords = (n: number): string => (n === 1 ? '−2 for its defensive injury' : `−${2 * n} for its ${n} defensive injuries`);

/**
 * Why an attack's number needed is not the target's printed defence (R28 defensive injuries −2 each,
 * the shield's +2 to Armor against an attack from further than next to it): "OW's Armor 15, −2 for its
 * defensive injury". Empty when it is the printed Armor (another printed stat is named). A tester saw KN need 16 against OW, then 17,
 * with no word why (issue 26). `printed` is the card's stat with its mod; `defensive` the target's
 * defensive injuries as the roll was made.
 */
export function needWords(
  target: string,
  stat: string,
  printed: number,
  need: number,
  defensive: number,
  auras: { readonly amount: number; readonly words: string | undefined } = { amount: 0, words: undefined },
): string {
  const rest = need - printed + 2 * defensive - auras.amount;
  // Only what these rules explain is said; a number they do not explain is left as it is. A defensive
  // injury the shield's +2 cancels is still said: the number is the printed one by chance, and a
  // tester who knew of the injury read the bare number as the injury forgotten. A defence other than
  // Armor is named even as printed: "needing 12 or more" for a spit at Agility left a tester guessing
  // which stat it was (playtest round 19).
  if (need === printed && defensive === 0 && auras.amount === 0) return stat === 'armor' ? '' : `${target}'s ${capital(stat)} ${printed}`;
  if (rest !== 0 && rest !== 2) return '';
  const parts = [`${target}'s ${capital(stat)} ${printed}`];
  if (defensive > 0) parts.push(defensiveWords(defensive));
  // An ally's aura (R44) on the defence: "+1 from TG's Shield Wall" (a tester saw 17 against Armor 16, unexplained).
  if (auras.amount !== 0) parts.push(`${auras.amount > 0 ? '+' : '−'}${Math.abs(auras.amount)} from ${auras.words ?? 'auras'}`);
  if (rest === 2) parts.push('+2 for its shield at range');
  return parts.join(', ');
}

/**
 * Why an attack on `targetId` needs `need`, when that is not the target's printed `stat` (needWords),
 * from `state` as the roll is (or was) made: the log's roll lines and the attack preview both say it,
 * so a shield's +2 is explained before the roll as after it (playtest round 16). Empty when the number
 * is the printed one, or a difference no rule here accounts for (a status, say) rather than misnamed.
 */
export function needWhy(state: GameState, targetId: UnitId, targetName: string, stat: Parameters<typeof statParts>[2], need: number): string {
  const target = state.units[targetId];
  if (!target) return '';
  const { printed, defensive, auras: amount } = statParts(state, target, stat);
  const auras = { amount, words: amount === 0 ? undefined : auraWords(state, targetId, stat) };
  if (amount !== 0 && auras.words === undefined) return '';
  return needWords(targetName, stat, printed, need, defensive, auras);
}

/**
 * An attack preview's wounds in the measure target suggestions use, with the average labelled as one:
 * "10 wounds if it hits, 8.8 on average" (issue 26: "about 8.8 wounds" beside a suggestion's "10
 * wounds" read as two answers to one question).
 */
export function previewWoundWords(odds: { readonly hitWounds: number | null; readonly expectedWounds: number }): string {
  const average = `${odds.expectedWounds.toFixed(1)} on average`;
  return odds.hitWounds === null ? `${average} wounds` : `${odds.hitWounds} wound${odds.hitWounds === 1 ? '' : 's'} if it hits, ${average}`;
}

/**
 * A stat as the profile has it, in its parts: as printed (card and mod), the defensive injuries marked
 * (−2 each, R28), and what is left over, the auras' share (R44). The recovery words and the attack's
 * needed number both read it.
 */
export function statParts(
  state: GameState,
  unit: UnitState,
  stat: Exclude<Parameters<typeof printedStat>[2], 'vigor'>,
): { printed: number; defensive: number; auras: number } {
  const printed = printedStat(state, unit, stat);
  const defensive = unit.injuries.filter((b) => b === 'defensive').length;
  return { printed, defensive, auras: profile(state, unit)[stat] - (printed - 2 * defensive) };
}

/**
 * What makes a recovery roll's target (R28: the recovery stat plus the status's modifier) differ from
 * the stat on the unit's card, in `state` as it was before the roll: "Spirit 15 on its card, 2
 * defensive injuries −4". Empty when nothing does. A tester saw a target drop from 15 to 11 with no
 * reason given (issue 26).
 */
export function recoveryTargetWhy(state: GameState, unitId: UnitId, index: number): string {
  const unit = state.units[unitId];
  const status = unit?.statuses[index];
  if (!unit || !status?.recover) return '';
  const stat = status.recover;
  const { printed, defensive, auras } = statParts(state, unit, stat);
  const signed = (n: number) => `${n > 0 ? '+' : '−'}${Math.abs(n)}`;
  const since = sinceLastRoll(status.lastRoll, printed - 2 * defensive + auras + status.modifier, defensive, signed);
  if (since) return since;
  const parts = [
    defensive > 0 ? defensiveWords(defensive) : '',
    auras !== 0 ? `auras ${signed(auras)}` : '',
    status.modifier !== 0 ? `${status.status}'s own ${signed(status.modifier)}` : '',
  ].filter(Boolean);
  // Unmoved, the card's stat is still named: "needing under 15" alone left a tester asking which stat (playtest).
  return [`${stat[0]!.toUpperCase()}${stat.slice(1)} ${printed} on its card`, ...parts].join(', ');
}

/**
 * When the target moved since the status's last roll, what moved it since then, not since the card (a
 * tester saw 13 one turn and 11 the next, explained from the card's 15): "under 13 at its last roll,
 * since then 1 more defensive injury −2". Empty when it did not move or there was no roll before.
 */
function sinceLastRoll(
  last: { readonly needed: number; readonly defensive: number } | undefined,
  needed: number,
  defensive: number,
  signed: (n: number) => string,
): string {
  if (!last || last.needed === needed) return '';
  const more = defensive - last.defensive;
  const rest = needed - last.needed + 2 * more;
  const parts = [
    more > 0 ? `${more} more defensive injur${more === 1 ? 'y' : 'ies'} −${2 * more}` : '',
    more < 0 ? `${-more} defensive injur${more === -1 ? 'y' : 'ies'} fewer +${-2 * more}` : '',
    rest !== 0 ? `auras ${signed(rest)}` : '',
  ].filter(Boolean);
  return `under ${last.needed} at its last roll, since then ${parts.join(', ')}`;
}
