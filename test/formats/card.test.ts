import { describe, expect, it } from 'vitest';
import { unitCardSchema } from '../../src/rulesets/sellsword/formats/card';
import { formatProblems } from '../../src/formats/problems';
import { probe } from '../fixtures/problems';

/** The Gray Necromancer, as written in docs/formats.md "Unit card". */
const grayNecromancer = {
  id: 'havoc-gray-necromancer',
  name: 'Gray Necromancer',
  faction: 'havoc',
  descriptors: ['human', 'seasoned', 'possessed'],
  quality: 5,
  size: 'medium',
  cost: 31,
  fantasy: 2,
  modUse: ['magery'],
  stats: { agility: 11, brawn: 9, spirit: 14, wits: 13, move: 5, armor: 14, vigor: 15 },
  tokens: { react: 1, blue: 1, red: 1 },
  injuries: ['mobility', 'defensive', 'mortal'],
  attacks: [
    {
      id: 'dagger',
      name: 'Sacrificial Dagger',
      range: 1,
      bonus: 9,
      vs: 'armor',
      effects: [
        { wound: 10, type: 'pierce' },
        { link: 'then', status: 'recurring', wound: 10, type: 'magic', recover: ['spirit'] },
      ],
    },
    {
      id: 'grave-blast',
      name: 'Grave Blast',
      range: 10,
      acts: 2,
      cost: { blue: 1 },
      bonus: 10,
      vs: 'agility',
      effects: [
        { wound: 10, type: 'magic' },
        { link: 'and', wound: 10, type: 'cold' },
      ],
    },
  ],
  traits: [
    { trait: 'immune', wound: 5, type: 'cold' },
    { trait: 'immune', wound: 5, type: 'fear' },
    { trait: 'aura', name: 'Channel the Grave', range: 4, who: 'allies', descriptor: 'possessed', modify: { attack: 1 } },
    { trait: 'act', name: 'Ritual', id: 'ritual', cost: { vigor: 10 }, range: 5, who: 'allies', descriptor: 'undead', gain: { vigor: 15 } },
  ],
  text: 'optional flavour shown on the card',
};

/** A small valid card to spread and override. */
const base = {
  id: 'valor-squire',
  name: 'Squire',
  faction: 'valor',
  quality: 3,
  size: 'medium',
  cost: 12,
  stats: { agility: 10, brawn: 11, spirit: 9, wits: 10, move: 5, armor: 13, vigor: 10 },
  injuries: ['mobility', 'mortal'],
};

const spear = { id: 'spear', name: 'Spear', range: 1, bonus: 5, vs: 'armor', effects: [{ wound: 8, type: 'pierce' }] };

const withStats = (over: Record<string, unknown>) => ({ ...base, stats: { ...base.stats, ...over } });
const withAttack = (over: Record<string, unknown>) => ({ ...base, attacks: [{ ...spear, ...over }] });
const withEffects = (effects: unknown[]) => withAttack({ effects });
const withTraits = (...traits: unknown[]) => ({ ...base, traits });

const { parsed, problems, expectProblem } = probe(unitCardSchema, 'card');

