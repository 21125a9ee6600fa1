/**
 * The `"ruleset": "sword-and-claw"` key that every Sword and Claw document carries (catalogs, army
 * lists, maps, scenarios); a document without it is Sellsword's.
 */
import { z } from 'zod';

export const RULESET_ID = 'sword-and-claw';
export const rulesetKey = z.literal(RULESET_ID);
