/**
 * Sword and Claw's log words at the table: each event of a change as the thread reads it, with its
 * dice, and whether the turn picture follows it (after each player turn, after deployment, at the
 * end); the waiting words are the match's own (match/waits.ts).
 */
import type { ToldEvent } from '../../ruleset';
import type { PlayerId } from '../match/types';
import type { Modifier, StrikeOutcome } from '../rules/melee';
import type { ShotOutcome } from '../rules/ranged';
import { areaSize, type AreaOutcome } from '../rules/area';
import type { MeleeStrike, SweepOutcome } from '../rules/melee-step';
import type { DirectFlight } from '../rules/direct-line';
import type { ProjectedOutcome } from '../rules/projected';
import { sweepSize } from '../rules/sweep';
import { trampleAttackOf } from '../rules/trample';
import { templateOf } from '../rules/templates';
import type { MoveOrder } from '../rules/movement';
import { applyEvent } from '../match/apply';
import { scores } from '../match/end';
import { cardOf } from '../match/tables';
import type { ScEvent, ScSave, ScSetup, ScState, ScStepName } from '../match/types';
import type { Condition } from '../rules/conditions';
import { ALTITUDES, type Altitude, LEVEL_WORDS } from '../rules/altitude';
import { labelOf, squareWords } from './names';
import { deploymentLines, reserveAskedLines } from './reserves';

type Name = (player: PlayerId) => string;

const HOW: Readonly<Record<MoveOrder | 'charge', string>> = { move: 'moves', run: 'runs', slide: 'slides', charge: 'charges' };

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

const attackName = (setup: ScSetup, s: ScState, troop: string, id: string) => trampleAttackOf(cardOf(setup, s.troops[troop]!), id)?.name ?? id;

const rollWords = (d10: number, modifiers: readonly Modifier[], total: number, defense: string) => {
  const mods = modifiers.map((m) => `${signed(m.value)} ${m.why}`).join(' ');
  return `d10 ${d10}${mods ? ` ${mods}` : ''} = ${total} against ${defense}`;
};

function strikeLine(setup: ScSetup, s: ScState, k: StrikeOutcome, opportunity: boolean | 'trample'): string {
  const d10 = k.dice[0]?.v ?? 0;
  const hit = rollWords(d10, k.modifiers, k.total, `Melee Defense ${k.defense}${k.swimming ? ' (swimming)' : ''}`);
  const kind = opportunity === 'trample' ? 'Trample: ' : opportunity ? 'Opportunity attack: ' : '';
  const what = `${kind}${labelOf(setup, k.attacker)}'s ${attackName(setup, s, k.attacker, k.attack)} at ${labelOf(setup, k.target)}`;
  if (!k.hit) return `🎲 ${what}: ${hit}, a miss.`;
  const roll0 = k.automatic ? 'it hits automatically, no roll to hit' : `${hit}, a hit`;
  if (k.noDamage) return `🎲 ${what}: ${roll0}; it does no damage (No Damage).`;
  const d6 = k.dice[k.automatic ? 0 : 1]?.v ?? 0;
  // An automatic hit's only modifier is a Hurt attacker's −2 to damage.
  const hurt = k.automatic ? (k.modifiers.find((m) => m.why === 'hurt')?.value ?? 0) : 0;
  const bonus = (k.damage ?? 0) - d6 - hurt;
  const damage = `d6 ${d6}${bonus ? ` ${signed(bonus)}` : ''}${hurt ? ` ${signed(hurt)} hurt` : ''}`;
  return `🎲 ${what}: ${roll0}; ${damage} = ${k.damage} damage, ${woundWords(k)}.`;
}

/** "2 wounds", or with Draining's one more named (SC App. B Draining). */
const woundWords = (k: { readonly wounds: number; readonly drained?: boolean }): string =>
  `${k.wounds === 1 ? '1 wound' : `${k.wounds} wounds`}${k.drained ? ' (one more for Draining)' : ''}`;

/** What a condition does, as it takes hold (SC Conditions). */
const TAKES_HOLD: Readonly<Record<Condition, string>> = {
  entangled: 'is entangled: it cannot move, and attacks at −2, until it passes a save at the start of its turn',
  paralyzed: 'is paralyzed: it cannot move or attack until it passes a save at the start of its turn',
  poisoned: 'is poisoned: each failed save at the start of its turn costs it a wound',
};

