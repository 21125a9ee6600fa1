/**
 * decide(state, command) → { events } | { error }: the one entry point. It checks a
 * command against the rules and returns the events it causes; a refusal returns an error and changes
 * nothing. Replaying the events with apply() gives the same state.
 */
import { actFrames, asCommanded, checkActor, checkActType, checkCost, commanderOf, needActsLeft, type ActPlan } from './acts';
import { planMove } from './move';
import { nothingToGain, outOfReach, reachesOne, reachWords, traitChangesAnything, traitReach } from './traits';
import type { ActCommand, Command, Concession, Decision } from './commands';
import { Ctx } from './ctx';
import { refuse, Refusal, type RuleError } from '../../../engine/errors';
import type { GameEvent } from './events';
import { run } from './handlers';
import type { Cost, Frame, FrameOf, GameState, PlayerId, Prompt, UnitState } from './state';
import { checkElimination, inPlay } from './scoring';
import { checkAsterisks } from './statuses';
import { liveTraits, lostTraits, lostWords, profile } from './stats';
import { boardOf, findAttack, label, unitOf } from './table';
import { nameOf as squareNameOf, squareIndex } from '../../../engine/board';
import { checkBurstOrigin } from './burst';
import { CHARGE_VIGOR, planCharge } from './charge';
import { checkShove } from './forced';
import { attackLine, isProblem } from './targeting';

export type Decided = { readonly events: GameEvent[] } | { readonly error: RuleError };

/** A decision with the state its events lead to: `events.reduce(apply, state)`, already built. */
export type Stepped = { readonly events: GameEvent[]; readonly state: GameState } | { readonly error: RuleError };

export function decide(state: GameState, command: Command | Concession, by?: string): Decided {
  const r = step(state, command, by);
  return 'error' in r ? r : { events: r.events };
}

/**
 * decide() for callers that keep the state as well as the log (the store's snapshot, self-play):
 * deciding applies each event as it goes, so the new state comes free instead of replaying the events.
 */
export function step(state: GameState, command: Command | Concession, by?: string): Stepped {
  const ctx = new Ctx(state);
  try {
    if ('concede' in command) concede(ctx, command.concede, by);
    else if ('begin' in command) begin(ctx);
    else if ('decide' in command) answer(ctx, command.decide, by);
    else run(ctx, planCommand(state, command, by));
    return { events: ctx.events, state: ctx.state };
  } catch (e) {
    if (e instanceof Refusal) return { error: e.error };
    throw e;
  }
}

/** Starts play: the first turn of a table set up mid-round, or round 1 with its tactics check. */
function begin(ctx: Ctx): void {
  if (ctx.state.turn || ctx.state.prompt || ctx.state.over) refuse('already-begun', 'The game is already under way.');
  // R50: a player all of whose units are dropped when the game (or a scenario) starts is out at once.
  checkElimination(ctx);
  if (ctx.state.over) return;
  if (ctx.state.round === 0) {
    ctx.emit({ type: 'round-started', round: 1 });
    run(ctx, [{ k: 'next-turn' }, { k: 'tactics' }]);
  } else run(ctx, [{ k: 'next-turn' }]);
}

/**
 * A player concedes: out at once, their units leave the table unscored (no VP to anyone: nobody
 * dropped them, and in a multiplayer game handing them to one opponent would be arbitrary). Allowed any time
 * before the game is over, even mid-turn or with a prompt open. The 'conceded' event withdraws the
 * open prompt; play then goes on as it does when a unit drops mid-act (a reply can drop an attacker):
 * - the conceder's own prompt: its paused step runs again unanswered and finds the unit gone (a reply
 *   or wound split is skipped, an end of turn finishes); the AP's order prompt becomes a new tactics
 *   check among the players left, as nobody is left to order the round;
 * - another player's tactics prompt (reroll, order) is asked again of the players left;
 * - any other prompt of another player is opened again unchanged (an attack already rolled still
 *   wounds, say); a reply to a departed attacker changes nothing;
 * - the conceder's turn with no prompt open ends, and the next player's turn starts.
 */
