/**
 * The one module that puts events into words (last-turn-words.ts over view-last-turn.ts): every event
 * kind the engine emits is told, with its real cause; wounds are told once, where they landed; a
 * decision still open says who must make it ("Bob (you) to choose …" to that player).
 */
import { describe, expect, it } from 'vitest';
import { apply, type EventOf, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState, Prompt } from '../../src/rulesets/sellsword/engine/state';
import { RULES_TOPICS } from '../../src/rulesets/sellsword/rules-topics';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { lastTurnPhrases, phrase } from '../../src/rulesets/sellsword/render/last-turn-words';
import { attackWords } from '../../src/rulesets/sellsword/render/overlays';
import { table } from './states';
import { rerollRecord } from '../../src/rulesets/sellsword/table/prompt-game';

const state = table({
  map: 'barrow-hill',
  units: [
    { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
    { id: 'pi', card: 'valor-pikeman', player: 'p1', at: 'H4' },
    { id: 'gn', card: 'havoc-gray-necromancer', player: 'p2', at: 'Q18' },
    { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
  ],
});
const names = { p1: 'Alice', p2: 'Bob' };
const words = (events: readonly GameEvent[], you?: string) => tell(happeningsOf(state, events, { names }), { you });
const say = (e: GameEvent, you?: string) => words([e], you).join(' ');

const roll = (over: Partial<EventOf<'attack-rolled'>> = {}): EventOf<'attack-rolled'> => ({
  type: 'attack-rolled',
  unit: 'kn',
  attack: 'longsword',
  target: 'gh',
  rolls: [14],
  modifier: 2,
  need: 12,
  hit: true,
  critical: false,
  glancing: false,
  notes: [],
  ...over,
});
const wounded = (over: Partial<EventOf<'wounded'>> = {}): EventOf<'wounded'> => ({
  type: 'wounded',
  unit: 'gh',
  wound: 15,
  woundType: 'cut',
  source: 'kn',
  cause: 'Longsword',
  from: 'attack',
  attack: 'longsword',
  taken: 15,
  toughness: 0,
  avoided: 5,
  injuries: ['mobility', 'mortal'],
  ...over,
});
const prompted = (prompt: Prompt): EventOf<'prompted'> => ({ type: 'prompted', prompt, resume: [] });

/** KN's Basic Move J10 → J14 as its paused frame: two steps taken, two to go, unless `over` says otherwise. */
const knMoveFrame = (over: Record<string, unknown> = {}) => ({
  k: 'move-steps',
  unit: 'kn',
  path: ['J11', 'J12', 'J13', 'J14'],
  from: ['J10'],
  maneuver: false,
  budget: 8,
  index: 2,
  spent: 2,
  offered: false,
  ...over,
});
const woundsPrompt = (over: Record<string, unknown> = {}): Prompt => ({
  kind: 'wounds',
  player: 'p2',
  unit: 'gh',
  options: {
    wounds: 15,
    type: 'cut',
    vigor: 5,
    boxes: ['mobility', 'mortal'],
    default: { avoid: 5, injuries: ['mobility', 'mortal'] },
    source: 'kn',
    cause: 'Longsword',
    from: 'attack',
    attack: 'longsword',
    ...over,
  },
});
const status = { status: 'shaken' as const, recover: null, modifier: 0, source: 'gn', asterisk: false };

/** One event of every kind, and the words it must give on its own. */
const EVERY_KIND: { [K in GameEvent['type']]: [EventOf<K>, string] } = {
  'round-started': [{ type: 'round-started', round: 2 }, 'Round 2 begins.'],
  'tactics-rolled': [
    { type: 'tactics-rolled', rolls: [14, 9], totals: { p1: 14, p2: 9 }, winner: 'p1' },
    'Tactics check, a d20 each: Alice 14, Bob 9; Alice is ahead.',
  ],
  // R7: who goes first in each phase, and why, in the round's own words.
  'order-set': [
    { type: 'order-set', order: ['p2', 'p1'], ap: 'p1', greaterAdvantage: false },
    'Alice won the tactics check and sets the order: Bob → Alice. Bob goes first in phase 1, Alice in phase 2, and so on: who goes first alternates each phase.',
  ],
  'phase-started': [{ type: 'phase-started', phase: 2 }, 'Phase 2.'],
  'turn-started': [{ type: 'turn-started', player: 'p2' }, "Bob's turn."],
  'unit-activated': [{ type: 'unit-activated', unit: 'kn', acts: 3 }, "Alice's KN (Knight) takes its turn with 3 acts."],
  controlled: [{ type: 'controlled', unit: 'gh', player: 'p1', why: 'Glamyred' }, 'GH is Glamyred: Alice commands it this turn, for one act.'],
  enraged: [{ type: 'enraged', unit: 'gh', nearest: ['kn', 'pi'], canClose: true }, 'GH is Enraged: it must end this turn beside KN or PI.'],
  'vigor-lost': [
    { type: 'vigor-lost', unit: 'gh', amount: 5, why: 'Enraged and not beside the nearest enemy' },
    'GH lost 5 Vigor: Enraged and not beside the nearest enemy.',
  ],
  'act-lost': [{ type: 'act-lost', unit: 'gh', reason: 'Ghoul (gh) has no acts left' }, 'An act of GH is lost: Ghoul (gh) has no acts left.'],
  'act-begun': [{ type: 'act-begun', unit: 'gn', act: 'trait', acts: 1, trait: 'ritual' }, 'GN used Ritual, with no effect.'],
  moved: [{ type: 'moved', unit: 'kn', from: 'C4', path: ['C5'], spent: 1, diagonals: 0, pointsLeft: 4 }, 'KN moved C4 to C5 (1 square, 1 movement).'],
  charged: [{ type: 'charged', unit: 'kn', from: 'C4', path: ['C5'], target: 'gn' }, 'KN charged GN, C4 to C5.'],
  shoved: [{ type: 'shoved', unit: 'gh', by: 'kn', from: 'D6', path: ['D7'], effect: 'push 1' }, 'KN pushed GH to D7.'],
  'reply-declared': [{ type: 'reply-declared', unit: 'gh', attack: 'claw', against: 'kn' }, 'GH will reply to KN with Grave Claws.'],
  rested: [{ type: 'rested', unit: 'kn', token: 'react' }, 'KN rested and took back a react token (1 of 1 now).'],
  crowed: [{ type: 'crowed', unit: 'kn', vigor: 5 }, 'KN crowed and regained 5 Vigor (now 15 of 15).'],
  paid: [{ type: 'paid', unit: 'gn', tokens: { blue: 1 }, vigor: 10 }, 'GN paid a blue token and 10 Vigor.'],
  gained: [{ type: 'gained', unit: 'gn', vigor: 5 }, 'GN gained 5 Vigor.'],
  'attack-rolled': [roll({ hit: false }), 'KN attacked GH with Longsword: rolled 14 + 2 = 16, needing 12 or more, missed.'],
  wounded: [
    wounded({ from: 'reply', source: 'pi', attack: 'pike', cause: 'Pike' }),
    "15 cut wounds from PI's Pike (a reply) reached GH: Vigor absorbed 5, the other 10 marked 2 injury boxes (mobility and mortal).",
  ],
  'status-gained': [{ type: 'status-gained', unit: 'kn', status }, 'KN is now shaken (−1 act from its next turn), caused by GN.'],
  'status-lost': [{ type: 'status-lost', unit: 'kn', index: 0, status: 'shaken', reason: 'recovered', rolls: [3] }, 'KN is no longer shaken: recovered.'],
  'recovery-failed': [
    { type: 'recovery-failed', unit: 'kn', index: 0, rolls: [17], needed: 12, added: 1 },
    // Issue 26: what the failure costs (none of its acts; the status stays through its next turn).
    "KN failed to recover: rolled 17 + 1 (+1 for its injury) = 18, needing under 12 (the roll must come in under it). It keeps the status through its next turn and rolls again at that turn's end; the roll came after its acts, so it cost none.",
  ],
  'effect-failed': [
    { type: 'effect-failed', unit: 'kn', by: 'gn', effect: 'recoil 2', why: 'A3 is taken by SD' },
    "GN's recoil 2 did not move KN: A3 is taken by SD.",
  ],
  'warleader-die': [
    { type: 'warleader-die', unit: 'pi', for: 'kn', roll: 'recovery' },
    'PI spent its react token and a Warleader die so KN could reroll its recovery roll.',
  ],
  rolled: [
    { type: 'rolled', unit: 'kn', why: 'Mortal roll: a natural 20 drops the unit', rolls: [7] },
    'KN survives its mortal roll (rolled 7; only a natural 20 drops it).',
  ],
  dropped: [{ type: 'dropped', unit: 'gh', by: 'kn' }, 'GH was dropped by KN.'],
  scored: [{ type: 'scored', player: 'p1', points: 12, reason: 'Ghoul (gh)' }, 'Alice scored 12 VP for Ghoul (gh).'],
  prompted: [
    prompted(woundsPrompt({ from: 'terrain', source: null, cause: 'damaging terrain', attack: undefined })),
    'GH must take 15 cut wounds from damaging terrain: Bob to choose how GH takes them (Vigor to absorb them, or injury boxes to mark).',
  ],
  answered: [{ type: 'answered', player: 'p2', answer: null }, ''],
  'turn-ended': [{ type: 'turn-ended', unit: 'kn', player: 'p1' }, "KN's turn is over."],
  'player-out': [{ type: 'player-out', player: 'p2' }, 'Bob has no units left.'],
  conceded: [{ type: 'conceded', player: 'p2' }, 'Bob concedes: their units leave the table, scoring nobody.'],
  'game-over': [{ type: 'game-over', winner: 'p1', reason: 'p1 reached 60 VP' }, 'Game over: Alice wins (Alice reached the 60 VP target).'],
};

describe('every event kind in words', () => {
  for (const [kind, [event, expected]] of Object.entries(EVERY_KIND)) {
    it(kind, () => expect(say(event as GameEvent)).toBe(expected));
  }
});

describe('the Mortal roll leads with its outcome (R9), never "CI: Mortal roll: a natural 20 drops the unit; rolled 8"', () => {
  const mortal = (roll: number): GameEvent => ({ type: 'rolled', unit: 'kn', why: 'Mortal roll: a natural 20 drops the unit', rolls: [roll] });
  it('a roll under 20: "KN survives its mortal roll (rolled 8; only a natural 20 drops it)."', () => {
    expect(say(mortal(8))).toBe('KN survives its mortal roll (rolled 8; only a natural 20 drops it).');
  });
  it('a natural 20: "KN fails its mortal roll"', () => {
    expect(say(mortal(20))).toBe('KN fails its mortal roll (rolled a natural 20, which drops it).');
  });
});

describe('an Enraged or Glamyred start-of-turn roll says what it decided (§6.2, R48), never only "KN: enraged roll against Wits 11; rolled 6"', () => {
  const rage = (roll: number, why = 'enraged roll against Wits 11'): GameEvent => ({ type: 'rolled', unit: 'kn', why, rolls: [roll] });
  it('under Wits: the rage does not take hold this turn, and KN stays enraged until it recovers', () => {
    expect(say(rage(6))).toBe(
      "KN's enraged roll: rolled 6, under its Wits 11, so the rage does not take hold this turn (KN stays enraged until it recovers at a turn's end).",
    );
  });
  it('at or above Wits, injuries counted: the rage takes hold', () => {
    expect(say(rage(9, 'enraged roll against Wits 11, +2 for injuries'))).toBe(
      "KN's enraged roll: rolled 9 + 2 for injuries = 11, at or above its Wits 11, so the rage takes hold this turn.",
    );
  });
  it('a natural 20 always takes hold; a glamour is told as such', () => {
    expect(say(rage(20, 'glamyred roll against Wits 21'))).toBe("KN's glamyred roll: a natural 20, so the glamour takes hold this turn.");
    expect(say(rage(3, 'glamyred roll against Wits 10'))).toContain('the glamour does not take hold this turn');
  });
});

describe('a crow says the Vigor it leaves, as a rest does (R32, playtest)', () => {
  it('"KN crowed and regained 5 Vigor (now 10 of 15)."', () => {
    const low = { ...state, units: { ...state.units, kn: { ...state.units.kn!, vigor: 5 } } };
    expect(tell(happeningsOf(low, [{ type: 'crowed', unit: 'kn', vigor: 5 }], { names }), {}).join(' ')).toBe('KN crowed and regained 5 Vigor (now 10 of 15).');
  });
});

describe('an effect that did not take hold names the attack it came with', () => {
  it('"GN\'s Longsword could not make GH shaken", never "GN\'s shaken" (read as GN being shaken)', () => {
    const failed = { type: 'effect-failed', unit: 'gh', by: 'kn', effect: 'shaken', why: 'GH is already shaken' } as const;
    expect(words([roll(), failed])).toContain("KN's Longsword could not make GH shaken: GH is already shaken.");
    expect(say(failed)).toBe('KN could not make GH shaken: GH is already shaken.');
  });
});

describe('a rest says all it did and what it did not (R31, issue 26)', () => {
  const tired = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10', vigor: 4, statuses: [{ status: 'shaken' }], tokens: { react: 0 } },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
    ],
  });
  const rested: GameEvent = { type: 'rested', unit: 'kn', token: 'react' };
  it('"took back a react token (1 of 1 now); resting gives back no Vigor (still 4 of 12) and ends no status (still shaken)"', () => {
    const line = tell(happeningsOf(tired, [rested], { names, before: tired }), {}).join(' ');
    expect(line).toMatch(
      /^KN rested and took back a react token \(1 of \d+ now\); resting gives back no Vigor \(still 4 of \d+\) and ends no status \(still shaken\)\.$/,
    );
  });
  it('a fresh unit: only the token and how many it has now', () => {
    expect(say(rested)).toMatch(/^KN rested and took back a react token \(\d+ of \d+ now\)\.$/);
  });
});

