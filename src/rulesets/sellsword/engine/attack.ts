/**
 * Resolving attacks (§4.3–§4.6, R20–R26): replies declared when the attack is declared, the roll,
 * effects in order with AND/THEN, then the replies (before the attack if it is slow).
 */
import type { Attack, Effect } from '../formats/card';
import type { Ctx } from './ctx';
import { ask, type Handler } from './flow';
import { replyAttacks, whyNoReply, type NoReply } from './reactions';
import type { Frame, FrameOf, GameState, Incoming, UnitId, UnitState } from './state';
import { defaultRecovery } from './setup';
import { forcedMove, forcedOf, recoilEnds, whyNotMoved } from './forced';
import { areEnemies, sideOf } from './sides';
import { areAdjacent, attackLine, blockedLines, isProblem } from './targeting';
import { cannotSee } from './sight-words';
import { nameOf } from '../../../engine/board';
import { findAttack, label, tableOf, unitOf } from './table';
import { woundsTaken } from './wounds';

export function attackOf(ctx: Ctx, unit: UnitState, id: string): Attack {
  const attack = findAttack(ctx.state, unit, id);
  if (!attack) throw new Error(`${unit.id} has no attack ${id}`);
  return attack;
}

/**
 * R26: enemies adjacent to the attacker (the target included) with a react token may declare a reply,
 * each asked in board order. Declared replies are collected in the frame, then resolved.
 */
export const onOfferReplies: Handler<'offer-replies'> = (ctx, frame, stack) => {
  const attacker = unitOf(ctx.state, frame.unit);
  const { asked, declared, answer, current } = frame;
  const nextDeclared = [...declared];
  if (current !== undefined && answer !== undefined) {
    ctx.emit({ type: 'reply-declared', unit: current, attack: answer, against: attacker.id });
    if (answer !== null) nextDeclared.push({ unit: current, attack: answer });
  }
  const candidates = repliersTo(ctx.state, attacker).filter((u) => !asked.includes(u.id) && u.id !== current);
  const next = candidates[0];
  if (next) {
    const options = replyAttacks(ctx.state, next, attacker).map((a) => a.id);
    return ask(
      ctx,
      stack,
      { ...frame, asked: [...asked, next.id], declared: nextDeclared, current: next.id, answer: undefined },
      {
        kind: 'reply',
        player: next.player,
        unit: next.id,
        options: { against: attacker.id, attacks: options, incoming: incomingOf(ctx, frame.then) },
      },
    );
  }
  stack.push({ ...frame.then, replies: nextDeclared });
};

export type { Incoming } from './state';

/** What a reply prompt answers (R25, R26), from the frame the replies wait on (state.ts Incoming). */
function incomingOf(ctx: Ctx, then: FrameOf<'offer-replies'>['then']): Incoming {
  if (then.k === 'attack') return { attack: then.attack, target: then.target, charge: then.charge };
  if (then.k === 'burst-with-replies') return { attack: then.attack, origin: nameOf(tableOf(ctx.state).board, then.origin) };
  return { move: true };
}

/** Adjacent enemies able to reply to `attacker` now, in board order (R26): who may answer an attack it makes from where it stands. */
export function repliersTo(state: GameState, attacker: UnitState): UnitState[] {
  return besideEnemies(state, attacker).filter((u) => replyAttacks(state, u, attacker).length > 0);
}

/** Enemies on the map next to `attacker`, in board order: those R26 would ask to reply. */
const besideEnemies = (state: GameState, attacker: UnitState): UnitState[] =>
  Object.values(state.units)
    .filter((u) => areEnemies(state, u, attacker) && u.at !== null && !u.dropped && areAdjacent(state, u, attacker))
    .sort((a, b) => a.at! - b.at!);

/**
 * The enemies next to `attacker` that are not asked to reply to it (repliersTo leaves them out), each
 * with the engine's reason (whyNoReply): what a reply prompt says of the asked player's other units.
 * For 'no-sight', `sight` is the line-of-sight refusal itself, naming what blocks every line (R17).
 */
