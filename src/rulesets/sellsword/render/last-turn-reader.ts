/**
 * The reader that view-last-turn.ts walks through a run of events: where each unit stands as the
 * events unfold, what has been told so far, and the attacks, trait and prompt still open to the
 * events that follow. The handlers of last-turn-events.ts fill it, one event at a time; names come
 * from the map labels and the players' names, rule facts from the engine's queries.
 */
import type { Attack, InjuryBox } from '../formats/card';
import type { WoundType } from '../formats/vocabulary';
import { hasTerrain, squareIndex, T, type Board } from '../../../engine';
import type { EventOf, GameEvent } from '../engine';
import type { Incoming } from '../engine';
import type { GameState, PlayerId, UnitId, UnitState } from '../engine';
import { footprint } from '../../../engine';
import { apply, boardOf, woundsTaken, boxesLeft, burstArea, cardOf, findAttack, modOf, pendingReplies, SPAN, splitOptions } from '../engine';
import { recoveryTargetWhy } from './roll-words';
import { boxName } from './wound-words';
import type { Happening, IncomingWords, PromptWords, WoundCause, WoundWords } from './happenings';
import { sqOf, type AttackResult, type AttackView, type BurstView, type DropView, type HarmView, type MoveView, type PlayerView, type Sq } from './view-types';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An attack told and still open to the wounds, statuses and drops that follow its roll. */
export interface OpenAttack {
  readonly view: Mutable<AttackView>;
  readonly attackerId: UnitId;
  readonly targetId: UnitId;
  readonly attackId: string;
  readonly isReply: boolean;
  readonly types: readonly WoundType[];
  paid: string | null;
  readonly wounds: WoundWords[];
  pending: Mutable<PromptWords> | null;
  readonly problem: string | null;
}

/** A trait act begun in this act: what it cost and what it gave, dealt and imposed go with it. */
export interface OpenTrait {
  readonly unitId: UnitId;
  readonly h: Mutable<Extract<Happening, { kind: 'trait' }>> & {
    gains: { unit: string; what: string }[];
    statuses: { unit: string; status: string }[];
    wounds: WoundWords[];
  };
}

/** A happening as it is told: attacks and traits stay open until the whole run is read. */
export type Told = Happening | OpenAttack | OpenTrait;

/** The fields a `wounded` event, or a wounds prompt, carries about what dealt the wounds. */
export interface WoundSource {
  readonly source?: UnitId | null;
  readonly from?: string;
  readonly attack?: string;
  readonly trait?: string;
  readonly cause?: string;
}

/** An attack's own wound types (its wound effects, not a recurring status it imposes). */
export const woundTypes = (attack: Attack | undefined): WoundType[] =>
  attack ? attack.effects.flatMap((e) => ('wound' in e && !('status' in e) ? [e.type] : [])) : [];

export function resultOf(e: EventOf<'attack-rolled'>): AttackResult {
  if (!e.hit) return 'miss';
  if (e.rolls.length === 0) return 'automatic';
  if (e.glancing) return 'glancing';
  return e.critical ? 'critical' : 'hit';
}

