/**
 * The event table of view-last-turn.ts: every kind of game event and how it is read into the
 * reader (last-turn-reader.ts), in one typed table. An event kind without a handler, or a handler
 * for a kind that does not exist, does not compile. Most events are told as one happening; attacks,
 * wounds, statuses and prompts join what is still open (an attack's line, a trait's act).
 */
import type { EventOf, GameEvent, PromptOf } from '../engine';
import {
  actsWithWhy,
  areAdjacent,
  cardOf,
  commanderOf,
  profile,
  findAttack,
  invisibility,
  isGreaterAdvantageTurn,
  objectiveStands,
  replyNeedsToken,
  repliesTooDear,
  sightLineOf,
  whyNoTacticsReroll,
} from '../engine';
import type { Happening, PromptWords } from './happenings';
import { attackAuraWords } from './labels';
import { amountWords, resultOf, woundTypes, type Mutable, type OpenAttack, type TurnReader } from './last-turn-reader';
import { automaticWords, needWhy, recoveredWords, rollNotes } from './roll-words';
import { shoveVerb } from './shove-words';
import type { DropView, HarmView, MoveView } from './view-types';

type EventKind = GameEvent['type'];
type EventHandler<K extends EventKind> = (r: TurnReader, e: EventOf<K>) => void;
/** A handler for every kind of event, and nothing else. */
type EventHandlers = { readonly [K in EventKind]: EventHandler<K> };

/**
 * R31: a rest gives back one token and nothing else: its line says how many the unit has now, and the
 * Vigor it is still short and the statuses it still has, so nobody reads a rest as healing (issue 26).
 */
function onRested(r: TurnReader, e: EventOf<'rested'>): void {
  const unit = r.stateNow().units[e.unit];
  if (!unit) return void r.happenings.push({ kind: 'rest', unit: r.name(e.unit), token: e.token });
  const max = profile(r.stateNow(), unit);
  // R31: a blue or red token comes back by a rest trait, at its price in acts (Vespers: two): said, as a
  // tester counted on an act the rest had taken (playtest round 21).
  const trait = e.token === 'react' ? undefined : max.traits.find((t) => t.trait === 'rest' && t.token === e.token);
  r.happenings.push({
    kind: 'rest',
    unit: r.name(e.unit),
    token: e.token,
    tokens: { now: Math.min(unit.tokens[e.token] + 1, max.tokensMax[e.token]), max: max.tokensMax[e.token] },
    ...(unit.vigor < max.vigorMax ? { vigor: { now: unit.vigor, max: max.vigorMax } } : {}),
    ...(unit.statuses.length > 0 ? { statuses: [...new Set(unit.statuses.map((s) => s.status))] } : {}),
    ...(trait?.trait === 'rest' ? { by: { trait: trait.name, acts: trait.acts } } : {}),
  });
}

/** A crow says the Vigor it leaves the unit with, as a rest does (a tester had to look the number up). */
function onCrowed(r: TurnReader, e: EventOf<'crowed'>): void {
  const unit = r.stateNow().units[e.unit];
  const max = unit ? profile(r.stateNow(), unit).vigorMax : undefined;
  const after = unit && max !== undefined ? { after: { now: Math.min(unit.vigor + e.vigor, max), max } } : {};
  r.happenings.push({ kind: 'crow', unit: r.name(e.unit), vigor: e.vigor, ...after });
}

function onTacticsRolled(r: TurnReader, e: EventOf<'tactics-rolled'>): void {
  // The event's `winner` is left null while rerolls may follow: the highest total leads, unless tied.
  const top = Math.max(...Object.values(e.totals));
  const leaders = Object.keys(e.totals).filter((p) => e.totals[p] === top);
  const ahead = e.winner ?? (leaders.length === 1 ? leaders[0]! : null);
  const before = e.rerolled === undefined ? undefined : r.tactics?.[e.rerolled];
  r.tactics = e.totals;
  // Whose d20 each roll is, when that is plain: the one rerolling, or everyone at a round's first roll
  // (in seat order, as tactics.ts rolls them). Ties rolled off are left alone.
  const players = Object.keys(e.totals);
  const rolledBy = e.rerolled !== undefined ? [e.rerolled] : e.rolls.length === players.length ? players : [];
  const penalties = rolledBy.map((p, i) => ({ player: r.playerName(p), less: (e.rolls[i] ?? 0) - e.totals[p]! })).filter((x) => x.less > 0);
  r.happenings.push({
    kind: 'tactics',
    totals: Object.entries(e.totals).map(([p, total]) => ({ player: r.playerName(p), total })),
    winner: ahead === null ? null : r.playerName(ahead),
    rerolled: e.rerolled === undefined ? null : r.playerName(e.rerolled),
    leader: e.warleader === undefined ? null : r.name(e.warleader),
    ...(before === undefined ? {} : { before }),
    ...(penalties.length > 0 ? { penalties } : {}),
  });
}

