/** Autocomplete offers a Controlled unit's acts to its controller, not its owner (§6.2). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { NOTHING, attackChoices, unitChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { scenarioContent } from '../fixtures/scenario-content';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { scenarioSchema } from '../../src/formats/scenario';

const file = join(import.meta.dirname, '..', 'scenarios', 's6.2-controlled-glamyred-enraged.json');
const scenario = scenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const start = scenarioState(scenario, scenarioContent());
const begun = decide(start, { begin: true });
if ('error' in begun) throw new Error(begun.error.message);
const game = begun.events.reduce(apply, start);

describe('§6.2 Controlled in autocomplete', () => {
  it("offers the Controlled unit's attack to its controller only", () => {
    expect(attackChoices(game, 'p2', 'c', '').length).toBeGreaterThan(0);
    expect(attackChoices(game, 'p1', 'c', '').map((c) => c.value)).toEqual([NOTHING]);
    expect(unitChoices(game, 'p2', '', 'attack').map((c) => c.value)).toContain('c');
    expect(unitChoices(game, 'p1', '', 'attack').map((c) => c.value)).not.toContain('c');
  });

  it('still lets the owner end its turn', () => {
    expect(unitChoices(game, 'p1', '').map((c) => c.value)).toContain('c');
  });
});

describe("act suggestions on another player's turn", () => {
  it("say whose turn it is before any unit's own reason", () => {
    const other = game.turn!.player === 'p1' ? 'p2' : 'p1';
    const mine = Object.values(game.units).find((u) => u.player === game.turn!.player && u.id !== 'c')!;
    const names = (p: string) => (p === 'p1' ? 'Bob' : 'Alice');
    const why = attackChoices(game, other, mine.id, '', names).map((c) => c.name);
    expect(why).toEqual([
      `Nothing to choose: it is ${names(game.turn!.player)}'s turn${game.turn!.unit ? ` (${game.turn!.unit.toUpperCase()} is acting)` : ''}`,
    ]);
  });
});