describe('a tactics check says its dice: a d20 each, less Warleader injuries (R6, issue 26)', () => {
  it('"Bob 4 (7 −3 for Warleader injuries)" when a roll was lowered', () => {
    const e = { type: 'tactics-rolled', rolls: [14, 7], totals: { p1: 14, p2: 4 }, winner: null } as GameEvent;
    expect(say(e)).toBe('Tactics check, a d20 each: Alice 14, Bob 4 (7 −3 for Warleader injuries); Alice is ahead.');
  });
});

describe('a lost tactics check says why no reroll was offered when a Warleader is the reason (R6, §4.7)', () => {
  const order: GameEvent = { type: 'order-set', order: ['p1', 'p2'], ap: 'p1', greaterAdvantage: false };
  const withSergeant = (over: Partial<GameState['units'][string]>) => {
    const base = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'sg', card: 'valor-sergeant', player: 'p2', at: 'Q18' },
      ],
    });
    return { ...base, units: { ...base.units, sg: { ...base.units.sg!, ...over } } };
  };
  const told = (s: GameState) => tell(happeningsOf(s, [order], { names }), {}).join(' ');

  it('a dropped Warleader: "Bob had no reroll: SA, the Warleader, is dropped"', () => {
    expect(told(withSergeant({ at: null, dropped: true }))).toContain('Bob had no reroll: SA, the Warleader, is dropped.');
  });
  it('a Warleader whose dice are spent says so', () => {
    expect(told(withSergeant({ warleaderUsed: 1 }))).toContain('Bob had no reroll: SA has spent its Warleader dice this round.');
  });
  it('a Warleader with a die left, or a warband that never had one, adds nothing', () => {
    expect(told(withSergeant({}))).not.toContain('no reroll');
    expect(say(order)).not.toContain('no reroll');
  });
});

