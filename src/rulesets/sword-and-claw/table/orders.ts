/**
 * `/order`, Sword and Claw's orders at the table (docs/rulesets.md §1 "acts"): each subcommand, how
 * its options become the match's command, and the legal choices for each option as typed, read from
 * the commands the match takes as it stands (match/options.ts), so a suggestion is always accepted.
 */
import type { RuleError } from '../../../engine/errors';
import type { OrderSpec, Suggestion } from '../../ruleset';
import type { TroopAttack } from '../formats/troop-card';
import { allowance, reachable } from '../rules/movement';
import { scTable } from '../rules/table';
import { ALTITUDES, type Altitude, climbCost, LEVEL_WORDS, levelOf } from '../rules/altitude';
import { planCharge } from '../match/charge';
import { legalCommands } from '../match/options';
import { isNimbleCharger } from '../rules/charge';
import { cardOf, moveOf, onTable, pieceOf, struckCard, tableOf } from '../match/tables';
import { strikeAim } from '../match/melee-options';
import { shotTroops } from '../match/ranged';
import { findAttack, hitsAutomatically, meleeModifiers } from '../rules/melee';
import { isFlanked } from '../rules/flanking';
import { trampleAttackOf } from '../rules/trample';
import { tramplePath } from '../match/trample';
import { chargeFits, chargeTrampleAttacks, chargeTramplesIn, moveFits, trampleIn, trampleListChoices } from './trample-orders';
import { type SweepAim, sweepSize } from '../rules/sweep';
import { templateCover } from '../rules/template-reach';
import { templateOf } from '../rules/templates';
import { aimShot } from '../rules/ranged';
import { coverPenalty } from '../rules/sight';
import { odds, woundChance } from '../rules/chances';
import { hitWords } from './hit-words';
import type { ScCommand, ScSetup, ScState, TrampleAim } from '../match/types';
import { labelOf, squareOf, squareWords, troopOf, troopWords } from './names';

const troop = { name: 'troop', description: 'Your troop, by the label on the map', required: true } as const;
const to = { name: 'to', description: 'The square it ends on, like C4', required: true } as const;
/** A flyer's level (SC Flight): on a Move or Run it is reached before the troop sets off, 2" a level up, 1" down. */
const altitude = {
  name: 'altitude',
  description: 'A flyer only: the level to change to first (landed, hover, low, high): 2" a level up, 1" down',
  required: false,
} as const;