function concede(ctx: Ctx, player: PlayerId, by?: string): void {
  const before = ctx.state;
  if (before.over) refuse('game-over', 'The game is over.');
  if (!before.players.includes(player)) refuse('not-a-player', `${player} is not playing in this game.`);
  if (by !== undefined && by !== player) refuse('not-your-concession', `Only ${player} can concede for ${player}.`);
  if (before.out.includes(player)) refuse('already-out', `${player} is already out of the game.`);
  ctx.emit({ type: 'conceded', player });
  const left = inPlay(ctx.state);
  if (left.length === 1) {
    ctx.emit({ type: 'game-over', winner: left[0]!, reason: `${player} conceded` });
    return;
  }
  // R28: asterisk statuses the departed units imposed end now.
  checkAsterisks(ctx);
  const prompt = before.prompt;
  if (prompt) {
    const stack: Frame[] = [...before.resume];
    const top = stack.pop()!;
    if (prompt.player !== player && prompt.kind !== 'order' && prompt.kind !== 'reroll') {
      ctx.emit({ type: 'prompted', prompt, resume: [...before.resume] });
      return;
    }
    stack.push(prompt.player === player && prompt.kind === 'order' ? { k: 'tactics' } : top);
    run(ctx, stack);
  } else if (before.turn?.player === player) run(ctx, [{ k: 'end-turn', stage: 'recurring' }]);
}

/** What the game waits for, in words ("Waiting for p2 to choose how to take the wounds (Ghoul (gh))."). */
export function waitingFor(state: GameState, prompt: Prompt): string {
  const what: Record<Prompt['kind'], string> = {
    reply: 'whether to reply',
    wounds: 'how to take the wounds',
    order: 'the order of players',
    reroll:
      prompt.kind === 'reroll' && prompt.options.roll === 'recovery'
        ? 'whether to spend a warleader die on a recovery reroll'
        : 'whether to reroll the tactics check',
    recover: 'which status to roll recovery for',
    recoil: 'where the recoil ends',
  };
  const unit = prompt.unit ? ` (${label(state, unitOf(state, prompt.unit))})` : '';
  return `Waiting for ${prompt.player} to choose ${what[prompt.kind]}${unit}.`;
}

