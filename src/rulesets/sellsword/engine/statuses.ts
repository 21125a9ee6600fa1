/** Statuses that end by themselves (§6.2): asterisk statuses end when their source is no longer adjacent. */
import type { Ctx } from './ctx';
import { areAdjacent } from './targeting';

export function checkAsterisks(ctx: Ctx): void {
  for (const unit of Object.values(ctx.state.units)) {
    if (unit.dropped) continue;
    // Highest index first, so each removal leaves the earlier indices valid.
    for (let i = unit.statuses.length - 1; i >= 0; i--) {
      const s = unit.statuses[i]!;
      if (!s.asterisk || s.source === null) continue;
      const source = ctx.state.units[s.source];
      const current = ctx.state.units[unit.id]!;
      if (!source || source.dropped || !areAdjacent(ctx.state, source, current)) {
        ctx.emit({ type: 'status-lost', unit: unit.id, index: i, status: s.status, reason: `${s.source} is no longer adjacent` });
      }
    }
  }
}