/** Whether the player rerolled in the check just told: its line already says the die was spent. */
function rerolledThisCheck(r: TurnReader, player: string): boolean {
  const round = r.happenings.findLastIndex((h) => 'kind' in h && h.kind === 'round');
  return r.happenings.slice(round + 1).some((h) => 'kind' in h && h.kind === 'tactics' && h.rerolled === player);
}

/** The order, with why a player who lost the check was offered no reroll when a Warleader is the reason. */
function onOrderSet(r: TurnReader, e: EventOf<'order-set'>): void {
  const now = r.stateNow();
  const noReroll = e.order
    .filter((p) => p !== e.ap && !rerolledThisCheck(r, r.playerName(p)))
    .flatMap((p) => {
      const why = whyNoTacticsReroll(now, p, (u) => r.name(u.id));
      return why === null ? [] : [{ player: r.playerName(p), why }];
    });
  r.happenings.push({
    kind: 'order',
    ap: r.playerName(e.ap),
    order: e.order.map((p) => r.playerName(p)),
    greater: e.greaterAdvantage,
    ...(noReroll.length > 0 ? { noReroll } : {}),
  });
}

function onUnitActivated(r: TurnReader, e: EventOf<'unit-activated'>): void {
  r.active ??= e.unit;
  r.closeAct();
  const u = r.unitAt(e.unit);
  // Where the unit's statuses stood as its turn began: what its acts were counted from.
  const now = r.stateNow();
  const counted = now.units[e.unit] ? actsWithWhy(now, now.units[e.unit]!) : null;
  const h: Mutable<Extract<Happening, { kind: 'activate' }>> = {
    kind: 'activate',
    unit: r.name(e.unit),
    name: u ? cardOf(r.state, u).name : e.unit,
    player: u ? r.playerName(u.player) : '?',
    ...(u ? { playerId: u.player } : {}),
    acts: e.acts,
    ...(counted && counted.acts === e.acts && counted.why.length > 0 ? { actsWhy: counted.why } : {}),
    ...(u && isGreaterAdvantageTurn(now, u.player) ? { greater: true } : {}),
  };
  r.begun.set(e.unit, { h, used: 0 });
  r.happenings.push(h);
}

/** A turn's end, with the acts its unit spent when its start is among these events (0: it never acted). */
function onTurnEnded(r: TurnReader, e: EventOf<'turn-ended'>): void {
  const turn = e.unit === null ? undefined : r.begun.get(e.unit);
  if (turn) turn.h.used = turn.used;
  const spent = turn ? { used: turn.used, acts: turn.h.acts } : {};
  r.happenings.push({ kind: 'turn-ended', unit: e.unit === null ? null : r.name(e.unit), player: r.playerName(e.player), ...spent });
}

function onActBegun(r: TurnReader, e: EventOf<'act-begun'>): void {
  const turn = r.begun.get(e.unit);
  if (turn) turn.used += e.acts;
  r.closeAct();
  // A new act of this unit: what it declared before is told, and a like declaration now is a new one.
  for (const [key, by] of r.declared) if (by === e.unit) r.declared.delete(key);
  if (e.act !== 'trait') return;
  r.trait = {
    unitId: e.unit,
    h: {
      kind: 'trait',
      unit: r.name(e.unit),
      trait: e.trait === undefined ? 'a trait' : r.traitName(e.unit, e.trait),
      paid: null,
      gains: [],
      statuses: [],
      wounds: [],
    },
  };
  r.happenings.push(r.trait);
}