describe('a price paid for an attack that waits on replies names the attack', () => {
  it('"GN paid a blue token for Grave Blast." before the reply prompt', () => {
    const paid: GameEvent = { type: 'paid', unit: 'gn', tokens: { blue: 1 } };
    const asked = prompted({
      kind: 'reply',
      player: 'p1',
      unit: 'kn',
      options: { against: 'gn', incoming: { attack: 'grave-blast', target: 'kn', charge: false }, attacks: ['longsword'] },
    } as unknown as Prompt);
    expect(words([paid, asked]).join(' ')).toContain('GN paid a blue token for Grave Blast.');
    expect(say(paid)).toBe('GN paid a blue token.');
  });
});

describe('a hobbled move says why it cost more than its squares (§6.1)', () => {
  it('"(3 squares, 6 movement; hobbled (+1 movement for every square))"', () => {
    const hobbled: GameState = {
      ...state,
      units: { ...state.units, kn: { ...state.units.kn!, statuses: [{ status: 'hobbled', recover: 'brawn', modifier: 0, source: 'gh', asterisk: false }] } },
    };
    const e: GameEvent = { type: 'moved', unit: 'kn', from: 'C4', path: ['C5', 'C6', 'C7'], spent: 6, diagonals: 0, pointsLeft: 0 };
    expect(tell(happeningsOf(hobbled, [e], { names, before: hobbled }), {}).join(' ')).toBe(
      'KN moved C4 to C7 (3 squares, 6 movement; hobbled (+1 movement for every square)).',
    );
    expect(say(e)).toBe('KN moved C4 to C7 (3 squares, 6 movement).');
  });
});

describe('a move that went round says which way (R12, playtest round 14)', () => {
  it('names the squares between its ends when its path is longer than the straight way, and nothing more for a straight one', () => {
    const round: GameEvent = { type: 'moved', unit: 'kn', from: 'E11', path: ['E12', 'E13', 'F13'], spent: 3, diagonals: 0, pointsLeft: 2 };
    expect(say(round)).toBe('KN moved E11 to F13 by E12, E13 (3 squares, 3 movement).');
    const straight: GameEvent = { type: 'moved', unit: 'kn', from: 'E11', path: ['F12', 'F13'], spent: 2, diagonals: 1, pointsLeft: 3 };
    expect(say(straight)).toBe('KN moved E11 to F13 (2 squares, 2 movement).');
    const long: GameEvent = { type: 'moved', unit: 'kn', from: 'C4', path: ['D4', 'E4', 'E5', 'E6', 'D6', 'C6'], spent: 6, diagonals: 0, pointsLeft: 0 };
    expect(say(long)).toBe('KN moved C4 to C6 by D4 … D6 (6 squares, 6 movement).');
  });
});

describe('a tactics reroll told after its prompt says what it replaced (R6)', () => {
  it('"7 again" when the reroll came up the same, though the first roll was told in an earlier post', () => {
    const asked: GameState = {
      ...state,
      prompt: { kind: 'reroll', player: 'p2', options: { roll: 'tactics', total: 7, leader: 'p1', leaderTotal: 11, rerollsLeft: 1 } },
    };
    const e: GameEvent = { type: 'tactics-rolled', rolls: [7], totals: { p1: 11, p2: 7 }, winner: null, rerolled: 'p2', warleader: 'gn' };
    expect(tell(happeningsOf(state, [e], { names, before: asked }), {}).join(' ')).toContain('(Bob rerolled with a Warleader die of GN, 7 again)');
  });
});

describe('an attack left unanswered because the reply costs more than the target has (R25, R26)', () => {
  // Goading Roar costs a react token itself, and a reply pays one more: the Warboss with one left cannot
  // reply with it. Its Great Cleaver, a reply it could pay for, is taken off its card here.
  const at = (ow: string) => {
    const s = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'ow', card: 'havoc-orc-warboss', player: 'p2', at: ow },
      ],
    });
    const card = s.cards['havoc-orc-warboss']!;
    return { ...s, cards: { ...s.cards, [card.id]: { ...card, attacks: card.attacks.filter((a) => a.id !== 'great-cleaver') } } };
  };
  const withTokens = (react: number, full = at('J11')): GameState => ({
    ...full,
    units: { ...full.units, ow: { ...full.units.ow!, tokens: { ...full.units.ow!.tokens, react } } },
  });
  const told = (s: GameState) => tell(happeningsOf(s, [roll({ target: 'ow', hit: false })], { names }), {}).join(' ');

  it('one react token left: says which attack could not be a reply, and what it would cost', () => {
    expect(told(withTokens(1))).toContain('OW could not reply with Goading Roar: as a reply it costs 2 react tokens, more than OW has.');
  });
  it('two react tokens: the reply was there to make, so nothing is said', () => {
    expect(told(withTokens(2))).not.toContain('could not reply');
  });
  it('two squares off, no reply could come at all (only units next to the attacker reply), so nothing is said (playtest round 17)', () => {
    expect(told(withTokens(1, at('J12')))).not.toContain('could not reply');
  });
  it('a target the attack dropped is not said to have lacked a reply (playtest round 19)', () => {
    const s = withTokens(1);
    const events: GameEvent[] = [
      roll({ target: 'ow' }),
      wounded({ unit: 'ow', wound: 20, taken: 20, avoided: 0, injuries: ['mobility', 'defensive', 'defensive', 'mortal'] }),
      { type: 'dropped', unit: 'ow', by: 'kn' },
    ];
    const line = tell(happeningsOf(s, events, { names }), {}).join(' ');
    expect(line).toContain('OW');
    expect(line).not.toContain('could not reply');
    // Standing, the same attack says why no reply came.
    expect(told(s)).toContain('OW could not reply with Goading Roar');
  });
});

describe('a charge wounded on its first square by damaging ground (R19, R23)', () => {
  it('is told as one charge going on, not two charges (playtest round 19)', () => {
    const events: GameEvent[] = [
      { type: 'act-begun', unit: 'kn', act: 'attack', acts: 1 },
      { type: 'paid', unit: 'kn', vigor: 5 },
      { type: 'charged', unit: 'kn', from: 'J10', path: ['J11'], target: 'gh' },
      wounded({
        unit: 'kn',
        wound: 5,
        woundType: 'cold',
        source: null,
        cause: 'damaging terrain',
        from: 'terrain',
        attack: undefined,
        taken: 5,
        avoided: 5,
        injuries: [],
      }),
      { type: 'charged', unit: 'kn', from: 'J11', path: ['J12'], target: 'gh' },
    ];
    const words = tell(happeningsOf(state, events, { names }), {}).join(' ');
    expect(words.match(/KN charged GH/g)).toHaveLength(1);
    expect(words).toContain('KN went on with its charge at GH, J11 to J12.');
  });
});