export function cannotReplyTo(state: GameState, attacker: UnitState): { readonly unit: UnitId; readonly why: NoReply; readonly sight?: string }[] {
  return besideEnemies(state, attacker).flatMap((u): { unit: UnitId; why: NoReply; sight?: string }[] => {
    const why = whyNoReply(state, u, attacker);
    if (why === null) return [];
    if (why !== 'no-sight') return [{ unit: u.id, why }];
    return [{ unit: u.id, why, sight: cannotSee(state, u, attacker, blockedLines(state, u, attacker)) }];
  });
}

/**
 * R26: the other units that may reply to the attack the state's reply prompt is asked for: those who
 * already declared a reply (theirs resolve before this one's) and those still to be asked after it, in
 * the order they are asked and their replies resolve. Empty outside a reply prompt to an attack.
 */
export function otherRepliers(state: GameState): { readonly before: readonly UnitId[]; readonly after: readonly UnitId[] } {
  // The frame that asked the prompt is the last one saved behind it.
  const frame = state.prompt?.kind === 'reply' ? state.resume.at(-1) : undefined;
  if (frame?.k !== 'offer-replies') return { before: [], after: [] };
  const attacker = unitOf(state, frame.unit);
  const after = repliersTo(state, attacker).filter((u) => !frame.asked.includes(u.id));
  return { before: frame.declared.map((d) => d.unit), after: after.map((u) => u.id) };
}

/** The attack, with its declared replies; a slow attack suffers its replies first (§4.5). */
export const onAttack: Handler<'attack'> = (ctx, f, stack) => {
  const replies = f.replies ?? [];
  const attacker = unitOf(ctx.state, f.unit);
  const attack = attackOf(ctx, attacker, f.attack);
  const replyFrames: Frame[] = replies.map((r) => ({ k: 'reply', unit: r.unit, attack: r.attack, target: f.unit }));
  const roll: Frame = { k: 'roll', unit: f.unit, attack: f.attack, target: f.target, charge: f.charge, reply: f.reply, shove: f.shove };
  // The stack runs last-pushed first.
  if (attack.slow) stack.push(roll, ...[...replyFrames].reverse());
  else stack.push(...[...replyFrames].reverse(), roll);
};

/** A burst with its declared replies: slow bursts suffer them first, like any attack (§4.5). */
export const onBurstWithReplies: Handler<'burst-with-replies'> = (ctx, frame, stack) => {
  const attacker = unitOf(ctx.state, frame.unit);
  const attack = attackOf(ctx, attacker, frame.attack);
  const replies = frame.replies ?? [];
  const replyFrames: Frame[] = replies.map((r) => ({ k: 'reply', unit: r.unit, attack: r.attack, target: attacker.id }));
  const burst: Frame = { k: 'burst', unit: attacker.id, attack: attack.id, origin: frame.origin };
  if (attack.slow) stack.push(burst, ...[...replyFrames].reverse());
  else stack.push(...[...replyFrames].reverse(), burst);
};

/** A declared reply: lost if the replier dropped; spends the react token, then attacks (R25, R26). */
export const onReply: Handler<'reply'> = (ctx, frame, stack) => {
  const replier = unitOf(ctx.state, frame.unit);
  const target = unitOf(ctx.state, frame.target);
  if (replier.dropped || target.dropped || replier.tokens.react < 1) return;
  const attack = attackOf(ctx, replier, frame.attack);
  ctx.emit({ type: 'paid', unit: replier.id, tokens: { ...attack.cost, react: (attack.cost.react ?? 0) + 1 }, vigor: attack.cost.vigor ?? 0 });
  stack.push({ k: 'roll', unit: replier.id, attack: attack.id, target: target.id, charge: false, reply: true });
};

