/**
 * The two sample factions (the Kilnborn, the Hollowmoon Pack) and their sample armies: every card is a
 * real card, priced by the points guide (ruling SC61), with only qualities the rules play; each army
 * passes the army check (SC Set-up 1, 6; ruling SC1) and is offered at the table; and the practice
 * opponent plays them against each other to an end, a game whose replay is its state.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/formats/problems';
import { rulesetOf } from '../../../src/rulesets';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { checkArmy, DEFAULT_ARMY_LIMITS } from '../../../src/rulesets/sword-and-claw/army-check';
import { loadScContent, SC_CONTENT_DIR } from '../../../src/rulesets/sword-and-claw/content';
import { troopCatalogSchema } from '../../../src/rulesets/sword-and-claw/formats/catalog';
import type { TroopAttack, TroopCard } from '../../../src/rulesets/sword-and-claw/formats/troop-card';
import { beginSc, decideSc, replaySc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { PlayerId, ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { checkDeclaration } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { TEMPLATE_SHAPES } from '../../../src/rulesets/sword-and-claw/rules/templates';
import { guidePoints } from './points-guide';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return r.value;
})();

const FACTIONS = [
  { catalog: 'kilnborn', faction: 'kilnborn', army: 'slagwall-foundry' },
  { catalog: 'hollowmoon', faction: 'hollowmoon', army: 'winter-moon-hunt' },
] as const;

const cardsOf = (catalog: string): readonly TroopCard[] => content.catalogs.find((c) => c.id === catalog)!.troops;

/**
 * Troop qualities the rules play: Can't Run and Nimble Charger (ruling SC36), Skeleton and Dispersed
 * (SC App. A; ruling SC30), Tough Skin and Undead, whose +1 Armor changes nothing until water is
 * played (ruling SC30), and Flight (SC Flight; rulings SC90–SC99, priced by ruling SC130). Aquatic,
 * Short, Cavalry and the siege qualities are not played yet.
 */
const PLAYED_TROOP_QUALITIES = new Set(["Can't Run", 'Nimble Charger', 'Flight', 'Skeleton', 'Dispersed', 'Tough Skin', 'Undead']);

/** A projected attack is declared in the melee step (ruling SC45); any other with a range in the ranged step. */
const stepOf = (a: TroopAttack): 'melee' | 'ranged' =>
  a.range !== undefined && !a.qualities.some((q) => (TEMPLATE_SHAPES as readonly string[]).includes(q.name)) ? 'ranged' : 'melee';

describe('the sample factions (SC Set-up 1)', () => {
  it.each(FACTIONS)('$catalog: every card parses, 8 to 12 troop types, all of one faction and marked sample', ({ catalog, faction }) => {
    const raw = JSON.parse(readFileSync(join(SC_CONTENT_DIR, 'catalogs', `${catalog}.json`), 'utf8'));
    const parsed = parseWith(troopCatalogSchema, raw);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    const cards = cardsOf(catalog);
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(cards.length).toBeLessThanOrEqual(12);
    expect(new Set(cards.map((c) => c.faction))).toEqual(new Set([faction]));
    expect(content.catalogs.find((c) => c.id === catalog)!.sample).toBe(true);
  });

  it.each(FACTIONS)('$catalog: every Point Value is the points guide’s (ruling SC61)', ({ catalog }) => {
    for (const card of cardsOf(catalog)) expect(card.points, card.id).toBe(guidePoints(card));
  });

  it('the points guide gives the rulebook’s Human Crossbowman its printed 16 (SC Troops "Point Value", ruling SC61)', () => {
    const crossbowman = content.troops.get('human-crossbowman')!;
    expect(crossbowman.points).toBe(16);
    expect(guidePoints(crossbowman)).toBe(16);
  });

  it.each(FACTIONS)('$catalog: every quality is one the rules play (rulings SC23, SC30, SC31, SC36)', ({ catalog }) => {
    for (const card of cardsOf(catalog)) {
      for (const q of card.qualities) expect(PLAYED_TROOP_QUALITIES.has(q), `${card.id}: ${q}`).toBe(true);
      for (const attack of card.attacks.flat()) {
        // Declared as the attack asks: after a charge for Charge Only, standing still otherwise (Slow).
        const moved = attack.qualities.some((q) => q.name === 'Charge Only') ? 'charge' : null;
        const refused = checkDeclaration(card, [attack.id], stepOf(attack), { moved });
        expect(refused, `${card.id}: ${attack.name}`).toBeNull();
      }
    }
  });

  it('the two factions feel different: one shoots and has a Huge troop, the other is quick, with Reach and Nimble Chargers', () => {
    const kiln = cardsOf('kilnborn');
    const moon = cardsOf('hollowmoon');
    const attacks = (cards: readonly TroopCard[]) => cards.flatMap((c) => c.attacks.flat());
    const avgMove = (cards: readonly TroopCard[]) => cards.reduce((n, c) => n + c.move, 0) / cards.length;
    expect(attacks(kiln).filter((a) => stepOf(a) === 'ranged').length).toBeGreaterThanOrEqual(3);
    expect(kiln.some((c) => c.size === 'huge')).toBe(true);
    expect(moon.filter((c) => c.qualities.includes('Nimble Charger')).length).toBeGreaterThanOrEqual(3);
    expect(attacks(moon).filter((a) => a.qualities.some((q) => q.name === 'Reach')).length).toBeGreaterThanOrEqual(2);
    expect(avgMove(moon)).toBeGreaterThan(avgMove(kiln) + 1);
  });
});