describe('wounds are told once, with their cause', () => {
  it('an attack and its wounds in one sentence, with what Vigor absorbed and what was marked', () => {
    expect(words([roll(), wounded()])).toEqual([
      'KN attacked GH with Longsword: rolled 14 + 2 = 16, needing 12 or more, hit; 15 cut wounds reached GH: Vigor absorbed 5, the other 10 marked 2 injury boxes (mobility and mortal).',
    ]);
  });

  it('a hit waiting on the split says who chooses, never "0 wounds"', () => {
    const told = words([roll(), prompted(woundsPrompt())]);
    expect(told).toEqual([
      'KN attacked GH with Longsword: rolled 14 + 2 = 16, needing 12 or more, hit; 15 cut wounds for GH: Bob to choose how GH takes them (Vigor to absorb them, or injury boxes to mark).',
    ]);
    expect(told.join(' ')).not.toMatch(/\b0 wounds/);
    expect(words([roll(), prompted(woundsPrompt())], 'p2')[0]).toContain('Bob (you) to choose how GH takes them');
  });

  it("a hit waiting on the split is tagged on the picture with the wounds asked about, never '0 wounds', and says the split is pending", () => {
    const attack = happeningsOf(state, [roll(), prompted(woundsPrompt())], { names }).find((h) => h.kind === 'attack');
    expect(attack?.kind === 'attack' && attackWords(attack.attack)).toBe('HIT by KN, 15 wounds, split pending');
  });

  it('a hit with no wound effect says nothing of wounds', () => {
    expect(words([roll()])).toEqual(['KN attacked GH with Longsword: rolled 14 + 2 = 16, needing 12 or more, hit.']);
  });

  it('wounds whose reply was rolled before the prompt name the reply, not a recurring status', () => {
    const told = words([
      { type: 'answered', player: 'p1', answer: { avoid: 0, injuries: [] } },
      wounded({ unit: 'kn', source: 'gh', from: 'reply', attack: 'claw', cause: 'Grave Claws', avoided: 0, injuries: ['mobility'], wound: 7, taken: 7 }),
    ]);
    expect(told).toEqual([
      "7 cut wounds from GH's Grave Claws (a reply) reached KN: 5 of them marked an injury box (mobility), the last 2, under 5, did nothing.",
    ]);
    expect(told.join(' ')).not.toMatch(/recurring/);
  });

  it('the short phrase says why a hit was critical, as the log does, never the bare die (issue 26)', () => {
    const short = (over: Partial<EventOf<'attack-rolled'>>) =>
      happeningsOf(state, [roll(over)], { names })
        .map(phrase)
        .join('; ');
    // 17 + 5 = 22 against 12: critical by beating the need by 10, not because of the 17.
    expect(short({ rolls: [17], modifier: 5, need: 12, critical: true })).toContain('KN on GH: critical hit (10 over)');
    expect(short({ rolls: [20], modifier: 0, need: 12, critical: true })).toContain('KN on GH: critical hit (a natural 20)');
    // By how much it beat the number, not the 10 it had to: 25 against 12 is 13 over (playtest round 18).
    expect(short({ rolls: [19], modifier: 6, need: 12, critical: true })).toContain('KN on GH: critical hit (13 over)');
    expect(short({ rolls: [17], modifier: 5, need: 12, critical: true })).not.toContain('rolled 17');
  });

  it("the short phrase tells a shove in the log's words, who moved whom and how (playtest round 15)", () => {
    const shove = (effect: string) =>
      happeningsOf(state, [{ type: 'shoved', unit: 'gh', by: 'kn', from: 'D6', path: ['D7'], effect }], { names })
        .map(phrase)
        .join('; ');
    expect(shove('recoil 1')).toBe('KN recoiled GH to D7');
    expect(shove('push 1')).toBe('KN pushed GH to D7');
  });

  it('the short phrase tells wounds in words: how many reached the unit, what Vigor absorbed, boxes marked', () => {
    const short = (over: Partial<EventOf<'wounded'>>) =>
      happeningsOf(state, [wounded({ source: null, from: 'terrain', attack: undefined, cause: 'damaging terrain', ...over })], { names }).map(phrase);
    expect(short({ wound: 5, taken: 5, avoided: 5, injuries: [] })).toEqual(['5 cut wounds reached GH, Vigor absorbed all']);
    // In words, as the full line counts them: never "GH -5 cut".
    expect(short({ wound: 10, taken: 10, avoided: 5, injuries: ['mobility'] })).toEqual(['10 cut wounds reached GH, Vigor absorbed 5, 1 box marked']);
    expect(short({ wound: 5, taken: 5, avoided: 0, injuries: ['mobility'] })).toEqual(['5 cut wounds reached GH, 1 box marked']);
  });

  it('terrain, recurring statuses and traits are named as such', () => {
    expect(say(wounded({ source: null, from: 'terrain', attack: undefined, cause: 'damaging terrain', wound: 5, taken: 5, avoided: 5, injuries: [] }))).toBe(
      '5 cut wounds from damaging terrain reached GH: Vigor absorbed all 5, no injury box marked.',
    );
    expect(
      say(
        wounded({
          source: 'gn',
          from: 'recurring',
          attack: undefined,
          cause: 'recurring wounds',
          woundType: 'fire',
          wound: 5,
          taken: 5,
          avoided: 0,
          injuries: ['mobility'],
        }),
      ),
    ).toBe('5 fire wounds from recurring wounds (a status from GN) reached GH: they marked an injury box (mobility).');
    expect(say(wounded({ toughness: 5, taken: 0, wound: 5, avoided: 0, injuries: [] }))).toBe(
      "No cut wounds from KN's Longsword reached GH (dealt 5; its toughness ignored 5).",
    );
  });

  it('counts the wounds a unit takes as its wound prompt does, after immunity and vulnerability, and says what changed them', () => {
    // `taken` is after immunity, vulnerability and toughness: what the prompt asks to split.
    expect(say(wounded({ wound: 10, taken: 5, toughness: 0, avoided: 5, injuries: [] }))).toBe(
      "5 cut wounds from KN's Longsword reached GH (dealt 10; its immunity to cut stopped 5): Vigor absorbed all 5, no injury box marked.",
    );
    expect(say(wounded({ wound: 5, taken: 10, toughness: 0, avoided: 5, injuries: ['mobility'] }))).toBe(
      "10 cut wounds from KN's Longsword reached GH (dealt 5; its vulnerability to cut added 5): Vigor absorbed 5, the other 5 marked an injury box (mobility).",
    );
    expect(say(wounded({ wound: 15, taken: 5, toughness: 5, avoided: 0, injuries: ['mobility'] }))).toBe(
      "5 cut wounds from KN's Longsword reached GH (dealt 15; its immunity to cut stopped 5 and its toughness ignored 5): they marked an injury box (mobility).",
    );
  });

  it('an old log without the wound source still reads terrain and recurring wounds right', () => {
    const { from, attack, ...old } = wounded({ source: null, cause: 'damaging terrain' });
    void from;
    void attack;
    expect(say(old as GameEvent)).toMatch(/^15 cut wounds from damaging terrain reached GH/);
  });
});