/** The attack roll (R20): natural 1 misses, natural 20 hits critically, 10 over is critical, 13 may glance. */
export const onRoll: Handler<'roll'> = (ctx, frame, stack) => {
  const attacker = unitOf(ctx.state, frame.unit);
  const target = unitOf(ctx.state, frame.target);
  if (attacker.dropped || target.dropped) return;
  const attack = attackOf(ctx, attacker, frame.attack);
  const charge = frame.charge;
  const line = attackLine(ctx.state, attacker, attack, target, { charge });
  if (isProblem(line)) {
    // The target moved out of reach or sight before this attack resolved (a reply's recoil, say).
    ctx.emit({
      type: 'attack-rolled',
      unit: attacker.id,
      attack: attack.id,
      target: target.id,
      rolls: [],
      modifier: 0,
      need: 0,
      hit: false,
      critical: false,
      glancing: false,
      notes: [line.message],
      reply: frame.reply,
    });
    return;
  }
  let hit: boolean;
  let critical: boolean;
  let glancing = false;
  if (line.automatic) {
    hit = true;
    critical = true;
  } else {
    const d = ctx.roll(20);
    const total = d + line.modifier;
    hit = d !== 1 && (d === 20 || total >= line.need);
    critical = hit && (d === 20 || total >= line.need + 10);
    if (hit && d === 13 && ctx.state.options.glancingBlow) {
      glancing = true;
      critical = false;
    }
  }
  ctx.emit({
    type: 'attack-rolled',
    unit: attacker.id,
    attack: attack.id,
    target: target.id,
    rolls: ctx.rolls(),
    modifier: line.modifier,
    need: line.need,
    hit,
    critical,
    glancing,
    notes: line.automatic ? ['helpless and adjacent: hit and critical (R20)'] : [...line.notes],
    reply: frame.reply,
  });
  if (hit)
    stack.push({
      k: 'effects',
      unit: attacker.id,
      attack: attack.id,
      target: target.id,
      index: 0,
      critical,
      glancing,
      charge,
      caused: true,
      bonusUsed: false,
      shove: frame.shove,
      reply: frame.reply,
    });
};

/**
 * Where an effects frame's effects come from: an attack, or an act trait used without a roll
 * (docs/formats.md `act`), which gets no critical, charge or glancing changes.
 */
function effectSource(state: GameState, unit: UnitState, frame: FrameOf<'effects'>): { name: string; effects: readonly Effect[] } {
  if (frame.trait === undefined) {
    const attack = findAttack(state, unit, frame.attack);
    if (!attack) throw new Error(`${unit.id} has no attack ${frame.attack}`);
    return attack;
  }
  const traitId = frame.trait;
  const trait = [...(state.cards[unit.card]?.traits ?? []), ...(unit.mod ? (state.mods[unit.mod]?.traits ?? []) : [])].find(
    (t) => t.trait === 'act' && t.id === traitId,
  );
  if (trait?.trait !== 'act') throw new Error(`${unit.id} has no act trait ${traitId}`);
  return { name: trait.name, effects: trait.effects ?? [] };
}

/** The wound of the first wound effect the attack lists gets the critical, charge and glancing changes (R20, R23, R37). */
function firstWoundAmount(effect: Effect & { wound: number }, f: { critical: boolean; glancing: boolean; charge: boolean }): number {
  let n = effect.wound;
  if (f.critical) n += 10;
  if (f.charge) n += 5;
  if (f.glancing) n = Math.max(0, n - 5);
  return n;
}

/**
 * Wounds a hit has yet to deal while the game waits on a prompt (`state.resume`): a wound frame not
 * yet applied (its count), or a hit's effects not yet begun (its first wound effect with the critical,
 * charge and glancing changes, R20, R23, R37). A burst's later targets wait so while the first one
 * splits its wounds (R24); a reader must not show them as 0 wounds.
 */
export function woundsWaiting(state: GameState, frames: readonly Frame[]): { target: UnitId; source: UnitId; attack: string; reply: boolean; wound: number }[] {
  return frames.flatMap((f) => {
    if (f.k === 'wound' && f.source !== null && f.attack !== undefined && (f.from === 'attack' || f.from === 'reply'))
      return [{ target: f.unit, source: f.source, attack: f.attack, reply: f.from === 'reply', wound: f.wound }];
    if (f.k !== 'effects' || f.index !== 0 || f.attack === undefined) return [];
    const attacker = state.units[f.unit];
    if (!attacker) return [];
    const effect = effectSource(state, attacker, f).effects.find((e): e is Effect & { wound: number } => 'wound' in e && !('status' in e));
    return effect ? [{ target: f.target, source: f.unit, attack: f.attack, reply: f.reply === true, wound: firstWoundAmount(effect, f) }] : [];
  });
}