export const SC_ORDERS: readonly OrderSpec[] = [
  {
    name: 'deploy',
    description: 'Place a troop in your deployment zone',
    options: [
      troop,
      { name: 'square', description: 'Its top-left square, like C4', required: true },
      { name: 'altitude', description: 'A flyer only: the level it is placed at (landed, the default, hover, low, high)', required: false },
    ],
  },
  { name: 'done', description: 'Close your deployment once every troop is placed', options: [] },
  { name: 'move', description: 'Move a troop up to its Move; it may fight in the melee step', options: [troop, to, altitude] },
  { name: 'run', description: 'Run a troop up to twice its Move; it cannot fight this turn', options: [troop, to, altitude] },
  {
    name: 'fly',
    description: 'Change a flyer\'s altitude where it stands: 2" a level up, 1" down',
    options: [troop, { ...altitude, description: 'The level to go to: landed, hover, low or high', required: true }],
  },
  {
    name: 'slide',
    description: 'Slide a troop one square without opportunity attacks, then optionally move',
    options: [troop, to, { name: 'then', description: 'A square to move on to after the slide (it then counts as a run)', required: false }],
  },
  {
    name: 'attack',
    description: 'Declare a melee strike in the melee step; all resolve when the step closes',
    options: [
      troop,
      { name: 'attack', description: 'Its melee attack', required: true },
      { name: 'target', description: 'An enemy next to it, or one its Cone, Fan, Line or Aura reaches', required: true },
      { name: 'turn', description: 'A Sweep: clockwise (the default) or counterclockwise from the target', required: false },
      { name: 'squares', description: 'A Sweep: how many squares, up to its size (all unless fewer)', required: false },
    ],
  },
  {
    name: 'charge',
    description: 'Charge an enemy: twice the Move straight at it, then a d6; it fights, not shoots',
    options: [
      troop,
      { name: 'target', description: 'The enemy it charges', required: true },
      { name: 'via', description: 'Nimble Charger only: a square within its Move to set off from', required: false },
      { name: 'trample', description: 'Smaller enemies it tramples on the way, in the order met, like GO1 GO2', required: false },
      { name: 'attack', description: 'What it tramples with: its stomp, slam, rush or lance, or the plain trample', required: false },
    ],
  },
  {
    name: 'trample',
    description: 'Move a troop straight through a smaller enemy, attacking it as it goes',
    options: [
      troop,
      { name: 'target', description: 'The smaller enemy it tramples, or several in the order met, like GO1 GO2', required: true },
      { name: 'attack', description: 'What it tramples with: its stomp, slam or rush, or the plain trample', required: false },
    ],
  },
  { name: 'aim', description: 'Aim a troop instead of moving it: +1 on its first shot this turn', options: [troop] },
  { name: 'reload', description: 'Reload a fired weapon that needs it, instead of moving or shooting', options: [troop] },
  {
    name: 'ready',
    description: "Ready an attack (ranged or melee step) for the other side's next turn",
    options: [troop],
  },
  {
    name: 'shoot',
    description: 'Declare a ranged attack in the ranged step; all resolve when the step closes',
    options: [
      troop,
      { name: 'attack', description: 'Its ranged attack', required: true },
      { name: 'target', description: 'An enemy it sees and can reach', required: true },
    ],
  },
  { name: 'next', description: 'Close this step (closing ranged or melee resolves its attacks)', options: [] },
  { name: 'end', description: 'Close every step left of your turn', options: [] },
];

type Parsed = { readonly ok: true; readonly command: ScCommand } | { readonly ok: false; readonly error: RuleError };
type Options = Readonly<Record<string, string>>;

const no = (code: string, message: string): Parsed => ({ ok: false, error: { code, message } });

function troopIn(setup: ScSetup, s: ScState, typed: string | undefined): string | RuleError {
  const found = typed === undefined ? null : troopOf(setup, s.troops, typed);
  if (!found) return { code: 'unknown-troop', message: `There is no troop "${typed ?? ''}" in this match; use the label on the map.` };
  return found.id;
}

function squareIn(setup: ScSetup, typed: string | undefined): number | RuleError {
  const at = typed === undefined ? null : squareOf(setup, typed);
  if (at === null)
    return { code: 'bad-square', message: `"${typed ?? ''}" is not a square of this map; squares are a column letter and a row number, like C4.` };
  return at;
}

const isError = (x: unknown): x is RuleError => typeof x === 'object' && x !== null && 'code' in x;

/** A Sweep's `turn` and `squares` as typed (SC App. B Sweep). */
function sweepIn(o: Options): SweepAim | RuleError {
  const turn = (o.turn ?? 'clockwise').trim().toLowerCase().replace(/[\s-]/g, '');
  if (turn !== 'clockwise' && turn !== 'counterclockwise' && turn !== 'anticlockwise')
    return { code: 'bad-turn', message: `"${o.turn ?? ''}" is no way to sweep: clockwise or counterclockwise.` };
  const squares = o.squares === undefined ? undefined : Number(o.squares.trim());
  if (squares !== undefined && !(Number.isInteger(squares) && squares >= 1))
    return { code: 'bad-squares', message: `"${o.squares ?? ''}" is not a number of squares: 1, 2, 3…` };
  return { turn: turn === 'clockwise' ? 'clockwise' : 'counterclockwise', ...(squares !== undefined ? { squares } : {}) };
}