function onCharged(r: TurnReader, e: EventOf<'charged'>): void {
  // The charge's Vigor (R23), paid as the act began, goes with the charge.
  const paid = r.takePaid(e.unit);
  // A charge wounded on its first square by damaging ground goes on in a second event (R19): told as
  // going on, or "OW charged TG … OW charged TG" read as two charges (playtest round 19).
  const unit = r.name(e.unit);
  const target = r.name(e.target);
  // Each charge pays its Vigor as it begins, so a charge with nothing to pay goes on from one before it.
  const before = [...r.happenings].reverse().find((h) => 'kind' in h && h.kind === 'charge');
  const continued =
    paid === null && before !== undefined && 'kind' in before && before.kind === 'charge' && before.move.unit === unit && before.target === target;
  r.happenings.push({ kind: 'charge', move: r.moveTo(e.unit, 'charge', e.path, e.from), target, paid, ...(continued ? { continued: true as const } : {}) });
}

function onPaid(r: TurnReader, e: EventOf<'paid'>): void {
  const what = amountWords(e);
  const trait = r.trait;
  // A trait's price goes with the trait, when it is what was just begun.
  if (trait && trait.unitId === e.unit && r.happenings.at(-1) === trait && trait.h.paid === null) trait.h.paid = what;
  else r.happenings.push({ kind: 'pay', unit: r.name(e.unit), what });
}

function onGained(r: TurnReader, e: EventOf<'gained'>): void {
  if (r.trait) r.trait.h.gains.push({ unit: r.name(e.unit), what: amountWords(e) });
  else r.happenings.push({ kind: 'gain', unit: r.name(e.unit), what: amountWords(e) });
}

/** Units letting the same act pass are told together, past the prompts that asked them. */
function onReplyDeclined(r: TurnReader, e: EventOf<'reply-declared'>): void {
  const last = [...r.happenings].reverse().find((h) => !('kind' in h && h.kind === 'prompt' && !h.prompt.first));
  if (last && 'kind' in last && last.kind === 'replies-declined' && last.against === r.name(e.against)) {
    (last.units as string[]).push(r.name(e.unit));
    return;
  }
  r.happenings.push({ kind: 'replies-declined', units: [r.name(e.unit)], against: r.name(e.against) });
}

function onReplyDeclared(r: TurnReader, e: EventOf<'reply-declared'>): void {
  if (e.attack === null) return onReplyDeclined(r, e);
  const replier = r.unitAt(e.unit);
  const attack = (replier && findAttack(r.state, replier, e.attack)?.name) ?? e.attack;
  r.replies.set(`${e.unit}>${e.against}`, { unit: e.unit, against: e.against, attack });
  r.happenings.push({ kind: 'reply-declared', unit: r.name(e.unit), against: r.name(e.against), attack, answers: r.asked.get(e.unit) });
}

/** Whether the attack's target had a reply to it but for the react token it spent earlier this round. */
function unansweredForToken(r: TurnReader, unit: string, target: string): boolean {
  const now = r.stateNow();
  const attacker = now.units[unit];
  const replier = now.units[target];
  return attacker !== undefined && replier !== undefined && replyNeedsToken(now, replier, attacker);
}

/** Replies the target could not afford (an attack that costs a react token needs two as a reply). */
function tooDearWords(r: TurnReader, unit: string, target: string): { tooDear?: { attack: string; cost: string }[] } {
  const now = r.stateNow();
  const attacker = now.units[unit];
  const replier = now.units[target];
  if (attacker === undefined || replier === undefined) return {};
  const dear = repliesTooDear(now, replier, attacker);
  if (dear.length === 0) return {};
  const cost = (a: (typeof dear)[number]) => amountWords({ tokens: { ...a.cost, react: (a.cost.react ?? 0) + 1 }, vigor: a.cost.vigor ?? 0 });
  return { tooDear: dear.map((a) => ({ attack: a.name, cost: cost(a) })) };
}

/**
 * A burst catches units that may stand far from its maker (R24), yet only units next to the attacker
 * may reply (R26): an enemy caught out of that reach is told why it had no reply (issue 26: LO, caught
 * by a Miasma, was never asked and nothing said why). Those next to it are told as any target is.
 */
function notNextWords(r: TurnReader, unit: string, target: string): { notNext?: true } {
  const now = r.stateNow();
  const [attacker, caught] = [now.units[unit], now.units[target]];
  if (!attacker || !caught || attacker.at === null || caught.at === null || commanderOf(now, attacker) === caught.player) return {};
  return areAdjacent(now, attacker, caught) ? {} : { notNext: true };
}