/** The lines of conditions taking hold, troop by troop (a second entangle says so). */
function conditionLines(setup: ScSetup, added: Readonly<Record<string, readonly Condition[]>> | undefined): string[] {
  return Object.entries(added ?? {}).flatMap(([id, list]) => list.map((c) => `${labelOf(setup, id)} ${TAKES_HOLD[c]}.`));
}

/** One saving throw's line (SC Saving Throws c–e, SC Conditions): what the roll did against the condition. */
function saveLine(setup: ScSetup, v: ScSave): string {
  const who = labelOf(setup, v.troop);
  const bonus = v.total - v.d10;
  const roll = `save d10 ${v.d10}${bonus ? ` ${signed(bonus)} Strength and size` : ''} = ${v.total}`;
  const passed = v.result !== 'remains';
  switch (v.condition) {
    case 'poisoned':
      return passed ? `🎲 ${who} shakes off the poison (${roll}, 6 or more).` : `🎲 ${who} suffers the poison: 1 wound (${roll}, under 6).`;
    case 'paralyzed':
      return passed
        ? `🎲 ${who} shakes off the paralysis and may move and attack (${roll}, 6 or more).`
        : `🎲 ${who} is still paralyzed: it cannot move or attack this turn (${roll}, under 6).`;
    case 'entangled':
      if (v.result === 'cleanly') return `🎲 ${who} breaks free of the entanglement and moves normally (${roll}, 10 or more).`;
      return passed
        ? `🎲 ${who} breaks free of the entanglement but moves at half speed this turn (${roll}, 6 to 9).`
        : `🎲 ${who} is still entangled: it cannot move this turn (${roll}, under 6).`;
  }
}

/** A projected attack's line (SC Melee c): its template, and each troop under it with its own rolls; those it could not see are named. */
function projectedLine(setup: ScSetup, s: ScState, k: MeleeStrike, p: ProjectedOutcome): string {
  const what = `${labelOf(setup, k.attacker)}'s ${attackName(setup, s, k.attacker, k.attack)} (${p.shape} ${p.length}) aimed at ${labelOf(setup, k.target)}`;
  const hits = p.hits.map((h) => {
    const who = labelOf(setup, h.troop);
    const roll = h.automatic ? 'hit automatically' : rollWords(h.dice[0]?.v ?? 0, h.modifiers, h.total, `Ranged Defense ${h.defense}`);
    if (!h.hit) return `${who} (${roll}, a miss)`;
    const d6 = h.dice[h.dice.length - 1]?.v ?? 0;
    const hurt = h.automatic ? (h.modifiers.find((m) => m.why === 'hurt')?.value ?? 0) : 0;
    const bonus = (h.damage ?? 0) - d6 - hurt;
    const damage = `d6 ${d6}${bonus ? ` ${signed(bonus)}` : ''}${hurt ? ` ${signed(hurt)} hurt` : ''} = ${h.damage} damage${h.shield ? ', shield +1 To Wound' : ''}`;
    return `${who} (${h.automatic ? roll : `${roll}, a hit`}; ${damage}, ${h.wounds === 1 ? '1 wound' : `${h.wounds} wounds`})`;
  });
  const under = hits.length === 0 ? 'nobody it reaches is under it' : `under it: ${hits.join('; ')}`;
  const sheltered = p.sheltered.length === 0 ? '' : `; hidden from it by terrain, so untouched: ${p.sheltered.map((id) => labelOf(setup, id)).join(', ')}`;
  const list = (qs: readonly number[]) => qs.map((q) => squareWords(setup, q)).join(', ');
  // Aimed up to another level, the nearer half of its squares had no effect (ruling SC96).
  const passed = p.passed ? ` (aimed upwards, its nearer half over ${list(p.passed)} has no effect)` : '';
  return `🎲 ${what} covers ${list(p.squares)}${passed}; ${under}${sheltered}.`;
}