describe('acts and decisions', () => {
  it('a trait names itself, its price and everything it did', () => {
    const events: GameEvent[] = [
      { type: 'act-begun', unit: 'gn', act: 'trait', acts: 1, trait: 'ritual' },
      { type: 'paid', unit: 'gn', tokens: { react: 0, blue: 0, red: 0 }, vigor: 10 },
      { type: 'gained', unit: 'gh', vigor: 5 },
      { type: 'status-gained', unit: 'gh', status },
    ];
    expect(words(events)).toEqual([
      "GN used Ritual (paying 10 Vigor): GH gained 5 Vigor; GH is now shaken (−1 act from its next turn), caused by GN's Ritual.",
    ]);
  });

  it('a declared attack is told before its reply prompt, and the prompt says who chooses', () => {
    const reply: Prompt = {
      kind: 'reply',
      player: 'p2',
      unit: 'gh',
      options: { against: 'kn', attacks: ['claw'], incoming: { attack: 'longsword', target: 'gn', charge: false } },
    };
    const events: GameEvent[] = [{ type: 'act-begun', unit: 'kn', act: 'attack', acts: 1 }, prompted(reply)];
    expect(words(events)).toEqual(['KN declared an attack on GN with Longsword. GH may reply to KN: Bob to choose whether it replies.']);
    expect(words(events, 'p2')).toEqual(['KN declared an attack on GN with Longsword. GH may reply to KN: Bob (you) to choose whether it replies.']);
    // Answered later in the same run of events: the declaration stays, the waiting goes.
    expect(words([...events, { type: 'answered', player: 'p2', answer: null }, { type: 'reply-declared', unit: 'gh', attack: null, against: 'kn' }])).toEqual([
      'KN declared an attack on GN with Longsword.',
      'GH does not reply to KN.',
    ]);
  });

  it('a second like attack by the same unit in one turn is declared again, so the reply reads as answering it (issue 26)', () => {
    const reply: Prompt = {
      kind: 'reply',
      player: 'p2',
      unit: 'gh',
      options: { against: 'kn', attacks: ['claw'], incoming: { attack: 'longsword', target: 'gh', charge: false } },
    };
    const act: GameEvent = { type: 'act-begun', unit: 'kn', act: 'attack', acts: 1 };
    const told = words([
      act,
      prompted(reply),
      { type: 'answered', player: 'p2', answer: null },
      { type: 'reply-declared', unit: 'gh', attack: null, against: 'kn' },
      roll({ hit: false, rolls: [3] }),
      act,
      prompted(reply),
      { type: 'answered', player: 'p2', answer: 'claw' },
      { type: 'reply-declared', unit: 'gh', attack: 'claw', against: 'kn' },
    ]);
    expect(told.filter((w) => w.startsWith('KN declared an attack on GH with Longsword'))).toHaveLength(2);
    const second = told.lastIndexOf('KN declared an attack on GH with Longsword.');
    expect(second).toBeGreaterThan(told.findIndex((w) => w.startsWith('KN attacked GH')));
    expect(told.slice(second + 1).some((w) => w.startsWith('GH will reply to KN with Grave Claws'))).toBe(true);
  });

  it('a declared reply says when it comes, so it reads in order before the attack it answers (R26)', () => {
    const incoming = { attack: 'longsword', target: 'gh', charge: false };
    const reply: Prompt = { kind: 'reply', player: 'p2', unit: 'gh', options: { against: 'kn', attacks: ['claw'], incoming } };
    const answered: GameEvent[] = [
      { type: 'answered', player: 'p2', answer: 'claw' },
      { type: 'reply-declared', unit: 'gh', attack: 'claw', against: 'kn' },
      roll(),
    ];
    // The practice bot's answer is told in its own post: the prompt it answers was asked before these events.
    const told = tell(happeningsOf(state, answered, { names, before: { ...state, prompt: reply } }));
    expect(told[0]).toBe("GH will reply to KN with Grave Claws, once KN's Longsword has resolved.");
    expect(told[1]).toMatch(/^KN attacked GH with Longsword: rolled/);
    // Asked and answered in the same events, it says the same.
    expect(words([prompted(reply), ...answered])).toContain("GH will reply to KN with Grave Claws, once KN's Longsword has resolved.");
    const toMove: Prompt = { kind: 'reply', player: 'p2', unit: 'gh', options: { against: 'kn', attacks: ['claw'], incoming: { move: true } } };
    expect(words([prompted(toMove), { type: 'reply-declared', unit: 'gh', attack: 'claw', against: 'kn' }])).toContain(
      'GH will reply to KN with Grave Claws, before KN moves on.',
    );
  });

  it("a move paused in another unit's square says it passes over it and goes on after the reply, never that both stand there", () => {
    const toMove: Prompt = { kind: 'reply', player: 'p2', unit: 'gh', options: { against: 'kn', attacks: ['claw'], incoming: { move: true } } };
    const moved: GameEvent = {
      type: 'moved',
      unit: 'kn',
      from: 'J10',
      path: ['J11', 'J12', 'K13', 'K14', 'K15', 'K16'],
      spent: 6,
      diagonals: 1,
      pointsLeft: 2,
    };
    const told = words([moved, prompted(toMove)]);
    expect(told[0]).toBe("KN moved J10 to K16 (6 squares, 6 movement), passing through GH's square; the move goes on after the reply.");
    // A move that ends on a square of its own is told as before.
    expect(words([{ ...moved, path: ['J11', 'J12'], spent: 2 }])[0]).toBe('KN moved J10 to J12 (2 squares, 2 movement).');
  });

  it('R19: a move stopped on damaging terrain for its wounds says where it was going (playtest, issue 26)', () => {
    // `/move unit:kn to:J14` entered damaging ground at J12: "moved J10 to J12" alone read as the whole move.
    const moved: GameEvent = { type: 'moved', unit: 'kn', from: 'J10', path: ['J11', 'J12'], spent: 2, diagonals: 0, pointsLeft: 6 };
    const terrain = woundsPrompt({ from: 'terrain', source: null, cause: 'damaging terrain', attack: undefined });
    const frame = knMoveFrame();
    const stop: GameEvent = { type: 'prompted', prompt: { ...terrain, player: 'p1', unit: 'kn' } as Prompt, resume: [frame] as never };
    expect(words([moved, stop])[0]).toBe(
      'KN moved J10 to J12 (2 squares, 2 movement). KN stopped on J12 on its way to J14: entering damaging terrain there wounds it; the move goes on to J14 once the wounds are taken.',
    );
    // Damaging terrain on the last square: nothing further to go, told as before.
    const last: GameEvent = { ...stop, resume: [{ ...frame, path: ['J11', 'J12'] }] as never } as GameEvent;
    expect(words([moved, last])[0]).toBe('KN moved J10 to J12 (2 squares, 2 movement).');
    // Read on past the wounds (the match log): the rest of the move is its own line, so no stop is announced.
    const rest: GameEvent = { type: 'moved', unit: 'kn', from: 'J12', path: ['J13', 'J14'], spent: 2, diagonals: 0, pointsLeft: 4 };
    const log = words([moved, stop, rest]);
    expect(log[0]).toBe('KN moved J10 to J12 (2 squares, 2 movement).');
    expect(log.join(' ')).toContain('KN moved J12 to J14');
  });

  it('a move stopped for a reply to it says the rest of it waits for the reply, and the prompt does not call it a step away (R25)', () => {
    const toMove: Prompt = { kind: 'reply', player: 'p2', unit: 'gh', options: { against: 'kn', attacks: ['claw'], incoming: { move: true } } };
    const moved: GameEvent = { type: 'moved', unit: 'kn', from: 'J10', path: ['J11', 'J12'], spent: 2, diagonals: 0, pointsLeft: 6 };
    const frame = knMoveFrame();
    const told = words([moved, { ...prompted(toMove), resume: [frame] as never }]);
    expect(told[0]).toBe('KN moved J10 to J12 (2 squares, 2 movement); the rest of its move waits for the reply.');
    expect(told.join(' ')).toContain('KN is about to move on from a square next to an enemy, with a Basic Move');
    expect(told.join(' ')).not.toMatch(/step(s|ping)? away/);
  });

  it('a reply before a new move’s first step leaves the move before it whole: no "rest of its move" (R25)', () => {
    // OW's Move of 5 ended beside KN; its next Basic Move, from there, is what KN may reply to.
    const toMove: Prompt = { kind: 'reply', player: 'p1', unit: 'kn', options: { against: 'kn', attacks: ['claw'], incoming: { move: true } } };
    const moved: GameEvent = { type: 'moved', unit: 'kn', from: 'J10', path: ['J11', 'J12'], spent: 2, diagonals: 0, pointsLeft: 0 };
    const next = knMoveFrame({ path: ['J13', 'J14'], from: ['J12'], budget: 2, index: 0, spent: 0 });
    const told = words([moved, { ...prompted(toMove), resume: [next] as never }]);
    expect(told[0]).toBe('KN moved J10 to J12 (2 squares, 2 movement).');
    expect(told.join(' ')).toContain('KN is about to move on from a square next to an enemy, with a Basic Move');
  });

  it('a reply spends its react token, said with the reply', () => {
    const events: GameEvent[] = [
      { type: 'paid', unit: 'gh', tokens: { react: 1, blue: 0, red: 0 }, vigor: 0 },
      roll({ unit: 'gh', attack: 'claw', target: 'kn', reply: true }),
    ];
    expect(words(events)).toEqual(['GH replied to KN with Grave Claws (spending a react token): rolled 14 + 2 = 16, needing 12 or more, hit.']);
  });

  it('the other decisions say who they wait for', () => {
    expect(say(prompted({ kind: 'order', player: 'p1', options: ['p1', 'p2'] }))).toBe('Alice to choose the order of players.');
    expect(say(prompted({ kind: 'order', player: 'p1', options: ['p1', 'p2'] }), 'p1')).toBe('Alice (you) to choose the order of players.');
    expect(say(prompted({ kind: 'reroll', player: 'p2', options: { roll: 'tactics', total: 3, leader: 'p1', leaderTotal: 9, rerollsLeft: 1 } }))).toBe(
      'Bob to choose whether to reroll the tactics check.',
    );
    expect(say(prompted({ kind: 'recover', player: 'p1', unit: 'kn', options: ['shaken', 'hobbled'] }))).toBe(
      'Alice to choose which status KN rolls to recover from.',
    );
  });

  it('an attack that could no longer be made says why', () => {
    expect(say(roll({ rolls: [], hit: false, notes: ['GH is out of range'] }))).toBe(
      'KN attacked GH with Longsword, but it could not be made: GH is out of range.',
    );
  });
});