/** A burst's roll against a unit too far from its maker to reply: only that is said of its reply. */
const burstFar = (r: TurnReader, e: EventOf<'attack-rolled'>): boolean => e.origin !== undefined && notNextWords(r, e.unit, e.target).notNext === true;

/** Why the target was invisible to the attacker as the roll was made (engine invisibility), when the state says. */
function hiddenByOf(r: TurnReader, unit: string, target: string): 'status' | 'terrain' | 'stealthy' | null {
  const now = r.stateNow();
  const [a, t] = [now.units[unit], now.units[target]];
  return a && t && a.at !== null && t.at !== null ? invisibility(now, a, t) : null;
}

/**
 * The clear line the shot went along (engine sightLineOf), on the state as the roll was made, when the
 * two stood where the reader has them; none for a burst (its line of sight is to its centre square).
 */
function shotLine(r: TurnReader, e: EventOf<'attack-rolled'>): { line?: ReturnType<typeof sightLineOf> } {
  if (e.origin !== undefined) return {};
  const now = r.stateNow();
  const [a, t] = [now.units[e.unit], now.units[e.target]];
  if (!a || !t || a.dropped || t.dropped || a.at === null || t.at === null || a.at !== r.pos.get(e.unit) || t.at !== r.pos.get(e.target)) return {};
  return { line: sightLineOf(now, a, t) };
}

function onAttackRolled(r: TurnReader, e: EventOf<'attack-rolled'>): void {
  if (e.origin !== undefined) r.burstAt(e.unit, e.attack, e.origin);
  const attacker = r.unitAt(e.unit);
  const attack = attacker ? findAttack(r.state, attacker, e.attack) : undefined;
  // What an attack or a reply cost, paid just before it rolls, goes with it.
  const paid = r.takePaid(e.unit);
  // The auras are those on the attacker as the roll was made, before this turn's later moves.
  const auras = attackAuraWords(r.stateNow(), e.unit);
  const hiddenBy = e.notes.some((n) => n.startsWith('invisible')) ? hiddenByOf(r, e.unit, e.target) : null;
  const parties = {
    attack: attack?.name ?? e.attack,
    attacker: r.name(e.unit),
    target: r.name(e.target),
    ...(auras ? { auras } : {}),
    ...(hiddenBy ? { hiddenBy } : {}),
  };
  const automatic = e.hit && e.rolls.length === 0;
  const rec: OpenAttack = {
    view: {
      ...parties,
      reply: e.reply === true,
      from: r.where(e.unit),
      fromSpan: r.spanOf(e.unit),
      to: r.where(e.target),
      toSpan: r.spanOf(e.target),
      result: resultOf(e),
      ...shotLine(r, e),
      roll: e.rolls.length > 0 ? e.rolls[e.rolls.length - 1]! : null,
      modifier: e.modifier,
      need: e.need,
      ...needWhyOf(r, e, attack),
      notes: automatic ? [automaticWords(e.notes, parties)].filter((n) => n !== null) : rollNotes(e.notes, e.modifier, parties, e.origin !== undefined),
      wounds: 0,
      toughness: 0,
      avoided: 0,
      injuries: [],
      statuses: [],
      dropped: false,
      ...(attack && woundTypes(attack).length === 0 ? { woundless: true } : {}),
      ...(e.origin !== undefined ? notNextWords(r, e.unit, e.target) : {}),
      ...(e.reply !== true && !burstFar(r, e) && unansweredForToken(r, e.unit, e.target) ? { noReactToken: true } : {}),
      ...(e.reply !== true && !burstFar(r, e) ? tooDearWords(r, e.unit, e.target) : {}),
      ...(e.origin !== undefined ? { origin: e.origin } : {}),
    },
    attackerId: e.unit,
    targetId: e.target,
    attackId: e.attack,
    isReply: e.reply === true,
    types: woundTypes(attack),
    paid,
    wounds: [],
    pending: null,
    // The attack could not be made when it came to resolve (the target moved out of reach).
    problem: e.rolls.length === 0 && !e.hit ? (e.notes[0] ?? 'it could not be made') : null,
  };
  r.attacks.push(rec);
  r.open.push(rec);
  r.happenings.push(rec);
  if (e.reply) r.replies.delete(`${e.unit}>${e.target}`);
}