/** A typed `/order` as the match's command; what the match refuses is its own to say (decide). */
export function parseOrder(setup: ScSetup, s: ScState, order: string, o: Options): Parsed {
  if (order === 'done') return { ok: true, command: { type: 'deploy-done' } };
  if (order === 'next') return { ok: true, command: { type: 'next' } };
  if (order === 'end') return { ok: true, command: { type: 'end-turn' } };
  const id = troopIn(setup, s, o.troop);
  if (isError(id)) return { ok: false, error: id };
  if (order === 'aim' || order === 'reload' || order === 'ready') return { ok: true, command: { type: order, troop: id } };
  const level = o.altitude === undefined ? undefined : altitudeIn(o.altitude);
  if (isError(level)) return { ok: false, error: level };
  if (order === 'fly') {
    if (level === undefined) return no('no-altitude', 'Say the level to fly to: landed, hover, low or high.');
    return { ok: true, command: { type: 'move', troop: id, how: flyHow(setup, s, id, level), altitude: level } };
  }
  if (order === 'attack' || order === 'shoot') {
    const target = troopIn(setup, s, o.target);
    if (isError(target)) return { ok: false, error: target };
    const attack = (o.attack ?? '').trim().toLowerCase();
    if (order === 'shoot' || (o.turn === undefined && o.squares === undefined)) return { ok: true, command: { type: order, troop: id, attack, target } };
    const sweep = sweepIn(o);
    if (isError(sweep)) return { ok: false, error: sweep };
    return { ok: true, command: { type: 'attack', troop: id, attack, target, sweep } };
  }
  if (order === 'trample') return trampleIn(setup, s, id, o);
  if (order === 'charge') {
    const target = troopIn(setup, s, o.target);
    if (isError(target)) return { ok: false, error: target };
    const tramples = chargeTramplesIn(setup, s, id, o);
    if (isError(tramples)) return { ok: false, error: tramples };
    if (o.via === undefined) return { ok: true, command: { type: 'charge', troop: id, target, ...tramples } };
    const via = squareIn(setup, o.via);
    if (isError(via)) return { ok: false, error: via };
    return { ok: true, command: { type: 'charge', troop: id, target, via, ...tramples } };
  }
  const at = squareIn(setup, order === 'deploy' ? o.square : o.to);
  if (isError(at)) return { ok: false, error: at };
  const up = level === undefined ? {} : { altitude: level };
  if (order === 'deploy') return { ok: true, command: { type: 'deploy', troop: id, at, ...up } };
  if (order !== 'move' && order !== 'run' && order !== 'slide') return no('unknown-order', `Sword and Claw has no order "${order}".`);
  if (o.then === undefined || order !== 'slide') return { ok: true, command: { type: 'move', troop: id, how: order, to: at, ...up } };
  const then = squareIn(setup, o.then);
  if (isError(then)) return { ok: false, error: then };
  return { ok: true, command: { type: 'move', troop: id, how: 'slide', to: at, then: { to: then } } };
}

/** A level as typed (SC Flight): its name, any case; "ground" and "land" for Landed. */
function altitudeIn(typed: string): Altitude | RuleError {
  const t = typed.trim().toLowerCase();
  const found = t === 'ground' || t === 'land' ? 'landed' : ALTITUDES.find((a) => a === t);
  return found ?? { code: 'bad-altitude', message: `"${typed}" is no level to fly at: landed, hover, low or high.` };
}

/** A change of level alone is a Move, or a Run when it costs more than the troop's Move (ruling SC90). */
function flyHow(setup: ScSetup, s: ScState, id: string, to: Altitude): 'move' | 'run' {
  const t = s.troops[id]!;
  return climbCost(levelOf(t.altitude), levelOf(to)) > moveOf(setup, t) ? 'run' : 'move';
}

/** The legal commands an order stands for, for `by` (none when the match waits on someone else). */
function legalFor(setup: ScSetup, s: ScState, by: string, order: string): ScCommand[] {
  const waitsOn = s.prompt?.player ?? s.deploying?.player ?? s.turn?.player;
  if (waitsOn !== by) return [];
  return legalCommands(setup, s).filter((c) => {
    if (order === 'deploy') return c.type === 'deploy';
    if (order === 'fly') return c.type === 'move' && c.altitude !== undefined && c.to === undefined && c.path === undefined;
    if (order === 'attack' || order === 'shoot' || order === 'aim' || order === 'reload' || order === 'charge' || order === 'ready') return c.type === order;
    if (order === 'trample') return c.type === 'move' && c.trample !== undefined;
    return c.type === 'move' && c.how === order && c.trample === undefined;
  });
}

