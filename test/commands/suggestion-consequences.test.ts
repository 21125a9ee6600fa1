/**
 * Suggestions carry consequences: a path that can be replied to names who may reply (R25); odds
 * count immunity and vulnerability (R22, R36) and say the wounds; a charge shows its odds (R23); an
 * empty list says why instead of leaving Discord's "type a value".
 */
import { describe, expect, it } from 'vitest';
import {
  NOTHING,
  attackChoices,
  squareChoices,
  targetChoices,
  tokenChoices,
  unitChoices,
  viewTargetChoices,
} from '../../src/rulesets/sellsword/table/act-suggestions';
import { traitChoices } from '../../src/rulesets/sellsword/table/trait-suggestions';
import { table, yardTable } from '../render/states';
import { yard } from '../render/maps';
import { chargeOptions, chargeWoundingSteps, moveOptions } from '../../src/rulesets/sellsword/engine/queries';
import { pathSuggestions } from '../../src/commands/play/charge-words';
import { decide } from '../../src/rulesets/sellsword/engine';
import type { GameEvent } from '../../src/rulesets/sellsword/engine';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { noTargetWhy, noTargetWords } from '../../src/rulesets/sellsword/table/no-target-words';

describe('move suggestions', () => {
  it('R25: a path leaving a square beside an enemy with a react token names it as one who may reply', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const moves = squareChoices(game, 'p1', 'kn', '', false);
    expect(moves.length).toBeGreaterThan(0);
    // Every path leaves J10, beside the Ghoul.
    for (const m of moves) expect(m.name.slice(0, 40)).toMatch(/^[A-Z]\d+ costs \d+ · ⚠ GH may reply/);
    // R14: a Maneuver invites no reply, so it warns of none.
    for (const m of squareChoices(game, 'p1', 'kn', '', true)) expect(m.name).not.toContain('may reply');
  });

  it('a path far from every enemy warns of nothing', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    for (const m of squareChoices(game, 'p1', 'kn', '', false)) expect(m.name).not.toContain('may reply');
  });
});