/** A Sweep's line (SC App. B Sweep): its turn and squares, and each troop in them with its own strike. */
function sweepLine(setup: ScSetup, s: ScState, k: MeleeStrike, swept: SweepOutcome): string {
  const what = `${labelOf(setup, k.attacker)}'s ${attackName(setup, s, k.attacker, k.attack)} sweeps ${swept.turn} from ${labelOf(setup, k.target)}`;
  const squares = swept.squares.map((q) => (q === null ? 'off the table' : squareWords(setup, q))).join(', ');
  // Each strike's own line, less the attacker and attack the sweep's words already name.
  const named = `🎲 ${labelOf(setup, k.attacker)}'s ${attackName(setup, s, k.attacker, k.attack)} at `;
  const strikes = swept.strikes.map((x) => strikeLine(setup, s, x, false).slice(named.length).replace(/\.$/, ''));
  return `🎲 ${what} over ${squares}${strikes.length === 0 ? '; nobody is there' : `: ${strikes.join('; ')}`}.`;
}

/** The d8's directions as the log names them (ruling SC25: 1 is north, up the map towards row 1). */
const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];

/** An Area attack's line (SC Area attacks): the roll against 5, where it landed and why, and each troop under it with its own d6. */
function areaLine(setup: ScSetup, s: ScState, k: ShotOutcome, area: AreaOutcome): string {
  const hit = rollWords(k.dice[0]?.v ?? 0, k.modifiers, k.total, "5, an area attack's target number");
  const what = `${labelOf(setup, k.attacker)}'s ${attackName(setup, s, k.attacker, k.attack)} at the square of ${labelOf(setup, k.target)}, ${k.inches}" (${k.band} range)`;
  const landed =
    area.centre === null
      ? `it deviates ${area.deviated} squares ${COMPASS[area.direction! - 1]} (d8 ${area.direction}), off the table: it hits nobody`
      : area.deviated > 0
        ? `it deviates ${area.deviated} square${area.deviated === 1 ? '' : 's'} ${COMPASS[area.direction! - 1]} (d8 ${area.direction}) and lands on ${squareWords(setup, area.centre)}`
        : `it lands on ${squareWords(setup, area.centre)}${k.hit ? '' : ' all the same (half the range to it leaves no room to deviate)'}`;
  const half = area.half ? ', past its Long range: half damage' : '';
  const hits = area.hits.map((h) => {
    const roll = `d6 ${h.d6}${h.bonus ? ` ${signed(h.bonus)}` : ''}`;
    const damage = area.half ? `(${roll}) ÷ 2 rounded up` : roll;
    return `${labelOf(setup, h.troop)} (${damage} = ${h.damage} damage${h.shield ? ', shield +1 To Wound' : ''}, ${h.wounds === 1 ? '1 wound' : `${h.wounds} wounds`})`;
  });
  const under = area.centre === null ? '' : hits.length === 0 ? '; nobody is under it' : `; under it: ${hits.join(', ')}`;
  return `🎲 ${what}: ${hit}, ${k.hit ? 'a hit: ' : 'a miss: '}${landed}${half}${under}.`;
}

/** A missed Direct Line shot's line (SC Direct Line Attacks): where it flew, each troop it was rolled against, the damage of a hit. */
function directLine(setup: ScSetup, k: ShotOutcome, f: DirectFlight, head: string): string {
  const veer =
    f.veer === 'centre'
      ? `it flies on through the centre of ${labelOf(setup, k.target)}'s space`
      : `it veers ${f.inches}" to the ${f.veer} (d6 ${f.side}) and flies on`;
  const end = f.squares.length === 0 ? '' : ` over ${squareWords(setup, f.squares[0]!)}–${squareWords(setup, f.squares[f.squares.length - 1]!)}`;
  const rolls = f.rolls.map(
    (r) => `${labelOf(setup, r.troop)}: ${rollWords(r.dice[0]?.v ?? 0, r.modifiers, r.total, `Ranged Defense ${r.defense}`)}, ${r.hit ? 'a hit' : 'a miss'}`,
  );
  const met = rolls.length === 0 ? '; nobody is in its way' : `; ${rolls.join('; ')}`;
  if (k.struck === null) return `${head}, a miss: ${veer}${end}${met}.`;
  const d6 = k.dice[k.dice.length - 1]?.v ?? 0;
  const bonus = (k.damage ?? 0) - d6;
  return `${head}, a miss: ${veer}${end}${met}; d6 ${d6}${bonus ? ` ${signed(bonus)}` : ''} = ${k.damage} damage, ${k.wounds === 1 ? '1 wound' : `${k.wounds} wounds`}.`;
}