describe('unit card: valid cards', () => {
  it('loads the Gray Necromancer from docs/formats.md unchanged in meaning', () => {
    const card = parsed(grayNecromancer);
    expect(card).toMatchObject(grayNecromancer);
    expect(card.stats).toEqual({ agility: 11, brawn: 9, spirit: 14, wits: 13, move: 5, fly: false, armor: 14, vigor: 15 });
    expect(card.tokens).toEqual({ react: 1, blue: 1, red: 1 });
    expect(card.injuries).toEqual(['mobility', 'defensive', 'mortal']);
    expect(card.traits).toHaveLength(4);
  });

  it('fills attack defaults: acts 1, slow false, cost {}', () => {
    const card = parsed(grayNecromancer);
    const [dagger, blast] = card.attacks;
    expect(dagger).toMatchObject({ acts: 1, slow: false, cost: {} });
    expect(dagger?.cost).toEqual({});
    expect(dagger?.burst).toBeUndefined();
    expect(blast).toMatchObject({ acts: 2, slow: false, cost: { blue: 1 } });
    expect(dagger?.effects[1]).toEqual({ link: 'then', status: 'recurring', wound: 10, type: 'magic', recover: ['spirit'] });
  });

  it('fills card defaults: tokens 0 each, no descriptors, mod-use, attacks or traits, fantasy 0', () => {
    const card = parsed(base);
    expect(card.tokens).toEqual({ react: 0, blue: 0, red: 0 });
    expect(card).toMatchObject({ descriptors: [], modUse: [], attacks: [], traits: [], fantasy: 0 });
    expect(card.text).toBeUndefined();
  });

  it('fills each omitted token with 0', () => {
    expect(parsed({ ...base, tokens: { blue: 2 } }).tokens).toEqual({ react: 0, blue: 2, red: 0 });
    expect(parsed({ ...base, tokens: {} }).tokens).toEqual({ react: 0, blue: 0, red: 0 });
  });

  it('reads "F6" as a flyer with move 6', () => {
    expect(parsed(withStats({ move: 'F6' })).stats).toMatchObject({ move: 6, fly: true });
    expect(parsed(withStats({ move: 'f12' })).stats).toMatchObject({ move: 12, fly: true });
  });

  it('reads a number move as not flying', () => {
    expect(parsed(withStats({ move: 6 })).stats).toMatchObject({ move: 6, fly: false });
    expect(parsed(withStats({ move: 0 })).stats).toMatchObject({ move: 0, fly: false });
  });

  it('is idempotent: parsing the parsed output gives an equal value', () => {
    for (const input of [grayNecromancer, base, withStats({ move: 'F6' }), withTraits({ trait: 'rule', acts: 4 }, { trait: 'rest', token: 'red' })]) {
      const once = parsed(input);
      expect(parsed(once)).toEqual(once);
    }
    expect(parsed(parsed(withStats({ move: 'F6' }))).stats).toMatchObject({ move: 6, fly: true });
  });

  it('gives rule and rest traits default names', () => {
    const card = parsed(withTraits({ trait: 'rule', maxSameAct: 3 }, { trait: 'rest', token: 'blue', acts: 2 }));
    expect(card.traits).toEqual([
      { trait: 'rule', name: 'Card rule', maxSameAct: 3 },
      { trait: 'rest', name: 'Rest', token: 'blue', acts: 2 },
    ]);
    expect(parsed(withTraits({ trait: 'rest', token: 'red' })).traits[0]).toMatchObject({ name: 'Rest', acts: 1 });
    expect(parsed(withTraits({ trait: 'rule', name: 'Horde', acts: 4 })).traits[0]).toEqual({ trait: 'rule', name: 'Horde', acts: 4 });
  });

  it('accepts every common trait and movement effect', () => {
    const card = parsed({
      ...withEffects([
        { push: 2 },
        { pull: 1, link: 'then' },
        { move: 2 },
        { recoil: 2 },
        { status: 'pinned', recover: ['agility', 'brawn'], modifier: -2, asterisk: true },
      ]),
      traits: [
        { trait: 'fly' },
        { trait: 'ghostly' },
        { trait: 'invisible' },
        { trait: 'see-invisible' },
        { trait: 'shield' },
        { trait: 'stealthy' },
        { trait: 'toughness' },
        { trait: 'warleader', dice: 2 },
        { trait: 'vulnerable', wound: 5, type: 'fire' },
      ],
    });
    expect(card.traits).toHaveLength(9);
    expect(card.attacks[0]?.effects).toHaveLength(5);
  });

  it('accepts a burst attack with range 0, and an injury box naming an attack or trait', () => {
    const card = parsed({
      ...withAttack({ id: 'nova', range: 0, burst: 2 }),
      traits: [{ trait: 'act', name: 'Ritual', id: 'ritual', effects: [{ status: 'shaken' }] }],
      injuries: ['mobility', { trait: 'nova' }, { trait: 'ritual' }, 'mortal'],
    });
    expect(card.attacks[0]).toMatchObject({ range: 0, burst: 2 });
    expect(card.injuries).toEqual(['mobility', { trait: 'nova' }, { trait: 'ritual' }, 'mortal']);
  });
});