/** A status effect that does not land for the target has it already (a Recurring status stacks): the effect fails. */
export const alreadyHas = (target: UnitState, status: string): boolean => status !== 'recurring' && target.statuses.some((s) => s.status === status);

/**
 * Effects in order (R21): AND always applies on a hit; THEN only if the effect before it caused at
 * least one wound after immunity, vulnerability and toughness. A status or movement effect passes on
 * whether it applied.
 */
export const onEffects: Handler<'effects'> = (ctx, frame, stack) => {
  const attacker = unitOf(ctx.state, frame.unit);
  const target = unitOf(ctx.state, frame.target);
  const attack = effectSource(ctx.state, attacker, frame);
  const index = frame.index;
  const effect = attack.effects[index];
  if (!effect || target.dropped) return;
  const gated = index > 0 && effect.link === 'then' && !frame.caused;
  const next = (caused: boolean, extra: { readonly bonusUsed?: true } = {}): Frame => ({ ...frame, index: index + 1, caused, ...extra });
  const isWound = 'wound' in effect && !('status' in effect);
  if (gated) {
    // R37: the critical (charge, glancing) change belongs to the first wound effect the attack
    // lists; when THEN leaves that one out, no later wound effect takes it instead.
    stack.push(next(false, isWound ? { bonusUsed: true } : {}));
    return;
  }
  if (isWound) {
    const bonus = !frame.bonusUsed;
    const amount = bonus ? firstWoundAmount(effect, { critical: frame.critical, glancing: frame.glancing, charge: frame.charge }) : effect.wound;
    const caused = woundsTaken(ctx.state, target, amount, effect.type).taken > 0;
    stack.push(next(caused, { bonusUsed: true }));
    // The wound names what dealt it, so a log read after a prompt still knows the attack (or trait).
    const from =
      frame.trait !== undefined
        ? { from: 'trait' as const, trait: frame.trait }
        : { from: frame.reply ? ('reply' as const) : ('attack' as const), attack: frame.attack };
    stack.push({ k: 'wound', unit: target.id, wound: amount, woundType: effect.type, source: attacker.id, why: attack.name, ...from });
    return;
  }
  if ('status' in effect) {
    if (alreadyHas(target, effect.status)) {
      ctx.emit({
        type: 'effect-failed',
        unit: target.id,
        by: attacker.id,
        effect: effect.status,
        why: `${label(ctx.state, target)} is already ${effect.status}`,
      });
    } else {
      ctx.emit({
        type: 'status-gained',
        unit: target.id,
        status: {
          status: effect.status,
          recover: effect.recover?.[0] ?? defaultRecovery(effect.status),
          modifier: effect.modifier ?? 0,
          source: attacker.id,
          asterisk: effect.asterisk ?? false,
          ...(effect.status === 'recurring' ? { wound: effect.wound ?? 0, type: effect.type ?? 'fire' } : {}),
        },
      });
    }
    stack.push(next(true));
    return;
  }
  const forced = forcedOf(effect)!;
  if (forced.kind === 'recoil' && frame.shove === undefined && frame.steer === undefined && ctx.state.options.recoilPrompt) {
    // R42: the target's owner steers the recoil when more than one end square is farthest.
    const options = recoilEnds(ctx.state, attacker, target, forced);
    if (options.ends.length > 1) {
      return ask(ctx, stack, frame, {
        kind: 'recoil',
        player: sideOf(ctx.state, target),
        unit: target.id,
        options: { by: attacker.id, points: forced.amount, ends: options.ends, default: options.default },
      });
    }
  }
  const moving = forcedMove(ctx.state, attacker, target, forced, frame.steer ?? frame.shove);
  const { steer: _, ...after } = { ...frame, index: frame.index + 1, caused: moving !== null };
  stack.push(after);
  if (moving) stack.push(moving);
  else
    ctx.emit({
      type: 'effect-failed',
      unit: target.id,
      by: attacker.id,
      effect: `${forced.kind} ${forced.amount}`,
      why: whyNotMoved(ctx.state, attacker, target, forced, frame.steer ?? frame.shove),
    });
};