describe('target suggestions', () => {
  it('R22: a bite against a unit immune to its wounds says a plain hit deals none, and why', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'wh', card: 'valor-war-hound', player: 'p1', at: 'J10' },
        { id: 'sk', card: 'havoc-skeleton', player: 'p2', at: 'J11' },
      ],
    });
    const [sk] = targetChoices(game, 'p1', 'wh', 'bite', '');
    expect(sk!.value).toBe('sk');
    expect(sk!.name).toMatch(
      /^SK( ⚠ may reply ·)? \d+% hit, only crits wound, 0 wounds, \d+% crit, 10 on a crit \(immune −\d+ pierce\)( · then Hobbled on a crit)?( · range 1)?( · Skeleton Warrior)?$/,
    );
    // A 400 px screen shows about the first 50 characters: the chance to hit and that a plain hit cannot wound.
    expect(sk!.name.slice(0, 45)).toMatch(/^SK( ⚠ may reply ·)? \d+% hit, only crits wound/);
  });

  it("R25, R26: a target warns of who may strike back, as a move does, after a hit's wounds, with the essentials in 50 characters (issue 26)", () => {
    // The Ghoul next to the Knight may reply to its attack; the Warboss two squares off may not.
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'ow', card: 'havoc-orc-warboss', player: 'p2', at: 'L10' },
      ],
    });
    const gh = targetChoices(game, 'p1', 'kn', 'longsword', '').find((c) => c.value === 'gh');
    // Issue 26, playtest: the label, the warning, the chance to hit and a hit's wounds fit the 45 or so a phone shows.
    expect(gh!.name.slice(0, 45)).toMatch(/^GH ⚠ may reply · \d+% hit, 10 wounds/);
    // Then the critical's chance with its wounds, the range, and the unit's card name last.
    expect(gh!.name).toMatch(/^GH ⚠ may reply · \d+% hit, 10 wounds · \d+% crit, 20 on a crit · range 1 · Ghoul$/);
    // Typing another unit's label does not find this target by its warning.
    expect(targetChoices(game, 'p1', 'kn', 'longsword', 'ow').map((c) => c.value)).not.toContain('gh');
  });

  it('a target with nobody next to the attacker to reply carries no warning', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'lo', card: 'valor-archer', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J14' },
      ],
    });
    // The archer has several attacks: with none given, the value carries the one the odds are for (issue 26).
    const gh = targetChoices(game, 'p1', 'lo', undefined, '').find((c) => String(c.value).startsWith('gh with '));
    expect(gh?.name).toBeDefined();
    expect(gh!.name).not.toContain('may reply');
  });

  it("R23, R45: a charge whose path crosses damaging ground warns of the wounds, as a move's does", () => {
    // Mill Crossing's ford (rows 9 and 10 at E and F) is damaging, and the wall closes G: a charge from F8
    // to F11 must cross it.
    const game = table({
      map: 'mill-crossing',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'F8' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'F11' },
      ],
    });
    const charge = chargeOptions(game, 'kn').find((c) => c.target === 'gh');
    expect(charge, 'the knight can charge the ghoul').toBeDefined();
    const steps = chargeWoundingSteps(game, 'kn', charge!.path);
    expect(steps).toBeGreaterThan(0);
    const gh = targetChoices(game, 'p1', 'kn', 'longsword', '').find((c) => c.value === 'gh charge');
    // A 400 px screen shows about the first 45 characters: they hold the ground's wounds to the charger
    // (playtest round 19: said after the squares, they were cut), then the odds before the price.
    expect(gh!.name.slice(0, 45)).toContain(`charge GH ⚠ ${5 * steps} cold wounds to KN`);
    expect(gh!.name).toMatch(/^charge GH ⚠ \d+ cold wounds to KN (⚠ may reply )?· \d+% hit, \d+ wounds · KN pays 5 Vigor/);
    // The squares it steps through survive Discord's cut to 100.
    expect(gh!.name).toContain(` ${charge!.path.join(' → ')}`);
    expect(gh!.name.length).toBeLessThanOrEqual(100);
  });

  it('R23, R45: with the attack named and all its Vigor to pay, a charge over damaging ground still says first what the ground costs, and its squares (playtest)', () => {
    // The archer (5 Vigor, two attacks) charges the Ghoul across the ford with its Hand Axe: the front
    // ("… · LO pays 5 Vigor · with Hand Axe 70% hit, 10 wounds") left no room for the squares.
    const game = table({
      map: 'mill-crossing',
      units: [
        { id: 'lo', card: 'valor-archer', player: 'p1', at: 'F8' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'F11' },
      ],
    });
    const charge = chargeOptions(game, 'lo').find((c) => c.target === 'gh')!;
    const steps = chargeWoundingSteps(game, 'lo', charge.path);
    expect(steps).toBeGreaterThan(0);
    const gh = targetChoices(game, 'p1', 'lo', undefined, '').find((c) => String(c.value).startsWith('gh charge'))!;
    expect(gh.name).toContain(charge.path.join(' → '));
    expect(gh.name).toMatch(new RegExp(`^charge GH ⚠ ${5 * steps} cold wounds to LO ⚠ may reply · \\d+% hit, \\d+ wounds · LO pays 5 Vigor · `));
    expect(gh.name.length).toBeLessThanOrEqual(100);
  });

  it("R23, issue 26: with `charge` set and nothing to charge, the list says the charge's own reason (no Vigor), as the command does", () => {
    const start = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const game = { ...start, units: { ...start.units, kn: { ...start.units.kn!, vigor: 0 } } };
    const listed = targetChoices(game, 'p1', 'kn', 'longsword', '', undefined, undefined, true);
    expect(listed.map((c) => c.name)).toEqual([expect.stringMatching(/^Nothing to choose: it cannot charge: KN needs 5 Vigor to charge and has 0/)]);
    const sent = decide(game, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh', charge: true }, 'p1');
    expect('error' in sent && sent.error.code).toBe('no-vigor-to-charge');
  });

  it('R23: a target that can only be charged shows the charge with its odds', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const choices = targetChoices(game, 'p1', 'kn', 'longsword', '');
    const gh = choices.find((c) => c.value === 'gh charge');
    // Issue 26: whom it charges and the odds, who may reply to its attack where it ends (the Ghoul, R23,
    // R26), the wounds, then the squares it steps through (the path the command will take) and its cost.
    const path = chargeOptions(game, 'kn').find((c) => c.target === 'gh')!.path;
    expect(gh?.name).toMatch(
      new RegExp(
        `^charge GH ⚠ may reply · \\d+% hit, \\d+ wounds · KN pays 5 Vigor · 2 steps by ${path.join(' → ')}( · \\d+% crit, \\d+ on a crit)?( · wounds incl. the charge's \\+5)?( · Ghoul)?$`,
      ),
    );
    // A 400 px screen shows about the first 45 characters: the warning, who pays the charge's price and
    // the chance to hit (a tester's Ghoul spent all its Vigor on a charge whose cost was cut off, issue 26).
    expect(gh!.name.slice(0, 45)).toMatch(/^charge GH ⚠ may reply · \d+% hit, \d+ wounds/);
    expect(gh?.name).not.toContain('charge only');
    // Picking it charges: its value carries the charge.
    expect(gh?.value).toBe('gh charge');
  });
});

