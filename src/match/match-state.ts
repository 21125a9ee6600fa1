/**
 * A match as the bot stores it: the pre-game setup (tactics check, map choice, entry tiles) followed by
 * the game, both pure engines replayed from one log. `stepMatch` is the pure step the store runs inside
 * its transaction; `rebuildMatch` replays the log from the setup, and must give the stored snapshot.
 */
import type { Content } from '../content/load';
import type { UnitCard } from '../rulesets/sellsword/formats/card';
import type { ModCard } from '../rulesets/sellsword/formats/mod';
import type { ScenarioUnit } from '../rulesets/sellsword/formats/scenario';
import type { Command, Concession } from '../rulesets/sellsword/engine';
import { decide } from '../rulesets/sellsword/engine';
import type { RuleError } from '../engine';
import { apply, type GameEvent } from '../rulesets/sellsword/engine';
import {
  checkPregameSetup,
  pregameApply,
  pregameDecide,
  pregameInitial,
  setupRerolls,
  type PregameCommand,
  type PregameEvent,
  type PregameState,
} from '../rulesets/sellsword/engine';
import { initial } from '../rulesets/sellsword/engine';
import type { GameState, PlayerId } from '../rulesets/sellsword/engine';
import { seeded } from '../engine';
import { labelUnits } from '../rulesets/sellsword/render';
import { inMapLabels } from '../rulesets/sellsword/table';
import type { MatchSetup, MatchSnapshot } from './record';

// The stored shapes live with their decoding (match/record.ts); matchRecord(row) reads a row into them.
export type { MatchSetup, MatchSnapshot, MatchWarband, Moment, TurnMarks } from './record';
import type { Moment, TurnMarks } from './record';

export type MatchEvent = { readonly stage: 'pregame'; readonly event: PregameEvent } | { readonly stage: 'game'; readonly event: GameEvent };

export type MatchCommand = { readonly pregame: PregameCommand } | { readonly game: Command | Concession };

export type Stepped =
  | { readonly ok: true; readonly events: MatchEvent[]; readonly snapshot: MatchSnapshot; readonly start?: GameState }
  | { readonly ok: false; readonly error: RuleError };

/**
 * Unit ids are the map tokens' labels in lower case ("gn", "ls2"): what players see on the picture is
 * what they type, and the engine's messages ("Ghoul Nobleman (gn)") point at the same token.
 */
export function warbandUnits(setup: Pick<MatchSetup, 'players' | 'warbands' | 'cards'>): ScenarioUnit[] {
  const units = setup.players.flatMap((player, seat) =>
    (setup.warbands[player]?.units ?? []).map((u, i) => ({
      id: `${seat}-${i}`,
      card: u.card,
      ...(u.mod ? { mod: u.mod } : {}),
      player,
      at: 'reserve' as const,
    })),
  );
  const labels = labelUnits(units, (card) => setup.cards[card]?.name ?? card);
  return units.map((u) => ({ ...u, id: labels.get(u.id)!.toLowerCase() }));
}

export function pregameStart(setup: MatchSetup): PregameState {
  return pregameInitial({
    players: [...setup.players],
    rerolls: { ...setup.rerolls },
    maps: setup.maps.map((m) => ({ id: m.id, map: m.map })),
    rng: seeded(setup.seed),
  });
}

function startGame(setup: MatchSetup, pregame: PregameState): { ok: true; state: GameState } | { ok: false; error: RuleError } {
  const done = pregame.done!;
  const map = setup.maps.find((m) => m.id === done.map)!.map;
  const made = initial({
    map,
    cards: new Map(Object.entries(setup.cards)),
    mods: new Map(Object.entries(setup.mods)),
    options: setup.options,
    players: setup.players,
    units: warbandUnits(setup),
    rng: done.rng,
    entry: done.entry,
  });
  return 'error' in made ? { ok: false, error: made.error } : { ok: true, state: made.state };
}

export const momentOf = (game: GameState): Moment => {
  const { map: _map, cards: _cards, mods: _mods, ...moment } = game;
  return moment;
};

/** A moment of `game`'s match as a whole state again, with the game's map, cards and mods. */
export const withFixed = (game: GameState, moment: Moment): GameState => ({ map: game.map, cards: game.cards, mods: game.mods, ...moment });

/** Applies game events numbered from `firstSeq`, moving the turn marks at every turn end and round start. */
function advance(
  game: GameState,
  turns: TurnMarks | undefined,
  events: readonly GameEvent[],
  firstSeq: number,
): { game: GameState; turns: TurnMarks | undefined } {
  events.forEach((event, i) => {
    game = apply(game, event);
    if (!turns || (event.type !== 'turn-ended' && event.type !== 'round-started')) return;
    const seq = firstSeq + i;
    const last = event.type === 'turn-ended' ? { from: turns.start.seq, end: seq, state: turns.start.state } : turns.last;
    turns = { start: { seq, state: momentOf(game) }, last };
  });
  return { game, turns };
}

/** The game snapshot, with its turn marks when it has them. */
const gameSnapshot = (game: GameState, turns: TurnMarks | undefined): MatchSnapshot => (turns ? { stage: 'game', game, turns } : { stage: 'game', game });

/**
 * The pure step: a command against the snapshot, whose last event is number `seq`, giving the events
 * and the snapshot after them.
 */
