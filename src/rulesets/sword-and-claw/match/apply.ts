/**
 * The state after one event: never fails, never rolls (it steps the dice stream past the dice the
 * event recorded). The log folded with it from `initialState` is the match.
 */
import { pastDice, seeded } from '../../../engine/dice';
import { giveOrder, next, startTurn, type StepRules } from '../../../engine/step-turn';
import type { MoveGiven, ReserveNumber, ScEvent, ScReserves, ScSave, ScSetup, ScState, ScStepName, ScTroop, ScWounds } from './types';
import { type Condition, moveLimit, saveEffect } from '../rules/conditions';
import { SC_STEPS } from './types';

/** The turn's steps that take orders: movement, then ranged and melee, whose attacks are declared and resolve when the step closes. */
export const STEP_RULES: StepRules<ScStepName, MoveGiven> = { steps: SC_STEPS, takes: (step) => step === 'movement', declared: [] };

/**
 * The state a match starts from: troops off the table, nobody attacking yet. The reserve forces'
 * troops are held apart (SC Set-up 7): only the chosen force's join the match, as it is placed.
 */
export function initialState(setup: ScSetup): ScState {
  const troops: Record<string, ScTroop> = {};
  const reserves: Record<string, ScReserves> = {};
  for (const t of setup.troops) {
    const troop: ScTroop = { ...t, points: setup.cards[t.troop]!.points, at: null, taken: 0, hurt: false, removed: false, moved: null, opportunity: 0 };
    if (t.reserve === undefined) troops[t.id] = troop;
    else reserves[t.player] = { chosen: null, held: [...(reserves[t.player]?.held ?? []), troop] };
  }
  return {
    rng: seeded(setup.seed),
    players: setup.players,
    attacker: null,
    defender: null,
    edges: {},
    depths: {},
    deploying: null,
    round: 0,
    turn: null,
    troops,
    declared: [],
    ...(Object.keys(reserves).length > 0 ? { reserves } : {}),
    prompt: null,
    end: null,
  };
}

/** The reserve force `reserve` of `player` takes the field: its troops join the match, off the table; the other stays out for good. */
function reserveJoins(s: ScState, player: string, reserve: ReserveNumber): ScState {
  const held = s.reserves?.[player]?.held ?? [];
  const joined = Object.fromEntries(held.filter((t) => t.reserve === reserve).map((t) => [t.id, t]));
  return { ...s, troops: { ...s.troops, ...joined }, reserves: { ...s.reserves, [player]: { chosen: reserve, held: [] } } };
}

const withTroop = (s: ScState, id: string, change: Partial<ScTroop>): ScState => ({ ...s, troops: { ...s.troops, [id]: { ...s.troops[id]!, ...change } } });

/** A troop with its conditions and move limit set; an empty list or a whole Move leaves the field out, as a fresh troop has it. */
function conditioned(t: ScTroop, conditions: readonly Condition[], limit: ScTroop['limit']): ScTroop {
  const { conditions: _c, limit: _l, ...rest } = t;
  return { ...rest, ...(conditions.length > 0 ? { conditions } : {}), ...(limit !== undefined && limit !== 'full' ? { limit } : {}) };
}

/** Conditions taking hold on troops still standing, after those they carry (ruling SC38: each effect kept on its own). */
function withConditions(s: ScState, added: Readonly<Record<string, readonly Condition[]>> | undefined): ScState {
  let out = s;
  for (const [id, list] of Object.entries(added ?? {})) {
    const t = out.troops[id]!;
    if (!t.removed) out = { ...out, troops: { ...out.troops, [id]: conditioned(t, [...(t.conditions ?? []), ...list], t.limit) } };
  }
  return out;
}

function wounded(s: ScState, id: string, w: ScWounds): ScState {
  if (!w.removed) return withTroop(s, id, { taken: w.taken, hurt: w.hurt });
  // A removed troop carries nothing on: its conditions leave play with it.
  return { ...s, troops: { ...s.troops, [id]: { ...conditioned(s.troops[id]!, [], undefined), taken: w.taken, hurt: w.hurt, removed: true, at: null } } };
}