describe("a charge's path, chosen by the player", () => {
  it('R23: /attack path offers every legal pair of steps at the target picked, each as the engine takes it', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const paths = pathSuggestions(game, 'p1', 'kn', 'longsword', 'gh charge', '', () => 'Alice');
    expect(paths.length).toBeGreaterThan(1);
    for (const p of paths) {
      expect(p.name).toMatch(/^[A-Z]\d+ → [A-Z]\d+$/);
      const path = String(p.value).split(' ');
      expect(decide(game, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh', charge: path }, 'p1')).not.toHaveProperty('error');
    }
    // The path the target's suggestion names is one of them.
    expect(paths.map((p) => p.value)).toContain(
      chargeOptions(game, 'kn')
        .find((c) => c.target === 'gh')!
        .path.join(' '),
    );
    // Out of turn, the list says whose turn it is, as every act's list does.
    expect(pathSuggestions(game, 'p2', 'kn', 'longsword', 'gh', '', () => 'Alice')).toEqual([
      { name: "Nothing to choose: it is Alice's turn", value: NOTHING },
    ]);
  });
});

describe("a typed target that is not offered says why, in the engine's words", () => {
  const names = () => 'Alice';
  it('R17: a diagonal enemy behind two units larger than it is out of sight, and the suggestion names them', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: 'K10' },
        { id: 'ci', card: 'havoc-carrion-imp', player: 'p2', at: 'K11' },
      ],
    });
    // GH and GH2 are offered; CI, typed, is not, and the reason is not a seeming typo.
    expect(targetChoices(game, 'p1', 'kn', 'longsword', '', names).map((c) => c.value)).toEqual(expect.arrayContaining(['gh', 'gh2']));
    expect(targetChoices(game, 'p1', 'kn', 'longsword', 'ci', names)).toEqual([
      { name: 'Nothing to choose: KN cannot see CI: the larger units GH2 at K10 and GH at J11 block every line', value: 'none:ci' },
    ]);
  });

  it("an enemy in sight but beyond the attack's reach says how far it is and how far the attack reaches", () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'ci', card: 'havoc-carrion-imp', player: 'p2', at: 'J14' },
      ],
    });
    expect(targetChoices(game, 'p1', 'kn', 'longsword', 'ci', names)).toEqual([
      { name: 'Nothing to choose: CI is 4 squares away; Longsword reaches 1', value: 'none:ci' },
    ]);
  });

  it('text that names no unit still says nothing matches it', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    expect(targetChoices(game, 'p1', 'kn', 'longsword', 'zz', names)[0]!.name).toBe('Nothing to choose: no target matches "zz"');
  });
});

describe('square suggestions with more than fit', () => {
  it('offer every step beside the unit, then the farther squares spread, at most 25', () => {
    const game = yardTable();
    const all = moveOptions(game, 'hero', false);
    expect(all.length).toBeGreaterThan(25);
    const cheapest = Math.min(...all.map((o) => o.cost));
    const offered = squareChoices(game, game.turn!.player, 'hero', '', false).map((c) => c.value);
    expect(offered.length).toBe(25);
    expect(offered).toEqual(expect.arrayContaining(all.filter((o) => o.cost === cheapest).map((o) => o.square)));
    const farthest = Math.max(...all.map((o) => o.cost));
    expect(all.some((o) => o.cost === farthest && offered.includes(o.square))).toBe(true);
  });
});

describe('target suggestions on a phone', () => {
  // Discord shows a choice name on one line; a 400 px screen cuts it after about 50 characters.
  it('say the chance to hit and the wounds within the first 50 characters, then the critical, cover and immunity (issue 26)', () => {
    const game = yardTable();
    const choices = targetChoices(game, game.turn!.player, 'bow', 'longbow', '');
    const head = (v: string) => choices.find((c) => c.value === v)!.name.slice(0, 50);
    expect(head('cover')).toMatch(/^COVER \d+% hit, 5 wounds · \d+% crit, 15 on a crit/);
    expect(choices.find((c) => c.value === 'cover')!.name).toContain(' on a crit · cover −2 · ');
    expect(head('open')).toMatch(/^OPEN \d+% hit, 5 wounds · \d+% crit, 15 on a crit/);
    expect(choices.find((c) => c.value === 'open')!.name).toContain(' · immune −5 pierce · ');
    for (const c of choices) expect(c.name.length).toBeLessThanOrEqual(100);
    // An invisible target's penalty is named with cover after the critical, and why: brush hides it, so "brush/smoke", not a status it lacks.
    const hidden = choices.find((c) => c.value === 'hidden');
    expect(hidden?.name).toMatch(/^HIDDEN \d+% hit, 10 wounds · \d+% crit, 20 on a crit · cover −2, brush\/smoke −4 · range \d+ · Ghoul$/);
    // Said once, in the head, not again with the wounds.
    expect(choices.find((c) => c.value === 'open')!.name.match(/immune/g)).toHaveLength(1);
  });
});

