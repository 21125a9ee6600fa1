/**
 * The small things that made players stop: suggestions that fit what they type and warn of damaging
 * ground, none once a unit cannot move; refusals that say what to do instead (charge, the unit's
 * attacks, what the rule of three still leaves); a VP target the warbands can reach.
 */
import { describe, expect, it } from 'vitest';
import { attackChoices, NOTHING, squareChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { onlyAttack, refuseImpossibleCharge, resolveAttack, suggestCharge } from '../../src/commands/match-context';
import { vpTarget } from '../../src/match/setup';
import { UserError } from '../../src/match/user-error';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { hasTerrain, squareIndex, T } from '../../src/engine/board';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';
import { table } from '../render/states';
import { endCommand } from '../../src/commands/play/acts';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';

function run(state: GameState, ...commands: Command[]): GameState {
  let s = state;
  for (const c of commands) {
    const r = decide(s, c);
    if ('error' in r) throw new Error(r.error.message);
    s = r.events.reduce(apply, s);
  }
  return s;
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
  return '';
}

const yard = () =>
  table({
    map: 'mill-crossing',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'C5' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'C8' },
      { id: 'far', card: 'havoc-ghoul', player: 'p2', at: 'H16' },
    ],
  });

describe('/move suggestions', () => {
  it('narrow by the typed prefix, and spread from near to far when there are many', () => {
    const all = squareChoices(yard(), 'p1', 'kn', '', false);
    expect(all.length).toBe(25);
    const costs = all.map((c) => Number(/costs (\d+)/.exec(c.name)![1]));
    expect(Math.max(...costs)).toBe(5);
    expect(Math.min(...costs)).toBe(1);
    const d = squareChoices(yard(), 'p1', 'kn', 'd', false);
    expect(d.length).toBeGreaterThan(0);
    for (const c of d) expect(String(c.value)).toMatch(/^D\d+$/);
    const d1 = squareChoices(yard(), 'p1', 'kn', 'D1', false).map((c) => c.value);
    for (const v of d1) expect(String(v)).toMatch(/^D1\d*$/);
  });

  it("say why a square costs more than the card's Move: the points left from the last move (R11, issue 26)", () => {
    const state = yard();
    const moved = { ...state, turn: { ...state.turn!, unit: 'kn', actsLeft: 2, movePoints: 2 } };
    const names = squareChoices(moved, 'p1', 'kn', '', false).map((c) => c.name);
    expect(names.some((n) => /costs 7 \(Move 5 \+ 2 left from its last move\)/.test(n))).toBe(true);
    expect(names.filter((n) => /costs [1-5]\b/.test(n)).every((n) => !n.includes('left from its last move'))).toBe(true);
    expect(squareChoices(state, 'p1', 'kn', '', false).some((c) => c.name.includes('left from its last move'))).toBe(false);
  });

  it('list what is being typed in board order, the square typed first, not by cost', () => {
    // From I6 the Knight reaches I1 and I10: "I1" lists I1 first, then I10 and on.
    const state = table({
      map: 'mill-crossing',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'I6' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'H16' },
      ],
    });
    const typed = squareChoices(state, 'p1', 'kn', 'i', false).map((c) => String(c.value));
    expect(typed).toEqual([...typed].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    const d1 = squareChoices(state, 'p1', 'kn', 'I1', false).map((c) => String(c.value));
    expect(d1[0]).toBe('I1');
    expect(d1.slice(1)).toContain('I10');
  });

  it('warn of damaging terrain on the path, with its wounds', () => {
    // Beside the damaging ground of the ford, at C9.
    const state = table({
      map: 'mill-crossing',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'C7' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'H16' },
      ],
    });
    const board = boardOf(state);
    const warned = squareChoices(state, 'p1', 'kn', '', false).concat(...'ABCDEFGH'.split('').map((col) => squareChoices(state, 'p1', 'kn', col, false)));
    const hurt = warned.filter((c) => c.name.includes('⚠'));
    expect(hurt.length).toBeGreaterThan(0);
    expect(hurt[0]!.name).toMatch(/^[A-Z]\d+ costs \d+ · ⚠ \d+ \w+ wounds( \(\d+ damaging squares?\)|, stops on [A-Z]\d+(, [A-Z]\d+)* first)$/);
    // On a phone only the first ~40 characters show: the warning is among them.
    expect(hurt[0]!.name.slice(0, 40)).toMatch(/⚠ \d+ \w+ wounds/);
    // A damaging square itself is one such.
    const damaging = warned.find((c) => hasTerrain(board, squareIndex(board, String(c.value))!, T.damaging));
    if (damaging) expect(damaging.name).toContain('⚠');
  });

  it('R19: a square past damaging ground names where the move stops for its wounds first (playtest, issue 26)', () => {
    // `/move unit:wh to:M11` stopped on N9 with no warning that it would.
    const state = table({
      map: 'mill-crossing',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'C7' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'H16' },
      ],
    });
    const board = boardOf(state);
    const all = squareChoices(state, 'p1', 'kn', '', false).concat(...'ABCDEFGH'.split('').map((col) => squareChoices(state, 'p1', 'kn', col, false)));
    const past = all.filter((c) => c.name.includes(', stops on '));
    expect(past.length).toBeGreaterThan(0);
    for (const c of past) {
      const stops = /stops on ([A-Z0-9, ]+) first/.exec(c.name)![1]!.split(', ');
      // Each stop is damaging ground on the way, never the square chosen.
      for (const s of stops) {
        expect(s).not.toBe(c.value);
        expect(hasTerrain(board, squareIndex(board, s)!, T.damaging)).toBe(true);
      }
    }
    // The typed square, as a one-line command sends it, carries the same warning.
    const one = past[0]!;
    expect(squareChoices(state, 'p1', 'kn', String(one.value), false)[0]!.name).toBe(one.name);
  });

  it('warn a flyer only of the square its move ends on (R45), as the move decides', () => {
    const state = table({
      map: 'mill-crossing',
      units: [
        { id: 'ci', card: 'havoc-carrion-imp', player: 'p1', at: 'C7' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'H16' },
      ],
    });
    const board = boardOf(state);
    const all = squareChoices(state, 'p1', 'ci', '', false).concat(...'ABCDEFGH'.split('').map((col) => squareChoices(state, 'p1', 'ci', col, false)));
    for (const c of all) {
      const endsOnDamaging = hasTerrain(board, squareIndex(board, String(c.value))!, T.damaging);
      if (endsOnDamaging) expect(c.name).toMatch(/⚠ 5 \w+ wounds \(1 damaging square\)/);
      else expect(c.name).not.toContain('wounds');
    }
  });

  it('offer nothing once the unit has no move left', () => {
    let state = yard();
    const first = String(squareChoices(state, 'p1', 'kn', '', false)[0]!.value);
    state = run(state, { act: 'move', unit: 'kn', to: first });
    const second = String(squareChoices(state, 'p1', 'kn', '', false)[0]!.value);
    state = run(state, { act: 'move', unit: 'kn', to: second });
    // Nothing to offer, and the one choice left says why: two Basic Moves a turn at most.
    const none = squareChoices(state, 'p1', 'kn', '', false);
    expect(none.map((c) => c.value)).toEqual([NOTHING]);
    expect(none[0]!.name).toMatch(/^Nothing to choose: .*at most two Basic Moves a turn/);
    expect(squareChoices(state, 'p1', 'kn', '', true).length).toBeGreaterThan(0);
  });
});