/** Answers the open prompt (R27): only the player it waits for, only a choice it offers. */
function answer(ctx: Ctx, d: Decision, by?: string): void {
  const state = ctx.state;
  const prompt = state.prompt;
  if (!prompt) refuse('no-prompt', 'There is no decision waiting.');
  const who = d.player ?? (d.unit !== undefined ? state.units[d.unit]?.player : undefined);
  if (who !== prompt.player || (by !== undefined && by !== prompt.player)) refuse('not-your-decision', waitingFor(state, prompt));
  if (prompt.unit !== undefined && d.unit !== undefined && d.unit !== prompt.unit) refuse('not-your-decision', waitingFor(state, prompt));
  checkShape(state, prompt, d);
  const stack: Frame[] = [...state.resume];
  const top = stack.pop()!;
  // The frame paused behind the prompt, with the answer on it: each kind of prompt pauses its own kind of frame.
  let value: unknown;
  let resumed: Frame;
  switch (prompt.kind) {
    case 'reply': {
      const attacks = prompt.options.attacks;
      if (d.reply === undefined) refuse('bad-answer', `Answer with "reply": one of ${attacks.join(', ')}, or null for no reply.`);
      if (d.reply !== null && !attacks.includes(d.reply))
        refuse('bad-answer', `${d.reply} is not a reply this unit can make now (${attacks.join(', ') || 'none'}).`);
      value = d.reply;
      resumed = top.k === 'offer-replies' ? { ...top, answer: d.reply } : paused(prompt, top);
      break;
    }
    case 'wounds': {
      const split = { avoid: d.avoid ?? 0, injuries: d.injuries ?? [] };
      value = split;
      resumed = top.k === 'wound' ? { ...top, answer: split } : paused(prompt, top);
      break;
    }
    case 'order': {
      const players = prompt.options;
      const order = d.order ?? [];
      if (order.length !== players.length || players.some((p) => !order.includes(p)))
        refuse('bad-answer', `Give the order as each of ${players.join(', ')} once.`);
      value = order;
      resumed = top.k === 'order' ? { ...top, answer: order } : paused(prompt, top);
      break;
    }
    case 'reroll': {
      const reroll = d.reroll;
      if (reroll === undefined) refuse('bad-answer', 'Answer with "reroll": true or false.');
      value = reroll;
      resumed = top.k === 'tactics' || top.k === 'recovery-roll' ? { ...top, answer: reroll } : paused(prompt, top);
      break;
    }
    case 'recover': {
      const options = prompt.options;
      const recover = d.recover;
      if (recover === undefined) refuse('bad-answer', `Answer with "recover": one of ${options.join(', ')}, or null.`);
      const i = recover === null ? null : options.indexOf(recover);
      if (i === -1) refuse('bad-answer', `${recover} is not a status this unit can roll for.`);
      value = i;
      resumed = top.k === 'end-turn' ? { ...top, answer: i } : paused(prompt, top);
      break;
    }
    case 'recoil': {
      const ends = prompt.options.ends;
      const at = d.recoil?.toUpperCase();
      const end = ends.find((e) => e.at === at);
      if (end === undefined)
        refuse(
          'recoil-not-farthest',
          `The recoil must end on one of ${ends.map((e) => e.at).join(', ')}: the squares farthest from the attacker it can reach.`,
        );
      value = end.at;
      resumed = top.k === 'effects' ? { ...top, steer: end.path } : paused(prompt, top);
      break;
    }
  }
  ctx.emit({ type: 'answered', player: prompt.player, answer: value });
  stack.push(resumed);
  run(ctx, stack);
}

/** A prompt found over a frame of another kind than the one it pauses: a state no decision makes. */
function paused(prompt: Prompt, top: Frame | undefined): never {
  throw new Error(`a ${prompt.kind} prompt is open over a ${top?.k ?? 'missing'} frame`);
}

/** The answer fields each kind of prompt takes (docs/formats.md `decide`). */
const ANSWER_FIELDS: Record<Prompt['kind'], readonly (keyof Decision)[]> = {
  reply: ['reply'],
  wounds: ['avoid', 'injuries'],
  order: ['order'],
  reroll: ['reroll'],
  recover: ['recover'],
  recoil: ['recoil'],
};

/** What each kind of answer is, in words, for the refusal. */
const ANSWER_WORDS: Record<Prompt['kind'], string> = {
  reply: 'a reply',
  wounds: 'a wound split',
  order: 'an order of players',
  reroll: 'a reroll',
  recover: 'a recovery choice',
  recoil: 'a recoil square',
};

/**
 * An answer is judged against the prompt in front of the game only (docs/formats.md `decide`): one whose
 * shape fits another kind of prompt (a reply sent to a wound split), or no prompt at all, is refused
 * as `wrong-prompt` before its values are looked at.
 */
function checkShape(state: GameState, prompt: Prompt, d: Decision): void {
  const given = (Object.keys(ANSWER_FIELDS) as Prompt['kind'][]).filter((kind) => ANSWER_FIELDS[kind].some((f) => d[f] !== undefined));
  if (given.length === 1 && given[0] === prompt.kind) return;
  const other = given.find((kind) => kind !== prompt.kind);
  const what = other !== undefined ? `That is ${ANSWER_WORDS[other]}, but the game` : 'That answers nothing: the game';
  refuse('wrong-prompt', `${what} is waiting for ${ANSWER_WORDS[prompt.kind]}. ${waitingFor(state, prompt)}`);
}

/**
 * The checks every turn command passes before its own: no open decision, the game on, a turn under
 * way, and `by` commanding this unit on its side's turn (checkActor). Refuses (throws Refusal) otherwise.
 */