/** Why an order has nothing to offer now, in the match's words. */
function whyNone(s: ScState, by: string, order: string): string {
  if (s.end) return 'The match is over.';
  if (s.prompt?.kind === 'reserve')
    return s.prompt.player === by
      ? 'Choose your reserve force with the buttons in the thread first.'
      : 'Deployment waits for the other side to choose its reserve force.';
  if (s.prompt?.kind === 'readied')
    return s.prompt.player === by
      ? 'Answer the Readied attack prompt in the thread first.'
      : 'The step waits for the other side to declare its Readied attacks.';
  if (s.prompt)
    return s.prompt.player === by
      ? 'Answer the opportunity attack prompt in the thread first.'
      : 'The move waits for the opportunity attack prompt to be answered.';
  if (s.deploying) {
    if (s.deploying.player !== by) return 'It is not your deployment: the other side is deploying.';
    return order === 'deploy'
      ? 'Every troop of yours is placed: close your deployment with /order done.'
      : 'Deploy your troops first: /order deploy, then /order done.';
  }
  if (!s.turn) return 'Nothing waits for orders now.';
  if (s.turn.player !== by) return 'It is not your turn.';
  if (order === 'attack')
    return s.turn.step !== 'melee'
      ? `Melee attacks are declared in the melee step; this is the ${s.turn.step} step (/order next closes it).`
      : 'None of your troops that may fight stands next to an enemy with a strike left to declare.';
  if (order === 'shoot')
    return s.turn.step !== 'ranged'
      ? `Ranged attacks are declared in the ranged step; this is the ${s.turn.step} step.`
      : 'None of your troops that may shoot sees an enemy in range with a shot left to declare.';
  if (order === 'deploy') return 'Deployment is over.';
  if (order === 'charge' && s.turn.step === 'movement') return 'None of your troops left without its movement order can reach an enemy with a charge.';
  if (order === 'trample' && s.turn.step === 'movement')
    return 'None of your troops left without its movement order can trample: it must be bigger than an enemy at its level and reach straight through it within its Move.';
  if (order === 'aim' && s.turn.step === 'movement') return 'None of your troops with a ranged attack is left without its movement order.';
  if (order === 'ready')
    return s.turn.step === 'movement'
      ? 'Attacks are readied in the ranged or melee step, instead of attacking there; this is the movement step.'
      : `None of your troops may ready a ${s.turn.step} attack now (it needs one, may act in this step and has not yet).`;
  if (order === 'reload')
    return s.turn.step === 'melee'
      ? 'Reloading is done in the movement or ranged step.'
      : 'None of your troops has a fired weapon it may reload now (not with an enemy next to it).';
  if (order === 'fly' && s.turn.step === 'movement') return 'None of your troops with Flight is left without its movement order, free to change level.';
  return s.turn.step !== 'movement'
    ? `Moves are given in the movement step; this is the ${s.turn.step} step.`
    : 'Every troop of yours has had its movement order this turn.';
}

const matches = (typed: string | undefined, s: Suggestion) => {
  const q = (typed ?? '').trim().toLowerCase();
  return q === '' || s.name.toLowerCase().includes(q) || s.value.toLowerCase().includes(q);
};

function unique(list: Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return list.filter((x) => !seen.has(x.value) && seen.add(x.value));
}

/** Squares a troop may move on to after sliding to `slid` (ruling SC12: the move after a slide counts afresh). */
function thenSquares(setup: ScSetup, s: ScState, id: string, slid: number): Suggestion[] {
  const t = s.troops[id]!;
  const card = cardOf(setup, t);
  const mover = pieceOf(setup, t, slid);
  const table = scTable(
    setup.map,
    onTable(s).map((x) => (x.id === id ? mover : pieceOf(setup, x))),
  );
  return [...reachable(table, mover, allowance('move', moveOf(setup, t), card.size))]
    .filter(([at]) => at !== slid)
    .map(([at, plan]) => ({ name: `${squareWords(setup, at)} (${plan.spent}")`, value: squareWords(setup, at) }));
}