describe('refusals that say what to do instead', () => {
  it('an attack out of reach suggests the charge that would make it', () => {
    const state = yard();
    const said = refusal(() => suggestCharge(state, state.units.kn!, 'longsword', 'gh'));
    expect(said).toMatch(
      /Longsword reaches 1\. It can charge instead: `\/attack unit:kn attack:Longsword target:gh charge:True` \(two steps, by [A-Z]\d+ → [A-Z]\d+; KN pays 5 Vigor\)\./,
    );
    expect(refusal(() => suggestCharge(state, state.units.kn!, 'longsword', 'far'))).toMatch(
      // Issue 26: the refusal says what a charge needs, by topic (no rule code).
      // Units by their map labels, never "KN (Knight)"; then what to do instead (playtest).
      /^FAR is 12 squares away; Longsword reaches 1; a charge cannot reach it either: FAR is too far for KN to charge: a charge is exactly 2 steps, ending beside the target\. Move closer with `\/move` first\.$/,
    );
  });

  it('R23, playtest: an enemy 2 squares away is too close to charge, said with what to do instead', () => {
    const state = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'ow', card: 'havoc-ghoul', player: 'p2', at: 'J12' },
      ],
    });
    expect(refusal(() => suggestCharge(state, state.units.kn!, 'longsword', 'ow'))).toBe(
      'OW is 2 squares away; Longsword reaches 1; a charge cannot reach it either: OW is too close for KN to charge: a charge is exactly 2 steps, each ending closer to the target. Move next to it with `/move`, then attack.',
    );
    // Asked for with charge:True, the same reason by map labels, with what to do instead.
    expect(refusal(() => refuseImpossibleCharge(state, state.units.kn!, 'longsword', 'ow'))).toBe(
      'OW is too close for KN to charge: a charge is exactly 2 steps, each ending closer to the target. Move next to it with `/move`, then attack.',
    );
  });

  it("playtest: /attack with a target and no attack takes the one attack that can make the act, or asks with each one's odds", () => {
    const at = (kn: string, ow: string, card = 'valor-knight') =>
      table({
        map: 'barrow-hill',
        units: [
          { id: 'kn', card, player: 'p1', at: kn },
          { id: 'ow', card: 'havoc-ghoul', player: 'p2', at: ow },
        ],
      });
    // The bow reaches 3 squares, the hand axe does not: the bow, unasked.
    const archer = at('J10', 'J13', 'valor-archer');
    expect(onlyAttack(archer, archer.units.kn!, false, { typed: 'OW' })).toBe('longbow');
    // With charge set, the one attack that can charge: the hand axe.
    expect(onlyAttack(archer, archer.units.kn!, false, { typed: 'ow', charge: true })).toBe('hand-axe');
    // Both reach: asked, with each attack's odds, the unit by its map label.
    const beside = at('J10', 'J11');
    expect(refusal(() => onlyAttack(beside, beside.units.kn!, false, { typed: 'ow' }))).toMatch(
      /^KN can attack OW with Longsword \(\d+% hit, \d+ wounds\) or Pommel Strike \(\d+% hit[^)]*\)\. Say which with `attack`\.$/,
    );
    // Neither reaches, 2 squares off: the attack whose refusal says why no charge reaches either (the playtest's Knight).
    const near = at('J10', 'J12');
    const attack = onlyAttack(near, near.units.kn!, false, { typed: 'ow' });
    expect(refusal(() => suggestCharge(near, near.units.kn!, attack, 'ow'))).toContain('OW is too close for KN to charge');
    // No target read: the question as before, by the map label.
    expect(refusal(() => onlyAttack(near, near.units.kn!))).toBe('KN has 2 attacks: Longsword, Pommel Strike. Say which with `attack`.');
  });

  it('R23, playtest: the charge it suggests names the attack as the card prints it, never its id', () => {
    const state = yard();
    // "Pommel Strike" typed, read as the id `pommel`: the refusal says the name the player sees and may type back.
    const said = refusal(() => suggestCharge(state, state.units.kn!, resolveAttack(state, state.units.kn!, 'Pommel Strike'), 'gh'));
    expect(said).toContain('`/attack unit:kn attack:Pommel Strike target:gh charge:True`');
    expect(said).not.toMatch(/\bpommel\b/);
  });

  it('an attack the unit does not have lists the ones it has; a printed name is understood', () => {
    const state = yard();
    expect(refusal(() => resolveAttack(state, state.units.kn!, 'talon'))).toBe('KN (Knight) has no attack "talon". Its attacks: Longsword, Pommel Strike.');
    expect(resolveAttack(state, state.units.kn!, 'Pommel Strike')).toBe('pommel');
    expect(resolveAttack(state, state.units.kn!, 'pommel STRIKE')).toBe('pommel');
  });

  it('the rule of three says what the unit can still do', () => {
    let state = table({
      map: 'mill-crossing',
      dice: [1, 1],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'C5' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'C6', tokens: { react: 0 } },
      ],
    });
    state = run(state, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { act: 'attack', unit: 'kn', attack: 'pommel', target: 'gh' });
    const r = decide(state, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    expect('error' in r && r.error.message).toMatch(
      /the rule of 3: no act type three times in a turn \(R8\)\. It can still move, maneuver, rest \(1 act left\), or end its turn\.$/,
    );
    // As a suggestion's reason it is said whole within Discord's 100 characters.
    const [why] = attackChoices(state, 'p1', 'kn', '');
    expect(why!.name).toBe('Nothing to choose: KN has used attack 2 times; the rule of 3: no act type three times in a turn');
  });
});

describe('the VP target', () => {
  it("is the smaller warband's points unless the challenger named one, never above what a side can score (R2, R3, issue 26)", () => {
    const accepted = { a: { points: 80 }, b: { points: 56 } };
    expect(vpTarget({ points: 121, target: null, map: null, accepted: {} }, accepted)).toBe(56);
    expect(vpTarget({ points: 50, target: 50, map: null, accepted: {} }, accepted)).toBe(50);
    expect(vpTarget({ points: 60, target: 60, map: null, accepted: {} }, accepted)).toBe(56);
  });
});

describe('/end', () => {
  it('its help says what the log will say of a unit that has not acted: it ends its turn without acting', () => {
    const state = table({ map: 'barrow-hill', units: [{ id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' }] });
    const log = tell(
      happeningsOf(state, [
        { type: 'unit-activated', unit: 'kn', acts: 3 },
        { type: 'turn-ended', unit: 'kn', player: 'p1' },
      ]),
    );
    expect(log.join(' ')).toContain('ends its turn without acting');
    expect(endCommand.data.description).toContain('a unit that has not acted ends its turn without acting');
  });
});