/** A shot's line: the roll with its range and cover, and the troop hit instead when a shot into melee went astray (SC Ranged f). */
function shotLine(setup: ScSetup, s: ScState, k: ShotOutcome): string {
  if (k.area) return areaLine(setup, s, k, k.area);
  const hit = rollWords(k.dice[0]?.v ?? 0, k.modifiers, k.total, `Ranged Defense ${k.defense}${k.swimming ? ' (swimming)' : ''}`);
  const what = `${labelOf(setup, k.attacker)}'s ${attackName(setup, s, k.attacker, k.attack)} at ${labelOf(setup, k.target)}, ${k.inches}" (${k.band} range)`;
  if (k.direct) return directLine(setup, k, k.direct, `🎲 ${what}: ${hit}`);
  if (!k.hit || k.struck === null) return `🎲 ${what}: ${hit}, a miss.`;
  const d6 = k.dice[k.dice.length - 1]?.v ?? 0;
  const bonus = (k.damage ?? 0) - d6;
  const stray =
    k.struck === k.target
      ? 'a hit'
      : `a miss by the shot into melee alone: it hits ${labelOf(setup, k.struck)} instead${k.plus > 0 ? `, whose To Wound is ${signed(k.plus)} for its cover` : ''}`;
  if (k.noDamage) return `🎲 ${what}: ${hit}, ${stray}; it does no damage (No Damage).`;
  return `🎲 ${what}: ${hit}, ${stray}; d6 ${d6}${bonus ? ` ${signed(bonus)}` : ''} = ${k.damage} damage, ${woundWords(k)}.`;
}

/** What a step is for; the orders that fit follow the change's lines for the player (table/hints.ts). */
const STEP_WORDS: Readonly<Record<ScStepName, string>> = {
  movement: 'each troop moves, runs, slides, charges or aims',
  ranged: 'shots are declared, then resolved together',
  melee: 'strikes are declared, then resolved together',
};

function woundsLine(setup: ScSetup, id: string, w: { taken: number; hurt: boolean; removed: boolean }, s: ScState): string {
  const total = cardOf(setup, s.troops[id]!).wounds;
  if (w.removed) return `💀 ${labelOf(setup, id)} is removed.`;
  return `${labelOf(setup, id)} has taken ${w.taken} of ${total} wounds${w.hurt ? ' and is Hurt' : ''}.`;
}

/** Whether a flyer's change of level is a climb or a descent, and to the ground a landing. */
function climbWord(from: Altitude | undefined, to: Altitude): string {
  if (to === 'landed') return 'lands';
  return ALTITUDES.indexOf(to) > ALTITUDES.indexOf(from ?? 'landed') ? 'climbs' : 'descends';
}

/** The roll-off, and the map: named here since a league's match may be played on one drawn from its pool (match/table-begin.ts). */
function sidesLines(setup: ScSetup, e: Extract<ScEvent, { type: 'sides' }>, name: Name): string[] {
  return [
    `🎲 Roll-off: ${name(e.attacker)} attacks from the ${e.edges[e.attacker]} edge, ${name(e.defender)} defends the ${e.edges[e.defender]} edge.`,
    `🗺️ The battle is fought on ${setup.map.name}, ${setup.map.grid[0]!.length}×${setup.map.grid.length} inches.`,
  ];
}