/**
 * The inches of the cheapest path to each square a troop can reach on a Run, terrain and water
 * priced (rules/movement.ts): the cost a `to:` suggestion shows. A Move or Slide to a square costs
 * the same, its path being the cheapest. With `altitude`, a flyer's change of level first, its cost
 * counted in (ruling SC90).
 */
function costsOf(setup: ScSetup, s: ScState, id: string, altitude?: Altitude): Map<number, number> {
  const t = s.troops[id]!;
  if (t.at === null) return new Map();
  const climb = altitude === undefined ? 0 : climbCost(levelOf(t.altitude), levelOf(altitude));
  const mover = pieceOf(setup, altitude === undefined ? t : { ...t, altitude });
  const table = scTable(setup.map, [...tableOf(setup, s, t.id).pieces.values(), mover]);
  const plans = reachable(table, mover, allowance('run', moveOf(setup, t), cardOf(setup, t).size) - climb);
  return new Map([...plans].map(([at, plan]) => [at, plan.spent + climb]));
}

/** The level typed for an order's commands to match: none when it is left out, or is where the troop already is (a placement: Landed). */
function typedLevel(now: Altitude | undefined, typed: string | undefined): Altitude | undefined {
  const level = typed === undefined ? undefined : altitudeIn(typed);
  if (level === undefined || typeof level !== 'string') return undefined;
  return level === (now ?? 'landed') ? undefined : level;
}

/** The levels a flyer's order may name now, with what each costs from where it is (SC Flight "Changing Altitude"). */
function altitudeChoices(s: ScState, id: string, legal: readonly ScCommand[]): Suggestion[] {
  const t = s.troops[id]!;
  const levels = new Set(legal.flatMap((c) => ((c.type === 'move' || c.type === 'deploy') && c.altitude !== undefined ? [c.altitude] : [])));
  const placing = legal.some((c) => c.type === 'deploy');
  if (placing && levels.size > 0) levels.add('landed');
  return ALTITUDES.filter((a) => levels.has(a)).map((a) => {
    const cost = placing ? '' : ` (${climbCost(levelOf(t.altitude), levelOf(a))}")`;
    return { name: `${a}: ${LEVEL_WORDS[a]}${cost}`, value: a };
  });
}

/** Squares a Nimble Charger may set off from toward `typed` (SC App. A), with the inches they cost. */
function viaSquares(setup: ScSetup, s: ScState, id: string, typed: string): Suggestion[] {
  const t = s.troops[id]!;
  const target = troopOf(setup, s.troops, typed);
  if (!target || !isNimbleCharger(cardOf(setup, t))) return [];
  const table = tableOf(setup, s);
  return [...reachable(table, pieceOf(setup, t), moveOf(setup, t))]
    .filter(([at]) => at !== t.at && !('code' in planCharge(setup, s, t, target.id, at)))
    .map(([at, plan]) => ({ name: `${squareWords(setup, at)} (${plan.spent}")`, value: squareWords(setup, at) }));
}