export function checkCommander(given: GameState, unitId: string, by?: string, ending = false): ReturnType<typeof checkActor> {
  if (given.prompt) refuse('prompt-open', waitingFor(given, given.prompt));
  if (given.over) refuse('game-over', 'The game is over.');
  if (!given.turn) refuse('no-turn', 'No turn is in progress; the game has not begun.');
  return checkActor(given, unitId, by, ending);
}

/**
 * Checks a turn command (an act or an end) against the rules and returns the frames that carry it
 * out; refuses (throws Refusal) otherwise. decide() and legalActs() both go through here, so the
 * queries never offer what decide would refuse.
 */
export function planCommand(given: GameState, command: ActCommand | { end: string }, by?: string): Frame[] {
  if ('end' in command) {
    const plan = checkCommander(given, command.end, by, true);
    const frames: Frame[] = [{ k: 'end-turn', stage: 'recurring' }];
    if (plan.activates) frames.push({ k: 'activate', unit: command.end });
    return frames;
  }
  const plan = checkCommander(given, command.unit, by);
  if (!given.turn) throw new Error('checkCommander refuses without a turn');
  // Checked as the act will find the table once it has activated the unit (§6.2 Controlled: its controller's side).
  const state = asCommanded(given, plan.unit);
  if (plan.unit.at === null && command.act !== 'move' && command.act !== 'maneuver') {
    refuse('in-reserve', `${label(state, plan.unit)} is in reserve: it must enter with a Basic Move or a Maneuver before it can ${command.act} (R5).`);
  }
  switch (command.act) {
    case 'move':
    case 'maneuver': {
      const path = planMove(state, command, plan);
      const budget = command.act === 'maneuver' ? 2 : given.turn.movePoints + profile(state, plan.unit).move;
      const names = path.path.map((i) => squareNameOf(boardOf(state), i));
      const from = plan.unit.at === null ? [] : [squareNameOf(boardOf(state), plan.unit.at)];
      const steps: Frame = {
        k: 'move-steps',
        unit: plan.unit.id,
        path: names,
        from,
        maneuver: command.act === 'maneuver',
        budget,
        index: 0,
        spent: 0,
        offered: false,
      };
      return actFrames(plan, { k: 'act', act: command.act, unit: plan.unit.id, acts: 1, then: steps });
    }
    case 'rest':
      return actFrames(plan, restFrame(state, plan, command.token));
    case 'crow':
      return actFrames(plan, crowFrame(state, plan));
    case 'trait':
      return actFrames(plan, traitFrame(state, plan, command.trait, command.target));
    case 'attack':
      return actFrames(plan, attackFrame(state, plan, command));
  }
}

/** Enough acts left (R8) and the act type not used up (the rule of 3), by the same checks moves use. */
function needActs(state: GameState, plan: ActPlan, acts: number, act: 'rest' | 'crow' | 'trait' | 'attack', doing?: string, cost?: Cost): void {
  needActsLeft(state, plan, acts, doing, cost);
  checkActType(state, plan.unit, state.turn!, act, acts);
}

/** R31: Rest regains one react token; blue or red only where a rest trait says, at its price in acts. */
function restFrame(state: GameState, plan: ActPlan, token: 'react' | 'blue' | 'red'): FrameOf<'act'> {
  const { unit } = plan;
  const max = profile(state, unit).tokensMax;
  let acts = 1;
  let doing: string | undefined;
  if (token !== 'react') {
    const trait = liveTraits(state, unit).find((t) => t.trait === 'rest' && t.token === token);
    if (trait?.trait !== 'rest')
      refuse('cannot-rest-for-token', `${label(state, unit)} can only rest for a react token; nothing on its card lets it reclaim ${token}.`);
    acts = trait.acts;
    doing = `resting for a ${token} token (${trait.name})`;
  }
  needActs(state, plan, acts, 'rest', doing);
  if (unit.tokens[token] >= max[token]) refuse('tokens-full', `${label(state, unit)} already has all its ${token} tokens (${max[token]}).`);
  return { k: 'act', act: 'rest', unit: unit.id, acts, then: { k: 'rest', unit: unit.id, token } };
}

