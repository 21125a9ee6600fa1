/**
 * R1 Warband: whether a warband is legal for a scenario. Every problem is reported at once, each
 * with the path of the offending entry and a stable code.
 */
import type { UnitCard } from '../formats/card';
import type { CatalogIndex } from '../formats/catalog';
import type { ModCard } from '../formats/mod';
import { didYouMean } from '../../../formats/suggest';
import type { Warband } from '../formats/warband';

export interface WarbandLimits {
  /** Point cap, counting units and mods (default 121). */
  readonly pointCap: number;
  /** Most units allowed (default 8). */
  readonly unitCap: number;
  /** Highest fantasy rating allowed (default 2). */
  readonly fantasy: number;
}

export const DEFAULT_LIMITS: WarbandLimits = { pointCap: 121, unitCap: 8, fantasy: 2 };

export type RosterCode =
  | 'unknown-map'
  | 'unknown-card'
  | 'unknown-mod'
  | 'too-many-units'
  | 'over-point-cap'
  | 'mixed-faction'
  | 'fantasy-too-high'
  | 'mod-wrong-faction'
  | 'mod-marks';

export interface RosterProblem {
  readonly code: RosterCode;
  readonly path: string;
  readonly message: string;
}

/** A unit's cost, and so its VP value (R3): card plus mod. */
export const unitCost = (card: UnitCard, mod?: ModCard): number => card.cost + (mod?.cost ?? 0);

const marks = (list: readonly string[]) => `[${list.join(', ')}]`;

export function checkWarband(warband: Warband, catalog: CatalogIndex, limits: WarbandLimits = DEFAULT_LIMITS, mapIds?: ReadonlySet<string>): RosterProblem[] {
  const problems: RosterProblem[] = [];
  const add = (code: RosterCode, path: string, message: string) => problems.push({ code, path, message });

  if (mapIds && !mapIds.has(warband.map)) {
    add('unknown-map', 'map', `no map "${warband.map}"${didYouMean(warband.map, mapIds)}; known maps: ${[...mapIds].join(', ')}`);
  }
  if (warband.units.length > limits.unitCap) {
    add('too-many-units', 'units', `${warband.units.length} units; this scenario allows at most ${limits.unitCap}`);
  }

  let unitPoints = 0;
  let modPoints = 0;
  warband.units.forEach((entry, i) => {
    const at = `units[${i}]`;
    const card = catalog.units.get(entry.card);
    if (!card) {
      const hint = catalog.mods.has(entry.card) ? ` ("${entry.card}" is a mod; write card+mod)` : didYouMean(entry.card, catalog.units.keys());
      add('unknown-card', `${at}.card`, `no unit card "${entry.card}" in the catalog${hint}`);
    } else {
      unitPoints += card.cost;
      if (card.faction !== warband.faction) {
        add('mixed-faction', `${at}.card`, `"${card.id}" is a ${card.faction} card; a ${warband.faction} warband takes ${warband.faction} units only`);
      }
      if (card.fantasy > limits.fantasy) {
        add('fantasy-too-high', `${at}.card`, `"${card.id}" has fantasy rating ${card.fantasy}; this scenario allows at most ${limits.fantasy}`);
      }
    }
    if (entry.mod === undefined) return;
    const mod = catalog.mods.get(entry.mod);
    if (!mod) {
      add('unknown-mod', `${at}.mod`, `no mod "${entry.mod}" in the catalog${didYouMean(entry.mod, catalog.mods.keys())}`);
      return;
    }
    modPoints += mod.cost;
    if (!card) return;
    if (mod.faction !== card.faction) {
      add('mod-wrong-faction', `${at}.mod`, `"${mod.id}" is a ${mod.faction} mod; it cannot go on the ${card.faction} card "${card.id}"`);
    }
    if (!mod.modUse.every((m) => card.modUse.includes(m))) {
      add('mod-marks', `${at}.mod`, `"${mod.id}" needs mod-use marks ${marks(mod.modUse)}, card "${card.id}" has ${marks(card.modUse)}`);
    }
  });

  const total = unitPoints + modPoints;
  if (total > limits.pointCap) {
    add('over-point-cap', 'units', `the warband costs ${total} points (units ${unitPoints} + mods ${modPoints}); the cap is ${limits.pointCap}`);
  }
  return problems;
}