function choicesOf(setup: ScSetup, s: ScState, legal: readonly ScCommand[], option: string, o: Options): Suggestion[] {
  const chosen = o.troop === undefined ? null : troopOf(setup, s.troops, o.troop);
  const ofTroop = chosen ? legal.filter((c) => 'troop' in c && c.troop === chosen.id) : legal;
  const where = (id: string) => {
    const at = s.troops[id]?.at;
    const up = s.troops[id]?.altitude;
    const level = up === undefined || up === 'landed' ? '' : `, ${LEVEL_WORDS[up]}`;
    return at === null || at === undefined ? 'not yet placed' : `at ${squareWords(setup, at)}${level}`;
  };
  switch (option) {
    case 'troop':
      return unique(legal.flatMap((c) => ('troop' in c ? [{ name: `${troopWords(setup, c.troop)} ${where(c.troop)}`, value: labelOf(setup, c.troop) }] : [])));
    case 'square':
    case 'to': {
      const level = chosen ? typedLevel(chosen.altitude, o.altitude) : undefined;
      const cost = option === 'to' && chosen ? costsOf(setup, s, chosen.id, level) : new Map<number, number>();
      return unique(
        ofTroop
          .filter((c) => (c.type === 'move' || c.type === 'deploy') && c.altitude === level)
          .flatMap((c) =>
            (c.type === 'deploy' ? [c.at] : c.type === 'move' && c.to !== undefined ? [c.to] : []).map((at) => ({
              name: cost.has(at) ? `${squareWords(setup, at)} (${cost.get(at)}")` : squareWords(setup, at),
              value: squareWords(setup, at),
            })),
          ),
      );
    }
    case 'altitude':
      return chosen ? altitudeChoices(s, chosen.id, ofTroop) : [];
    case 'via':
      return chosen && o.target !== undefined ? viaSquares(setup, s, chosen.id, o.target) : [];
    case 'trample': {
      const target = chosen && o.target !== undefined ? troopOf(setup, s.troops, o.target) : null;
      const via = o.via === undefined ? undefined : squareOf(setup, o.via);
      if (!chosen || !target || via === null) return [];
      return trampleListChoices(setup, s, chosen, o.trample ?? '', (ids) => chargeFits(setup, s, chosen, target.id, via, ids));
    }
    case 'then': {
      const slid = o.to === undefined ? null : squareOf(setup, o.to);
      return chosen && slid !== null && ofTroop.some((c) => c.type === 'move' && c.to === slid) ? thenSquares(setup, s, chosen.id, slid) : [];
    }
    case 'attack':
      if (chosen && o.trample !== undefined && ofTroop.some((c) => c.type === 'charge'))
        return unique(chargeTrampleAttacks(setup, s, chosen, o.trample).flatMap((x) => x.attacks.map((a) => ({ name: attackWords(a), value: a.id }))));
      return unique(
        ofTroop.flatMap((c) =>
          c.type === 'attack' || c.type === 'shoot'
            ? [{ name: attackName(setup, s, c.troop, c.attack), value: c.attack }]
            : c.type === 'move' && c.trample
              ? trampleAttackChoices(setup, s, c, o.target)
              : [],
        ),
      );
    case 'target': {
      // A second troop to trample on the same Move: those it can go on straight through after the first.
      const several = /[^\s,][\s,]/.test(o.target ?? '');
      if (chosen && several && ofTroop.some((c) => c.type === 'move' && c.trample))
        return trampleListChoices(setup, s, chosen, o.target ?? '', (ids) => moveFits(setup, s, chosen, ids));
      const attack = o.attack?.trim().toLowerCase();
      return unique(
        ofTroop.flatMap((c) =>
          c.type === 'charge'
            ? [{ name: `${troopWords(setup, c.target)} ${where(c.target)}`, value: labelOf(setup, c.target) }]
            : c.type === 'move' && c.trample
              ? c.trample.map((x) => ({
                  name: `${troopWords(setup, x.target)} ${where(x.target)}${trampleWords(setup, s, c, x)}`,
                  value: labelOf(setup, x.target),
                }))
              : (c.type === 'attack' || c.type === 'shoot') && (!attack || c.attack === attack)
                ? [
                    {
                      name: `${troopWords(setup, c.target)} ${where(c.target)}${c.type === 'shoot' ? shotOdds(setup, s, c) : strikeOdds(setup, s, c)}`,
                      value: labelOf(setup, c.target),
                    },
                  ]
                : [],
        ),
      );
    }
    case 'turn':
    case 'squares':
      return sweepChoices(setup, s, ofTroop, option, o);
    default:
      return [];
  }
}

/** A Sweep's choices, once its attack is named: the two turns, or its squares 1 to its size (SC App. B Sweep). */
function sweepChoices(setup: ScSetup, s: ScState, legal: readonly ScCommand[], option: 'turn' | 'squares', o: Options): Suggestion[] {
  const attack = o.attack?.trim().toLowerCase();
  const c = legal.find((x) => x.type === 'attack' && x.attack === attack);
  const found = c?.type === 'attack' ? findAttack(cardOf(setup, s.troops[c.troop]!), c.attack)?.attack : undefined;
  const size = found ? sweepSize(found) : null;
  if (size === null) return [];
  if (option === 'turn')
    return [
      { name: 'clockwise (the default)', value: 'clockwise' },
      { name: 'counterclockwise', value: 'counterclockwise' },
    ];
  return Array.from({ length: size }, (_, i) => ({ name: i + 1 === size ? `${size} (all, the default)` : `${i + 1}`, value: `${i + 1}` }));
}