/** Why the roll needed what it did, when that is not the target's printed defence (roll-words needWhy). */
function needWhyOf(r: TurnReader, e: EventOf<'attack-rolled'>, attack: ReturnType<typeof findAttack>): { needWhy?: string } {
  if (!attack || e.rolls.length === 0) return {};
  const why = needWhy(r.stateNow(), e.target, r.name(e.target), attack.vs, e.need);
  return why ? { needWhy: why } : {};
}

/** The open attack a `wounded` event belongs to: the latest by its source on the same unit. */
function attackOfWound(r: TurnReader, e: EventOf<'wounded'>): OpenAttack | undefined {
  const byAttack = e.from === undefined || e.from === 'attack' || e.from === 'reply';
  if (!byAttack) return undefined;
  return [...r.open]
    .reverse()
    .find(
      (a) =>
        a.attackerId === e.source &&
        a.targetId === e.unit &&
        (e.attack !== undefined ? a.attackId === e.attack && a.isReply === (e.from === 'reply') : a.types.includes(e.woundType)),
    );
}

/** An effect that did not happen, named with the attack it came from (the latest open one by that attacker on that unit). */
function onEffectFailed(r: TurnReader, e: EventOf<'effect-failed'>): void {
  const rec = [...r.open].reverse().find((a) => a.attackerId === e.by && a.targetId === e.unit);
  r.happenings.push({
    kind: 'effect-failed',
    unit: r.name(e.unit),
    by: r.name(e.by),
    effect: e.effect,
    why: e.why,
    ...(rec ? { attack: rec.view.attack } : {}),
  });
}

function onWounded(r: TurnReader, e: EventOf<'wounded'>): void {
  const rec = attackOfWound(r, e);
  const words = r.woundWords(e);
  if (rec) {
    rec.view.wounds += e.taken;
    rec.view.toughness += e.toughness;
    rec.view.avoided += e.avoided;
    rec.view.injuries = [...rec.view.injuries, ...words.injuries];
    rec.wounds.push(words);
    rec.pending = null;
    return;
  }
  if (e.from === 'trait' && r.trait && r.trait.unitId === e.source) {
    r.trait.h.wounds.push(words);
    return;
  }
  const cause = r.causeOf(e, e.unit);
  let harm: HarmView | null = null;
  if (cause.kind === 'terrain' || cause.kind === 'recurring') {
    harm = { unit: r.name(e.unit), at: r.where(e.unit), span: r.spanOf(e.unit), wounds: e.taken, avoided: e.avoided, type: e.woundType, why: cause.kind };
    r.harms.push(harm);
  }
  r.happenings.push({ kind: 'wound', wound: words, cause, harm });
}

/** Why a status ended, with the unit the engine names by id (an asterisk status's source) named by its label. */
const lostWords = (r: TurnReader, reason: string): string =>
  recoveredWords(reason).replace(/^(\S+) is no longer adjacent$/, (_all, id: string) => `${r.name(id)} is no longer adjacent`);

function onStatusGained(r: TurnReader, e: EventOf<'status-gained'>): void {
  const rec = [...r.open].reverse().find((a) => a.targetId === e.unit && a.attackerId === e.status.source);
  if (rec) rec.view.statuses = [...rec.view.statuses, e.status.status];
  else if (r.trait && r.trait.unitId === e.status.source) r.trait.h.statuses.push({ unit: r.name(e.unit), status: e.status.status });
  else
    r.happenings.push({
      kind: 'status',
      unit: r.name(e.unit),
      status: e.status.status,
      gained: true,
      reason: '',
      source: e.status.source === null ? null : r.name(e.status.source),
    });
}

function onDropped(r: TurnReader, e: EventOf<'dropped'>): void {
  const drop: DropView = { unit: r.name(e.unit), at: r.where(e.unit), span: r.spanOf(e.unit), by: e.by === null ? null : r.name(e.by) };
  r.droppedBy(e.unit);
  r.drops.push(drop);
  for (const a of r.attacks) if (a.targetId === e.unit) a.view.dropped = true;
  r.pos.set(e.unit, null);
  r.happenings.push({ kind: 'drop', drop });
  // A declared reply whose replier, or the unit it answers, dropped first never comes (R26): told
  // after the drop, so the attack that dropped the unit is told before what it prevented.
  for (const [key, reply] of r.replies) {
    if (reply.unit !== e.unit && reply.against !== e.unit) continue;
    r.replies.delete(key);
    r.happenings.push({ kind: 'reply-lost', unit: r.name(reply.unit), against: r.name(reply.against), attack: reply.attack, dropped: drop.unit });
  }
}