export function stepMatch(setup: MatchSetup, snapshot: MatchSnapshot, command: MatchCommand, by: PlayerId | undefined, seq: number): Stepped {
  if (snapshot.stage === 'pregame') {
    if (!('pregame' in command))
      return { ok: false, error: { code: 'still-setting-up', message: 'The match is still being set up: answer the setup prompt first.' } };
    const decided = pregameDecide(snapshot.pregame, command.pregame, by);
    if ('error' in decided) return { ok: false, error: decided.error };
    const pregame = decided.events.reduce(pregameApply, snapshot.pregame);
    const events: MatchEvent[] = decided.events.map((event) => ({ stage: 'pregame', event }));
    if (!pregame.done) return { ok: true, events, snapshot: { stage: 'pregame', pregame } };
    const started = startGame(setup, pregame);
    if (!started.ok) return started;
    const begun = decide(started.state, { begin: true });
    if ('error' in begun) return { ok: false, error: begun.error };
    const setupEnd = seq + events.length;
    const { game, turns } = advance(started.state, { start: { seq: setupEnd, state: momentOf(started.state) }, last: null }, begun.events, setupEnd + 1);
    return {
      ok: true,
      events: [...events, ...begun.events.map((event) => ({ stage: 'game' as const, event }))],
      snapshot: gameSnapshot(game, turns),
      start: started.state,
    };
  }
  if (!('game' in command)) return { ok: false, error: { code: 'setup-over', message: 'Setup is over; the match is being played.' } };
  const decided = decide(snapshot.game, command.game, by);
  // The engine names a unit by its card and id ("Knight (kn)"); the player knows it by its map label
  // ("KN"), as every other line says it (playtest, issue 26). The code stays the engine's.
  if ('error' in decided) return { ok: false, error: { ...decided.error, message: inMapLabels(snapshot.game, decided.error.message) } };
  // A snapshot from before turn marks has none, and gets none: its turns are posted by replaying the log.
  const { game, turns } = advance(snapshot.game, snapshot.turns, decided.events, seq + 1);
  return { ok: true, events: decided.events.map((event) => ({ stage: 'game', event })), snapshot: gameSnapshot(game, turns) };
}

/**
 * Replays the log from the setup (events numbered from 1, as the store numbers them): what the
 * snapshot must equal (the check command compares them).
 */
export function rebuildMatch(setup: MatchSetup, events: readonly MatchEvent[]): MatchSnapshot {
  let pregame = pregameStart(setup);
  let game: GameState | null = null;
  let turns: TurnMarks | undefined;
  events.forEach((e, i) => {
    if (e.stage === 'pregame') {
      pregame = pregameApply(pregame, e.event);
      return;
    }
    if (!game) {
      if (!setup.start) throw new Error('a game event before the game started');
      game = setup.start;
      turns = { start: { seq: i, state: momentOf(game) }, last: null };
    }
    ({ game, turns } = advance(game, turns, [e.event], i + 1));
  });
  return game ? gameSnapshot(game, turns) : { stage: 'pregame', pregame };
}

/**
 * A new match's setup from what the players brought; `rerolls` (each player's best Warleader rating,
 * R6) is read through the engine from a provisional table with every unit in reserve.
 */
export function makeSetup(fields: Omit<MatchSetup, 'rerolls' | 'start' | 'cards' | 'mods'>, content: Content): MatchSetup | RuleError {
  const used = Object.values(fields.warbands).flatMap((w) => w.units);
  const cards: Record<string, UnitCard> = {};
  const mods: Record<string, ModCard> = {};
  for (const u of used) {
    const card = content.index.units.get(u.card);
    const mod = u.mod === undefined ? undefined : content.index.mods.get(u.mod);
    if (!card || (u.mod !== undefined && !mod))
      return { code: 'unknown-card', message: `"${card ? u.mod : u.card}" is no longer in the catalog; the warband must be submitted again.` };
    cards[card.id] = card;
    if (mod) mods[mod.id] = mod;
  }
  const draft = { ...fields, cards, mods, rerolls: {} };
  const made = initial({
    map: fields.maps[0]!.map,
    cards: new Map(Object.entries(cards)),
    mods: new Map(Object.entries(mods)),
    options: fields.options,
    players: fields.players,
    units: warbandUnits(draft),
    rng: seeded(fields.seed),
  });
  if ('error' in made) return made.error;
  const setup = { ...draft, rerolls: setupRerolls(made.state) };
  return checkPregameSetup({ players: [...setup.players], rerolls: setup.rerolls, maps: setup.maps, rng: seeded(setup.seed) }) ?? setup;
}

/** The first step of a match: setup starts with its tactics check (§2.1). */
export function beginMatch(setup: MatchSetup): Stepped {
  const start = pregameStart(setup);
  const decided = pregameDecide(start, { begin: true });
  if ('error' in decided) return { ok: false, error: decided.error };
  return {
    ok: true,
    events: decided.events.map((event) => ({ stage: 'pregame', event })),
    snapshot: { stage: 'pregame', pregame: decided.events.reduce(pregameApply, start) },
  };
}

/** The game state, or null while setting up. */
export const gameOf = (snapshot: MatchSnapshot): GameState | null => (snapshot.stage === 'game' ? snapshot.game : null);