describe('a roll names what changed its modifier', () => {
  // The engine's notes as attackLine and burstLine write them; the words are the player's.
  it("an attack roll names each adjustment beside the card's bonus", () => {
    expect(say(roll({ modifier: 4, notes: ['bonus +6', 'cover −2'] }))).toBe(
      'KN attacked GH with Longsword: rolled 14 + 4 (Longsword +6, cover −2) = 18, needing 12 or more, hit.',
    );
  });

  it("says every adjustment in player words, never the engine's terms or rule codes", () => {
    const notes = ['bonus +6', 'auras +1', 'injuries −2', 'cover at range 12+ −4', 'invisible −4', 'compromised (flanked) +2', 'charge +2'];
    expect(say(roll({ modifier: 1, notes }))).toBe(
      "KN attacked GH with Longsword: rolled 14 + 1 (Longsword +6, auras +1, KN's injuries −2, GH in cover and 12 or more squares away −4, GH invisible −4, GH flanked +2, charge +2) = 15, needing 12 or more, hit.",
    );
    expect(say(roll({ modifier: 8, notes: ['bonus +6', 'compromised (cannot see the attacker) +2'] }))).toContain('(Longsword +6, unseen by GH +2) = 22');
    expect(say(roll({ modifier: 8, notes: ['bonus +6', 'compromised (pinned) +2'] }))).toContain('(Longsword +6, GH pinned +2) = 22');
  });

  it('names the aura on an attack roll and whose it is (§1 Aura), not "auras +1"', () => {
    const plain = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'pi', card: 'valor-pikeman', player: 'p1', at: 'J12' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
      ],
    });
    const pikeman = plain.cards['valor-pikeman']!;
    const banner = { trait: 'aura' as const, name: 'Banner of the Watch', range: 3, who: 'allies' as const, modify: { attack: 1 } };
    const withBanner = { ...plain, cards: { ...plain.cards, 'valor-pikeman': { ...pikeman, traits: [...pikeman.traits, banner] } } };
    const told = tell(happeningsOf(withBanner, [roll({ modifier: 7, notes: ['bonus +6', 'auras +1'] })], { names })).join(' ');
    expect(told).toContain("(Longsword +6, PI's Banner of the Watch +1) = 21");
    expect(told).not.toContain('auras');
  });

  it('a reply roll names its adjustments too', () => {
    const told = say(roll({ unit: 'gh', attack: 'claw', target: 'kn', reply: true, modifier: 3, notes: ['bonus +4', 'injuries −1'] }));
    expect(told).toBe("GH replied to KN with Grave Claws: rolled 14 + 3 (Grave Claws +4, GH's injuries −1) = 17, needing 12 or more, hit.");
  });

  it('adjustments that cancel out are still shown, with the sum', () => {
    expect(say(roll({ modifier: 0, notes: ['bonus +2', 'cover −2'] }))).toContain('rolled 14 + 0 (Longsword +2, cover −2) = 14');
  });

  it("the card's bonus alone is named too, so every roll line reads alike (issue 26: a bare '16 + 6' beside explained ones)", () => {
    expect(say(roll({ modifier: 6, notes: ['bonus +6'] }))).toContain('rolled 14 + 6 (Longsword +6) = 20,');
  });

  it("a burst's roll names what its notes leave out, so the parts add up to the modifier", () => {
    expect(say(roll({ modifier: 5, notes: ['bonus +6', 'cover −2', 'compromised +2'], origin: 'K15' }))).toContain(
      '(Longsword +6, cover −2, GH compromised +2, auras −1) = 19',
    );
  });

  it("a burst's line names the square it was centred on (R24), from the event as logged", () => {
    expect(say(roll({ modifier: 6, notes: ['bonus +6'], origin: 'K15' }))).toBe(
      // GH, on K16, is not next to KN on J10: caught by a burst, it is told why it had no reply (R26, issue 26).
      'KN attacked GH with Longsword, a burst centred on K15: rolled 14 + 6 (Longsword +6) = 20, needing 12 or more, hit; GH could not reply: only units next to KN may reply to its attacks.',
    );
    expect(say(roll({ modifier: 6, notes: ['bonus +6'] }))).not.toContain('centred');
  });

  it('a hit with no roll says why, without the rule code', () => {
    const told = say(roll({ rolls: [], hit: true, critical: true, notes: ['helpless and adjacent: hit and critical (R20)'] }));
    expect(told).toBe('KN attacked GH with Longsword: no roll needed (GH is helpless and adjacent), hit automatically (critical).');
  });

  it('a recovery names what the injuries added', () => {
    const lost: GameEvent = {
      type: 'status-lost',
      unit: 'kn',
      index: 0,
      status: 'shaken',
      reason: 'recovered: rolled 5 + 2 = 7, needing under 12',
      rolls: [5],
    };
    expect(say(lost)).toBe('KN is no longer shaken: recovered at the end of its turn, rolling 5 + 2 (+1 for each of its 2 injuries) = 7, needing under 12.');
  });
});

describe('a turn says what its unit spent', () => {
  it('a unit that ends its turn without acting is told so, not "with 3 acts"', () => {
    const told = words([
      { type: 'unit-activated', unit: 'kn', acts: 3 },
      { type: 'turn-ended', unit: 'kn', player: 'p1' },
    ]);
    expect(told).toEqual(["Alice's KN (Knight) ends its turn without acting."]);
  });

  it('a unit that acted says how many of its acts it used', () => {
    const rest: GameEvent = { type: 'act-begun', unit: 'kn', act: 'rest', acts: 1 };
    const start: GameEvent = { type: 'unit-activated', unit: 'kn', acts: 3 };
    const end: GameEvent = { type: 'turn-ended', unit: 'kn', player: 'p1' };
    expect(words([start, rest, end]).at(-1)).toBe("KN's turn is over: it used 1 of its 3 acts.");
    expect(words([start, rest, rest, rest, end]).at(-1)).toBe("KN's turn is over: it used all 3 acts.");
  });
});

describe('greater advantage is an early turn, never an extra one (R6)', () => {
  it('the order says one unit takes its turn for the round early, before phase 1', () => {
    const told = say({ type: 'order-set', order: ['p1', 'p2'], ap: 'p1', greaterAdvantage: true });
    expect(told).toContain(
      "Greater advantage (Alice won the tactics check by 10 or more): Alice takes one unit's turn early, before phase 1 (that unit's turn for this round).",
    );
    expect(told).not.toMatch(/extra turn/);
  });

  it('the rules topic says so too', () => {
    const rounds = RULES_TOPICS.find((t) => t.id === 'rounds')!.text;
    expect(rounds).toContain("take one unit's turn early, before phase 1; that is the unit's turn for this round, not an extra one.");
    expect(rounds).not.toMatch(/extra turn/);
  });
});

describe("a turn's acts say why they are not 3, from the engine's count (R8)", () => {
  const shaken = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10', statuses: [{ status: 'shaken' }] },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
    ],
  });
  const start: GameEvent = { type: 'unit-activated', unit: 'kn', acts: 2 };
  const told = (before: typeof shaken) => tell(happeningsOf(before, [start], { names, before }), {});

  it('a shaken unit takes its turn with 2 acts, said to be for being shaken', () => {
    expect(told(shaken)).toEqual(["Alice's KN (Knight) takes its turn with 2 acts: shaken, one fewer."]);
  });

  it('a greater-advantage turn is told as the kind of turn, not the reason for its acts', () => {
    expect(told({ ...shaken, phase: 0, ap: 'p1' })).toEqual([
      "Alice's KN (Knight) takes its turn for this round early, before phase 1, for greater advantage (Alice won the tactics check by 10 or more), with 2 acts: shaken, one fewer.",
    ]);
  });
});

