/**
 * The one place a wound allotment becomes words (R22): the log's sentence, the header's phrase, the
 * picture's tag for wounds no attack dealt, a split offered or chosen, and a box by its name. Every
 * reader (the act's reply, the turn post, the match log, an answered prompt, the sandbox, which shows
 * those posts) gets its words from here, so one allotment is never told two ways.
 *
 * A playtester read "GH took 10 cut wounds (5 avoided with Vigor; marked mobility)" and could not tell
 * whether GH took 5 or 10, or whether any was avoided (issue 26). The words now say, in this order:
 * how many wounds reached the unit (after immunity, vulnerability and toughness), how many its Vigor
 * absorbed (with its Vigor before and after, when known), which injury boxes the rest marked, and
 * whether that dropped it.
 */
import type { GameState, SplitChoice, UnitId } from '../engine';
import { cardOf, findAttack, modOf } from '../engine';
import type { InjuryBox } from '../formats/card';
import type { HarmView, WoundCause, WoundWords } from './view-types';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
const boxes = (n: number) => (n === 1 ? '1 box' : `${n} boxes`);

/** A box by what it is: "mortal", or for a trait box what it takes away ("the Pike box"). */
export function boxName(state: GameState, unitId: UnitId, b: InjuryBox): string {
  return typeof b === 'string' ? b : `the ${boxTraitName(state, unitId, b)} box`;
}

/** What a trait injury box takes away when marked (§4.30): the attack's or trait's printed name. */
export function boxTraitName(state: GameState, unitId: UnitId, b: { readonly trait: string }): string {
  const unit = state.units[unitId];
  const attack = unit ? findAttack(state, unit, b.trait) : undefined;
  const trait = unit ? [...cardOf(state, unit).traits, ...(modOf(state, unit)?.traits ?? [])].find((t) => 'id' in t && t.id === b.trait) : undefined;
  return attack?.name ?? (trait && 'name' in trait ? String(trait.name) : b.trait);
}

/** A wound split offered or chosen, as an order: "spend 10 Vigor, then mark defensive, the Pike box". */
export function splitWords(game: GameState, unitId: UnitId, c: Pick<SplitChoice, 'avoid' | 'injuries'>): string {
  const parts = [
    c.avoid > 0 ? `spend ${c.avoid} Vigor` : null,
    c.injuries.length > 0 ? `mark ${c.injuries.map((b) => boxName(game, unitId, b)).join(', ')}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', then ') : 'nothing to mark';
}

export function causeWords(c: WoundCause): string {
  switch (c.kind) {
    case 'attack':
      return `${c.by}'s ${c.attack}`;
    case 'reply':
      return `${c.by}'s ${c.attack} (a reply)`;
    case 'trait':
      return `${c.by}'s ${c.trait}`;
    case 'terrain':
      return 'damaging terrain';
    case 'recurring':
      return c.by ? `recurring wounds (a status from ${c.by})` : 'recurring wounds (a status)';
  }
}

/**
 * What changed the count between dealt and reached, when something did, each change said by what made
 * it: "dealt 10; its immunity to cut stopped 5"; "dealt 10; its toughness was used up this round". ("0 dealt, 5 more for its vulnerability" read as a
 * riddle to a tester, issue 26.)
 */
function countChanged(w: WoundWords): string | null {
  const changed: string[] = [];
  if (w.defended < w.wound) changed.push(`its immunity to ${w.type} stopped ${w.wound - w.defended}`);
  if (w.defended > w.wound) changed.push(`its vulnerability to ${w.type} added ${w.defended - w.wound}`);
  // §4.7: toughness ignores only the first 5 of the round; when an earlier hit spent some, say so, as
  // a second hit in the round reading "10 reached" after "its toughness ignored 5" puzzled a tester (issue 26).
  const spent = w.toughnessSpent ?? 0;
  const allLeft = spent > 0 && w.taken > 0 ? ', all it had left this round' : '';
  if (w.toughness > 0) changed.push(`its toughness ignored ${w.toughness}${allLeft}`);
  else if (spent > 0 && w.defended > 0) changed.push('its toughness was used up this round');
  return changed.length > 0 ? `dealt ${w.wound}; ${list(changed)}` : null;
}

/**
 * What became of the wounds that reached the unit: Vigor first, then boxes, then what was too few to
 * matter or found no box left, then why nobody was asked: "Vigor absorbed 5 (Vigor 12 → 7), the other
 * 5 marked an injury box (mobility), 2 boxes left"; "they marked its last 2 injury boxes (defensive
 * and mortal), so PD1 dropped".
 */