/** A reply prompt names what it answers, once per incoming act; a charge just told needs no "charged and" again. */
function readReplyPrompt(r: TurnReader, p: PromptOf<'reply'>, words: Mutable<PromptWords>): void {
  const o = p.options;
  words.incoming = r.askReply(p.unit, o.against, o.incoming);
  const last = r.lastPlain();
  if (words.incoming?.kind === 'attack' && words.incoming.charge && last?.kind === 'charge' && last.move.unit === words.incoming.attacker) {
    words.incoming = { ...words.incoming, charge: false };
  }
  const key = JSON.stringify([o.against, o.incoming ?? null]);
  words.first = !r.declared.has(key);
  r.declared.set(key, o.against);
}

/**
 * A wounds prompt says how many wounds of which type and what dealt them. Wounds from an attack
 * among the events read wait on that attack's line: true when the prompt went there.
 */
function readWoundsPrompt(r: TurnReader, p: PromptOf<'wounds'>, words: Mutable<PromptWords>): boolean {
  const o = p.options;
  const known = o.from !== undefined || o.source !== undefined;
  words.wounds = { count: o.wounds, type: o.type, cause: known ? r.causeOf(o, p.unit) : null };
  const rec = [...r.open]
    .reverse()
    .find(
      (a) =>
        a.targetId === p.unit &&
        (o.source === undefined || a.attackerId === o.source) &&
        (o.attack === undefined || (a.attackId === o.attack && a.isReply === (o.from === 'reply'))),
    );
  if (!rec || !(o.from === undefined || o.from === 'attack' || o.from === 'reply')) return false;
  rec.pending = words;
  return true;
}

/** A move, and whose square it stopped in when a prompt paused it part-way over another unit. */
function onMoved(r: TurnReader, e: EventOf<'moved'>): void {
  const move = r.moveTo(e.unit, e.maneuver ? 'maneuver' : 'move', e.path, e.from);
  // The rest of a move stopped on damaging ground, told next: its going on is said by this line itself.
  const stopped = r.happenings.findLastIndex((h) => 'kind' in h && h.kind === 'move' && h.stopped !== undefined && h.move.unit === move.unit);
  if (stopped >= 0) {
    const { stopped: _, ...went } = r.happenings[stopped] as Extract<Happening, { kind: 'move' }>;
    r.happenings[stopped] = went;
  }
  const over = r.sharing(e.unit);
  // Hobbled as it moved: the movement said beside the squares is more than they look (§6.1).
  const hobbled = !e.maneuver && r.stateNow().units[e.unit]?.statuses.some((s) => s.status === 'hobbled') === true;
  r.happenings.push({ kind: 'move', move, spent: e.spent, ...(over === undefined ? {} : { over: { unit: over } }), ...(hobbled ? { hobbled } : {}) });
}

/**
 * The square a move was ordered to when a damaging-terrain wounds prompt (R19) stopped it short of it:
 * the last square of the move's paused frame (the prompt's `resume`), or null when it did not stop short.
 */
function stoppedGoal(r: TurnReader, e: EventOf<'prompted'>, move: MoveView): string | null {
  const p = e.prompt;
  if (p.kind !== 'wounds' || p.options.from !== 'terrain') return null;
  const frame = waitingMove(r, e, move);
  if (!frame || p.unit !== frame.unit) return null;
  return frame.path[frame.path.length - 1] ?? null;
}

/** Whether the prompt stopped `move` part-way: the move's own frame waits with steps taken and steps left. */
const movedPartWay = (r: TurnReader, e: EventOf<'prompted'>, move: MoveView): boolean => (waitingMove(r, e, move)?.index ?? 0) > 0;

/** The prompt's paused frame of `move`'s own unit while it has steps left, or null. */
function waitingMove(r: TurnReader, e: EventOf<'prompted'>, move: MoveView) {
  const frame = e.resume.find((f) => f.k === 'move-steps');
  return frame?.k === 'move-steps' && r.name(frame.unit) === move.unit && frame.index < frame.path.length ? frame : null;
}

