/**
 * What just happened: events read into paths, attack lines with their results, other wounds, drops,
 * and an ordered list of happenings (happenings.ts) that last-turn-words.ts puts into words. It reads
 * any run of events: one act's, a unit's turn, or a whole match's, a turn at a time (match-log.ts).
 *
 * Where things stood. Each `moved`, `charged` and `shoved` event says where its move began, so paths
 * start at the right square. Where a unit that dropped stood comes from following the moves forward
 * from the `before` state when there is one; without it, from its last move.
 *
 * Which attack dealt which wounds. A `wounded` event names its attack (or reply, or trait) and its
 * source; it belongs to the latest such attack on the same unit since the last act began. Wounds
 * whose attack is not among the events read (it was rolled before a prompt) are told apart with
 * their real cause. Logs written before events named their attack fall back on the attack's wound
 * types, and on the `cause` the event gives.
 */
import type { Attack } from '../formats/card';
import type { WoundType } from '../formats/vocabulary';
import { hasTerrain, squareIndex, T } from '../engine';
import type { EventOf, GameEvent } from '../engine';
import type { Incoming } from '../engine';
import type { GameState, PlayerId, UnitId, UnitState } from '../engine';
import { boardOf, cardOf, findAttack, footprint, modOf } from '../engine';
import type { Happening, IncomingWords, PromptWords, WoundCause, WoundWords } from './happenings';
import {
  sqOf,
  type AttackResult,
  type AttackView,
  type DropView,
  type HarmView,
  type LastTurnView,
  type MoveView,
  type PlayerView,
  type Sq,
} from './view-types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface OpenAttack {
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

interface OpenTrait {
  readonly unitId: UnitId;
  readonly h: Mutable<Extract<Happening, { kind: 'trait' }>> & {
    gains: { unit: string; what: string }[];
    statuses: { unit: string; status: string }[];
    wounds: WoundWords[];
  };
}

/** An attack's own wound types (its wound effects, not a recurring status it imposes). */
const woundTypes = (attack: Attack | undefined): WoundType[] =>
  attack ? attack.effects.flatMap((e) => ('wound' in e && !('status' in e) ? [e.type] : [])) : [];

