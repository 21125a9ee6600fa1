/**
 * /attack's `target` (playtest, issue 26): required, and listed right after `attack`, so Discord and
 * the sandbox ask for it next; a burst (R24) names in it the square, or unit, it is centred on, and
 * its suggestions are those squares with whom each catches.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attackCommand } from '../../src/commands/play/acts';
import { onlyAttack } from '../../src/commands/match-context';
import { UserError } from '../../src/match/user-error';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { soleAttack, targetChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { readTargetValue, targetValue } from '../../src/rulesets/sellsword/table/target-value';
import { strikableOnSquare } from '../../src/rulesets/sellsword/table/square-target';
import { type ActCommand, typedAttack } from '../../src/rulesets/sellsword/engine';
import { table } from '../render/states';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { scenarioContent } from '../fixtures/scenario-content';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
// @ts-expect-error the sandbox page's plain-JS module has no types
import { namedIndex } from '../../src/sandbox/public/suggestion-match.js';

describe('R8, issue 26: an attack left out when no attack of the unit may be made now', () => {
  // The Longbowman (two attacks) has attacked twice this turn and has an act left: the rule of 3.
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'lo', card: 'valor-archer', player: 'p1', at: 'J10' },
      { id: 'ow', card: 'havoc-ghoul', player: 'p2', at: 'J14' },
    ],
  });
  const spent = { ...game, turn: { ...game.turn!, unit: 'lo', actsLeft: 1, used: { ...game.turn!.used, attack: 2 } } };
  const refusal = (f: () => unknown): UserError => {
    try {
      f();
    } catch (e) {
      if (e instanceof UserError) return e;
      throw e;
    }
    throw new Error('not refused');
  };

  it('/attack says the rule of 3 first, not which attack, with no rule code', () => {
    const e = refusal(() => onlyAttack(spent, spent.units.lo!));
    expect(e.code).toBe('rule-of-three');
    expect(e.message).toMatch(/^LO has used attack 2 times this turn; the rule of 3: no act type three times in a turn\./);
    expect(e.message).not.toMatch(/Say which|R8/);
  });

  it("/skirmish view's preview says it too, and still lets an attack be named to preview", () => {
    const e = refusal(() => onlyAttack(spent, spent.units.lo!, true));
    expect(e.message).toMatch(/^LO has used attack 2 times this turn; the rule of 3/);
    expect(e.message).toMatch(/To preview one of its attacks anyway, say which with `attack`: .+\.$/);
  });

  it('on a turn it may still attack, or off its turn, the attack is asked for as before', () => {
    expect(refusal(() => onlyAttack(game, game.units.lo!)).code).toBe('attack-needed');
    const theirs = { ...spent, turn: { ...spent.turn, player: 'p2', unit: null } };
    expect(refusal(() => onlyAttack(theirs, theirs.units.lo!, true)).code).toBe('attack-needed');
  });
});

describe('/attack with `attack` left out (issue 26)', () => {
  it("a unit with one attack is judged with it: its target suggestions are that attack's", () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'gh', card: 'havoc-ghoul', player: 'p1', at: 'J10' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J11' },
      ],
    });
    expect(soleAttack(game, game.units.gh!)).toBe('claw');
    expect(soleAttack(game, game.units.kn!)).toBeUndefined();
    expect(targetChoices(game, 'p1', 'gh', undefined, '')).toEqual(targetChoices(game, 'p1', 'gh', 'claw', ''));
  });
});

describe('/attack target suggestions for a unit with several attacks and none given (issue 26)', () => {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  });
  const named = (id: string) => typedAttack(game, game.units.kn!, id)!.name;

  it('each target says which attack its odds are for, and its value carries that attack', () => {
    expect(soleAttack(game, game.units.kn!)).toBeUndefined();
    const gh = targetChoices(game, 'p1', 'kn', undefined, '').find((c) => String(c.value).startsWith('gh'))!;
    const carried = readTargetValue(String(gh.value));
    expect(carried).toEqual({ target: 'gh', charge: false, attack: expect.any(String) });
    // Named right before its odds (after the warning), and the odds are that attack's, as if it had been given.
    expect(gh.name).toMatch(new RegExp(`^GH ⚠ may reply · with ${named(carried.attack!)} \\d+% hit, `));
    const given = targetChoices(game, 'p1', 'kn', carried.attack, '').find((c) => c.value === 'gh')!;
    expect(gh.name.replace(` with ${named(carried.attack!)}`, '')).toBe(given.name);
    for (const c of targetChoices(game, 'p1', 'kn', undefined, '')) expect(c.name.length).toBeLessThanOrEqual(100);
  });

  it('a target two attacks reach is offered with each, best first, so typing the target alone picks neither (playtest)', () => {
    // Round 13: "/attack unit:ow target:kn" typed out went with the attack the list put first; the other never showed.
    const rows = targetChoices(game, 'p1', 'kn', undefined, '').filter((c) => String(c.value).startsWith('gh '));
    const attacks = rows.map((c) => readTargetValue(String(c.value)).attack);
    expect(new Set(attacks)).toEqual(new Set(game.cards['valor-knight']!.attacks.map((a) => a.id)));
    for (const [i, c] of rows.entries()) expect(c.name).toContain(`with ${named(attacks[i]!)}`);
    // The sandbox box's reader: "gh" names several suggestions alike, so Enter does not choose for the player.
    expect(namedIndex(rows, 'gh')).toBe(-1);
    expect(namedIndex(rows, String(rows[1]!.value))).toBe(1);
  });

  it('R23: a target only a charge reaches carries the charge and the attack it charges with', () => {
    // Nobody next to the knight: it may charge the skeleton three squares off.
    const far = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'sk', card: 'havoc-skeleton', player: 'p2', at: 'J13' },
      ],
    });
    const sk = targetChoices(far, 'p1', 'kn', undefined, '').find((c) => String(c.value).startsWith('sk'))!;
    const carried = readTargetValue(String(sk.value));
    expect(carried).toEqual({ target: 'sk', charge: true, attack: expect.any(String) });
    expect(sk.name).toMatch(new RegExp(`^charge SK ⚠ may reply · \\d+% hit, [^·]+ · KN pays 5 Vigor · with ${named(carried.attack!)} · `));
  });

  it('with the attack given, a value carries no attack, as before', () => {
    for (const c of targetChoices(game, 'p1', 'kn', 'longsword', '')) expect(readTargetValue(String(c.value)).attack).toBeUndefined();
  });

  it('the codec reads back what it writes, and text that is no suggestion as typed', () => {
    for (const v of [{ charge: false }, { charge: true }, { charge: false, attack: 'shield-bash' }, { charge: true, attack: 'mace' }])
      expect(readTargetValue(targetValue('gh', v))).toEqual({ target: 'gh', ...v });
    expect(readTargetValue('Orc Warboss')).toEqual({ target: 'Orc Warboss', charge: false });
  });
});

describe('/attack options', () => {
  it('target is required and comes right after unit, so it is asked for next; attack is optional after it (issue 26)', () => {
    const options = attackCommand.data.options as readonly { name: string; required?: boolean }[];
    expect(options.map((o) => o.name).slice(0, 3)).toEqual(['unit', 'target', 'attack']);
    expect(options.find((o) => o.name === 'attack')?.required).not.toBe(true);
    expect(options.find((o) => o.name === 'target')?.required).toBe(true);
    expect(options.map((o) => o.name)).not.toContain('origin');
    // Discord refuses a required option after an optional one.
    const firstOptional = options.findIndex((o) => o.required !== true);
    expect(options.slice(firstOptional).every((o) => o.required !== true)).toBe(true);
  });
});

/** The R24 scenario's table, its first turn begun: the bomber B on B5 (Bomb: range 6, burst 1), its ally on F5, enemies on E5, E6 and H8. */
function burstTable() {
  const file = join(import.meta.dirname, '..', 'scenarios', 'r24-burst.json');
  const start = scenarioState(scenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8'))), scenarioContent());
  const begun = decide(start, { begin: true });
  if ('error' in begun) throw new Error(begun.error.message);
  return begun.events.reduce(apply, start);
}

describe('R24: a burst’s target suggestions are the squares it can be centred on', () => {
  const game = burstTable();
  const me = game.turn!.player;

  it('offers each enemy’s square in reach, with whom it catches and the chance to hit; the own side caught is warned of', () => {
    // H8 is 7 squares away: Bomb reaches 6, so its own square is not offered (G7 beside it is, below).
    const listed = targetChoices(game, me, 'b', 'bomb', '');
    expect(listed.map((c) => c.value)).not.toContain('H8');
    expect(listed).toContainEqual({ name: 'E5 (E1) ⚠ your ALLY · hits E1, E2 80%, 5 wounds each · your ALLY 80%, 5 wounds', value: 'E5' });
    expect(listed).toContainEqual({ name: 'E6 (E2) ⚠ your ALLY · hits E2, E1 80%, 5 wounds each · your ALLY 80%, 5 wounds', value: 'E6' });
    // Most enemies caught first, then fewest of the bomber's own side: D5 catches both enemies and not the ally.
    expect(listed[0]).toEqual({ name: 'D5 · hits E1, E2 80%, 5 wounds each', value: 'D5' });
  });

  it('issue 26: an enemy out of reach is offered through a centre beside it that catches it, as the command accepts', () => {
    // H8 (FAR) is 7 squares away and Bomb reaches 6, but G7, 5 away, catches it in the burst's radius.
    const listed = targetChoices(game, me, 'b', 'bomb', '');
    expect(listed.find((c) => c.value === 'G7')?.name).toBe('G7 · hits FAR 80%, 5 wounds');
    expect(targetChoices(game, me, 'b', 'bomb', 'g7')).toEqual([{ name: 'G7 · hits FAR 80%, 5 wounds', value: 'G7' }]);
    expect('error' in decide(game, { act: 'attack', unit: 'b', attack: 'bomb', origin: 'G7' })).toBe(false);
    // Every centre offered catches an enemy and is accepted by the command.
    for (const c of listed) expect('error' in decide(game, { act: 'attack', unit: 'b', attack: 'bomb', origin: String(c.value) })).toBe(false);
  });

  it('a unit typed finds the square it stands on; a free square typed in reach is offered too', () => {
    expect(targetChoices(game, me, 'b', 'bomb', 'e2').map((c) => c.value)).toEqual(['E6']);
    expect(targetChoices(game, me, 'b', 'bomb', 'ally')).toEqual([
      { name: 'F5 (ALLY) ⚠ your ALLY · hits E1, E2 80%, 5 wounds each · your ALLY 80%, 5 wounds', value: 'F5' },
    ]);
    expect(targetChoices(game, me, 'b', 'bomb', 'd5')).toEqual([{ name: 'D5 · hits E1, E2 80%, 5 wounds each', value: 'D5' }]);
  });

  it('§4.5: a square out of reach says why, naming the square', () => {
    expect(targetChoices(game, me, 'b', 'bomb', 'H8').map((c) => c.name)).toEqual([
      'Nothing to choose: Bomb cannot be centred on H8: H8 is 7 squares away; Bomb reaches 6',
    ]);
  });
});

describe('R24, R26: an enemy a burst catches out of reply reach is told why it had no reply (issue 26)', () => {
  it('E1 and E2, caught at E5 and E6 far from the bomber on B5, "could not reply"; the bomber\'s own ally is not', () => {
    const game = burstTable();
    const made = decide(game, { act: 'attack', unit: 'b', attack: 'bomb', origin: 'E5' });
    if ('error' in made) throw new Error(made.error.message);
    const told = tell(happeningsOf(game, made.events, { before: game }), {}).join(' ');
    // Told by map labels: the bomber is TB, the enemies E1 and E2 are TT2 and TT3, its ally TT1.
    expect(told).toContain('TT2 could not reply: only units next to TB may reply to its attacks');
    expect(told).toContain('TT3 could not reply: only units next to TB may reply to its attacks');
    expect(told).not.toContain('TT1 could not reply');
  });
});

describe('a square typed for an attack that strikes a unit', () => {
  const game = burstTable();
  // The legal strikes of a one-target attack: E1 (on E5) directly, E2 (on E6) only by a charge.
  const legal: ActCommand[] = [
    { act: 'attack', unit: 'b', attack: 'x', target: 'e1' },
    { act: 'attack', unit: 'b', attack: 'x', target: 'e2', charge: true },
  ] as ActCommand[];

  it('is the one enemy the attack can strike there, any case, a charge at it included', () => {
    expect(strikableOnSquare(game, legal, 'E5')).toBe('e1');
    expect(strikableOnSquare(game, legal, ' e5 ')).toBe('e1');
    expect(strikableOnSquare(game, legal, 'E6')).toBe('e2');
  });

  it('is nothing for a unit label, a free square, an ally’s square, an enemy it cannot strike, or a square off the map', () => {
    expect(strikableOnSquare(game, legal, 'e1')).toBeNull();
    expect(strikableOnSquare(game, legal, 'D5')).toBeNull();
    expect(strikableOnSquare(game, legal, 'F5')).toBeNull();
    expect(strikableOnSquare(game, legal, 'H8')).toBeNull();
    expect(strikableOnSquare(game, legal, 'Z99')).toBeNull();
  });
});

describe('an attack typed by name on one line reads as the command reads it (playtest, issue 26)', () => {
  // `/attack unit:kn attack:Longsword target:` said "KN has no attack "Longsword"", though sending the line worked.
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'sa', card: 'havoc-skeletal-archer', player: 'p1', at: 'D4' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  });
  const values = (attacker: string, attack: string) => targetChoices(game, 'p1', attacker, attack, '').map((c) => c.value);

  it('a printed name in any case finds the same targets as the id: "Longsword", "LONGSWORD"', () => {
    expect(values('kn', 'longsword')).toContain('gh');
    expect(values('kn', 'Longsword')).toEqual(values('kn', 'longsword'));
    expect(values('kn', ' LONGSWORD ')).toEqual(values('kn', 'longsword'));
  });

  it('a name unlike its id: "bone bow" is the Skeletal Archer\'s `bow`', () => {
    expect(values('sa', 'bow')).toContain('gh');
    expect(values('sa', 'bone bow')).toEqual(values('sa', 'bow'));
    expect(
      targetChoices(game, 'p1', 'sa', 'bone bow', '')
        .map((c) => c.name)
        .join(' '),
    ).not.toContain('has no attack');
  });

  it("the keystrokes of one command find the targets worked out once (the match and move's memo), as without it", () => {
    const answers = new Map<string, unknown>();
    let made = 0;
    const memo = <T>(key: string, make: () => T): T => {
      if (!answers.has(key)) {
        made++;
        answers.set(key, make());
      }
      return answers.get(key) as T;
    };
    for (const typed of ['', 'g', 'gh', 'gho', 'zz', 'J11', ''])
      for (const [unit, attack] of [
        ['kn', 'longsword'],
        ['kn', 'Longsword'],
        ['sa', 'bone bow'],
      ] as const)
        expect(targetChoices(game, 'p1', unit, attack, typed, undefined, memo)).toEqual(targetChoices(game, 'p1', unit, attack, typed));
    const afterAll = made;
    targetChoices(game, 'p1', 'kn', 'longsword', 'g', undefined, memo);
    expect(made).toBe(afterAll);
  });

  it('the command and the list share one reader: typedAttack', () => {
    const sa = game.units.sa!;
    expect(typedAttack(game, sa, 'Bone Bow')?.id).toBe('bow');
    expect(typedAttack(game, sa, 'BOW')?.id).toBe('bow');
    expect(typedAttack(game, sa, 'sword')).toBeUndefined();
  });
});