/** R30: once per round, in a turn in which this unit dropped an enemy: +5 Vigor up to its start; refused at full Vigor. */
function crowFrame(state: GameState, plan: ActPlan): FrameOf<'act'> {
  const { unit } = plan;
  needActs(state, plan, 1, 'crow');
  if (!state.turn!.droppedEnemy || plan.activates) refuse('cannot-crow', `${label(state, unit)} has not dropped an enemy this turn.`);
  if (unit.crowed) refuse('already-crowed', `${label(state, unit)} has already crowed this round.`);
  // Crowing only restores Vigor (R22's cap): at full Vigor it would spend an act for nothing.
  const max = profile(state, unit).vigorMax;
  // A unit whose card gives it no Vigor has none to regain: "already has all its Vigor (0)" read as a fault (issue 26).
  if (unit.vigor >= max)
    refuse(
      'vigor-full',
      max === 0
        ? `${label(state, unit)} has no Vigor to regain: its card gives it none.`
        : `${label(state, unit)} already has all its Vigor (${max}); crowing would restore nothing.`,
    );
  return { k: 'act', act: 'crow', unit: unit.id, acts: 1, then: { k: 'crow', unit: unit.id } };
}

/**
 * An act trait (docs/formats.md `act`). R32: it reaches every unit it names within its range, or the one
 * the act names (the one it must name when its text says "one"); one that would reach nobody, or
 * change nothing for those it reaches, is refused, and nothing is spent.
 */
function traitFrame(state: GameState, plan: ActPlan, id: string, target: string | undefined): FrameOf<'act'> {
  const { unit } = plan;
  const trait = liveTraits(state, unit).find((t) => t.trait === 'act' && t.id === id);
  if (trait?.trait !== 'act') {
    // §4.30: a marked trait box takes its trait away. Said so, or "has no act trait" read as false
    // beside a card that still prints it (playtest round 23).
    const lost = lostTraits(state, unit).find((t) => t.trait === 'act' && t.id === id);
    if (lost?.trait === 'act') refuse('trait-lost', `${label(state, unit)} ${lostWords(lost.name)}.`);
    const usable = liveTraits(state, unit).flatMap((t) => (t.trait === 'act' ? [t.name] : []));
    refuse(
      'unknown-trait',
      `${label(state, unit)} has no act trait "${id}". ${usable.length > 0 ? `Its act traits: ${usable.join(', ')}.` : 'It has none it can use.'}`,
    );
  }
  needActs(state, plan, 1, 'trait');
  checkCost(state, unit, trait.cost, trait.name);
  const reach = traitReach(state, unit, trait);
  if (target !== undefined && !reach.some((u) => u.id === target)) {
    const named = state.units[target];
    const why = !named ? null : trait.who === undefined ? `${trait.name} is used on ${label(state, unit)} itself` : outOfReach(state, unit, trait, named);
    // The reason says the unit and the trait: "War Hound (wh) is 4 squares away; Mend Wounds reaches 3."
    refuse('out-of-reach', why ?? `${trait.name} cannot reach "${target}".`);
  }
  if (target === undefined && reachesOne(trait)) refuse('needs-target', `${trait.name} is used on one ${reachWords(trait)}: name the one.`);
  const reached = target === undefined ? reach : reach.filter((u) => u.id === target);
  if (reached.length === 0) {
    refuse(
      'nobody-in-reach',
      `${trait.name} would reach no ${reachWords(trait)} within ${trait.range ?? 0} square${trait.range === 1 ? '' : 's'} of ${label(state, unit)}; nothing is spent.`,
    );
  }
  if (!traitChangesAnything(state, unit, trait, reached))
    refuse('would-change-nothing', `${trait.name} would change nothing: ${nothingToGain(state, reached)}; nothing is spent.`);
  return { k: 'act', act: 'trait', unit: unit.id, acts: 1, cost: trait.cost, then: { k: 'use-trait', unit: unit.id, trait: id, target } };
}