describe('what a phone shows of a target (issue 26)', () => {
  // A 400 px screen shows about the first 50 characters: the chance to hit, a hit's wounds and the
  // warning must be there, before the critical, cover and the terrain's penalty.
  it('R25, R26: a target in cover seen through brush keeps the chance to hit, the wounds and the warning in 50 characters', () => {
    const start = yardTable();
    // A second Ghoul next to the archer (A8) may reply to any of its attacks.
    const a8 = 7 * yard.grid[0]!.length;
    const game = { ...start, units: { ...start.units, gh: { ...start.units.hidden!, id: 'gh', at: a8 } } };
    const hidden = targetChoices(game, game.turn!.player, 'bow', 'longbow', '').find((c) => c.value === 'hidden')!;
    expect(hidden.name.slice(0, 50)).toMatch(/^HIDDEN ⚠ GH may reply · \d+% hit, 10 wounds/);
    // The critical, cover with its penalty and the brush come after; the range gives way to them at 100.
    expect(hidden.name).toMatch(/ · \d+% crit, 20 on a crit · cover −2, brush\/smoke −4/);
  });

  it('R23: a charge keeps the warning, the chance to hit and the wounds in 45 characters, its price next', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const gh = targetChoices(game, 'p1', 'kn', 'longsword', '').find((c) => c.value === 'gh charge')!;
    expect(gh.name.slice(0, 45)).toMatch(/^charge GH ⚠ may reply · \d+% hit, \d+ wounds/);
    expect(gh.name).toMatch(/^charge GH ⚠ may reply · \d+% hit, \d+ wounds · KN pays 5 Vigor · /);
    // The squares it steps through come next; the critical's chance gives way to them within Discord's 100.
    expect(gh.name).toMatch(/ · 2 steps by I11 → I12/);
  });
});

