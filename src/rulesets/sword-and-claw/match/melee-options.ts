/**
 * The strikes troops could declare in the melee step now (SC Melee a; SC App. B Reach; SC Melee c
 * projected attacks): for the active side's options and the bot, and for a Readied troop of the
 * inactive side (match/readied.ts).
 */
import { isFlanked } from '../rules/flanking';
import { findAttack, hasReach, meleeModifiers, type Modifier } from '../rules/melee';
import { afterMove } from '../rules/movement';
import { areAdjacent } from '../rules/opportunity';
import { checkProjectedTarget, isProjected } from '../rules/projected';
import type { Piece, ScTable } from '../rules/table';
import { withinReach } from '../rules/targets';
import { checkFlightAttack } from '../rules/flight-attacks';
import { conditionsAllow } from './conditions';
import { strikeAfterTrampling } from './trample';
import { cardOf, meleeAttacks, onTable, struckCard, tableOf, tablePiece } from './tables';
import type { ScCommand, ScDeclared, ScSetup, ScState, ScTroop } from './types';

/**
 * The strikes `mine` could declare in the melee step now: troops of the active side, or a Readied troop
 * of the inactive side with its sealed strikes as `declared` (match/readied.ts).
 */
export function meleeOptions(
  setup: ScSetup,
  s: ScState,
  mine: readonly ScTroop[],
  declared: readonly ScDeclared[] = s.declared,
): Extract<ScCommand, { type: 'attack' }>[] {
  const table = tableOf(setup, s);
  // Each troop as the table holds it (made once, not once per troop that weighs it), read where it stands.
  const standing = onTable(s);
  return mine.flatMap((t) => {
    const before = declared.filter((d) => d.attacker === t.id).map((d) => d.attack);
    const key = `${s.turn?.player ?? ''} ${before.join(' ')}`;
    // Copies: a kept strike is never handed out to be written to.
    return keptStrikes(table, t, key, () => troopStrikes(setup, s, table, standing, t, before)).map((o) => ({ ...o }));
  });
}

type Strike = Extract<ScCommand, { type: 'attack' }>;

/** The strikes one troop could declare now, with `before` the attacks it has declared this step. */
function troopStrikes(setup: ScSetup, s: ScState, table: ScTable, standing: readonly ScTroop[], t: ScTroop, before: readonly string[]): Strike[] {
  if (!afterMove(t.moved ?? 'move').melee || !conditionsAllow(t, 'attack') || (t.readied === 'melee' && t.player === s.turn!.player)) return [];
  const card = cardOf(setup, t);
  const attacks = meleeAttacks(card).filter((a) => strikeAfterTrampling(card, t, before, a) === null);
  if (attacks.length === 0) return [];
  const pieceFor = (x: ScTroop) => tablePiece(setup, table, x);
  const me = pieceFor(t);
  const { enemies, near, reached } = closeBy(table, me, () => {
    const enemies = standing.filter((e) => e.player !== t.player);
    return { enemies, near: enemies.filter((e) => areAdjacent(table, me, pieceFor(e))), reached: enemies.filter((e) => withinReach(table, me, pieceFor(e))) };
  });
  const after = afterMove(t.moved ?? 'move');
  return attacks.flatMap((id) => {
    const attack = findAttack(card, id)!.attack;
    // A projected attack may be aimed at any enemy it reaches (ruling SC45), next to the troop or not.
    const targets = isProjected(attack)
      ? enemies.filter((e) => checkProjectedTarget(table, me, attack, e.id, after) === null)
      : hasReach(attack)
        ? reached
        : near;
    return targets
      .filter((e) => checkFlightAttack(me, attack, pieceFor(e)) === null)
      .map((e) => ({ type: 'attack' as const, troop: t.id, attack: id, target: e.id }));
  });
}

/**
 * Each troop's strikes kept per table, troop, side to act and attacks it has declared this step: the
 * AI lists the options again for every strike it declares, and a strike listed reads only the table,
 * the troops it was made from (never written to) and those. Keyed by the troop object too, so a troop
 * read from another state is worked out afresh.
 */
const strikesOn = new WeakMap<ScTable, WeakMap<ScTroop, Map<string, readonly Strike[]>>>();

function keptStrikes(table: ScTable, t: ScTroop, key: string, work: () => Strike[]): readonly Strike[] {
  let byTroop = strikesOn.get(table);
  if (!byTroop) strikesOn.set(table, (byTroop = new WeakMap()));
  let byKey = byTroop.get(t);
  if (!byKey) byTroop.set(t, (byKey = new Map()));
  let found = byKey.get(key);
  if (!found) byKey.set(key, (found = work()));
  return found;
}

/** A troop's enemies on the table, those next to it and those within Reach of it (SC13; SC App. B Reach). */
interface CloseBy {
  readonly enemies: readonly ScTroop[];
  readonly near: readonly ScTroop[];
  readonly reached: readonly ScTroop[];
}

/**
 * Each troop's CloseBy, kept per table and piece: the AI lists the melee options again for every
 * strike it declares, on a table that does not change while nobody moves (match/tables.ts keeps one
 * per state's troops). A table, its pieces and the troops it was made from are never written to, so a
 * kept answer is the one worked out again.
 */
const closeOn = new WeakMap<ScTable, WeakMap<Piece, CloseBy>>();

function closeBy(table: ScTable, me: Piece, work: () => CloseBy): CloseBy {
  let kept = closeOn.get(table);
  if (!kept) closeOn.set(table, (kept = new WeakMap()));
  let found = kept.get(me);
  if (!found) kept.set(me, (found = work()));
  return found;
}

/**
 * A plain strike's roll as the melee step (or an opportunity attack) would make it now: the modifiers
 * (skill, the target flanked where it stands, Hurt, Entangled: SC To-Hit) and the Melee Defense it is
 * rolled against. One place for the odds the table shows and the bot weighs.
 */
export function strikeAim(
  setup: ScSetup,
  s: ScState,
  c: { readonly troop: string; readonly attack: string; readonly target: string },
  table: ScTable = tableOf(setup, s),
): { modifiers: Modifier[]; defense: number } {
  const [attacker, target] = [s.troops[c.troop]!, s.troops[c.target]!];
  const attack = findAttack(cardOf(setup, attacker), c.attack)!.attack;
  const flanked = isFlanked(table, tablePiece(setup, table, target));
  return { modifiers: meleeModifiers(attack, attacker.hurt, attacker.conditions, flanked), defense: struckCard(setup, s, target).defense.melee };
}