describe('unit card: problems name the path and what was expected', () => {
  it('wrong types', () => {
    expectProblem({ ...base, quality: 'five' }, 'quality', /expected a number, got "five"/);
    expectProblem(withStats({ armor: '14' }), 'stats.armor', /expected a number, got "14"/);
    expectProblem({ ...base, injuries: 'mortal' }, 'injuries', /expected a list/);
    expectProblem(withAttack({ slow: 'yes' }), 'attacks[0].slow', /true or false/);
    expectProblem({ ...base, quality: 2.5 }, 'quality', /whole number/);
  });

  it('a missing required field', () => {
    const { cost: _cost, ...noCost } = base;
    expectProblem(noCost, 'cost', /is missing \(expected a number\)/);
    const { vigor: _vigor, ...noVigor } = base.stats;
    expectProblem({ ...base, stats: noVigor }, 'stats.vigor', /is missing/);
    const { vs: _vs, ...noVs } = spear;
    expectProblem({ ...base, attacks: [noVs] }, 'attacks[0].vs', /^is missing \(expected one of armor, agility, brawn, spirit, wits\)$/);
  });

  it('unknown keys, at top level and nested', () => {
    expectProblem({ ...base, colour: 'red' }, 'colour', /unknown key/);
    expectProblem(withAttack({ damage: 3 }), 'attacks[0].damage', /unknown key/);
    expectProblem(withStats({ speed: 3 }), 'stats.speed', /unknown key/);
    expectProblem({ ...base, tokens: { green: 1 } }, 'tokens.green', /unknown key/);
    expectProblem(withEffects([{ wound: 3, type: 'cut', extra: true }]), 'attacks[0].effects[0].extra', /unknown key/);
    expectProblem(withTraits({ trait: 'shield', size: 2 }), 'traits[0].size', /unknown key/);
  });

  it('reports each unknown key on its own', () => {
    const found = problems({ ...base, colour: 'red', shape: 'round' });
    expect(found.map((p) => p.path).sort()).toEqual(['colour', 'shape']);
  });

  it('out-of-range numbers', () => {
    expectProblem({ ...base, fantasy: 4 }, 'fantasy', /at most 3, got 4/);
    expectProblem(withStats({ agility: -1 }), 'stats.agility', /at least 0, got -1/);
    expectProblem(withAttack({ acts: 4 }), 'attacks[0].acts', /at most 3, got 4/);
    expectProblem(withAttack({ acts: 0 }), 'attacks[0].acts', /at least 1, got 0/);
    expectProblem({ ...base, tokens: { react: 10 } }, 'tokens.react', /at most 9, got 10/);
    expectProblem(withTraits({ trait: 'warleader', dice: 0 }), 'traits[0].dice', /at least 1, got 0/);
    expectProblem({ ...base, injuries: [] }, 'injuries', /at least 1 item/);
  });

  it('an unknown trait lists the known traits', () => {
    const found = problems(withTraits({ trait: 'regenerate' }));
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toBe('traits[0].trait');
    expect(found[0]?.message).toMatch(/unknown trait "regenerate"/);
    for (const t of ['fly', 'ghostly', 'warleader', 'immune', 'vulnerable', 'aura', 'act', 'rule', 'rest']) {
      expect(found[0]?.message).toContain(t);
    }
  });

  it('a trait without "trait", or not an object', () => {
    expectProblem(withTraits({ name: 'Flight' }), 'traits[0].trait', /is missing; expected one of fly/);
    expectProblem(withTraits('fly'), 'traits[0]', /expected trait/);
  });

  it('an unknown status', () => {
    expectProblem(withEffects([{ status: 'frozen' }]), 'attacks[0].effects[0].status', /expected one of controlled, .*recurring; got "frozen"/);
  });

  it('an unknown wound type', () => {
    expectProblem(withEffects([{ wound: 5, type: 'acid' }]), 'attacks[0].effects[0].type', /expected one of cut, pierce.*fear; got "acid"/);
    expectProblem(withTraits({ trait: 'immune', wound: 5, type: 'lightning' }), 'traits[0].type', /got "lightning"/);
  });

  it('a recurring status needs wound (and type)', () => {
    expectProblem(withEffects([{ status: 'recurring', type: 'fire' }]), 'attacks[0].effects[0].wound', /recurring status needs "wound"/);
    expectProblem(withEffects([{ status: 'recurring', wound: 5 }]), 'attacks[0].effects[0].type', /recurring status needs a wound "type"/);
  });

  it('a non-recurring status may not take wound or type', () => {
    expectProblem(withEffects([{ status: 'pinned', wound: 5 }]), 'attacks[0].effects[0].wound', /only a recurring status takes "wound"/);
    expectProblem(withEffects([{ status: 'shaken', type: 'fear' }]), 'attacks[0].effects[0].type', /only a recurring status takes "type"/);
  });

  it('the first effect cannot be "then"', () => {
    expectProblem(withEffects([{ link: 'then', wound: 5, type: 'cut' }]), 'attacks[0].effects[0].link', /first effect cannot be "then"/);
    expectProblem(withEffects([{ wound: 5, type: 'cut', link: 'or' }]), 'attacks[0].effects[0].link', /expected one of and, then; got "or"/);
  });

  it('an effect with none of the keys, and an attack with no effects', () => {
    expectProblem(
      withEffects([
        { wound: 5, type: 'cut' },
        { link: 'and', hurt: 3 },
      ]),
      'attacks[0].effects[1]',
      /expected effect: an object with one of status, wound, push, pull, move, recoil/,
    );
    expectProblem(withEffects([]), 'attacks[0].effects', /at least 1 item/);
  });

  it('a non-burst attack with range 0', () => {
    expectProblem(withAttack({ range: 0 }), 'attacks[0].range', /at least 1 .*only a burst attack may have range 0/);
  });

  it('an injury box referring to an id not on the card', () => {
    expectProblem(
      { ...withAttack({}), injuries: ['mobility', { trait: 'lance' }] },
      'injuries[1].trait',
      /"lance" is not an attack or trait id on this card \(ids: spear\)/,
    );
    expectProblem({ ...base, injuries: [{ trait: 'lance' }] }, 'injuries[0].trait', /"lance" is not an attack or trait id/);
  });

  it('duplicate attack ids, and a trait id repeating an attack id', () => {
    expectProblem({ ...base, attacks: [spear, { ...spear, name: 'Long Spear' }] }, 'attacks[1].id', /duplicate attack id "spear" \(also at attacks\[0\]\)/);
    expectProblem(
      { ...withAttack({}), traits: [{ trait: 'act', name: 'Thrust', id: 'spear', gain: { react: 1 } }] },
      'traits[0].id',
      /duplicate id "spear" \(also at attacks\[0\]\)/,
    );
  });

  it('an aura with an empty modify', () => {
    expectProblem(
      withTraits({ trait: 'aura', name: 'Dread', range: 3, who: 'enemies', modify: {} }),
      'traits[0].modify',
      /needs at least one of attack, armor, agility, brawn, spirit, wits, move/,
    );
    expectProblem(
      withTraits({ trait: 'aura', name: 'Dread', range: 3, who: 'friends', modify: { attack: -1 } }),
      'traits[0].who',
      /expected one of allies, enemies, all/,
    );
  });

  it('an act trait with neither gain nor effects', () => {
    expectProblem(withTraits({ trait: 'act', name: 'Ritual', id: 'ritual' }), 'traits[0]', /act trait needs "gain", "effects" or both/);
  });

  it('a rule trait with neither maxSameAct nor acts', () => {
    expectProblem(withTraits({ trait: 'rule' }), 'traits[0]', /rule trait needs "maxSameAct", "acts" or both/);
  });

  it('a bad move string', () => {
    expectProblem(withStats({ move: 'G6' }), 'stats.move', /whole number 0–20, or "F6" style for a flyer; got "G6"/);
    expectProblem(withStats({ move: 'F21' }), 'stats.move', /got "F21"/);
    expectProblem(withStats({ move: 5.5 }), 'stats.move', /got 5.5/);
  });

  it('a repeated mod-use mark', () => {
    expectProblem({ ...base, modUse: ['magery', 'melee', 'magery'] }, 'modUse[2]', /mod-use mark "magery" is listed twice/);
    expectProblem({ ...base, modUse: ['sorcery'] }, 'modUse[0]', /expected one of command, magery, melee, missile, natural; got "sorcery"/);
  });

  it('a bad id, faction or descriptor', () => {
    expectProblem({ ...base, id: 'Valor Squire' }, 'id', /expected an id of lower-case letters, digits and dashes/);
    expectProblem(withAttack({ id: 'Spear!' }), 'attacks[0].id', /expected an id/);
    expectProblem({ ...base, faction: 'Valor' }, 'faction', /expected a lower-case word/);
    expectProblem({ ...base, descriptors: ['human', 'human'] }, 'descriptors[1]', /descriptor "human" is listed twice/);
  });

  it('reports several problems at once', () => {
    const found = problems({
      ...base,
      id: 'Valor Squire',
      quality: 'five',
      fantasy: 4,
      stats: { ...base.stats, armor: '14', move: 'G6' },
      attacks: [{ ...spear, damage: 3, acts: 4 }],
      traits: [{ trait: 'regenerate' }],
    });
    const paths = found.map((p) => p.path);
    for (const path of ['id', 'quality', 'fantasy', 'stats.armor', 'stats.move', 'attacks[0].damage', 'attacks[0].acts', 'traits[0].trait']) {
      expect(paths, formatProblems(found)).toContain(path);
    }
    // Every problem says where it is and what was wrong.
    for (const p of found) {
      expect(p.path).not.toBe('');
      expect(p.message.length).toBeGreaterThan(5);
    }
  });

  it('refuses a card that is not an object', () => {
    expectProblem(['not', 'a', 'card'], '', /expected an object, got a list/);
  });
});