describe("only the tactics winner's one early turn is the greater-advantage turn (R7)", () => {
  const base = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
    ],
  });
  const start: GameEvent = { type: 'unit-activated', unit: 'kn', acts: 3 };
  const told = (before: typeof base) => tell(happeningsOf(before, [start], { names, before }), {}).join(' ');

  it("the loser's last turns, in the phase 0 the winner's early turn left behind, are ordinary turns", () => {
    // Bob (p2) won by 10 or more and took his early turn; only Alice has units left, so the phase stays 0.
    const after = told({ ...base, round: 3, phase: 0, ap: 'p2', phaseDone: ['p2'] });
    expect(after).toBe("Alice's KN (Knight) takes its turn with 3 acts.");
    expect(after).not.toMatch(/greater advantage|early/);
  });

  it("the winner's later turns in that phase are ordinary too", () => {
    expect(told({ ...base, round: 3, phase: 0, ap: 'p1', phaseDone: ['p1'] })).toBe("Alice's KN (Knight) takes its turn with 3 acts.");
  });
});

describe('an attack that goes unanswered for want of a react token says so (R25)', () => {
  const near = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  });
  const bite = roll({ unit: 'gh', attack: 'claw', target: 'kn', notes: [] });
  const told = (before: typeof near) => tell(happeningsOf(before, [bite], { names, before }), {}).join(' ');

  it('the target with its react token spent: "could not reply"', () => {
    const spent = { ...near, units: { ...near.units, kn: { ...near.units.kn!, tokens: { ...near.units.kn!.tokens, react: 0 } } } };
    expect(told(spent)).toContain('KN could not reply: it has no react token left (a rest act takes one back).');
  });

  it('a target that still has its token, or a reply itself, says nothing of it', () => {
    expect(told(near)).not.toContain('could not reply');
    const spent = { ...near, units: { ...near.units, kn: { ...near.units.kn!, tokens: { ...near.units.kn!.tokens, react: 0 } } } };
    expect(tell(happeningsOf(spent, [{ ...bite, reply: true }], { names, before: spent }), {}).join(' ')).not.toContain('could not reply');
  });
});

describe("a recovery's target says what moved it from the card (R28, issue 26)", () => {
  const shaken = (injuries: string[], modifier = 0): GameState => ({
    ...state,
    units: {
      ...state.units,
      kn: {
        ...state.units.kn!,
        injuries: injuries as never,
        statuses: [{ status: 'shaken', recover: 'spirit', modifier, source: 'gh', asterisk: false }],
      },
    },
  });
  const spirit = state.cards[state.units.kn!.card]!.stats.spirit;
  const told = (b: GameState, e: GameEvent) => tell(happeningsOf(b, [e], { names, before: b }), {}).join(' ');

  it('defensive injuries lower it: said with the failed roll', () => {
    const before = shaken(['defensive', 'defensive']);
    const e: GameEvent = { type: 'recovery-failed', unit: 'kn', index: 0, rolls: [14], needed: spirit - 4, added: 2 };
    expect(told(before, e)).toContain(
      `needing under ${spirit - 4} (Spirit ${spirit} on its card, −4 for its 2 defensive injuries; the roll must come in under it).`,
    );
  });

  it("the status's own modifier: said with a recovery", () => {
    const e: GameEvent = {
      type: 'status-lost',
      unit: 'kn',
      index: 0,
      status: 'shaken',
      reason: `recovered: rolled 3, needing under ${spirit - 2}`,
      rolls: [3],
    };
    expect(told(shaken([], -2), e)).toContain(`needing under ${spirit - 2} (Spirit ${spirit} on its card, shaken's own −2).`);
  });

  it('the Warleader reroll prompt says it too', () => {
    const prompt: Prompt = {
      kind: 'reroll',
      player: 'p1',
      unit: 'kn',
      options: { roll: 'recovery', unit: 'kn', status: 'shaken', total: 14, needed: spirit - 4, warleader: 'kn', usesLeft: 1 },
    } as Prompt;
    expect(rerollRecord(shaken(['defensive', 'defensive']), prompt, () => 'Alice')).toContain(
      `needing under ${spirit - 4}: Spirit ${spirit} on its card, −4 for its 2 defensive injuries).`,
    );
  });

  it('a target that moved since the last roll says what moved it since then, not since the card', () => {
    // The last roll needed spirit − 2 with one defensive injury; a second one since makes it spirit − 4.
    const before = shaken(['defensive', 'defensive']);
    const kn = before.units.kn!;
    const last = { ...before, units: { ...before.units, kn: { ...kn, statuses: [{ ...kn.statuses[0]!, lastRoll: { needed: spirit - 2, defensive: 1 } }] } } };
    const e: GameEvent = { type: 'recovery-failed', unit: 'kn', index: 0, rolls: [14], needed: spirit - 4, added: 2 };
    expect(told(last, e)).toContain(
      `needing under ${spirit - 4} (under ${spirit - 2} at its last roll, since then 1 more defensive injury −2; the roll must come in under it).`,
    );
    // Unchanged since the last roll: the card's explanation, as before.
    const same = { ...before, units: { ...before.units, kn: { ...kn, statuses: [{ ...kn.statuses[0]!, lastRoll: { needed: spirit - 4, defensive: 2 } }] } } };
    expect(told(same, e)).toContain(`(Spirit ${spirit} on its card, −4 for its 2 defensive injuries; the roll must come in under it).`);
  });

  it('a failed roll keeps its target on the status for the next one (R28)', () => {
    const before = shaken(['defensive']);
    const e: GameEvent = { type: 'recovery-failed', unit: 'kn', index: 0, rolls: [14], needed: spirit - 2, added: 1 };
    expect(apply(before, e).units.kn!.statuses[0]!.lastRoll).toEqual({ needed: spirit - 2, defensive: 1 });
  });

  it('a target that is the card stat names that stat and nothing more (playtest: "needing under 15" left which stat unsaid)', () => {
    const e: GameEvent = { type: 'recovery-failed', unit: 'kn', index: 0, rolls: [19], needed: spirit, added: 0 };
    expect(told(shaken([]), e)).toContain(`needing under ${spirit} (Spirit ${spirit} on its card; the roll must come in under it).`);
  });

  it('a unit that keeps Invisible is said to stay invisible, not to have failed (playtest round 20)', () => {
    const hidden: GameState = {
      ...state,
      units: { ...state.units, kn: { ...state.units.kn!, statuses: [{ status: 'invisible', recover: 'spirit', modifier: 0, source: 'kn', asterisk: false }] } },
    };
    const e: GameEvent = { type: 'recovery-failed', unit: 'kn', index: 0, rolls: [16], needed: spirit, added: 0 };
    const words = told(hidden, e);
    expect(words).toContain(`KN stays invisible (−4 to hit it): its roll to lose it, 16, did not come in under ${spirit}`);
    expect(words).not.toContain('failed');
  });
});

describe('wounds applied with no prompt', () => {
  // GH with only its mobility and mortal boxes left and 5 Vigor: 15 wounds mark both whatever it spends.
  const boxes = state.cards[state.units.gh!.card]!.injuries;
  const marked = boxes.filter((b, i) => !(b === 'mobility' && boxes.indexOf('mobility') === i) && b !== 'mortal');
  const before = { ...state, units: { ...state.units, gh: { ...state.units.gh!, vigor: 5, injuries: marked } } };
  const hit = wounded({ from: 'terrain', source: null, cause: 'damaging terrain', attack: undefined });
  const told = (b: typeof state) => tell(happeningsOf(state, [hit], { names, before: b }), {}).join(' ');

  it('issue 26: say why the owner was not asked: every split drops it', () => {
    expect(told(before)).toContain(
      '15 cut wounds from damaging terrain reached GH: Vigor absorbed 5 (Vigor 5 → 0), the other 10 marked its last 2 injury boxes (mobility and mortal), so GH dropped (no choice: every split drops it).',
    );
  });

  it('a choice the owner was asked for carries no such note', () => {
    const fresh = { ...state, units: { ...state.units, gh: { ...state.units.gh!, vigor: 5, injuries: [] } } };
    expect(told(fresh)).not.toContain('no choice');
  });
});