describe('an empty list says why', () => {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
    ],
  });

  const names = (p: string) => (p === 'p1' ? 'Alice' : 'Bob');

  it('not your turn: says whose it is, by name, and which unit is acting', () => {
    expect(unitChoices(game, 'p2', '', 'move', names)).toEqual([{ name: "Nothing to choose: it is Alice's turn", value: NOTHING }]);
    const acting = { ...game, turn: { ...game.turn!, unit: 'kn' } };
    expect(unitChoices(acting, 'p2', '', 'move', names)).toEqual([{ name: "Nothing to choose: it is Alice's turn (KN is acting)", value: NOTHING }]);
    expect(attackChoices(acting, 'p2', 'gh', '', names)).toEqual([{ name: "Nothing to choose: it is Alice's turn (KN is acting)", value: NOTHING }]);
    expect(traitChoices(game, 'p2', 'gh', '', names)[0]!.value).toBe(NOTHING);
  });

  it("the start of a unit of one's own that is not listed says why that unit is not, not that nothing matches (playtest round 16)", () => {
    const two = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2', turnTaken: true },
        { id: 'wh', card: 'valor-war-hound', player: 'p1', at: 'B4' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    const why = unitChoices(two, 'p1', 'k', 'move', names);
    expect(why).toHaveLength(1);
    expect(why[0]!.name).toBe('Nothing to choose: KN has had its turn this round');
    // By its card's name too.
    expect(unitChoices(two, 'p1', 'kni', 'move', names)[0]!.name).toBe(why[0]!.name);
    // Another option's list, while the unit option holds what was typed, says to pick from the unit list.
    expect(squareChoices(two, 'p1', 'k', '', false, names)).toEqual([
      { name: `Nothing to choose: no unit is called "k": pick one from the unit option's list first`, value: NOTHING },
    ]);
  });

  it("/attack's attack list says what each attack can strike now, best chance first (playtest round 16)", () => {
    const near = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const rows = attackChoices(near, 'p1', 'kn', '', names);
    const sword = rows.find((r) => r.value === 'longsword')!;
    expect(sword.name).toMatch(/^Longsword · GH \d+% hit, 10 wounds/);
    expect(sword.name.length).toBeLessThanOrEqual(100);
  });

  it('a target row of an attack that deals no wounds says what a hit does instead (playtest round 16)', () => {
    const near = table({
      map: 'barrow-hill',
      units: [
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const row = targetChoices(near, 'p1', 'tg', 'shield-bash', '', names).find((r) => String(r.value).startsWith('gh'))!;
    expect(row.name).toMatch(/^GH ⚠ may reply · \d+% hit, no wounds, Recoil 2/);
    // A critical adds only wounds: for an attack that deals none its chance is not said (playtest round 18).
    expect(row.name).not.toContain('crit');
  });

  it('an attack that spends a token says so after its odds (playtest round 19)', () => {
    const near = table({
      map: 'barrow-hill',
      units: [
        { id: 'ow', card: 'havoc-orc-warboss', player: 'p1', at: 'J10' },
        { id: 'tg', card: 'valor-guard', player: 'p2', at: 'J12' },
      ],
    });
    const roar = targetChoices(near, 'p1', 'ow', 'goading-roar', '', names).find((r) => String(r.value).startsWith('tg'))!;
    expect(roar.name).toMatch(/ \d+% hit[^·]* · costs 1 react · /);
  });

  it('§4.5: a slow attack says a reply strikes first, after its odds (playtest round 20)', () => {
    const shot = table({
      map: 'barrow-hill',
      units: [
        { id: 'xb', card: 'valor-crossbowman', player: 'p1', at: 'J6' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J12' },
      ],
    });
    const row = targetChoices(shot, 'p1', 'xb', 'heavy-crossbow', '', names).find((r) => String(r.value).startsWith('gh'))!;
    expect(row.name).toMatch(/ \d+% hit[^·]* · slow: a reply strikes first · /);
  });

  it('§6.2, R29: a flanked target says its +2 in the odds, as the roll will (playtest round 18)', () => {
    const flank = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'wh', card: 'valor-war-hound', player: 'p1', at: 'J12' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const row = targetChoices(flank, 'p1', 'kn', 'longsword', '', names).find((r) => String(r.value).startsWith('gh'))!;
    expect(row.name).toContain('flanked +2');
  });

  it('§6.2: a target that cannot see its invisible attacker says "unseen by GH +2", as the roll will (playtest round 20)', () => {
    const unseen = table({
      map: 'barrow-hill',
      units: [
        { id: 'lo', card: 'valor-archer', player: 'p1', at: 'J6', statuses: [{ status: 'invisible' }] },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J14' },
      ],
    });
    const row = targetChoices(unseen, 'p1', 'lo', 'longbow', '', names).find((r) => String(r.value).startsWith('gh'))!;
    expect(row.name).toContain('unseen by GH +2');
  });

  it("R23: /skirmish view's preview offers the charges /attack offers, and says why when nothing is in reach (playtest round 17)", () => {
    const far = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const rows = viewTargetChoices(far, 'kn', 'longsword', '', names);
    expect(rows.map((r) => r.value)).toEqual(['gh charge']);
    expect(rows[0]!.name).toMatch(/^charge GH \d+% hit/);
    // Out of reach of any charge, the reason names the enemy in sight, not "no enemy is in sight".
    const further = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J18' },
      ],
    });
    const none = viewTargetChoices(further, 'kn', 'longsword', '', names);
    expect(none).toHaveLength(1);
    expect(none[0]!.name).toMatch(/^Nothing to choose: .*GH/);
  });

  it('R31: /rest offers only the tokens the unit can regain, and says why when none', () => {
    const tired = { ...game, units: { ...game.units, kn: { ...game.units.kn!, tokens: { ...game.units.kn!.tokens, react: 0 } } } };
    expect(tokenChoices(tired, 'p1', 'kn', '', names)).toEqual([{ name: 'react token', value: 'react' }]);
    // Full react tokens and no rest trait for blue or red: nothing to offer, in the engine's words.
    expect(tokenChoices(game, 'p1', 'kn', '', names)).toEqual([
      { name: expect.stringMatching(/^Nothing to choose: .*already has all its react tokens/), value: NOTHING },
    ]);
  });

  it('someone not playing in the match is told so, before whose turn it is', () => {
    const acting = { ...game, turn: { ...game.turn!, unit: 'kn' } };
    const none = [{ name: 'Nothing to choose: you are not playing in this match', value: NOTHING }];
    expect(unitChoices(acting, 'p9', '', 'move', names)).toEqual(none);
    expect(attackChoices(acting, 'p9', 'kn', '', names)).toEqual(none);
    expect(squareChoices(acting, 'p9', 'kn', '', false, names)).toEqual(none);
  });

  it("a unit typed on another player's turn: says whose turn it is before that the unit has had its own", () => {
    const theirs = { ...game, units: { ...game.units, kn: { ...game.units.kn!, turnTaken: true } }, turn: { ...game.turn!, player: 'p2' } };
    expect(unitChoices(theirs, 'p1', 'kn', 'move', names)).toEqual([{ name: "Nothing to choose: it is Bob's turn", value: 'none:kn' }]);
  });

  it('R30: crowing at full Vigor says so, for the list and for the unit typed', () => {
    const crowing = { ...game, turn: { ...game.turn!, unit: 'kn', actsLeft: 2, droppedEnemy: true } };
    expect(unitChoices(crowing, 'p1', '', 'crow', names)[0]!.name).toMatch(
      /^Nothing to choose: .*already has all its Vigor \(\d+\); crowing would restore nothing$/,
    );
    expect(unitChoices(crowing, 'p1', 'kn', 'crow', names)[0]!.name).toMatch(/already has all its Vigor/);
  });

  it('nothing in reach', () => {
    // GH stands in plain view across the hill: the reason says how far, not that nothing is in sight (issue 26).
    expect(attackChoices(game, 'p1', 'kn', '')).toEqual([
      { name: 'Nothing to choose: no enemy in reach; GH is in sight but 19 squares away (Longsword reaches 1)', value: NOTHING },
    ]);
    expect(targetChoices(game, 'p1', 'kn', 'longsword', '')[0]!.name).toBe(
      'Nothing to choose: no enemy in reach of Longsword; GH is in sight but 19 squares away',
    );
  });

  it('R23: said of two units, "no enemy in reach" leads, the reason of both, before the one that is too close to charge (playtest)', () => {
    const two = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'lo', card: 'valor-knight', player: 'p1', at: 'C3' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J12' },
      ],
    });
    const [only] = unitChoices(two, 'p1', '', 'attack');
    expect(only!.name).toMatch(/^Nothing to choose: KN, LO: no enemy in reach; GH is too close for KN to charge, 2 squares away/);
  });

  it('R23: an enemy two squares away is too close to charge: the reason says so, and what to do instead (issue 26, playtest)', () => {
    const near = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J12' },
      ],
    });
    // The engine's charge check (chargePlan's charge-too-close) leads, within a phone's first 45 characters.
    const why = 'KN: GH is too close to charge, 2 squares away: move next to it, then attack';
    expect(unitChoices(near, 'p1', '', 'attack')).toEqual([{ name: `Nothing to choose: ${why}`, value: NOTHING }]);
    const list = targetChoices(near, 'p1', 'kn', undefined, '');
    expect(list).toEqual([{ name: 'Nothing to choose: GH is too close to charge, 2 squares away: move next to it, then attack', value: NOTHING }]);
    expect(list[0]!.name.slice(0, 45)).toContain('too close to charge');
    expect(attackChoices(near, 'p1', 'kn', '')[0]!.name).toBe(list[0]!.name);
    // With room, the why in brackets too; never a rule code.
    expect(noTargetWhy(near, 'kn')).toBe("GH is too close to charge, 2 squares away: move next to it, then attack (a charge's 2 steps must each come closer)");
    // With another enemy in reach, the list offers it and says last why GH is missing; typed, GH's own reason.
    const both = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'ow', card: 'havoc-ghoul', player: 'p2', at: 'J9' },
        { id: 'tg', card: 'havoc-ghoul', player: 'p2', at: 'J12' },
      ],
    });
    const offered = targetChoices(both, 'p1', 'kn', undefined, '');
    expect(offered.map((c) => c.value)).toEqual(['ow with longsword', 'ow with pommel', 'none:tg']);
    expect(offered[2]!.name).toBe('TG is too close to charge, 2 squares away: move next to it, then attack');
    expect(targetChoices(both, 'p1', 'kn', undefined, 'tg')).toEqual([
      { name: 'Nothing to choose: TG is too close to charge, 2 squares away: move next to it, then attack', value: 'none:tg' },
    ]);
    // One square further, a charge (exactly two steps closer) reaches it: the list offers the charge.
    const far = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    expect(targetChoices(far, 'p1', 'kn', 'longsword', '').map((c) => c.value)).toEqual(['gh charge']);
  });

  it("a unit whose side's turn it is not cannot move", () => {
    expect(squareChoices(game, 'p2', 'gh', '', false, names)).toEqual([{ name: "Nothing to choose: it is Alice's turn", value: NOTHING }]);
  });

  it("/move's squares ask the same turn check as the other lists: out of turn, or for a unit not the player's, they say why", () => {
    // Out of turn, the turn player's own unit: whose turn it is, as /attack's lists say, not its squares.
    expect(squareChoices(game, 'p2', 'kn', '', false, names)).toEqual([{ name: "Nothing to choose: it is Alice's turn", value: NOTHING }]);
    expect(squareChoices(game, 'p2', 'kn', '', true, names)).toEqual([{ name: "Nothing to choose: it is Alice's turn", value: NOTHING }]);
    expect(squareChoices(game, 'p2', 'kn', '', false, names)).toEqual(attackChoices(game, 'p2', 'kn', '', names));
    // On the player's own turn, an enemy's unit is not theirs to move.
    const theirs = { ...game, turn: { ...game.turn!, player: 'p2' } };
    expect(squareChoices(theirs, 'p2', 'kn', '', false, names)).toEqual([
      { name: "Nothing to choose: KN is Alice's unit, not yours; pick one of your own units", value: NOTHING },
    ]);
    expect(squareChoices(theirs, 'p2', 'gh', '', false, names).length).toBeGreaterThan(1);
    // A Controlled unit on its owner's turn (§6.2): who commands it, and whose turn it is.
    const taken = { ...game, turn: { ...game.turn!, unit: 'kn', controller: 'p2' } };
    expect(squareChoices(taken, 'p1', 'kn', '', false, names)).toEqual([
      { name: 'Nothing to choose: Bob commands KN this turn (it is Controlled): Bob gives its acts', value: NOTHING },
    ]);
  });

  it('no square matches what was typed: says which unit, and the value carries what was typed', () => {
    expect(squareChoices(game, 'p1', 'kn', 'ZZ', false)).toEqual([{ name: 'Nothing to choose: no square KN can reach starts with "ZZ"', value: 'none:ZZ' }]);
  });

  it('a square typed in full that cannot be reached says so, or who holds it', () => {
    const two = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2' },
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'B4' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    const [far] = squareChoices(two, 'p1', 'kn', 'J12', false);
    expect(far!.name).toMatch(/^Nothing to choose: .*cannot reach J12/);
    expect(far!.value).toBe('none:J12');
    expect(squareChoices(two, 'p1', 'kn', 'B4', false)[0]!.name).toBe('Nothing to choose: KN cannot end on B4: TG is there');
  });

  it('a unit typed in full says why that unit cannot, short enough not to be cut', () => {
    const two = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2' },
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'B4' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    const acted = { ...two, units: { ...two.units, kn: { ...two.units.kn!, turnTaken: true }, tg: { ...two.units.tg!, at: null } } };
    expect(unitChoices(acted, 'p1', 'kn', 'attack')).toEqual([{ name: 'Nothing to choose: KN has had its turn this round', value: 'none:kn' }]);
    const [first] = unitChoices(acted, 'p1', '', 'attack');
    expect(first!.name.length).toBeLessThanOrEqual(100);
    expect(first!.name).not.toContain('…');
    expect(first!.name).toBe('Nothing to choose: TG is in reserve');
    // With several units all in reserve, the reason is said of them all, not of the first.
    const waiting = { ...two, units: { ...two.units, kn: { ...two.units.kn!, at: null }, tg: { ...two.units.tg!, at: null } } };
    expect(unitChoices(waiting, 'p1', '', 'attack')[0]!.name).toBe(
      'Nothing to choose: your units are all in reserve: each enters with /move or /maneuver first',
    );
    // With one on the map, its turn taken, the others still to act are said to be in reserve, not all (playtest).
    const three = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2' },
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'B4' },
        { id: 'wh', card: 'valor-guard', player: 'p1', at: 'C4' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    const left = {
      ...three,
      units: { ...three.units, kn: { ...three.units.kn!, at: null }, tg: { ...three.units.tg!, at: null }, wh: { ...three.units.wh!, turnTaken: true } },
    };
    const [said] = unitChoices(left, 'p1', '', 'attack');
    expect(said!.name).toBe('Nothing to choose: your units still to act are in reserve: each enters with /move or /maneuver first');
    expect(said!.name.length).toBeLessThanOrEqual(100);
  });

  it('no unit can attack: every unit still to act is accounted for, not the first with an enemy in view alone (issue 26)', () => {
    const two = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'B2' },
        { id: 'wh', card: 'valor-guard', player: 'p1', at: 'A2' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    // A tester's list said "KN: …" and left out WH, which had not acted.
    const [both] = unitChoices(two, 'p1', '', 'attack');
    expect(both!.name).toMatch(/^Nothing to choose: KN, WH: no enemy in reach; GH is in sight, \d+ squares from (KN|WH)$/);
    const reserve = { ...two, units: { ...two.units, wh: { ...two.units.wh!, at: null } } };
    expect(unitChoices(reserve, 'p1', '', 'attack')[0]!.name).toMatch(
      /^Nothing to choose: WH is in reserve; KN: no enemy in reach; GH is in sight, \d+ squares from KN$/,
    );
  });

  it('a picked "Nothing to choose" in the unit box is not read as a unit named "none"', () => {
    expect(attackChoices(game, 'p1', NOTHING, '')).toEqual([{ name: 'Nothing to choose: pick a unit first', value: NOTHING }]);
    expect(squareChoices(game, 'p1', 'none:kn', '', false)[0]!.name).toBe('Nothing to choose: pick a unit first');
  });
});

