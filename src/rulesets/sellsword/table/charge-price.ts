/**
 * A charge's Vigor price as every charge suggestion and hint says it (R23): who pays, and how much,
 * "KN pays 5 Vigor". "charge CI (5 Vigor)" was read as the target's Vigor (playtest); rows of one list
 * once said "pays all 5" beside "pays 5" for the same price, as if they were two (issue 26).
 */
import { CHARGE_VIGOR } from '../engine';

export function chargePrice(unitId: string): string {
  return `${unitId.toUpperCase()} pays ${CHARGE_VIGOR} Vigor`;
}