function onPrompted(r: TurnReader, e: EventOf<'prompted'>): void {
  const p = e.prompt;
  // A move paused over another unit goes on once this prompt is answered.
  const last = r.happenings.at(-1);
  if (last && 'kind' in last && last.kind === 'move' && last.over && last.over.until === undefined)
    r.happenings[r.happenings.length - 1] = { ...last, over: { ...last.over, until: p.kind === 'reply' ? 'the reply' : 'this is answered' } };
  // A move stopped on damaging terrain for its wounds (R19) goes on to the square it was ordered to.
  else if (last && 'kind' in last && last.kind === 'move' && !last.over && stoppedGoal(r, e, last.move))
    r.happenings[r.happenings.length - 1] = { ...last, stopped: { goal: stoppedGoal(r, e, last.move)! } };
  // A move stopped part-way for a reply to it (R25) goes on, if the mover still stands, once the reply
  // is done. A reply offered before a move's first step follows an earlier, finished move: that one
  // has no rest to wait (a tester read "the rest of its move waits" after a whole Move of 5).
  else if (
    last &&
    'kind' in last &&
    last.kind === 'move' &&
    p.kind === 'reply' &&
    p.options.incoming &&
    'move' in p.options.incoming &&
    movedPartWay(r, e, last.move)
  )
    r.happenings[r.happenings.length - 1] = { ...last, paused: true };
  // A price paid for an attack that now waits on replies is told with the attack it paid for.
  else if (last && 'kind' in last && last.kind === 'pay' && last.for === undefined && p.kind === 'reply') {
    const i = p.options.incoming;
    const attacker = r.unitAt(p.options.against);
    const attack = i && 'attack' in i && attacker ? findAttack(r.state, attacker, i.attack) : undefined;
    if (attack && last.unit === r.name(p.options.against)) r.happenings[r.happenings.length - 1] = { ...last, for: attack.name };
  }
  const words: Mutable<PromptWords> = {
    kind: p.kind,
    player: r.playerName(p.player),
    playerId: p.player,
    unit: p.unit === undefined ? null : r.name(p.unit),
    open: true,
    incoming: null,
    wounds: null,
    recovery: false,
    first: false,
  };
  r.prompt = words;
  if (p.kind === 'reply') readReplyPrompt(r, p, words);
  else if (p.kind === 'wounds') {
    if (readWoundsPrompt(r, p, words)) return;
  } else if (p.kind === 'reroll') words.recovery = p.options.roll === 'recovery';
  r.happenings.push({ kind: 'prompt', prompt: words });
}

function onGameOver(r: TurnReader, e: EventOf<'game-over'>): void {
  // A match that ends at a round's end (no turn under way) says its contested objectives too, as a new
  // round would: a tester who stood on one to stop it scoring never learnt it had (playtest round 19).
  if (r.stateNow().turn === null) contestedAtRoundEnd(r);
  // The engine's reason names players by id; a reader wants their names.
  r.happenings.push({
    kind: 'game-over',
    winner: e.winner === null ? null : r.playerName(e.winner),
    reason: r.players.reduce((reason, p) => reason.split(p.id).join(p.name), e.reason) + tieWords(r, e),
  });
}

/**
 * R52: when several players passed the VP target in the same scoring, what settled it, which the
 * engine's reason ("p2 reached 79 VP, ahead of p1") leaves unsaid: ": both passed it in the same
 * scoring, and the higher score wins, 84 VP to 80". Read from the final score; '' otherwise.
 */
function tieWords(r: TurnReader, e: EventOf<'game-over'>): string {
  const { score, options, players } = r.state;
  const reached = players.filter((p) => (score[p] ?? 0) >= options.vpTarget);
  if (e.winner === null || reached.length < 2 || !reached.includes(e.winner)) return '';
  const scores = reached.map((p) => score[p] ?? 0).sort((a, b) => b - a);
  const who = reached.length === 2 ? 'both' : 'all';
  return `: ${who} passed it in the same scoring, and the higher score wins, ${scores[0]} VP to ${scores.slice(1).join(' and ')}`;
}

/**
 * R4: a new round after one that ended says first each objective contested at that end, which scored
 * nobody (a tester saw only "Round 2 begins." with a unit on one, issue 26). Read from the state the
 * round ended in (engine objectiveStands, which scored it), so the log's events stay as they were; an
 * objective nobody stood on is not said.
 */
function onRoundStarted(r: TurnReader, e: EventOf<'round-started'>): void {
  if (e.round > 1) contestedAtRoundEnd(r);
  r.happenings.push({ kind: 'round', round: e.round });
}