describe('an invisible target in the roll line (§4.2, R18)', () => {
  it('names why: "GH seen through brush or smoke −4", not "invisible" for a unit with no such status', () => {
    const game = yardTable();
    const bow = game.units.bow!;
    const target = game.units.hidden!;
    const e: GameEvent = {
      type: 'attack-rolled',
      unit: bow.id,
      attack: 'longbow',
      target: target.id,
      rolls: [14],
      modifier: 2,
      need: 12,
      hit: false,
      critical: false,
      glancing: false,
      notes: ['bonus +6', 'invisible −4'],
    };
    const told = tell(happeningsOf(game, [e], { before: game }), {}).join(' ');
    expect(told).toMatch(/ \w+ seen through brush or smoke −4\)/);
    expect(told).not.toContain('invisible');
  });
});

describe("/attack's unit list names the units of yours that cannot attack, after those that can", () => {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'tg', card: 'valor-guard', player: 'p1', at: 'B2' },
      { id: 'pi', card: 'valor-pikeman', player: 'p1', at: 'C2' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  });

  it('one trailing entry, "TG, PI: no enemy in sight and reach", whose value is never a unit', () => {
    const list = unitChoices(game, 'p1', '', 'attack');
    expect(list.map((c) => c.value)).toEqual(['kn', 'none:tg,pi,']);
    // Both see GH far off: the nearest is named, with whose view it is.
    expect(list.at(-1)!.name).toBe('TG, PI: no enemy in reach; GH is in sight, 10 squares from TG');
    // Typing one of them says why that one cannot; text matching only units that can leaves it out.
    expect(unitChoices(game, 'p1', 'pi', 'attack')).toEqual([
      { name: 'Nothing to choose: PI has no enemy in reach; GH is in sight but 10 squares away (Pike reaches 2)', value: 'none:pi' },
    ]);
    expect(unitChoices(game, 'p1', 'kn', 'attack').map((c) => c.value)).toEqual(['kn']);
  });

  it("picked, it is asked again with what it carried and gives each unit's reason (commands' nothing-picked.ts refuses with it)", () => {
    expect(unitChoices(game, 'p1', 'tg,pi,', 'attack')).toEqual([
      // Each unit's reason; what does not fit the 100 characters is cut at a whole reason.
      { name: 'Nothing to choose: TG has no enemy in reach; GH is in sight but 10 squares away (Mace reaches 1)', value: 'none:tg,pi,' },
    ]);
    // The other options read it as no unit picked yet.
    expect(attackChoices(game, 'p1', 'none:tg,pi,', '')).toEqual([{ name: 'Nothing to choose: pick a unit first', value: NOTHING }]);
  });

  it('a unit that has had its turn, or is not yours, is not named', () => {
    const acted = { ...game, units: { ...game.units, tg: { ...game.units.tg!, turnTaken: true } } };
    expect(unitChoices(acted, 'p1', '', 'attack').at(-1)!.name).toBe('PI: no enemy in reach; GH is in sight but 10 squares away (Pike reaches 2)');
    expect(unitChoices(game, 'p1', '', 'move').some((c) => String(c.value).startsWith('none'))).toBe(false);
  });
});