/** A trample's attack, for a target typed (the first of several) or any: its name with its numbers (rulings SC121, SC122). */
function trampleAttackChoices(setup: ScSetup, s: ScState, c: Extract<ScCommand, { type: 'move' }>, typed: string | undefined): Suggestion[] {
  const first = typed?.trim().split(/[\s,]+/)[0];
  const target = first === undefined || first === '' ? null : troopOf(setup, s.troops, first);
  return (c.trample ?? [])
    .filter((x) => target === null || x.target === target.id)
    .map((x) => {
      const a = trampleAttackOf(cardOf(setup, s.troops[c.troop]!), x.attack)!;
      return { name: attackWords(a), value: x.attack };
    });
}

/** An attack with its numbers: `Stomp (+1 to hit, d6+2 damage)`. */
const attackWords = (a: TroopAttack): string =>
  `${a.name} (${a.toHit >= 0 ? '+' : ''}${a.toHit} to hit, d6${a.dmg.bonus === 0 ? '' : a.dmg.bonus > 0 ? `+${a.dmg.bonus}` : a.dmg.bonus} damage)`;

/**
 * Where a trample takes the troop and what it would do, as a target's suggestion shows it:
 * ` (through to E4, 4"; trample 60% to hit, 67% to wound)` (SC Movement d).
 */
function trampleWords(setup: ScSetup, s: ScState, c: Extract<ScCommand, { type: 'move' }>, x: TrampleAim): string {
  const t = s.troops[c.troop]!;
  const found = tramplePath(setup, s, t, x.target);
  const attack = trampleAttackOf(cardOf(setup, t), x.attack);
  if (!found || !attack || !c.path) return '';
  const target = s.troops[x.target]!;
  const flanked = isFlanked(tableOf(setup, s, t.id), pieceOf(setup, target));
  const bonus = meleeModifiers(attack, t.hurt, t.conditions, flanked).reduce((sum, m) => sum + m.value, 0);
  const card = struckCard(setup, s, target);
  const end = squareWords(setup, c.path[c.path.length - 1]!);
  return ` (through to ${end}, ${found.spent}"; ${attack.name.toLowerCase()} ${odds(bonus, card.defense.melee)}% to hit, ${hitWords(attack, woundChance(attack.dmg.bonus, card.toWound))})`;
}

/** A shot's range and odds, as a target's suggestion shows them: ` (7", medium range, 40% to hit, 67% to wound)`. */
function shotOdds(setup: ScSetup, s: ScState, c: Extract<ScCommand, { type: 'shoot' }>): string {
  const troops = shotTroops(setup, s);
  const { fighters } = troops;
  const first = !s.declared.some((d) => d.attacker === c.troop);
  const aim = aimShot(troops, { attacker: c.troop, attack: c.attack, target: c.target }, first);
  const attack = findAttack(fighters.get(c.troop)!.card, c.attack)!.attack;
  const bonus = aim.modifiers.reduce((sum, m) => sum + m.value, 0);
  const cover = aim.indirect ? ', out of sight: Indirect Fire' : coverPenalty(aim.sight) > 0 ? ', in cover' : '';
  const toWound = fighters.get(c.target)!.card.toWound;
  return ` (${aim.inches}", ${aim.band} range${cover}, ${odds(bonus, aim.defense)}% to hit, ${hitWords(attack, woundChance(attack.dmg.bonus, toWound))})`;
}

/**
 * What a melee attack at the target would do, as its suggestion shows it: a plain strike's odds,
 * ` (flanked, 60% to hit, 67% to wound)` (SC Flanking names itself, being the target's doing), a
 * template's reach; a Sweep, which strikes several troops, shows neither.
 */