describe('SC App. B Indirect Fire in the sample content', () => {
  it('a shipped army fields a troop whose attack has Indirect Fire: the Reed Wardens’ Staff Slinger, priced by the points guide (ruling SC61)', () => {
    const fielding = [...content.armies].filter(([, army]) =>
      [...army.units, ...(army.reserves ?? []).flatMap((r) => r.units)].some((u) =>
        content.troops
          .get(u.troop)!
          .attacks.flat()
          .some((a) => a.qualities.some((q) => q.name === 'Indirect Fire')),
      ),
    );
    expect(fielding.map(([id]) => id)).toEqual(['reed-wardens']);
    const slinger = content.troops.get('human-staff-slinger')!;
    expect(slinger.points).toBe(guidePoints(slinger));
    expect(checkArmy(content.armies.get('reed-wardens')!, content.troops, DEFAULT_ARMY_LIMITS).problems).toEqual([]);
  });
});

describe('SC App. B Paralyzing and Poison in the sample content (ruling SC136)', () => {
  const without = (card: TroopCard, quality: string): TroopCard => ({
    ...card,
    attacks: card.attacks.map((group) => group.map((a) => ({ ...a, qualities: a.qualities.filter((q) => q.name !== quality) }))),
  });

  it.each([
    { troop: 'kilnborn-slip-thrower', quality: 'Paralyzing' },
    { troop: 'kilnborn-lead-glazer', quality: 'Poison' },
  ])('$troop: its $quality attack is priced by the points guide, above the same card without it', ({ troop, quality }) => {
    const card = content.troops.get(troop)!;
    expect(card.attacks.flat().some((a) => a.qualities.some((q) => q.name === quality))).toBe(true);
    expect(card.points).toBe(guidePoints(card));
    expect(guidePoints(card)).toBeGreaterThan(guidePoints(without(card, quality)));
  });

  it('the Smeltworks Watch fields both and passes the army check within the default point total', () => {
    const watch = content.armies.get('smeltworks-watch')!;
    const troops = watch.units.map((u) => u.troop);
    expect(troops).toEqual(expect.arrayContaining(['kilnborn-slip-thrower', 'kilnborn-lead-glazer']));
    const { points, problems } = checkArmy(watch, content.troops, DEFAULT_ARMY_LIMITS);
    expect(problems).toEqual([]);
    expect(points).toBeLessThanOrEqual(DEFAULT_ARMY_LIMITS.points);
    expect(points).toBeGreaterThan(DEFAULT_ARMY_LIMITS.points * 0.9);
  });

  it('in practice games its attacks paralyze and poison, and a paralyzed or poisoned troop saves', () => {
    const events = [2, 3].flatMap((seed) => selfPlay(setup(seed, ['smeltworks-watch', 'night-snare-hunt'], 'reed-ford')).events);
    const put = new Set(
      events.flatMap((e) => {
        const c = 'conditions' in e ? e.conditions : undefined;
        if (c === undefined) return [];
        return Array.isArray(c) ? c : Object.values(c as Record<string, readonly string[]>).flat();
      }),
    );
    const saved = events.flatMap((e) => (e.type === 'saved' ? e.saves.map((x) => x.condition) : []));
    expect([...put]).toEqual(expect.arrayContaining(['paralyzed', 'poisoned']));
    expect(saved).toEqual(expect.arrayContaining(['paralyzed', 'poisoned']));
  });
});

