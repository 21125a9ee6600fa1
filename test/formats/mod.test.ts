import { describe, expect, it } from 'vitest';
import { modCardSchema } from '../../src/rulesets/sellsword/formats/mod';
import { probe } from '../fixtures/problems';

/** The Infernal Aura, as written in docs/formats.md "Mod card". */
const infernalAura = {
  id: 'havoc-infernal-aura',
  name: 'Infernal Aura',
  faction: 'havoc',
  modUse: ['magery'],
  cost: 6,
  tokens: { blue: 1 },
  stats: { vigor: 5 },
  attacks: [],
  traits: [{ trait: 'aura', name: 'Infernal Aura', range: 3, who: 'allies', descriptor: 'possessed', modify: { attack: 1 } }],
};

const base = { id: 'valor-shield-wall', name: 'Shield Wall', faction: 'valor', cost: 4 };

const { parsed, expectProblem } = probe(modCardSchema, 'mod');

describe('mod card', () => {
  it('loads the Infernal Aura from docs/formats.md, filling tokens and stats with 0', () => {
    const mod = parsed(infernalAura);
    expect(mod).toMatchObject({ id: 'havoc-infernal-aura', name: 'Infernal Aura', faction: 'havoc', modUse: ['magery'], cost: 6, attacks: [] });
    expect(mod.tokens).toEqual({ react: 0, blue: 1, red: 0 });
    expect(mod.stats).toEqual({ agility: 0, brawn: 0, spirit: 0, wits: 0, move: 0, armor: 0, vigor: 5 });
    expect(mod.traits).toEqual(infernalAura.traits);
  });

  it('fills every default for a bare mod', () => {
    const mod = parsed(base);
    expect(mod).toEqual({
      ...base,
      modUse: [],
      tokens: { react: 0, blue: 0, red: 0 },
      stats: { agility: 0, brawn: 0, spirit: 0, wits: 0, move: 0, armor: 0, vigor: 0 },
      attacks: [],
      traits: [],
    });
    expect(parsed(mod)).toEqual(mod);
  });

  it('allows signed stat bonuses', () => {
    const mod = parsed({ ...base, stats: { armor: -1, agility: 2, move: -2 } });
    expect(mod.stats).toMatchObject({ armor: -1, agility: 2, move: -2, vigor: 0 });
    expectProblem({ ...base, stats: { armor: -21 } }, 'stats.armor', /at least -20, got -21/);
  });

  it('carries attacks and checks their ids are unique', () => {
    const bolt = { id: 'bolt', name: 'Bolt', range: 8, bonus: 4, vs: 'agility', effects: [{ wound: 6, type: 'fire' }] };
    expect(parsed({ ...base, attacks: [bolt] }).attacks[0]).toMatchObject({ id: 'bolt', acts: 1, slow: false, cost: {} });
    expectProblem({ ...base, attacks: [bolt, bolt] }, 'attacks[1].id', /duplicate attack id "bolt" \(also at attacks\[0\]\)/);
  });

  it('rejects unknown keys with their paths', () => {
    expectProblem({ ...base, quality: 3 }, 'quality', /unknown key/);
    expectProblem({ ...base, stats: { luck: 1 } }, 'stats.luck', /unknown key/);
    expectProblem({ ...base, tokens: { green: 1 } }, 'tokens.green', /unknown key/);
    expectProblem({ ...base, traits: [{ trait: 'fly', range: 2 }] }, 'traits[0].range', /unknown key/);
  });

  it('rejects an out-of-range cost', () => {
    expectProblem({ ...base, cost: 201 }, 'cost', /at most 200, got 201/);
    expectProblem({ ...base, cost: -1 }, 'cost', /at least 0, got -1/);
    expectProblem({ ...base, cost: '6' }, 'cost', /expected a number, got "6"/);
  });

  it('rejects a missing field, a repeated mod-use mark and an unknown trait', () => {
    const { cost: _cost, ...noCost } = base;
    expectProblem(noCost, 'cost', /is missing/);
    expectProblem({ ...base, modUse: ['melee', 'melee'] }, 'modUse[1]', /listed twice/);
    expectProblem({ ...base, traits: [{ trait: 'regenerate' }] }, 'traits[0].trait', /unknown trait "regenerate"; expected one of/);
  });
});
