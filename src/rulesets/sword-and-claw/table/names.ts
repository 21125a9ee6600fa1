/**
 * How troops and squares are named at the table: a troop by the label its token shows on the turn
 * picture (the shared label rule, as view/table-view.ts labels them) and its card's name; a square as
 * "C4". Typed troops are read by id or label, any case.
 */
import { nameOf, squareIndex } from '../../../engine/board';
import { labelUnits } from '../../../render/unit-labels';
import { boardSize } from '../match/tables';
import type { ScSetup, ScTroop } from '../match/types';

const labelsBySetup = new WeakMap<ScSetup, Map<string, string>>();

/** Each troop's label, as the turn picture shows it. */
export function labelsOf(setup: ScSetup): Map<string, string> {
  let labels = labelsBySetup.get(setup);
  if (!labels) {
    labels = labelUnits(
      setup.troops.map((t) => ({ id: t.id, card: t.troop })),
      (troop) => setup.cards[troop]?.name ?? troop,
      { thirdForm: true },
    );
    labelsBySetup.set(setup, labels);
  }
  return labels;
}

export const labelOf = (setup: ScSetup, id: string): string => labelsOf(setup).get(id) ?? id;

/** "HSP2 (Human Spearman)": the label, then the card's name. */
export function troopWords(setup: ScSetup, id: string): string {
  const troop = setup.troops.find((t) => t.id === id);
  const card = troop ? setup.cards[troop.troop] : undefined;
  return card ? `${labelOf(setup, id)} (${card.name})` : id;
}

export const squareWords = (setup: ScSetup, at: number): string => nameOf(boardSize(setup), at);

/** A square as typed ("c4"), or null when it is not one on this map. */
export const squareOf = (setup: ScSetup, typed: string): number | null => squareIndex(boardSize(setup), typed.trim().toUpperCase());

/** A troop as typed: its id or its label, any case. */
export function troopOf(setup: ScSetup, troops: Readonly<Record<string, ScTroop>>, typed: string): ScTroop | null {
  const text = typed.trim().toLowerCase();
  const byId = troops[text];
  if (byId) return byId;
  for (const [id, label] of labelsOf(setup)) if (label.toLowerCase() === text) return troops[id] ?? null;
  return null;
}
