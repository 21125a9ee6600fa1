/** Act traits (FORMATS.md `act`, §2.4 "use a trait"): who they reach, and their gains and effects. */
import type { Trait } from '../formats/card';
import { nearestIn } from './distance';
import { field, handle } from './flow';
import type { GameState, UnitState } from './state';
import { commanderOf } from './acts';
import { sideOf } from './sides';
import { liveTraits, profile } from './stats';
import { squaresOf, tableOf, unitOf } from './table';

/**
 * An act trait (FORMATS.md `act`): its gains, then its effects without a roll, for each unit it reaches:
 * itself by default; with `who`, every such unit within `range`, or just the one the command named.
 */
handle('use-trait', (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, field<string>(frame, 'unit'));
  const trait = liveTraits(ctx.state, unit).find((t) => t.trait === 'act' && t.id === field<string>(frame, 'trait'));
  if (!trait || trait.trait !== 'act') return;
  const chosen = field<string | undefined>(frame, 'target');
  const reached = traitReach(ctx.state, unit, trait).filter((u) => chosen === undefined || u.id === chosen);
  for (const target of reached) {
    const gain = trait.gain;
    if (!gain) continue;
    const p = profile(ctx.state, target);
    const fresh = unitOf(ctx.state, target.id);
    const vigor = Math.max(0, Math.min(gain.vigor ?? 0, p.vigorMax - fresh.vigor));
    const tokens = {
      react: Math.max(0, Math.min(gain.react ?? 0, p.tokensMax.react - fresh.tokens.react)),
      blue: Math.max(0, Math.min(gain.blue ?? 0, p.tokensMax.blue - fresh.tokens.blue)),
      red: Math.max(0, Math.min(gain.red ?? 0, p.tokensMax.red - fresh.tokens.red)),
    };
    if (vigor || tokens.react || tokens.blue || tokens.red) ctx.emit({ type: 'gained', unit: target.id, tokens, vigor });
  }
  if (trait.effects) {
    for (const target of [...reached].reverse()) {
      stack.push({ k: 'effects', unit: unit.id, trait: trait.id, target: target.id, index: 0, critical: false, glancing: false, charge: false, caused: true, bonusUsed: true });
    }
  }
});

/** The units an act trait reaches (FORMATS.md `act`): itself by default, or every `who` within `range`. */
export function traitReach(state: GameState, unit: UnitState, trait: Extract<Trait, { trait: 'act' }>): UnitState[] {
  if (trait.who === undefined) return [unitOf(state, unit.id)];
  const table = tableOf(state);
  const range = trait.range ?? 0;
  return Object.values(state.units).filter((u) => {
    if (u.dropped || u.at === null) return false;
    // §6.2: a Controlled unit's allies are its controller's units (checked before activation too).
    const ally = u.id === unit.id || sideOf(state, u) === commanderOf(state, unit);
    if ((trait.who === 'allies' && !ally) || (trait.who === 'enemies' && ally)) return false;
    if (trait.descriptor !== undefined && !profile(state, u).descriptors.includes(trait.descriptor)) return false;
    return nearestIn(table.rangesFrom(squaresOf(state, unit)), squaresOf(state, u)) <= range;
  });
}