/** Tokens and Vigor in words: "1 react token and 5 Vigor". */
export function amountWords(amount: { tokens?: Partial<Record<'react' | 'blue' | 'red', number>>; vigor?: number }): string {
  const parts: string[] = [];
  for (const t of ['react', 'blue', 'red'] as const) {
    const n = amount.tokens?.[t] ?? 0;
    if (n > 0) parts.push(n === 1 ? `a ${t} token` : `${n} ${t} tokens`);
  }
  if ((amount.vigor ?? 0) > 0) parts.push(`${amount.vigor} Vigor`);
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Where each unit stands before the events: its top-left index, null off the map, undefined unknown.
 * From the `before` state when there is one; otherwise a unit that moves in the events starts unknown
 * (each move event says where it began) and the others stand where they stand now.
 */
function startPositions(state: GameState, events: readonly GameEvent[], before: GameState | undefined): Map<UnitId, number | null | undefined> {
  const movers = new Set(events.flatMap((e) => (e.type === 'moved' || e.type === 'charged' || e.type === 'shoved' ? [e.unit] : [])));
  const pos = new Map<UnitId, number | null | undefined>();
  for (const u of Object.values(state.units)) {
    const start = before?.units[u.id];
    pos.set(u.id, start ? (start.dropped ? null : start.at) : movers.has(u.id) ? undefined : u.dropped ? null : u.at);
  }
  return pos;
}

export class TurnReader {
  readonly board: Board;
  /** Where each unit stands as the events unfold (see startPositions). */
  readonly pos: Map<UnitId, number | null | undefined>;
  /** The first player whose turn began, and the first unit activated: whose turn is shown. */
  player: PlayerId | null = null;
  active: UnitId | null = null;
  readonly moves: MoveView[] = [];
  readonly attacks: OpenAttack[] = [];
  /** Attacks of the current act, which its wounds and statuses belong to. */
  open: OpenAttack[] = [];
  trait: OpenTrait | null = null;
  readonly bursts: BurstView[] = [];
  /** The bursts of the current act already read (by attacker, attack and origin): its rolls, one per unit caught, add one area. */
  private burstsThisAct = new Set<string>();
  readonly harms: HarmView[] = [];
  readonly drops: DropView[] = [];
  readonly happenings: Told[] = [];
  /** The last tactics check's totals read, so a reroll can say what it replaced. */
  tactics: Readonly<Record<PlayerId, number>> | null = null;
  /** The prompt last asked and not yet answered. */
  prompt: Mutable<PromptWords> | null = null;
  /**
   * Replies declared and not yet made, by replier and the unit replied to, with the attack's name: when
   * either drops first, the reply never comes (R26), and the drop's line is followed by one saying so.
   */
  readonly replies = new Map<string, { readonly unit: UnitId; readonly against: UnitId; readonly attack: string }>();
  /** What each unit asked whether to reply was asked about: the prompt's act, and whether that attack is slow. */
  readonly asked = new Map<UnitId, { incoming: IncomingWords; slow: boolean }>();
  /**
   * The incoming acts a reply prompt has already been told for, each with the unit whose act it is.
   * An act's declaration is told once however many units are asked; the unit's next act (act-begun)
   * forgets it, so a second like attack in the same turn is told again (issue 26: a second "SD declared
   * an attack on LO" went unsaid, and LO's reply read as answering the first).
   */
  readonly declared = new Map<string, UnitId>();
  /** The turns begun among these events, by unit: their activation's words and the acts spent so far. */
  readonly begun = new Map<UnitId, { h: Mutable<Extract<Happening, { kind: 'activate' }>>; used: number }>();

  /** The state as the event being read happens, with the events read since it was last asked for still to apply. */
  private now: GameState | undefined;
  /** The latest wounds read and whose they were, until an event other than a score or the end comes between. */
  private lastWounds: { readonly unit: UnitId; readonly words: Mutable<WoundWords> } | null = null;
  private readonly passed: GameEvent[] = [];

  constructor(
    readonly state: GameState,
    readonly labels: ReadonlyMap<UnitId, string>,
    readonly players: readonly PlayerView[],
    events: readonly GameEvent[],
    before: GameState | undefined,
  ) {
    this.now = before;
    this.board = boardOf(state);
    this.pos = startPositions(state, events, before);
    // A reply answered in these events may have been asked before them: its prompt is the state's, and
    // the act it answers was told with the first prompt about it.
    if (before?.prompt?.kind === 'reply') {
      const o = before.prompt.options;
      this.askReply(before.prompt.unit, o.against, o.incoming);
      this.declared.set(JSON.stringify([o.against, o.incoming ?? null]), o.against);
    }
    // A tactics reroll answered in these events was asked before them: the total it replaces is the prompt's.
    if (before?.prompt?.kind === 'reroll' && before.prompt.options.roll === 'tactics')
      this.tactics = { [before.prompt.player]: before.prompt.options.total, [before.prompt.options.leader]: before.prompt.options.leaderTotal };
    // Replies declared before these events that are still to come.
    for (const p of before ? pendingReplies(before) : []) this.replies.set(`${p.unit}>${p.against}`, { ...p, attack: this.attackName(p.unit, p.attack) });
  }

  /**
   * A burst seen in the events (a roll against a unit it caught, or a reply prompt about it): its area
   * once per act, from the engine's burstArea on the state as it was made (a sliding wall held open
   * then may be shut now).
   */
  burstAt(unit: UnitId, attackId: string, origin: string): void {
    const key = JSON.stringify([unit, attackId, origin]);
    const at = squareIndex(this.board, origin);
    const attacker = this.unitAt(unit);
    const attack = attacker ? findAttack(this.state, attacker, attackId) : undefined;
    if (this.burstsThisAct.has(key) || at === null || attack?.burst === undefined) return;
    this.burstsThisAct.add(key);
    const area = [...burstArea(this.stateNow(), attack, at).keys()].sort((a, b) => a - b);
    this.bursts.push({ attacker: this.name(unit), attack: attack.name, origin: sqOf(this.board, at), squares: area.map((i) => sqOf(this.board, i)) });
  }

  /** Keeps what a reply prompt to `unit` answers, so the reply it declares can say when it comes. */
  askReply(unit: UnitId | undefined, against: UnitId, incoming: Incoming | undefined): IncomingWords | null {
    const words = this.incomingOf(against, incoming);
    if (incoming && 'origin' in incoming) this.burstAt(against, incoming.attack, incoming.origin);
    if (unit === undefined || !words || !incoming) return words;
    const attacker = this.unitAt(against);
    const slow = !('move' in incoming) && attacker !== undefined && findAttack(this.state, attacker, incoming.attack)?.slow === true;
    this.asked.set(unit, { incoming: words, slow });
    return words;
  }

  /**
   * Where the events already told end (view-last-turn.ts `told`): what follows is told as if read from
   * there, its wounds and statuses apart from an attack told before (with their real cause), and only
   * what was declared (replies, prompts asked) carried over.
   */
  toldUpTo(): void {
    this.open = [];
    this.trait = null;
    this.lastWounds = null;
  }

  /** Marks an event as read: the state `stateNow` gives moves past it. */
  read(e: GameEvent): void {
    if (this.now) this.passed.push(e);
    // What may come between wounds and the drop they cause: the Mortal box's score, the game's end.
    if (e.type !== 'wounded' && e.type !== 'scored' && e.type !== 'game-over') this.lastWounds = null;
  }

  /**
   * The state just before the event being read, where statuses and places were when it happened (a
   * unit's acts, the auras on a roll). Without the state before these events, the state after them.
   */
  stateNow(): GameState {
    if (!this.now) return this.state;
    for (const e of this.passed.splice(0)) this.now = apply(this.now, e);
    return this.now;
  }

  name(id: UnitId | null | undefined): string {
    return id === null || id === undefined ? 'nobody' : (this.labels.get(id) ?? id);
  }

  playerName(id: PlayerId): string {
    return this.players.find((p) => p.id === id)?.name ?? id;
  }

  unitAt(id: UnitId): UnitState | undefined {
    return this.state.units[id];
  }

  spanOf(id: UnitId): 1 | 2 {
    const u = this.unitAt(id);
    return u && cardOf(this.state, u).size === 'big' ? 2 : 1;
  }

  attackName(unit: UnitId | null, id: string): string {
    const u = unit === null ? undefined : this.unitAt(unit);
    return (u && findAttack(this.state, u, id)?.name) ?? id;
  }

  traitName(unit: UnitId | null, id: string): string {
    const u = unit === null ? undefined : this.unitAt(unit);
    const traits = u ? [...cardOf(this.state, u).traits, ...(modOf(this.state, u)?.traits ?? [])] : [];
    const t = traits.find((x) => 'id' in x && x.id === id);
    return t && 'name' in t && typeof t.name === 'string' ? t.name : id;
  }

  where(id: UnitId): Sq | null {
    const at = this.pos.get(id);
    if (at !== undefined && at !== null) return sqOf(this.board, at);
    // Unknown start: the best guess is where the unit stands now.
    const now = this.unitAt(id);
    return at === undefined && now && now.at !== null ? sqOf(this.board, now.at) : null;
  }

  onDamaging(id: UnitId): boolean {
    const u = this.unitAt(id);
    const at = this.pos.get(id) ?? u?.at ?? null;
    return at !== null && u !== undefined && footprint(this.board, at, SPAN[cardOf(this.state, u).size]).some((i) => hasTerrain(this.board, i, T.damaging));
  }

  /** What dealt wounds, from the fields a `wounded` event (or a wounds prompt) carries. */
  causeOf(w: WoundSource, unit: UnitId): WoundCause {
    const source = w.source ?? null;
    switch (w.from) {
      case 'attack':
      case 'reply':
        return { kind: w.from, by: this.name(source), attack: this.attackName(source, w.attack ?? w.cause ?? '?') };
      case 'trait':
        return { kind: 'trait', by: this.name(source), trait: this.traitName(source, w.trait ?? w.cause ?? '?') };
      case 'terrain':
        return { kind: 'terrain' };
      case 'recurring':
        return { kind: 'recurring', by: source === null ? null : this.name(source) };
    }
    // A log from before wounds named their source: read the cause the event gives.
    if (w.cause === 'damaging terrain' || (source === null && this.onDamaging(unit))) return { kind: 'terrain' };
    if (w.cause === 'recurring wounds' || source === null) return { kind: 'recurring', by: source === null ? null : this.name(source) };
    return { kind: 'attack', by: this.name(source), attack: w.cause ?? '?' };
  }

  /** A move's path drawn from where it began; the unit stands at its last step after it. */
  moveTo(unit: UnitId, kind: MoveView['kind'], path: readonly string[], start: string | null, verb: string | null = null): MoveView {
    const board = this.board;
    const steps = path.map((s) => squareIndex(board, s)).filter((i): i is number => i !== null);
    // The event says where the move began; a reserve unit entering has no start square.
    const from = start === null ? null : squareIndex(board, start);
    const known = from !== undefined && from !== null;
    const view: MoveView = {
      unit: this.name(unit),
      kind,
      path: (known ? [from, ...steps] : steps).map((i) => sqOf(board, i)),
      fromKnown: known,
      span: this.spanOf(unit),
      ...(verb === null ? {} : { verb }),
    };
    if (steps.length > 0) this.pos.set(unit, steps[steps.length - 1]!);
    this.moves.push(view);
    return view;
  }

  /**
   * Another unit standing in `unit`'s squares as the events unfold, by label: a move that stopped
   * part-way over it (only passing through may share a square). Undefined when the unit stands alone.
   */
  sharing(unit: UnitId): string | undefined {
    const at = this.pos.get(unit);
    const u = this.unitAt(unit);
    if (at === undefined || at === null || !u) return undefined;
    const mine = new Set(footprint(this.board, at, SPAN[cardOf(this.state, u).size]));
    for (const other of Object.values(this.state.units)) {
      if (other.id === unit) continue;
      const there = this.pos.get(other.id);
      const where = there === undefined ? (other.dropped ? null : other.at) : there;
      if (where === null) continue;
      if (footprint(this.board, where, SPAN[cardOf(this.state, other).size]).some((i) => mine.has(i))) return this.name(other.id);
    }
    return undefined;
  }

  /** A box by what it is (wound-words.ts): "mortal", "the Pike box". */
  boxName(unit: UnitId, b: InjuryBox): string {
    return boxName(this.state, unit, b);
  }

  /**
   * A `wounded` event's words, with what the state before it tells (Vigor before, boxes left) when
   * these events come with it. Kept as the unit's latest wounds, so a drop that follows them at once
   * (R3: marking the last box drops the unit) is told as theirs.
   */
  woundWords(e: EventOf<'wounded'>): WoundWords {
    const before = this.now ? this.stateNow().units[e.unit] : undefined;
    // §4.7: what toughness had ignored earlier this round, read from the state before the wound
    // (the engine's damage step, not the event, so the log's events stay as they were).
    const spent = before ? woundsTaken(this.stateNow(), before, e.wound, e.woundType).spent : 0;
    const words: Mutable<WoundWords> = {
      unit: this.name(e.unit),
      wound: e.wound,
      type: e.woundType,
      defended: e.taken + e.toughness,
      toughness: e.toughness,
      ...(spent > 0 ? { toughnessSpent: spent } : {}),
      taken: e.taken,
      avoided: e.avoided,
      injuries: e.injuries.map((b) => this.boxName(e.unit, b)),
      ...this.unasked(e),
      ...(before && e.avoided > 0 ? { vigorBefore: before.vigor } : {}),
      ...(before && e.injuries.length > 0 ? { boxesLeft: Math.max(0, boxesLeft(this.stateNow(), before).length - e.injuries.length) } : {}),
    };
    this.lastWounds = { unit: e.unit, words };
    return words;
  }

  /** A unit dropped: when its latest wounds came just before (a score between at most), they dropped it. */
  droppedBy(unit: UnitId): void {
    if (this.lastWounds?.unit === unit) {
      this.lastWounds.words.drops = true;
      delete this.lastWounds.words.boxesLeft;
    }
  }

  /**
   * What makes a recovery roll's target (R28: the recovery stat plus the status's modifier) differ from
   * the stat on the unit's card, from the state before the roll: "Spirit 15 on its card, 2 defensive
   * injuries −4". Empty when nothing does, or without that state. A tester saw a target drop from 15 to
   * 11 with no reason given (issue 26).
   */
  targetWhy(unitId: UnitId, index: number): string {
    return this.now ? recoveryTargetWhy(this.stateNow(), unitId, index) : '';
  }

  /**
   * Why wounds were applied with no prompt to their owner (the engine asks only when there is a real
   * choice, wounds.ts onWound): worked out from the state before them, so only when these events come
   * with that state. Nothing when there was nothing to allot, or a choice was asked for (issue 26).
   */
  private unasked(e: EventOf<'wounded'>): { unasked?: string } {
    if (!this.now || e.taken < 5) return {};
    const before = this.stateNow();
    const unit = before.units[e.unit];
    if (!unit) return {};
    const boxes = boxesLeft(before, unit);
    const split = { avoid: e.avoided, injuries: e.injuries };
    if (splitOptions({ wounds: e.taken, vigor: unit.vigor, boxes, default: split }).length > 1) return {};
    const fives = Math.floor(e.taken / 5);
    if (boxes.length > 0 && fives - Math.min(fives, Math.floor(unit.vigor / 5)) >= boxes.length) return { unasked: 'no choice: every split drops it' };
    if (unit.vigor < 5) return { unasked: `no choice: with ${unit.vigor} Vigor it could avoid none` };
    if (e.injuries.length === 0) return { unasked: 'no choice: its Vigor absorbs them all' };
    return { unasked: 'no choice: only one way to take them' };
  }

  incomingOf(against: UnitId, incoming: Incoming | undefined): IncomingWords | null {
    if (!incoming) return null;
    if ('move' in incoming) return { kind: 'move', mover: this.name(against) };
    const attack = this.attackName(against, incoming.attack);
    if ('origin' in incoming) return { kind: 'burst', attacker: this.name(against), attack, origin: incoming.origin };
    return { kind: 'attack', attacker: this.name(against), attack, target: this.name(incoming.target), charge: incoming.charge };
  }

  /** The happening told last, when it is a plain one (not an open attack or trait). */
  lastPlain(): Happening | undefined {
    const last = this.happenings.at(-1);
    return last && 'kind' in last ? last : undefined;
  }

  /**
   * What `unit` paid just before, taken off the happenings so it is told with what it paid for (an
   * attack, a reply, a charge); null when the last happening is not its payment.
   */
  takePaid(unit: UnitId): string | null {
    const last = this.lastPlain();
    if (last?.kind !== 'pay' || last.unit !== this.name(unit)) return null;
    this.happenings.pop();
    return last.what;
  }

  /** A new act (or a unit's activation): the attacks and trait of the act before are closed. */
  closeAct(): void {
    this.open = [];
    this.trait = null;
    this.burstsThisAct = new Set();
  }
}