describe('what a phone shows of a warning (playtest: cut at 400 px)', () => {
  // A phone at 400 px shows about the first 45 characters of a suggestion: the warning that an enemy may
  // reply must be whole within them, before the odds and the squares (a tester's was cut before "⚠ OW may reply").
  it('R23, R26: a charge says who may reply to its attack and its odds within 45 characters, then who pays its Vigor', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-guard', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
        { id: 'ow', card: 'havoc-orc-warboss', player: 'p2', at: 'H12' },
      ],
    });
    // No attack given (the guard has two): the attack the odds are for is named too, after the warning.
    const gh = targetChoices(game, 'p1', 'kn', undefined, '').find((c) => String(c.value).startsWith('gh charge'))!;
    const path = chargeOptions(game, 'kn').find((c) => c.target === 'gh')!.path;
    expect(gh.name.slice(0, 45)).toMatch(/^charge GH ⚠ OW and GH may reply · \d+% hit, \d+/);
    // Who pays: the charging unit, by its label ("charge GH (5 Vigor)" was read as the Ghoul's Vigor).
    expect(gh.name).toMatch(/ · \d+% hit, \d+ wounds · KN pays (all )?5 Vigor · ((with )?Mace · )?(2 steps )?(by )?[A-Z]/);
    expect(gh.name).toContain(path.join(' → '));
    expect(gh.name).not.toMatch(/\(\d+ Vigor\)/);
    expect(gh.name.length).toBeLessThanOrEqual(100);
  });

  it('R23: a charger with Vigor to spare is said to pay 5 of it, by its own label', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const gh = targetChoices(game, 'p1', 'kn', 'longsword', '').find((c) => c.value === 'gh charge')!;
    expect(gh.name).toMatch(/^charge GH ⚠ may reply · \d+% hit, \d+ wounds · KN pays 5 Vigor/);
  });

  it("R11, R25: a move past the card's Move warns of the reply before saying why it costs more", () => {
    const start = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const moved = { ...start, turn: { ...start.turn!, unit: 'kn', actsLeft: 2, movePoints: 2 } };
    const far = squareChoices(moved, 'p1', 'kn', '', false).filter((c) => c.name.includes('left from its last move'));
    expect(far.length).toBeGreaterThan(0);
    for (const m of far) {
      expect(m.name.slice(0, 45)).toMatch(/^[A-Z]\d+ costs \d+ · ⚠ GH may reply · /);
      expect(m.name).toMatch(/ · cost is Move 5 \+ 2 left from its last move$/);
    }
  });
});