/** The saves' outcome (SC Saving Throws c–e): the conditions whose save failed remain, the move limit they leave, the Poisoned wounds. */
function saved(s: ScState, saves: readonly ScSave[], wounds: Readonly<Record<string, ScWounds>>): ScState {
  let out = s;
  for (const id of new Set(saves.map((v) => v.troop))) {
    const mine = saves.filter((v) => v.troop === id);
    const left = mine.filter((v) => v.result === 'remains').map((v) => v.condition);
    const limit = moveLimit(mine.map((v) => saveEffect(v.condition, v.result)));
    out = { ...out, troops: { ...out.troops, [id]: conditioned(out.troops[id]!, left, limit) } };
  }
  for (const [id, w] of Object.entries(wounds)) out = wounded(out, id, w);
  return out;
}

function beginTurn(s: ScState, player: string, round: number): ScState {
  const newRound = round !== s.round;
  const troops = Object.fromEntries(
    Object.entries(s.troops).map(([id, t]) => {
      // The move limit a save leaves lasts its turn (SC Conditions Entangled): the side's new turn clears it.
      const fresh = t.player === player && t.limit !== undefined ? conditioned(t, t.conditions ?? [], undefined) : t;
      // SC Sequence 2 Reset: the side's troops still Readied are no longer.
      const { readied: _r, trampledWith: _t, ...reset } = fresh;
      const kept = t.player === player ? reset : fresh;
      return [id, { ...kept, moved: t.player === player ? null : t.moved, opportunity: newRound ? 0 : t.opportunity }];
    }),
  );
  return { ...s, round, troops, beforeMovement: standingNow(troops), turn: startTurn(STEP_RULES, player, player), declared: [], sealed: [], prompt: null };
}

/** Where the troops on the table stand (ruling SC58 keeps it as the movement step begins). */
function standingNow(troops: Readonly<Record<string, ScTroop>>): Record<string, Pick<ScTroop, 'at' | 'altitude'>> {
  const out: Record<string, Pick<ScTroop, 'at' | 'altitude'>> = {};
  for (const t of Object.values(troops)) if (t.at !== null && !t.removed) out[t.id] = t.altitude ? { at: t.at, altitude: t.altitude } : { at: t.at };
  return out;
}