describe('the sample factions’ armies (SC Set-up 1, 6; rulings SC1, SC2)', () => {
  it.each([...FACTIONS, { army: 'night-snare-hunt', faction: 'hollowmoon' }])('$army passes the army check at the default point total', ({ army, faction }) => {
    const list = content.armies.get(army)!;
    expect(list.faction).toBe(faction);
    const { points, problems } = checkArmy(list, content.troops, DEFAULT_ARMY_LIMITS);
    expect(problems).toEqual([]);
    expect(points).toBeLessThanOrEqual(DEFAULT_ARMY_LIMITS.points);
    expect(points).toBeGreaterThan(DEFAULT_ARMY_LIMITS.points * 0.9);
  });

  it('both are offered to challenges, practice and league entries, after the armies that were there first', () => {
    const found = rulesetOf('sword-and-claw');
    if (!found.ok) throw new Error(found.error.message);
    const offered = found.ruleset.table!.armies();
    expect(offered.slice(0, 2).map((a) => a.id)).toEqual(['iron-company', 'mire-raiders']);
    for (const { army, faction } of FACTIONS) {
      const offer = offered.find((a) => a.id === army)!;
      expect(offer.faction).toBe(faction);
      expect(offer.points).toBe(checkArmy(content.armies.get(army)!, content.troops).points);
    }
  });
});

/** Whom the match waits on: the prompt's player, the deploying side or the side whose turn it is. */
const waitingOn = (s: ScState): PlayerId | null => s.prompt?.player ?? s.deploying?.player ?? s.turn?.player ?? null;

function setup(seed: number, armies: readonly [string, string], map: string): ScSetup {
  return makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: content.armies.get(armies[0])!, bob: content.armies.get(armies[1])! },
    troops: content.troops,
    map: content.maps.get(map)!,
  });
}

/** The practice opponent on both seats, to the end or `limit` commands. */
function selfPlay(s: ScSetup, limit = 6000): { state: ScState; events: ScEvent[] } {
  const begun = beginSc(s);
  if (!begun.ok) throw new Error(begun.error.message);
  let state = begun.state;
  const events = [...begun.events];
  for (let i = 0; i < limit && !state.end; i++) {
    const who = waitingOn(state);
    if (who === null) break;
    const command = chooseScCommand(s, state, who);
    if (!command) throw new Error(`the practice opponent gave no order while the match waits on ${who}`);
    const r = decideSc(s, state, command, undefined);
    if (!r.ok) throw new Error(`the practice opponent was refused ${JSON.stringify(command)}: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

describe('a game between the two sample armies', () => {
  it.each([
    { seed: 1, armies: ['slagwall-foundry', 'winter-moon-hunt'], map: 'reed-ford' },
    { seed: 2, armies: ['winter-moon-hunt', 'slagwall-foundry'], map: 'reed-ford' },
    { seed: 3, armies: ['slagwall-foundry', 'winter-moon-hunt'], map: 'long-marsh' },
    { seed: 7, armies: ['slagwall-foundry', 'night-snare-hunt'], map: 'reed-ford' },
    // The Reed Wardens, whose Staff Slinger's sling has Indirect Fire, against the Kilnborn among the Long Marsh's walls and trees.
    { seed: 4, armies: ['reed-wardens', 'slagwall-foundry'], map: 'long-marsh' },
    // The Smeltworks Watch, whose Slip Throwers paralyze and Lead Glazers poison what they wound (ruling SC136).
    { seed: 5, armies: ['smeltworks-watch', 'night-snare-hunt'], map: 'reed-ford' },
  ] as const)('the practice opponent plays seed $seed on $map to an elimination, and replay equals state', ({ seed, armies, map }) => {
    const s = setup(seed, armies, map);
    const { state, events } = selfPlay(s);
    expect(state.end?.reason).toBe('elimination');
    expect(replaySc(s, events)).toEqual(state);
  });
});