describe('issue 26: a wound line says what reached the unit, what Vigor absorbed, the boxes marked and whether it dropped', () => {
  // A tester read "GH took 10 cut wounds (5 avoided with Vigor; marked mobility)" and asked: 5 or 10, and was any avoided?
  const fresh = { ...state, units: { ...state.units, gh: { ...state.units.gh!, vigor: 12, injuries: [] } } };
  const left = state.cards[state.units.gh!.card]!.injuries.length - 1;
  const told = (events: readonly GameEvent[], before?: GameState) => tell(happeningsOf(state, events, { names, ...(before ? { before } : {}) }), {}).join(' ');

  it('a hit split between Vigor and a box: the count that reached it, Vigor before → after, the box, the boxes left', () => {
    const line = told([roll(), wounded({ wound: 10, taken: 10, avoided: 5, injuries: ['mobility'] })], fresh);
    expect(line).toContain(`hit; 10 cut wounds reached GH: Vigor absorbed 5 (Vigor 12 → 7), the other 5 marked an injury box (mobility), ${left} boxes left.`);
    expect(line).not.toMatch(/took|avoided/);
  });

  it('wounds that mark the last box say it dropped, from the drop that follows them, with no state before', () => {
    const line = told([roll(), wounded({ wound: 10, taken: 10, avoided: 0, injuries: ['mobility', 'mortal'] }), { type: 'dropped', unit: 'gh', by: 'kn' }]);
    expect(line).toContain('10 cut wounds reached GH: they marked its last 2 injury boxes (mobility and mortal), so GH dropped.');
  });

  it('a drop later in the run, after other events, is not put down to these wounds', () => {
    const line = told([
      wounded({ wound: 5, taken: 5, avoided: 0, injuries: ['mobility'], from: 'terrain', source: null, attack: undefined, cause: 'damaging terrain' }),
      { type: 'rolled', unit: 'gh', why: 'Mortal roll: a natural 20 drops the unit', rolls: [20] },
      { type: 'dropped', unit: 'gh', by: null },
    ]);
    expect(line).toContain('5 cut wounds from damaging terrain reached GH: they marked an injury box (mobility).');
    expect(line).not.toContain('so GH dropped');
    expect(line).not.toContain('its last');
  });
});

describe('the game over line', () => {
  it('R52: players passing the target in the same scoring are told the higher score decided it', () => {
    const both = { ...state, options: { ...state.options, vpTarget: 79 }, score: { p1: 80, p2: 84 } };
    const over: GameEvent = { type: 'game-over', winner: 'p2', reason: 'p2 reached 79 VP, ahead of p1' };
    expect(tell(happeningsOf(both, [over], { names }), {}).join(' ')).toBe(
      'Game over: Bob wins (Bob reached the 79 VP target, ahead of Alice: both passed it in the same scoring, and the higher score wins, 84 VP to 80).',
    );
    // One player alone past the target: nothing to settle.
    const one = { ...both, score: { p1: 40, p2: 84 } };
    expect(tell(happeningsOf(one, [{ ...over, reason: 'p2 reached 79 VP' }], { names }), {}).join(' ')).toBe(
      'Game over: Bob wins (Bob reached the 79 VP target).',
    );
  });
});

describe('posts that tell a fact once', () => {
  it("the game's end comes after the last act's lines, though the engine ends it when the VP target is reached", () => {
    const events: GameEvent[] = [
      { type: 'scored', player: 'p1', points: 60, reason: 'Ghoul (gh)' },
      { type: 'game-over', winner: 'p1', reason: 'p1 reached 60 VP' },
      { type: 'dropped', unit: 'gh', by: 'kn' },
    ];
    expect(words(events)).toEqual(['Alice scored 60 VP for Ghoul (gh).', 'GH was dropped by KN.', 'Game over: Alice wins (Alice reached the 60 VP target).']);
  });

  it("a post that opens with the actor's name does not name them again for their unit's turn", () => {
    const activated: GameEvent = { type: 'unit-activated', unit: 'kn', acts: 3 };
    const told = (actor?: string) => tell(happeningsOf(state, [activated], { names }), { actor }).join(' ');
    expect(told()).toMatch(/^Alice's KN \(Knight\) /);
    expect(told('p1')).toMatch(/^KN \(Knight\) /);
    expect(told('p2')).toMatch(/^Alice's KN \(Knight\) /);
  });

  it('one wait is worded one way on every post: "Bob to choose …", never "waiting for", "up to" or "… next" (issue 26)', () => {
    const told = (o: Parameters<typeof tell>[1]) => tell(happeningsOf(state, [roll(), prompted(woundsPrompt())], { names }), o).join(' ');
    const wording = 'Bob to choose how GH takes them (Vigor to absorb them, or injury boxes to mark).';
    for (const o of [{}, { lasting: true, actor: 'p1' }, { actor: 'p2' }, { actor: 'p1' }]) {
      expect(told(o)).not.toMatch(/waiting for|up to| next\./i);
      expect(told(o)).toContain(wording);
    }
    expect(told({ you: 'p2' })).toContain('Bob (you) to choose how GH takes them');
  });
});

describe('a failed recovery says what it costs (R10, R28, issue 26)', () => {
  it('the status stays, with its effect, through the next turn; the roll came after the acts', () => {
    const stunned: GameState = apply(state, {
      type: 'status-gained',
      unit: 'kn',
      status: { status: 'stunned', modifier: 0, recover: 'spirit', source: 'gn' },
    } as GameEvent);
    const told = tell(happeningsOf(stunned, [{ type: 'recovery-failed', unit: 'kn', index: 0, rolls: [20], needed: 12, added: 0 }], { names }), {}).join(' ');
    expect(told).toBe(
      "KN failed to recover from stunned: rolled 20, needing under 12 (a natural 20 always fails). It stays stunned (−2 acts, no replies) through its next turn and rolls again at that turn's end; the roll came after its acts, so it cost none.",
    );
  });
});

describe('a status is told where it begins, with what it does, as well as where it ends (§6, playtest)', () => {
  const hitAndShaken: GameEvent[] = [
    { type: 'act-begun', unit: 'kn', act: 'attack', acts: 1 },
    roll(),
    { type: 'status-gained', unit: 'gh', status: { ...status, source: 'kn' } },
  ];
  it('the log line of the hit says GH is now shaken and what shaken does', () => {
    expect(words(hitAndShaken).join(' ')).toContain("GH is now shaken (−1 act from its next turn), caused by KN's Longsword");
  });
  it('a stunned unit is told it cannot reply from now, and loses acts only from its next turn (playtest round 24)', () => {
    const hitAndStunned: GameEvent[] = [
      ...hitAndShaken.slice(0, 2),
      { type: 'status-gained', unit: 'gh', status: { ...status, status: 'stunned', source: 'kn' } },
    ];
    expect(words(hitAndStunned).join(' ')).toContain("GH is now stunned (no replies from now, −2 acts from its next turn), caused by KN's Longsword");
  });
  it('the picture header names the status gained, not only "GH no longer shaken" later', () => {
    const happenings = happeningsOf(state, hitAndShaken, { names });
    const header = lastTurnPhrases({ happenings } as never).map((p) => p.replace(/\u00a0/g, ' '));
    expect(header).toContain('GH shaken (−1 act)');
  });
  it('a status gained with no attack open says what it does too', () => {
    expect(happeningsOf(state, [{ type: 'status-gained', unit: 'kn', status: { ...status, status: 'hobbled' } }], { names }).map(phrase)).toEqual([
      'KN hobbled (+1 movement for every square)',
    ]);
  });
});

describe("the picture header's score for objectives says so (R4, playtest)", () => {
  it('"Alice +5 VP for objectives", never a bare "+5 VP" read as the turn\'s doing; a drop\'s score stays bare', () => {
    const scored: GameEvent[] = [
      { type: 'scored', player: 'p1', points: 5, reason: 'objective 1' },
      { type: 'scored', player: 'p2', points: 12, reason: 'Ghoul (gh)' },
    ];
    expect(happeningsOf(state, scored, { names }).map(phrase)).toEqual(['Alice +5 VP for objectives', 'Bob +12 VP']);
  });
});