function resultOf(e: EventOf<'attack-rolled'>): AttackResult {
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

export function lastTurnView(
  state: GameState,
  labels: ReadonlyMap<UnitId, string>,
  players: readonly PlayerView[],
  events: readonly GameEvent[],
  before: GameState | undefined,
): LastTurnView {
  const board = boardOf(state);
  const name = (id: UnitId | null | undefined) => (id === null || id === undefined ? 'nobody' : (labels.get(id) ?? id));
  const playerName = (id: PlayerId) => players.find((p) => p.id === id)?.name ?? id;
  const unitAt = (id: UnitId): UnitState | undefined => state.units[id];
  const spanOf = (id: UnitId): 1 | 2 => {
    const u = unitAt(id);
    return u && cardOf(state, u).size === 'big' ? 2 : 1;
  };
  const attackName = (unit: UnitId | null, id: string): string => {
    const u = unit === null ? undefined : unitAt(unit);
    return (u && findAttack(state, u, id)?.name) ?? id;
  };
  const traitName = (unit: UnitId | null, id: string): string => {
    const u = unit === null ? undefined : unitAt(unit);
    const traits = u ? [...cardOf(state, u).traits, ...(modOf(state, u)?.traits ?? [])] : [];
    const t = traits.find((x) => 'id' in x && x.id === id);
    return t && 'name' in t && typeof t.name === 'string' ? t.name : id;
  };

  // Where each unit stands as the events unfold: top-left index, null off the map, undefined unknown.
  const movers = new Set(events.flatMap((e) => (e.type === 'moved' || e.type === 'charged' || e.type === 'shoved' ? [e.unit] : [])));
  const pos = new Map<UnitId, number | null | undefined>();
  for (const u of Object.values(state.units)) {
    const start = before?.units[u.id];
    pos.set(u.id, start ? (start.dropped ? null : start.at) : movers.has(u.id) ? undefined : u.dropped ? null : u.at);
  }
  const where = (id: UnitId): Sq | null => {
    const at = pos.get(id);
    if (at !== undefined && at !== null) return sqOf(board, at);
    // Unknown start: the best guess is where the unit stands now.
    const now = unitAt(id);
    return at === undefined && now && now.at !== null ? sqOf(board, now.at) : null;
  };
  const onDamaging = (id: UnitId): boolean => {
    const u = unitAt(id);
    const at = pos.get(id) ?? u?.at ?? null;
    return at !== null && u !== undefined && footprint(board, at, cardOf(state, u).size).some((i) => hasTerrain(board, i, T.damaging));
  };

  /** What dealt wounds, from the fields a `wounded` event (or a wounds prompt) carries. */
  const causeOf = (w: { source?: UnitId | null; from?: string; attack?: string; trait?: string; cause?: string }, unit: UnitId): WoundCause => {
    const source = w.source ?? null;
    switch (w.from) {
      case 'attack':
      case 'reply':
        return { kind: w.from, by: name(source), attack: attackName(source, w.attack ?? w.cause ?? '?') };
      case 'trait':
        return { kind: 'trait', by: name(source), trait: traitName(source, w.trait ?? w.cause ?? '?') };
      case 'terrain':
        return { kind: 'terrain' };
      case 'recurring':
        return { kind: 'recurring', by: source === null ? null : name(source) };
    }
    // A log from before wounds named their source: read the cause the event gives.
    if (w.cause === 'damaging terrain' || (source === null && onDamaging(unit))) return { kind: 'terrain' };
    if (w.cause === 'recurring wounds' || source === null) return { kind: 'recurring', by: source === null ? null : name(source) };
    return { kind: 'attack', by: name(source), attack: w.cause ?? '?' };
  };

  let player: PlayerId | null = null;
  let active: UnitId | null = null;
  const moves: MoveView[] = [];
  const attacks: OpenAttack[] = [];
  let open: OpenAttack[] = [];
  let trait: OpenTrait | null = null;
  const harms: HarmView[] = [];
  const drops: DropView[] = [];
  const happenings: (Happening | OpenAttack | OpenTrait)[] = [];
  let prompt: Mutable<PromptWords> | null = null;
  /** Replies declared and not yet made: a replier dropped first loses its reply (R26). */
  const replies = new Map<string, { unit: UnitId; h: Mutable<Extract<Happening, { kind: 'reply-declared' }>> }>();
  const declared = new Set<string>();
  /** The turns begun among these events, by unit: their activation's words and the acts spent so far. */
  const begun = new Map<UnitId, { h: Mutable<Extract<Happening, { kind: 'activate' }>>; used: number }>();

  const moveTo = (unit: UnitId, kind: MoveView['kind'], path: readonly string[], start: string | null): MoveView => {
    const steps = path.map((s) => squareIndex(board, s)).filter((i): i is number => i !== null);
    // The event says where the move began; a reserve unit entering has no start square.
    const from = start === null ? null : squareIndex(board, start);
    const known = from !== undefined && from !== null;
    const view: MoveView = {
      unit: name(unit),
      kind,
      path: (known ? [from, ...steps] : steps).map((i) => sqOf(board, i)),
      fromKnown: known,
      span: spanOf(unit),
    };
    if (steps.length > 0) pos.set(unit, steps[steps.length - 1]!);
    moves.push(view);
    return view;
  };

  /** A box by what it is: "mortal", or for a trait box the attack or trait it disables, "Mend box". */
  const boxName = (unit: UnitId, b: string | { trait: string }): string => {
    if (typeof b === 'string') return b;
    const u = unitAt(unit);
    const attack = u ? findAttack(state, u, b.trait) : undefined;
    return `the ${attack?.name ?? traitName(unit, b.trait)} box`;
  };

  const woundWords = (e: EventOf<'wounded'>): WoundWords => ({
    unit: name(e.unit),
    wound: e.wound,
    type: e.woundType,
    defended: e.taken + e.toughness,
    toughness: e.toughness,
    taken: e.taken,
    avoided: e.avoided,
    injuries: e.injuries.map((b) => boxName(e.unit, b)),
  });

  const incomingOf = (against: UnitId, incoming: Incoming | undefined): IncomingWords | null => {
    if (!incoming) return null;
    if ('move' in incoming) return { kind: 'move', mover: name(against) };
    if ('origin' in incoming) return { kind: 'burst', attacker: name(against), attack: attackName(against, incoming.attack), origin: incoming.origin };
    return { kind: 'attack', attacker: name(against), attack: attackName(against, incoming.attack), target: name(incoming.target), charge: incoming.charge };
  };

  for (const e of events) {
    switch (e.type) {
      case 'round-started':
        happenings.push({ kind: 'round', round: e.round });
        break;
      case 'tactics-rolled': {
        // The event's `winner` is left null while rerolls may follow: the highest total leads, unless tied.
        const top = Math.max(...Object.values(e.totals));
        const leaders = Object.keys(e.totals).filter((p) => e.totals[p] === top);
        const ahead = e.winner ?? (leaders.length === 1 ? leaders[0]! : null);
        happenings.push({
          kind: 'tactics',
          totals: Object.entries(e.totals).map(([p, total]) => ({ player: playerName(p), total })),
          winner: ahead === null ? null : playerName(ahead),
          rerolled: e.rerolled === undefined ? null : playerName(e.rerolled),
          leader: e.warleader === undefined ? null : name(e.warleader),
        });
        break;
      }
      case 'order-set':
        happenings.push({ kind: 'order', ap: playerName(e.ap), order: e.order.map(playerName), greater: e.greaterAdvantage });
        break;
      case 'phase-started':
        happenings.push({ kind: 'phase', phase: e.phase });
        break;
      case 'turn-started':
        // The turn shown is the first one begun; a trailing start of the next player's turn is not it.
        player ??= e.player;
        happenings.push({ kind: 'turn', player: playerName(e.player), playerId: e.player });
        break;
      case 'unit-activated': {
        active ??= e.unit;
        open = [];
        trait = null;
        const u = unitAt(e.unit);
        const h: Mutable<Extract<Happening, { kind: 'activate' }>> = {
          kind: 'activate',
          unit: name(e.unit),
          name: u ? cardOf(state, u).name : e.unit,
          player: u ? playerName(u.player) : '?',
          acts: e.acts,
        };
        begun.set(e.unit, { h, used: 0 });
        happenings.push(h);
        break;
      }
      case 'controlled':
        happenings.push({ kind: 'controlled', unit: name(e.unit), player: playerName(e.player), why: e.why });
        break;
      case 'enraged':
        happenings.push({ kind: 'enraged', unit: name(e.unit), nearest: e.nearest.map(name), canClose: e.canClose });
        break;
      case 'vigor-lost':
        happenings.push({ kind: 'vigor-lost', unit: name(e.unit), amount: e.amount, why: e.why });
        break;
      case 'act-lost':
        happenings.push({ kind: 'act-lost', unit: name(e.unit), reason: e.reason });
        break;
      case 'act-begun': {
        const turn = begun.get(e.unit);
        if (turn) turn.used += e.acts;
        open = [];
        trait = null;
        if (e.act === 'trait') {
          trait = {
            unitId: e.unit,
            h: {
              kind: 'trait',
              unit: name(e.unit),
              trait: e.trait === undefined ? 'a trait' : traitName(e.unit, e.trait),
              paid: null,
              gains: [],
              statuses: [],
              wounds: [],
            },
          };
          happenings.push(trait);
        }
        break;
      }
      case 'moved':
        happenings.push({ kind: 'move', move: moveTo(e.unit, e.maneuver ? 'maneuver' : 'move', e.path, e.from), spent: e.spent });
        break;
      case 'charged': {
        // The charge's Vigor (R23), paid as the act began, goes with the charge.
        const last = happenings.at(-1);
        const paid = last && 'kind' in last && last.kind === 'pay' && last.unit === name(e.unit) ? last.what : null;
        if (paid !== null) happenings.pop();
        happenings.push({ kind: 'charge', move: moveTo(e.unit, 'charge', e.path, e.from), target: name(e.target), paid });
        break;
      }
      case 'shoved':
        happenings.push({ kind: 'shove', move: moveTo(e.unit, 'shove', e.path, e.from), by: name(e.by), effect: e.effect });
        break;
      case 'paid': {
        const what = amountWords(e);
        // A trait's price goes with the trait, when it is what was just begun.
        if (trait && trait.unitId === e.unit && happenings.at(-1) === trait && trait.h.paid === null) trait.h.paid = what;
        else happenings.push({ kind: 'pay', unit: name(e.unit), what });
        break;
      }
      case 'gained':
        if (trait) trait.h.gains.push({ unit: name(e.unit), what: amountWords(e) });
        else happenings.push({ kind: 'gain', unit: name(e.unit), what: amountWords(e) });
        break;
      case 'reply-declared': {
        const replier = unitAt(e.unit);
        if (e.attack === null) {
          // Units letting the same act pass are told together, past the prompts that asked them.
          const last = [...happenings].reverse().find((h) => !('kind' in h && h.kind === 'prompt' && !h.prompt.first));
          if (last && 'kind' in last && last.kind === 'replies-declined' && last.against === name(e.against)) {
            (last.units as string[]).push(name(e.unit));
            break;
          }
          happenings.push({ kind: 'replies-declined', units: [name(e.unit)], against: name(e.against) });
          break;
        }
        const declaredReply = {
          kind: 'reply-declared' as const,
          unit: name(e.unit),
          against: name(e.against),
          attack: (replier && findAttack(state, replier, e.attack)?.name) ?? e.attack,
          lost: false,
        };
        replies.set(`${e.unit}>${e.against}`, { unit: e.unit, h: declaredReply });
        happenings.push(declaredReply);
        break;
      }
      case 'attack-rolled': {
        const attacker = unitAt(e.unit);
        const attack = attacker ? findAttack(state, attacker, e.attack) : undefined;
        // What an attack or a reply cost, paid just before it rolls, goes with it.
        const last = happenings.at(-1);
        let paid: string | null = null;
        if (last && 'kind' in last && last.kind === 'pay' && last.unit === name(e.unit)) {
          happenings.pop();
          paid = last.what;
        }
        const rec: OpenAttack = {
          view: {
            attacker: name(e.unit),
            target: name(e.target),
            attack: attack?.name ?? e.attack,
            reply: e.reply === true,
            from: where(e.unit),
            fromSpan: spanOf(e.unit),
            to: where(e.target),
            toSpan: spanOf(e.target),
            result: resultOf(e),
            roll: e.rolls.length > 0 ? e.rolls[e.rolls.length - 1]! : null,
            modifier: e.modifier,
            need: e.need,
            wounds: 0,
            toughness: 0,
            avoided: 0,
            injuries: [],
            statuses: [],
            dropped: false,
            ...(attack && woundTypes(attack).length === 0 ? { woundless: true } : {}),
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
        attacks.push(rec);
        open.push(rec);
        happenings.push(rec);
        if (e.reply) replies.delete(`${e.unit}>${e.target}`);
        break;
      }
      case 'wounded': {
        const byAttack = e.from === undefined || e.from === 'attack' || e.from === 'reply';
        const rec = byAttack
          ? [...open]
              .reverse()
              .find(
                (a) =>
                  a.attackerId === e.source &&
                  a.targetId === e.unit &&
                  (e.attack !== undefined ? a.attackId === e.attack && a.isReply === (e.from === 'reply') : a.types.includes(e.woundType)),
              )
          : undefined;
        const words = woundWords(e);
        if (rec) {
          rec.view.wounds += e.taken;
          rec.view.toughness += e.toughness;
          rec.view.avoided += e.avoided;
          rec.view.injuries = [...rec.view.injuries, ...words.injuries];
          rec.wounds.push(words);
          rec.pending = null;
          break;
        }
        if (e.from === 'trait' && trait && trait.unitId === e.source) {
          trait.h.wounds.push(words);
          break;
        }
        const cause = causeOf(e, e.unit);
        let harm: HarmView | null = null;
        if (cause.kind === 'terrain' || cause.kind === 'recurring') {
          harm = { unit: name(e.unit), at: where(e.unit), span: spanOf(e.unit), wounds: e.taken, avoided: e.avoided, type: e.woundType, why: cause.kind };
          harms.push(harm);
        }
        happenings.push({ kind: 'wound', wound: words, cause, harm });
        break;
      }
      case 'status-gained': {
        const rec = [...open].reverse().find((a) => a.targetId === e.unit && a.attackerId === e.status.source);
        if (rec) rec.view.statuses = [...rec.view.statuses, e.status.status];
        else if (trait && trait.unitId === e.status.source) trait.h.statuses.push({ unit: name(e.unit), status: e.status.status });
        else
          happenings.push({
            kind: 'status',
            unit: name(e.unit),
            status: e.status.status,
            gained: true,
            reason: '',
            source: e.status.source === null ? null : name(e.status.source),
          });
        break;
      }
      case 'status-lost':
        happenings.push({ kind: 'status', unit: name(e.unit), status: e.status, gained: false, reason: e.reason, source: null });
        break;
      case 'recovery-failed':
        happenings.push({
          kind: 'recovery-failed',
          unit: name(e.unit),
          status: unitAt(e.unit)?.statuses[e.index]?.status ?? null,
          rolls: e.rolls,
          needed: e.needed,
          added: e.added,
        });
        break;
      case 'effect-failed':
        happenings.push({ kind: 'effect-failed', unit: name(e.unit), by: name(e.by), effect: e.effect, why: e.why });
        break;
      case 'warleader-die':
        happenings.push({ kind: 'warleader-die', unit: name(e.unit), for: name(e.for) });
        break;
      case 'dropped': {
        const drop: DropView = { unit: name(e.unit), at: where(e.unit), span: spanOf(e.unit), by: e.by === null ? null : name(e.by) };
        drops.push(drop);
        for (const a of attacks) if (a.targetId === e.unit) a.view.dropped = true;
        pos.set(e.unit, null);
        happenings.push({ kind: 'drop', drop });
        break;
      }
      case 'scored':
        happenings.push({ kind: 'score', player: playerName(e.player), points: e.points, reason: e.reason, objective: e.reason.startsWith('objective') });
        break;
      case 'rested':
        happenings.push({ kind: 'rest', unit: name(e.unit), token: e.token });
        break;
      case 'crowed':
        happenings.push({ kind: 'crow', unit: name(e.unit), vigor: e.vigor });
        break;
      case 'rolled':
        happenings.push({ kind: 'roll', unit: name(e.unit), why: e.why, rolls: e.rolls });
        break;
      case 'prompted': {
        const p = e.prompt;
        const words: Mutable<PromptWords> = {
          kind: p.kind,
          player: playerName(p.player),
          playerId: p.player,
          unit: p.unit === undefined ? null : name(p.unit),
          open: true,
          incoming: null,
          wounds: null,
          recovery: false,
          first: false,
        };
        prompt = words;
        if (p.kind === 'reply') {
          const o = p.options;
          words.incoming = incomingOf(o.against, o.incoming);
          // A charge just told needs no "charged and" again.
          const last = happenings.at(-1);
          if (
            words.incoming?.kind === 'attack' &&
            words.incoming.charge &&
            last &&
            'kind' in last &&
            last.kind === 'charge' &&
            last.move.unit === words.incoming.attacker
          ) {
            words.incoming = { ...words.incoming, charge: false };
          }
          const key = JSON.stringify([o.against, o.incoming ?? null]);
          words.first = !declared.has(key);
          declared.add(key);
        } else if (p.kind === 'wounds') {
          const o = p.options;
          const known = o.from !== undefined || o.source !== undefined;
          words.wounds = { count: o.wounds, type: o.type, cause: known ? causeOf(o, p.unit) : null };
          // Wounds from an attack among the events read wait on that attack's line.
          const rec = [...open]
            .reverse()
            .find(
              (a) =>
                a.targetId === p.unit &&
                (o.source === undefined || a.attackerId === o.source) &&
                (o.attack === undefined || (a.attackId === o.attack && a.isReply === (o.from === 'reply'))),
            );
          if (rec && (o.from === undefined || o.from === 'attack' || o.from === 'reply')) {
            rec.pending = words;
            break;
          }
        } else if (p.kind === 'reroll') {
          words.recovery = p.options.roll === 'recovery';
        }
        happenings.push({ kind: 'prompt', prompt: words });
        break;
      }
      case 'answered':
        if (prompt) prompt.open = false;
        prompt = null;
        break;
      case 'turn-ended': {
        const turn = e.unit === null ? undefined : begun.get(e.unit);
        if (turn) turn.h.used = turn.used;
        const spent = turn ? { used: turn.used, acts: turn.h.acts } : {};
        happenings.push({ kind: 'turn-ended', unit: e.unit === null ? null : name(e.unit), player: playerName(e.player), ...spent });
        break;
      }
      case 'player-out':
        happenings.push({ kind: 'player-out', player: playerName(e.player) });
        break;
      case 'conceded':
        if (prompt) prompt.open = false;
        happenings.push({ kind: 'conceded', player: playerName(e.player) });
        break;
      case 'game-over':
        // The engine's reason names players by id; a reader wants their names.
        happenings.push({
          kind: 'game-over',
          winner: e.winner === null ? null : playerName(e.winner),
          reason: players.reduce((r, p) => r.split(p.id).join(p.name), e.reason),
        });
        break;
      default: {
        // Bookkeeping with nothing to tell; a new event kind must be added above.
        const never: never = e;
        void never;
      }
    }
  }

  const dropped = new Set(events.flatMap((e) => (e.type === 'dropped' ? [e.unit] : [])));
  for (const r of replies.values()) if (dropped.has(r.unit)) r.h.lost = true;
  // Attacks are filled in after their roll (wounds, statuses, drops), so they are frozen last.
  const done = new Map(attacks.map((a) => [a, { ...a.view } as AttackView]));
  const freeze = (h: Happening | OpenAttack | OpenTrait): Happening => {
    if ('view' in h)
      return { kind: 'attack', attack: done.get(h)!, paid: h.paid, wounds: [...h.wounds], pending: h.pending && { ...h.pending }, problem: h.problem };
    if ('unitId' in h) return { ...h.h, gains: [...h.h.gains], statuses: [...h.h.statuses], wounds: [...h.h.wounds] };
    if (h.kind === 'prompt') return { kind: 'prompt', prompt: { ...h.prompt } };
    if (h.kind === 'replies-declined') return { ...h, units: [...h.units] };
    if (h.kind === 'reply-declared') return { ...h };
    return h;
  };
  // Whose turn it was: the owner of the unit that took it (a trailing start of the next turn is not it).
  const owner = active !== null ? (unitAt(active)?.player ?? player) : player;
  return {
    player: owner === null ? null : playerName(owner),
    unit: active === null ? null : name(active),
    moves,
    attacks: [...done.values()],
    harms,
    drops,
    happenings: happenings.map(freeze),
  };
}