/** The lines of one event, read against the state before it. */
function linesOf(setup: ScSetup, s: ScState, e: ScEvent, name: Name, how: Map<string, MoveOrder | 'charge'>): string[] {
  switch (e.type) {
    case 'sides':
      return sidesLines(setup, e, name);
    case 'deployment-began':
    case 'reserve-chosen':
      return deploymentLines(setup, s, e, name);
    case 'deployed':
      return [
        `${name(s.troops[e.troop]!.player)} places ${labelOf(setup, e.troop)} at ${squareWords(setup, e.at)}${e.altitude ? `, ${LEVEL_WORDS[e.altitude]}` : ''}.`,
      ];
    case 'altitude':
      return [
        e.why === 'move'
          ? `${labelOf(setup, e.troop)} ${climbWord(s.troops[e.troop]!.altitude, e.altitude)}: now ${LEVEL_WORDS[e.altitude]}.`
          : `${labelOf(setup, e.troop)} cannot keep aloft while held and drops a level: now ${LEVEL_WORDS[e.altitude]}.`,
      ];
    case 'turn-began':
      return [`**Round ${e.round}:** ${name(e.player)}'s turn, movement step: ${STEP_WORDS.movement}.`];
    case 'step-began':
      return [`${name(s.turn!.player)}'s ${e.step} step: ${STEP_WORDS[e.step]}.`];
    case 'ordered':
      if (e.how === 'aim') return [`${labelOf(setup, e.troop)} aims: +1 on its first shot this turn.`];
      if (e.how === 'reload') return [];
      how.set(e.troop, e.how);
      return [];
    case 'charged': {
      const die = e.roll <= 2 ? 'one inch short' : e.roll <= 4 ? 'as far as it ran' : 'one space further';
      const short = e.line.length - e.path.length;
      const there = short === 0 ? `reaches ${labelOf(setup, e.target)}` : `stops ${short} square${short === 1 ? '' : 's'} short of ${labelOf(setup, e.target)}`;
      return [`🎲 ${labelOf(setup, e.troop)} charges ${labelOf(setup, e.target)}: d6 ${e.roll}, ${die}; it ${there}.`];
    }
    case 'moved': {
      const order = how.get(e.troop) ?? 'move';
      if (order === 'slide') how.set(e.troop, 'run');
      return [`${labelOf(setup, e.troop)} ${HOW[order]} to ${squareWords(setup, e.path[e.path.length - 1]!)}.`];
    }
    case 'fell-back':
      return [`${labelOf(setup, e.troop)} stops short, on the last square it could end on.`];
    case 'held': {
      const at = s.troops[e.troop]!.at;
      return [`${labelOf(setup, e.troop)} is ${e.condition} and cannot move on: its move ends${at === null ? '' : ` on ${squareWords(setup, at)}`}.`];
    }
    case 'saved':
      return [...e.saves.map((v) => saveLine(setup, v)), ...Object.entries(e.wounds).map(([id, w]) => woundsLine(setup, id, w, s))];
    case 'asked':
      if (e.prompt.kind === 'reserve') return reserveAskedLines(e.prompt, name);
      if (e.prompt.kind === 'readied')
        return [
          `⏸ ${labelOf(setup, e.prompt.troop)} has an attack Readied: ${name(e.prompt.player)} declares it first, sealed until the ${e.prompt.step} step resolves.`,
        ];
      return [
        `⏸ ${labelOf(setup, e.prompt.mover)} leaves the reach of ${labelOf(setup, e.prompt.attacker)}: ${name(e.prompt.player)} may make an opportunity attack${e.prompt.minus?.includes(e.prompt.attacker) ? ' (at −2: it is trampling)' : ''}.`,
      ];
    case 'readied': {
      const other = name(s.players.find((x) => x !== s.troops[e.troop]!.player) ?? '');
      return [
        `${labelOf(setup, e.troop)} readies a ${e.kind} attack: it ${e.kind === 'ranged' ? 'shoots' : 'strikes'} in ${other}'s next ${e.kind} step instead.`,
      ];
    }
    case 'readied-declared':
      // Sealed (ruling SC55): the thread learns that an answer was given, not what it was.
      return [`🤫 ${name(s.troops[e.troop]!.player)} has answered for ${labelOf(setup, e.troop)}; its Readied attack is told when the step resolves.`];
    case 'opportunity':
      if (!e.strike) return [`${labelOf(setup, e.attacker)} lets ${labelOf(setup, e.mover)} go.`];
      return [
        strikeLine(setup, s, e.strike, true),
        ...(e.strike.wounds > 0 ? [woundsLine(setup, e.mover, e, s)] : []),
        ...conditionLines(setup, e.conditions ? { [e.mover]: e.conditions } : undefined),
      ];
    case 'trampled':
      return [
        strikeLine(setup, s, e.strike, 'trample'),
        ...(e.strike.wounds > 0 ? [woundsLine(setup, e.target, e, s)] : []),
        ...conditionLines(setup, e.conditions ? { [e.target]: e.conditions } : undefined),
      ];
    case 'declared': {
      const attack = cardOf(setup, s.troops[e.strike.attacker]!)
        .attacks.flat()
        .find((a) => a.id === e.strike.attack);
      const template = attack ? templateOf(attack) : null;
      if (template && attack)
        return [`${labelOf(setup, e.strike.attacker)} will aim ${attack.name} (${template.shape} ${template.length}) at ${labelOf(setup, e.strike.target)}.`];
      const size = attack ? sweepSize(attack) : null;
      if (size !== null && attack) {
        const aim = e.strike.sweep ?? { turn: 'clockwise' };
        const n = Math.min(size, aim.squares ?? size);
        return [
          `${labelOf(setup, e.strike.attacker)} will sweep ${attack.name} ${aim.turn} from ${labelOf(setup, e.strike.target)}, ${n} square${n === 1 ? '' : 's'}.`,
        ];
      }
      return [`${labelOf(setup, e.strike.attacker)} will strike ${labelOf(setup, e.strike.target)} (${e.strike.attack}).`];
    }
    case 'reloaded':
      return [`${labelOf(setup, e.troop)} reloads.`];
    case 'shot-declared': {
      const attack = cardOf(setup, s.troops[e.shot.attacker]!)
        .attacks.flat()
        .find((a) => a.id === e.shot.attack);
      const size = attack ? areaSize(attack) : null;
      if (size !== null && attack)
        return [`${labelOf(setup, e.shot.attacker)} will shoot ${attack.name} (Area ${size}) at the square of ${labelOf(setup, e.shot.target)}.`];
      return [`${labelOf(setup, e.shot.attacker)} will shoot ${labelOf(setup, e.shot.target)} (${e.shot.attack}).`];
    }
    case 'ranged-resolved':
      return [
        ...e.shots.map((k) => shotLine(setup, s, k)),
        ...Object.entries(e.wounds).map(([id, w]) => woundsLine(setup, id, w, s)),
        ...conditionLines(setup, e.conditions),
      ];
    case 'melee-resolved':
      return [
        ...(e.reach ? ['Readied Reach attacks at troops that moved next to them strike first:'] : []),
        ...(e.strikes.length === 0
          ? ['No strikes were declared.']
          : e.strikes.map((k) =>
              k.projected ? projectedLine(setup, s, k, k.projected) : k.swept ? sweepLine(setup, s, k, k.swept) : strikeLine(setup, s, k, false),
            )),
        ...Object.entries(e.wounds).map(([id, w]) => woundsLine(setup, id, w, s)),
        ...conditionLines(setup, e.conditions),
      ];
    case 'turn-ended':
      return [`${name(e.player)}'s turn is over.`];
    case 'ended':
      return [];
  }
}