/** Each objective contested as the round ends (R4: it scores nobody), from the state the round ended in. */
function contestedAtRoundEnd(r: TurnReader): void {
  for (const o of objectiveStands(r.stateNow())) {
    if (o.players.length > 1) r.happenings.push({ kind: 'contested', objective: o.objective, units: o.units.map((u) => r.name(u)) });
  }
}

const HANDLERS = {
  'round-started': onRoundStarted,
  'tactics-rolled': onTacticsRolled,
  'order-set': onOrderSet,
  'phase-started': (r, e) => r.happenings.push({ kind: 'phase', phase: e.phase }),
  'turn-started': (r, e) => {
    // The turn shown is the first one begun; a trailing start of the next player's turn is not it.
    r.player ??= e.player;
    r.happenings.push({ kind: 'turn', player: r.playerName(e.player), playerId: e.player });
  },
  'unit-activated': onUnitActivated,
  controlled: (r, e) => r.happenings.push({ kind: 'controlled', unit: r.name(e.unit), player: r.playerName(e.player), why: e.why }),
  enraged: (r, e) => r.happenings.push({ kind: 'enraged', unit: r.name(e.unit), nearest: e.nearest.map((u) => r.name(u)), canClose: e.canClose }),
  'vigor-lost': (r, e) => r.happenings.push({ kind: 'vigor-lost', unit: r.name(e.unit), amount: e.amount, why: e.why }),
  'act-lost': (r, e) => r.happenings.push({ kind: 'act-lost', unit: r.name(e.unit), reason: e.reason }),
  'act-begun': onActBegun,
  moved: onMoved,
  charged: onCharged,
  shoved: (r, e) => {
    const verb = shoveVerb(e.effect, r.name(e.by), r.name(e.unit));
    r.happenings.push({ kind: 'shove', move: r.moveTo(e.unit, 'shove', e.path, e.from, verb), by: r.name(e.by), effect: e.effect });
  },
  paid: onPaid,
  gained: onGained,
  'reply-declared': onReplyDeclared,
  'attack-rolled': onAttackRolled,
  wounded: onWounded,
  'status-gained': onStatusGained,
  'status-lost': (r, e) => {
    // A recovery's target says what moved it from the card's stat (R28).
    const why = e.reason.startsWith('recovered') ? r.targetWhy(e.unit, e.index) : '';
    const reason = `${lostWords(r, e.reason)}${why ? ` (${why})` : ''}`;
    r.happenings.push({ kind: 'status', unit: r.name(e.unit), status: e.status, gained: false, reason, source: null });
  },
  'recovery-failed': (r, e) => {
    const why = r.targetWhy(e.unit, e.index);
    r.happenings.push({
      kind: 'recovery-failed',
      unit: r.name(e.unit),
      status: r.unitAt(e.unit)?.statuses[e.index]?.status ?? null,
      rolls: e.rolls,
      needed: e.needed,
      added: e.added,
      ...(why ? { targetWhy: why } : {}),
    });
  },
  'effect-failed': onEffectFailed,
  'warleader-die': (r, e) => r.happenings.push({ kind: 'warleader-die', unit: r.name(e.unit), for: r.name(e.for) }),
  dropped: onDropped,
  scored: (r, e) =>
    r.happenings.push({ kind: 'score', player: r.playerName(e.player), points: e.points, reason: e.reason, objective: e.reason.startsWith('objective') }),
  rested: onRested,
  crowed: onCrowed,
  rolled: (r, e) => r.happenings.push({ kind: 'roll', unit: r.name(e.unit), why: e.why, rolls: e.rolls }),
  prompted: onPrompted,
  answered: (r) => {
    if (r.prompt) r.prompt.open = false;
    r.prompt = null;
  },
  'turn-ended': onTurnEnded,
  'player-out': (r, e) => r.happenings.push({ kind: 'player-out', player: r.playerName(e.player) }),
  conceded: (r, e) => {
    if (r.prompt) r.prompt.open = false;
    r.happenings.push({ kind: 'conceded', player: r.playerName(e.player) });
  },
  'game-over': onGameOver,
} satisfies EventHandlers;

const handlers: EventHandlers = HANDLERS;

/** Reads one event into the reader with the handler of its kind. */
export function readEvent<K extends EventKind>(r: TurnReader, e: EventOf<K>): void {
  const handler: EventHandler<K> = handlers[e.type];
  handler(r, e);
}