describe('a charge a new player can find (playtest: no hint that a charge could reach)', () => {
  it('R23: with no attack given, a target in reach of the bow is offered as the hand axe charge too, and that pick is a legal charge', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'lo', card: 'valor-archer', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const listed = targetChoices(game, 'p1', 'lo', undefined, '');
    expect(listed.map((c) => c.value)).toEqual(['gh with longbow', 'gh charge with hand-axe']);
    expect(listed[1]!.name).toMatch(/^charge GH ⚠ may reply · \d+% hit, \d+ wounds · LO pays 5 Vigor · with Hand Axe/);
    const path = chargeOptions(game, 'lo').find((c) => c.target === 'gh')!.path;
    expect(decide(game, { act: 'attack', unit: 'lo', attack: 'hand-axe', target: 'gh', charge: path }, 'p1')).not.toHaveProperty('error');
    // The bow named, no charge is offered: a bow cannot charge.
    expect(targetChoices(game, 'p1', 'lo', 'longbow', '').map((c) => c.value)).toEqual(['gh']);
  });

  it('R23: a reason that a charge would reach says how far the enemy is and the option that makes it', () => {
    const words = noTargetWords({ reach: 'no enemy in reach of Longbow', charge: { target: 'gh', attack: 'Hand Axe', range: 3 } });
    expect(words).toBe('no enemy in reach of Longbow; GH is 3 squares away: charge it with Hand Axe (charge:True)');
    expect(noTargetWords({ reach: 'no enemy in reach', charge: { target: 'ci', attack: null, range: 3 } })).toBe(
      'no enemy in reach; CI is 3 squares away: charge to reach it (charge:True)',
    );
  });
});