export function applyEvent(s: ScState, e: ScEvent): ScState {
  switch (e.type) {
    case 'sides':
      return { ...s, rng: pastDice(s.rng, e.dice), attacker: e.attacker, defender: e.defender, edges: e.edges };
    case 'deployment-began': {
      const deploying = { player: e.player, depth: e.depth, ...(e.reserve ? { reserve: e.reserve } : {}) };
      const after: ScState = { ...s, rng: pastDice(s.rng, e.dice), depths: { ...s.depths, [e.player]: e.depth }, deploying };
      return e.reserve ? reserveJoins(after, e.player, e.reserve) : after;
    }
    case 'reserve-chosen': {
      const mine = s.reserves?.[e.player] ?? { chosen: null, held: [] };
      return { ...s, prompt: null, reserves: { ...s.reserves, [e.player]: { ...mine, chosen: e.reserve } } };
    }
    case 'deployed':
      return withTroop(s, e.troop, { at: e.at, ...(e.altitude ? { altitude: e.altitude } : {}) });
    case 'altitude': {
      const after = withTroop(s, e.troop, { altitude: e.altitude });
      // A fall comes with the saves, before movement (ruling SC99): where the troop is as movement begins.
      return e.why === 'fall' && s.beforeMovement ? { ...after, beforeMovement: standingNow(after.troops) } : after;
    }
    case 'turn-began':
      return beginTurn({ ...s, deploying: null }, e.player, e.round);
    case 'step-began':
      return s.turn ? { ...s, turn: { ...s.turn, step: e.step, orders: [], used: [] }, declared: [], sealed: [] } : s;
    case 'ordered': {
      const turn = s.turn ? giveOrder(STEP_RULES, s.turn, e.troop, { kind: 'move' as const, how: e.how }) : null;
      if (turn === null || 'code' in turn) throw new Error(`apply: ${e.troop} cannot be ordered here`);
      return withTroop({ ...s, turn }, e.troop, { moved: e.recorded });
    }
    case 'charged':
      return { ...s, rng: pastDice(s.rng, e.dice) };
    case 'moved':
      return withTroop(s, e.troop, { at: e.path[e.path.length - 1]! });
    case 'fell-back':
    case 'held':
      return s;
    case 'asked':
      // The reserve prompt comes between two groups' deployments: none is under way while it is open.
      return { ...s, prompt: e.prompt, ...(e.prompt.kind === 'reserve' ? { deploying: null } : {}) };
    case 'readied': {
      // Readying is the troop's action in the step: it shoots, reloads or strikes no more there.
      const turn = s.turn ? { ...s.turn, used: [...s.turn.used, e.troop] } : s.turn;
      return withTroop({ ...s, turn }, e.troop, { readied: e.kind });
    }
    case 'readied-declared': {
      const after: ScState = { ...s, prompt: null, sealed: e.strike ? [...(s.sealed ?? []), e.strike] : (s.sealed ?? []) };
      if (!e.done) return after;
      const { readied: _r, ...spent } = after.troops[e.troop]!;
      return { ...after, troops: { ...after.troops, [e.troop]: spent } };
    }
    case 'opportunity': {
      const after = { ...s, rng: pastDice(s.rng, e.dice), prompt: null };
      const counted = e.strike ? withTroop(after, e.attacker, { opportunity: s.troops[e.attacker]!.opportunity + 1 }) : after;
      return e.strike ? withConditions(wounded(counted, e.mover, e), e.conditions ? { [e.mover]: e.conditions } : undefined) : counted;
    }
    case 'trampled': {
      // The trample takes the place of one of the mover's attacks this turn (SC Movement d): kept on it until its side's next turn.
      const used = [...(s.troops[e.troop]!.trampledWith ?? []), e.strike.attack];
      const after = withTroop({ ...s, rng: pastDice(s.rng, e.dice) }, e.troop, { trampledWith: used });
      return withConditions(wounded(after, e.target, e), e.conditions ? { [e.target]: e.conditions } : undefined);
    }
    case 'declared':
      return { ...s, declared: [...s.declared, e.strike] };
    case 'shot-declared':
      return { ...s, declared: [...s.declared, e.shot] };
    case 'reloaded': {
      // In the ranged step reloading is the troop's action there: it is marked used, so it shoots no more this step.
      const turn = s.turn && s.turn.step === 'ranged' ? { ...s.turn, used: [...s.turn.used, e.troop] } : s.turn;
      return withTroop({ ...s, turn }, e.troop, { unloaded: [] });
    }
    case 'ranged-resolved': {
      let out: ScState = { ...s, rng: pastDice(s.rng, e.dice), declared: [], sealed: [] };
      for (const [id, w] of Object.entries(e.wounds)) out = wounded(out, id, w);
      for (const [id, fired] of Object.entries(e.unloaded ?? {})) {
        const had = out.troops[id]!.unloaded ?? [];
        out = withTroop(out, id, { unloaded: [...had, ...fired.filter((a) => !had.includes(a))] });
      }
      return withConditions(out, e.conditions);
    }
    case 'melee-resolved': {
      // The Reach Readied batch (ruling SC57) resolves the sealed strikes it took; the others follow in their own event.
      let out: ScState = { ...s, rng: pastDice(s.rng, e.dice), declared: e.reach ? s.declared : [], sealed: [] };
      for (const [id, w] of Object.entries(e.wounds)) out = wounded(out, id, w);
      return withConditions(out, e.conditions);
    }
    case 'saved': {
      // The saves come before movement (SC Sequence 1): a troop they remove was not there as it began.
      const after = saved({ ...s, rng: pastDice(s.rng, e.dice) }, e.saves, e.wounds);
      return s.beforeMovement ? { ...after, beforeMovement: standingNow(after.troops) } : after;
    }
    case 'turn-ended':
      return { ...s, turn: null, declared: [], sealed: [], prompt: null };
    case 'ended':
      return { ...s, turn: null, prompt: null, deploying: null, end: { winner: e.winner, reason: e.reason } };
  }
}

/** The step after `step` in the turn, or null after the last. */
export const stepAfter = (step: ScStepName): ScStepName | null => next(STEP_RULES, { side: '', player: '', step, orders: [], used: [] }).turn?.step ?? null;
