/**
 * The tramples an `/order` names (SC Movement d; rulings SC121–SC123, SC134, SC135): `/order trample`
 * with one smaller enemy or several in the order met ("GO1 GO2"), and `/order charge`'s `trample`, read
 * into the match's command with the attack typed (else the first it may use); and the suggestions for
 * a list of troops to trample, each extending what is typed so far with a troop it can go on through.
 */
import type { RuleError } from '../../../engine/errors';
import type { Suggestion } from '../../ruleset';
import { planCharge } from '../match/charge';
import { cardOf, moveOf, onTable, pieceOf } from '../match/tables';
import { trampleChoices, tramplePath } from '../match/trample';
import { cheapest, throughAll } from '../match/trample-line';
import type { ScCommand, ScSetup, ScState, ScTroop, TrampleAim } from '../match/types';
import { pieceLevel } from '../rules/table';
import { mayTrample } from '../rules/trample';
import { labelOf, troopOf, troopWords } from './names';

type Parsed = { readonly ok: true; readonly command: ScCommand } | { readonly ok: false; readonly error: RuleError };
type Options = Readonly<Record<string, string>>;

const no = (code: string, message: string): Parsed => ({ ok: false, error: { code, message } });

/** The troops typed for a list, split at spaces and commas: "GO1 GO2", "GO1, GO2". */
const wordsOf = (typed: string): string[] => typed.split(/[\s,]+/).filter((w) => w !== '');

/** The troops of a typed list by id, or the refusal naming the first unknown one. */
function troopsIn(setup: ScSetup, s: ScState, typed: string | undefined): string[] | RuleError {
  const words = wordsOf(typed ?? '');
  if (words.length === 0) return { code: 'unknown-troop', message: 'Name the enemy it tramples, by the label on the map.' };
  const ids: string[] = [];
  for (const w of words) {
    const found = troopOf(setup, s.troops, w);
    if (!found) return { code: 'unknown-troop', message: `There is no troop "${w}" in this match; use the label on the map.` };
    ids.push(found.id);
  }
  return ids;
}

/**
 * The attack for each trample: the one typed for all of them, or each target's first (its stomp-like
 * attack, else the rulebook's trample: rulings SC121, SC122); on a charge a Charge Only one may be used.
 */
function aimsIn(setup: ScSetup, s: ScState, t: ScTroop, targets: readonly string[], typed: string | undefined, charging: boolean): TrampleAim[] | RuleError {
  const want = (typed ?? '').trim().toLowerCase();
  const aims: TrampleAim[] = [];
  for (const target of targets) {
    const choices = trampleChoices(setup, s, t, target, charging);
    const attack = want === '' ? choices[0]! : choices.find((a) => a.id === want || a.name.toLowerCase() === want);
    if (!attack)
      return {
        code: 'not-a-trample-attack',
        message: `${labelOf(setup, t.id)} tramples ${labelOf(setup, target)} with ${choices.map((a) => a.name).join(' or ')}.`,
      };
    aims.push({ target, attack: attack.id });
  }
  return aims;
}

const isError = (x: unknown): x is RuleError => typeof x === 'object' && x !== null && 'code' in x;

/**
 * `/order trample` as a Move along the cheapest path straight through each target in turn (SC
 * Movement d; ruling SC123); one target keeps the one-target search (match/trample.ts tramplePath).
 */
export function trampleIn(setup: ScSetup, s: ScState, id: string, o: Options): Parsed {
  const targets = troopsIn(setup, s, o.target);
  if (isError(targets)) return { ok: false, error: targets };
  const t = s.troops[id]!;
  if (t.at === null || t.removed) return no('not-on-table', `${labelOf(setup, id)} is not on the table.`);
  const found = targets.length === 1 ? tramplePath(setup, s, t, targets[0]!) : cheapest(throughAll(setup, s, t, t.at, targets, moveOf(setup, t)));
  const names = targets.map((x) => labelOf(setup, x)).join(' then ');
  if (found === null)
    return no(
      'no-trample-path',
      `${labelOf(setup, id)} cannot trample ${names} now: a troop tramples a smaller enemy at its own level, straight through its space to the square beyond, within its Move.`,
    );
  const aims = aimsIn(setup, s, t, targets, o.attack, false);
  if (isError(aims)) return { ok: false, error: aims };
  return { ok: true, command: { type: 'move', troop: id, how: 'move', path: [...found.path], trample: aims } };
}

/** `/order charge`'s `trample`: the smaller enemies its line goes straight through, in turn (ruling SC135); none when left out. */
export function chargeTramplesIn(setup: ScSetup, s: ScState, id: string, o: Options): { trample?: TrampleAim[] } | RuleError {
  if (o.trample === undefined || o.trample.trim() === '') return {};
  const targets = troopsIn(setup, s, o.trample);
  if (isError(targets)) return targets;
  const aims = aimsIn(setup, s, s.troops[id]!, targets, o.attack, true);
  if (isError(aims)) return aims;
  return { trample: aims };
}

/**
 * The lists a `trample` option may hold, extending the troops typed so far by one more smaller enemy at
 * the troop's level that `fits` accepts after them; the last word typed, unfinished, is matched later.
 */
export function trampleListChoices(setup: ScSetup, s: ScState, t: ScTroop, typed: string, fits: (targets: readonly string[]) => boolean): Suggestion[] {
  const words = wordsOf(typed);
  const done = /[\s,]$/.test(typed) ? words : words.slice(0, -1);
  const before: string[] = [];
  for (const w of done) {
    const found = troopOf(setup, s.troops, w);
    if (!found) return [];
    before.push(found.id);
  }
  const card = cardOf(setup, t);
  const level = pieceLevel(pieceOf(setup, t));
  const prefix = before.map((x) => labelOf(setup, x)).join(' ');
  return onTable(s)
    .filter((e) => e.player !== t.player && !before.includes(e.id) && mayTrample(card.size, cardOf(setup, e).size) && pieceLevel(pieceOf(setup, e)) === level)
    .filter((e) => fits([...before, e.id]))
    .map((e) => {
      const value = prefix === '' ? labelOf(setup, e.id) : `${prefix} ${labelOf(setup, e.id)}`;
      return { name: prefix === '' ? troopWords(setup, e.id) : `${prefix}, then ${troopWords(setup, e.id)}`, value };
    });
}

/** Whether `t` can charge `target` (from `via`) trampling `targets` in turn, with the first attack each allows. */
export function chargeFits(setup: ScSetup, s: ScState, t: ScTroop, target: string, via: number | undefined, targets: readonly string[]): boolean {
  if (targets.includes(target)) return false;
  const aims = aimsIn(setup, s, t, targets, undefined, true);
  return !isError(aims) && !('code' in planCharge(setup, s, t, target, via, aims));
}

/** Whether `t` can trample `targets` in turn on one Move. */
export const moveFits = (setup: ScSetup, s: ScState, t: ScTroop, targets: readonly string[]): boolean =>
  t.at !== null && throughAll(setup, s, t, t.at, targets, moveOf(setup, t)).size > 0;

/** The attacks `t` may trample each of `typed`'s troops with on a charge, with their numbers (rulings SC121, SC122). */
export function chargeTrampleAttacks(setup: ScSetup, s: ScState, t: ScTroop, typed: string): { target: string; attacks: ReturnType<typeof trampleChoices> }[] {
  const targets = troopsIn(setup, s, typed);
  if (isError(targets)) return [];
  return targets.map((target) => ({ target, attacks: trampleChoices(setup, s, t, target, true) }));
}
