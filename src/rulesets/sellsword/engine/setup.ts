/**
 * initial(setup): the state a game starts from. A setup names cards by id; the cards travel into the
 * state so a game never depends on a catalog edited later. A table may be set up mid-game (scenarios,
 * docs/formats.md): round, order, and each unit's Vigor, injuries, statuses and tokens.
 */
import type { InjuryBox, UnitCard } from '../formats/card';
import type { Gridmap } from '../../../formats/gridmap';
import type { ModCard } from '../formats/mod';
import type { ScenarioUnit } from '../formats/scenario';
import { hasTerrain, nameOf, squareIndex, T } from '../../../engine/board';
import type { Rng } from '../../../engine/dice';
import { ruleError, type RuleError } from '../../../engine/errors';
import { type GameState, type Options, type PlayerId, type StatusState, TOUGHNESS_A_ROUND, type UnitState } from './state';
import { boardOfMap, fitsOnBoard, footprint, SPAN } from './table';
import { cardStat, cardTokens } from './stats';

export interface Setup {
  readonly map: Gridmap;
  readonly cards: ReadonlyMap<string, UnitCard>;
  readonly mods: ReadonlyMap<string, ModCard>;
  readonly options: Options;
  readonly players: readonly PlayerId[];
  readonly units: readonly ScenarioUnit[];
  readonly rng: Rng;
  /** A round already in progress; without it the game waits for round 1's tactics check. */
  readonly start?: { readonly round: number; readonly order: readonly PlayerId[] };
  readonly entry?: Readonly<Record<PlayerId, string>>;
}

/** The status defaults of §6.2: recovered with the first stat listed there. */
const DEFAULT_RECOVERY: Partial<Record<StatusState['status'], StatusState['recover']>> = {
  controlled: 'spirit',
  enraged: 'wits',
  glamyred: 'wits',
  hobbled: 'brawn',
  pinned: 'agility',
  shaken: 'brawn',
  stunned: 'agility',
  helpless: 'agility',
  recurring: 'agility',
};

export const defaultRecovery = (status: StatusState['status']): StatusState['recover'] => DEFAULT_RECOVERY[status] ?? null;

function boxesLeft(card: UnitCard, marked: readonly InjuryBox[]): InjuryBox[] | null {
  const left = [...card.injuries];
  for (const box of marked) {
    const i = left.findIndex((b) => JSON.stringify(b) === JSON.stringify(box));
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

export function initial(setup: Setup): { state: GameState } | { error: RuleError } {
  const board = boardOfMap(setup.map);
  const cards: Record<string, UnitCard> = {};
  const mods: Record<string, ModCard> = {};
  const units: Record<string, UnitState> = {};
  const taken = new Map<number, string>();
  const fail = (message: string) => ({ error: ruleError('bad-setup', message) });

  for (const u of setup.units) {
    const card = setup.cards.get(u.card);
    if (!card) return fail(`unit ${u.id}: no card "${u.card}"`);
    cards[card.id] = card;
    let mod: ModCard | null = null;
    if (u.mod !== undefined) {
      mod = setup.mods.get(u.mod) ?? null;
      if (!mod) return fail(`unit ${u.id}: no mod "${u.mod}"`);
      mods[mod.id] = mod;
    }
    let at: number | null = null;
    if (u.at !== 'reserve' && !u.dropped) {
      at = squareIndex(board, u.at);
      if (at === null || !fitsOnBoard(board, at, SPAN[card.size])) return fail(`unit ${u.id}: ${u.at} is off the map for a ${card.size} unit`);
      for (const i of footprint(board, at, SPAN[card.size])) {
        if (hasTerrain(board, i, T.wall | T.pit | T.obstructing))
          return fail(`unit ${u.id}: ${nameOf(board, i)} cannot be stood on (wall, pit or obstructing)`);
        const other = taken.get(i);
        if (other !== undefined) return fail(`unit ${u.id}: ${nameOf(board, i)} is already held by ${other}`);
        taken.set(i, u.id);
      }
    }
    const injuries = u.injuries ?? [];
    const left = boxesLeft(card, injuries);
    if (!left) return fail(`unit ${u.id}: ${card.name} has no such injury boxes to mark: ${JSON.stringify(injuries)}`);
    const tokens = cardTokens(card, mod);
    const vigorMax = cardStat(card, mod, 'vigor');
    units[u.id] = {
      id: u.id,
      player: u.player,
      card: card.id,
      mod: mod?.id ?? null,
      at,
      vigor: Math.min(u.vigor ?? vigorMax, vigorMax),
      injuries,
      statuses: (u.statuses ?? []).map((s) => ({
        status: s.status,
        recover: s.recover ?? defaultRecovery(s.status),
        modifier: s.modifier ?? 0,
        source: s.source ?? null,
        asterisk: s.asterisk ?? false,
        ...(s.status === 'recurring' ? { wound: s.wound ?? 5, type: s.type ?? 'fire' } : {}),
      })),
      tokens: { ...tokens, ...u.tokens },
      turnTaken: u.turnTaken ?? false,
      dropped: (u.dropped ?? false) || left.length === 0,
      crowed: false,
      toughness: TOUGHNESS_A_ROUND,
      warleaderUsed: 0,
    };
  }
  for (const u of setup.units) {
    for (const s of u.statuses ?? []) {
      if (s.source !== undefined && !units[s.source]) return fail(`unit ${u.id}: status source "${s.source}" is not a unit`);
    }
  }

  const entry: Record<PlayerId, number> = {};
  for (const [player, name] of Object.entries(setup.entry ?? {})) {
    const at = squareIndex(board, name);
    if (at === null || !fitsOnBoard(board, at, 2)) return fail(`entry tile for ${player} at ${name} does not fit on the map`);
    entry[player] = at;
  }

  const state: GameState = {
    map: setup.map,
    cards,
    mods,
    options: setup.options,
    players: [...setup.players],
    out: [],
    rng: setup.rng,
    round: setup.start?.round ?? 0,
    order: [...(setup.start?.order ?? setup.players)],
    ap: setup.start?.order[0] ?? null,
    phase: setup.start ? 1 : 0,
    phaseDone: [],
    turn: null,
    units,
    score: Object.fromEntries(setup.players.map((p) => [p, 0])),
    entry,
    winner: null,
    over: false,
    prompt: null,
    resume: [],
  };
  return { state };
}