function allotment(w: WoundWords): string[] {
  const parts: string[] = [];
  const vigor = w.vigorBefore !== undefined ? ` (Vigor ${w.vigorBefore} → ${w.vigorBefore - w.avoided})` : '';
  if (w.avoided > 0) parts.push(`Vigor absorbed ${w.avoided === w.taken ? `all ${w.avoided}` : w.avoided}${vigor}`);
  const marked = 5 * w.injuries.length;
  // R3: marking the last box drops the unit; the drop read after these wounds, or the boxes the state before leaves, says so.
  const dropped = marked > 0 && (w.drops === true || w.boxesLeft === 0);
  if (marked > 0) {
    const who = w.avoided > 0 ? `the other ${marked}` : marked === w.taken ? 'they' : `${marked} of them`;
    const n = w.injuries.length;
    const what = dropped ? `its last ${n === 1 ? 'injury box' : `${n} injury boxes`}` : n === 1 ? 'an injury box' : `${n} injury boxes`;
    parts.push(
      `${who} marked ${what} (${list(w.injuries)})${dropped ? `, so ${w.unit} dropped` : w.boxesLeft !== undefined ? `, ${boxes(w.boxesLeft)} left` : ''}`,
    );
  } else if (w.taken >= 5) parts.push('no injury box marked');
  const rest = w.taken - w.avoided - marked;
  // R22: wounds left over below 5 do nothing; more than that are left only when no box was left to mark.
  if (rest > 0 && w.taken < 5) parts.push(`under 5, ${rest === 1 ? 'it does' : 'they do'} nothing`);
  else if (rest > 0 && rest < 5) parts.push(`the last ${rest}, under 5, did nothing`);
  else if (rest > 0) parts.push(`the last ${rest} had no box left to mark`);
  // Applied with no prompt: why the owner was not asked, said with what it led to.
  if (w.unasked && parts.length > 0) parts[parts.length - 1] += ` (${w.unasked})`;
  return parts;
}

/**
 * A batch of wounds in a sentence: "10 cut wounds reached GH: Vigor absorbed 5 (Vigor 12 → 7), the
 * other 5 marked an injury box (mobility), 2 boxes left"; with its cause when no attack line carries
 * it: "5 cut wounds from KN's Longsword reached GH (dealt 10; its immunity to cut stopped 5): …".
 * Starts in lower case when the count is none ("no cut wounds reached GH"), as it follows a semicolon.
 */
export function woundSentence(w: WoundWords, cause?: WoundCause): string {
  const from = cause ? ` from ${causeWords(cause)}` : '';
  const reached = w.taken === 0 ? `no ${w.type} wounds${from} reached ${w.unit}` : `${plural(w.taken, `${w.type} wound`)}${from} reached ${w.unit}`;
  const changed = countChanged(w);
  const parts = allotment(w);
  return `${reached}${changed ? ` (${changed})` : ''}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/** Wounds in a few words, for the header: "10 cut wounds reached GH, Vigor absorbed 5, 1 box marked". */
export function woundPhrase(w: WoundWords): string {
  if (w.taken === 0) return `no ${w.type} wounds reached ${w.unit}`;
  const vigor = w.avoided > 0 ? `, Vigor absorbed ${w.avoided === w.taken ? 'all' : w.avoided}` : '';
  const marked = w.injuries.length > 0 ? `, ${boxes(w.injuries.length)} marked` : '';
  return `${plural(w.taken, `${w.type} wound`)} reached ${w.unit}${vigor}${marked}`;
}

/**
 * A harm's tag on the picture says what the unit lost: "5 cold wounds" when boxes were marked, "-5
 * Vigor (cold)" when its Vigor absorbed it all, both when it was split, so absorbed wounds never read as
 * boxes marked; "no fire wounds" when its immunity stopped them all ("-0 fire" read as broken, and
 * "-5 toxic" less plainly than an attack's "5 wounds": playtest round 23).
 */
export function harmWords(h: Pick<HarmView, 'wounds' | 'avoided' | 'type'>): string {
  if (h.wounds <= 0) return `no ${h.type} wounds`;
  if (h.avoided <= 0) return plural(h.wounds, `${h.type} wound`);
  if (h.avoided >= h.wounds) return `-${h.avoided} Vigor (${h.type})`;
  return `${plural(h.wounds - h.avoided, `${h.type} wound`)}, -${h.avoided} Vigor`;
}