function attackFrame(state: GameState, plan: ActPlan, cmd: Extract<ActCommand, { act: 'attack' }>): FrameOf<'act'> {
  const { unit } = plan;
  const attack = profile(state, unit).attacks.find((a) => a.id === cmd.attack);
  if (!attack) {
    const disabled = findAttack(state, unit, cmd.attack) !== undefined;
    refuse(
      disabled ? 'attack-disabled' : 'unknown-attack',
      disabled ? `${label(state, unit)} can no longer use ${cmd.attack}: its trait box is marked.` : `${label(state, unit)} has no attack "${cmd.attack}".`,
    );
  }
  needActs(state, plan, attack.acts, 'attack', attack.name, attack.cost);
  checkCost(state, unit, attack.cost, attack.name);
  if (attack.burst !== undefined) {
    if (cmd.origin === undefined) refuse('burst-needs-origin', `${attack.name} is a burst: give the origin square, not a target (R24).`);
    if (cmd.charge !== undefined) refuse('cannot-charge-with', 'A charge ends in a single-target attack (R23).');
    if (cmd.shove !== undefined) refuse('nothing-to-shove', `${attack.name} is a burst: it moves nobody along chosen squares.`);
    const origin = squareIndex(boardOf(state), cmd.origin);
    if (origin === null) refuse('off-map', `${cmd.origin} is not on the map.`);
    checkBurstOrigin(state, unit, attack, origin);
    return attackAct(unit, attack.acts, attack.cost, withReplies(unit, { k: 'burst-with-replies', unit: unit.id, attack: attack.id, origin }));
  }
  if (cmd.origin !== undefined) refuse('not-a-burst', `${attack.name} is not a burst attack; name a target.`);
  const target = state.units[cmd.target!];
  if (!target) refuse('unknown-unit', `There is no unit "${cmd.target}".`);
  // §6.2: while its opponent controls it, a unit may treat its own side as enemies.
  if (target.player === commanderOf(state, unit)) refuse('not-an-enemy', `${label(state, target)} is on your side.`);
  if (cmd.charge !== undefined) {
    const path = planCharge(state, unit, attack, target, cmd.charge);
    const names = path.map((i) => squareNameOf(boardOf(state), i));
    if (cmd.shove !== undefined) {
      // The shove squares are judged from where the charge ends, where the attack is made.
      const moved = { ...unit, at: path[path.length - 1]! };
      checkShove({ ...state, units: { ...state.units, [unit.id]: moved } }, moved, attack, target, cmd.shove);
    }
    const strike: FrameOf<'attack'> = { k: 'attack', unit: unit.id, attack: attack.id, target: target.id, charge: true, reply: false, shove: cmd.shove };
    // R23: the charge movement triggers no movement replies; adjacent enemies may reply to the attack.
    const charge: Frame = { k: 'charge-move', unit: unit.id, path: names, target: target.id, then: withReplies(unit, strike) };
    return attackAct(unit, 1, { ...attack.cost, vigor: (attack.cost.vigor ?? 0) + CHARGE_VIGOR }, charge);
  }
  const line = attackLine(state, unit, attack, target);
  if (isProblem(line)) refuse(line.code, line.message);
  if (cmd.shove !== undefined) checkShove(state, unit, attack, target, cmd.shove);
  return attackAct(
    unit,
    attack.acts,
    attack.cost,
    withReplies(unit, { k: 'attack', unit: unit.id, attack: attack.id, target: target.id, charge: false, reply: false, shove: cmd.shove }),
  );
}

/** R26: replies are declared when the attack is, then `then` resolves the attack with them. */
const withReplies = (unit: UnitState, then: FrameOf<'attack'> | FrameOf<'burst-with-replies'>): Frame => ({
  k: 'offer-replies',
  unit: unit.id,
  asked: [],
  declared: [],
  then,
});

const attackAct = (unit: UnitState, acts: number, cost: Cost, then: Frame): FrameOf<'act'> => ({ k: 'act', act: 'attack', unit: unit.id, acts, cost, then });