/** After which events the turn picture is posted: a player turn's end, deployment's end (the first turn begins), the match's end. */
function pictureAfter(s: ScState, e: ScEvent): boolean {
  return e.type === 'turn-ended' || e.type === 'ended' || (e.type === 'turn-began' && s.round === 0);
}

export function scTell(setup: ScSetup, before: ScState, events: readonly ScEvent[], name: Name): ToldEvent[] {
  const how = new Map<string, MoveOrder | 'charge'>();
  let s = before;
  return events.map((e) => {
    const told = { lines: linesOf(setup, s, e, name, how), picture: pictureAfter(s, e) };
    s = applyEvent(s, e);
    return told;
  });
}

/** The result: who won, how, and each side's score (the points of the enemy troops it removed). */
export function scResult(setup: ScSetup, s: ScState, name: Name): string {
  if (!s.end) return '';
  const score = scores(s);
  const points = s.players.map((p) => `${name(p)} ${score[p] ?? 0}`).join(', ');
  const how =
    s.end.reason === 'concession' ? 'by concession' : s.end.reason === 'round-limit' ? `on points at the end of round ${s.round}, the last` : 'by elimination';
  const armies = (p: PlayerId) => setup.armies[p] ?? 'army';
  if (!s.end.winner) return `🏁 The match is a draw ${how} after ${s.round} rounds (points of troops removed: ${points}).`;
  return `🏆 ${name(s.end.winner)} (${armies(s.end.winner)}) wins ${how} in round ${Math.max(1, s.round)} (points of troops removed: ${points}).`;
}

/** A sentence of the match's (a refusal) with its troops named by their labels, as players see them. */
export function scPlain(setup: ScSetup, text: string): string {
  const ids = [...setup.troops.map((t) => t.id)].sort((a, b) => b.length - a.length);
  return ids.reduce((out, id) => out.split(id).join(labelOf(setup, id)), text);
}