function strikeOdds(setup: ScSetup, s: ScState, c: Extract<ScCommand, { type: 'attack' }>): string {
  const attack = findAttack(cardOf(setup, s.troops[c.troop]!), c.attack)?.attack;
  if (!attack) return '';
  if (templateOf(attack)) return templateReach(setup, s, c);
  if (sweepSize(attack) !== null) return '';
  const aim = strikeAim(setup, s, c);
  const bonus = aim.modifiers.reduce((sum, m) => sum + m.value, 0);
  const flanked = aim.modifiers.some((m) => m.why === 'flanked') ? 'flanked, ' : '';
  const toWound = struckCard(setup, s, s.troops[c.target]!).toWound;
  // No d10 is rolled, so no flank counts (SC App. B Automatically hits); a Hurt attacker's damage is at −2.
  if (hitsAutomatically(attack))
    return ` (hits automatically, ${hitWords(attack, woundChance(attack.dmg.bonus - (s.troops[c.troop]!.hurt ? 2 : 0), toWound))})`;
  return ` (${flanked}${odds(bonus, aim.defense)}% to hit, ${hitWords(attack, woundChance(attack.dmg.bonus, toWound))})`;
}

/** Whom a projected attack aimed at the target would cover, as its suggestion shows them: ` (Cone 4 covers HS1, RB: 1 of yours)`; '' for a plain strike. */
function templateReach(setup: ScSetup, s: ScState, c: Extract<ScCommand, { type: 'attack' }>): string {
  const me = s.troops[c.troop]!;
  const attack = findAttack(cardOf(setup, me), c.attack)?.attack;
  const template = attack ? templateOf(attack) : null;
  if (!template) return '';
  const table = tableOf(setup, s);
  const cover = templateCover(table, pieceOf(setup, me), template, pieceOf(setup, s.troops[c.target]!));
  const under = cover.troops;
  const friends = under.filter((p) => p.player === me.player).length;
  // Aloft, it acts at the target's level only; aimed upwards it is shorter and its nearer half has no effect (ruling SC96).
  const up = cover.length < template.length;
  const level = cover.level === 'ground' || up ? '' : ` ${LEVEL_WORDS[cover.level]}`;
  const squares = cover.squares.map((q) => squareWords(setup, q)).join(', ');
  const shorter = up
    ? `, ${template.length - cover.length}" shorter aimed upwards: ${squares} have effect${cover.passed.length > 0 ? ', the nearer half none' : ''};`
    : '';
  return ` (${template.shape} ${template.length}${level}${shorter} covers ${under.map((p) => labelOf(setup, p.id)).join(', ')}${friends > 0 ? `: ${friends} of yours` : ''})`;
}

function attackName(setup: ScSetup, s: ScState, troopId: string, attackId: string): string {
  const card = cardOf(setup, s.troops[troopId]!);
  const attack = card.attacks.flat().find((a) => a.id === attackId);
  return attack
    ? `${attack.name} (${attack.toHit >= 0 ? '+' : ''}${attack.toHit} to hit, d6${attack.dmg.bonus === 0 ? '' : attack.dmg.bonus > 0 ? `+${attack.dmg.bonus}` : attack.dmg.bonus} damage)`
    : attackId;
}

/** The legal choices for `option` as typed so far; when none fit, why. */
export function suggestOrder(setup: ScSetup, s: ScState, by: string, order: string, option: string, o: Options): { choices: Suggestion[]; why?: string } {
  const legal = legalFor(setup, s, by, order);
  if (legal.length === 0) return { choices: [], why: whyNone(s, by, order) };
  const all = choicesOf(setup, s, legal, option, o);
  const choices = all.filter((c) => matches(o[option], c));
  if (choices.length > 0) return { choices };
  if (all.length > 0) return { choices, why: `Nothing legal matches "${(o[option] ?? '').trim()}".` };
  const troopName = o.troop ?? '';
  return {
    choices,
    why: option === 'then' ? 'Pick the troop and the square it slides to first.' : `${troopName ? `"${troopName}" has` : 'There is'} no legal choice here now.`,
  };
}
