/**
 * The pre-game setup (§2.1, R5, R6) as a pure engine: pregameInitial → pregameDecide → events →
 * pregameApply, replayable from a seed and a log like a match. The order of play:
 *
 * 1. `{ begin: true }` rolls the setup tactics check (pregame-tactics.ts), with reroll prompts.
 * 2. The AP names the player who chooses the map (`map-chooser`; the AP may name themself). This is
 *    asked even when there is one candidate map: that player still places the first entry tile, so
 *    still picks a side first.
 * 3. That player chooses the map (`map`), unless there is one candidate: then it was agreed.
 * 4. Entry tiles (`entry`), the chooser first, then each other player in seating order from the
 *    chooser, each in a start area nobody has claimed (pregame-entry.ts).
 *
 * When the last tile is placed, `done` holds what initial() needs: the map and the `entry` tiles.
 */
import type { Gridmap } from '../../../formats/gridmap';
import { refuse, Refusal, ruleError, type RuleError } from '../../../engine/errors';
import { PregameCtx } from './pregame-context';
import { checkEntry, entryAreas, freeAreas } from './pregame-entry';
import type { PregameCommand, PregameEvent, PregamePrompt, PregameSetup, PregameState } from './pregame-state';
import { answerReroll, rollSetupCheck, settleSetupCheck } from './pregame-tactics';
import type { PlayerId } from './state';

export { entryAreas } from './pregame-entry';
export { pregameApply, pregameReplay } from './pregame-state';
export type {
  EntryArea,
  MapChoice,
  PregameCommand,
  PregameDone,
  PregameEvent,
  PregamePrompt,
  PregameSetup,
  PregameState,
  RerollOptions,
} from './pregame-state';
export { setupRerolls } from './pregame-tactics';

export type PregameDecided = { readonly events: PregameEvent[] } | { readonly error: RuleError };

/**
 * What is wrong with a setup, or null. pregameInitial throws on these, so the bot checks first: a
 * candidate map needs a start area with room for a tile for every player.
 */
export function checkPregameSetup(setup: PregameSetup): RuleError | null {
  const bad = (message: string) => ruleError('bad-setup', message);
  const n = setup.players.length;
  if (n < 2 || n > 4) return bad(`A skirmish needs 2 to 4 players, not ${n}.`);
  if (new Set(setup.players).size !== n) return bad(`A player is listed twice: ${setup.players.join(', ')}.`);
  for (const p of setup.players) {
    const r = setup.rerolls[p];
    if (r === undefined || !Number.isInteger(r) || r < 0) return bad(`${p} needs a Warleader rating (0 or more) for the setup tactics check.`);
  }
  if (setup.maps.length === 0) return bad('There is no candidate map.');
  if (new Set(setup.maps.map((m) => m.id)).size !== setup.maps.length) return bad('A candidate map is listed twice.');
  for (const { id, map } of setup.maps) {
    const areas = entryAreas(map).length;
    if (areas < n) return bad(`${map.name} (${id}) has room for ${areas} entry tiles, not ${n}: it is not a map for ${n} players.`);
  }
  return null;
}

export function pregameInitial(setup: PregameSetup): PregameState {
  const problem = checkPregameSetup(setup);
  if (problem) throw new Error(`pregameInitial: ${problem.message} (call checkPregameSetup first)`);
  return {
    players: [...setup.players],
    maps: setup.maps.map((m) => ({ id: m.id, map: m.map })),
    rng: setup.rng,
    totals: null,
    rerollsLeft: Object.fromEntries(setup.players.map((p) => [p, setup.rerolls[p]!])),
    declined: [],
    ap: null,
    chooser: null,
    map: null,
    entry: {},
    areas: {},
    prompt: null,
    done: null,
  };
}

/**
 * Checks a command and returns the events it causes; a refusal changes nothing. `by`, when given, must
 * be the prompted player (`not-your-prompt`); `{ begin: true }` is the bot's and ignores it.
 */
export function pregameDecide(state: PregameState, command: PregameCommand, by?: PlayerId): PregameDecided {
  const ctx = new PregameCtx(state);
  try {
    if ('begin' in command) {
      if (state.totals !== null) refuse('already-begun', 'The setup tactics check has already been rolled.');
      rollSetupCheck(ctx);
    } else answer(ctx, command, by);
    proceed(ctx);
    return { events: ctx.events };
  } catch (e) {
    if (e instanceof Refusal) return { error: e.error };
    throw e;
  }
}

const ANSWERS: Record<PregamePrompt['kind'], string> = {
  reroll: 'whether to reroll the tactics check (answer reroll: true or false)',
  'map-chooser': 'who chooses the map (answer chooser: a player)',
  map: 'the map (answer map: a map id)',
  entry: 'where to place their entry tile (answer entry: the top-left square of the 2×2 tile)',
};

const waitingFor = (prompt: PregamePrompt): string => `Waiting for ${prompt.player} to choose ${ANSWERS[prompt.kind]}.`;

function answer(ctx: PregameCtx, command: Exclude<PregameCommand, { begin: true }>, by: PlayerId | undefined): void {
  const state = ctx.state;
  const prompt = state.prompt;
  if (!prompt) {
    refuse(
      'no-prompt',
      state.done
        ? 'Setup is finished: the game can begin.'
        : state.totals === null
          ? 'Setup has not begun: roll the tactics check first.'
          : 'There is no decision waiting.',
    );
  }
  if (by !== undefined && by !== prompt.player) refuse('not-your-prompt', waitingFor(prompt));
  // Typed, so TypeScript narrows `command` after a call (a never-returning call must be annotated).
  const wrong: () => never = () => refuse('wrong-answer', waitingFor(prompt));
  switch (prompt.kind) {
    case 'reroll':
      if (!('reroll' in command) || typeof command.reroll !== 'boolean') wrong();
      answerReroll(ctx, prompt.player, command.reroll);
      return;
    case 'map-chooser': {
      if (!('chooser' in command) || typeof command.chooser !== 'string') wrong();
      const chooser = command.chooser;
      if (!state.players.includes(chooser)) refuse('not-a-player', `${chooser} is not playing in this match (players: ${state.players.join(', ')}).`);
      ctx.emit({ type: 'chooser-named', ap: prompt.player, chooser });
      return;
    }
    case 'map': {
      if (!('map' in command) || typeof command.map !== 'string') wrong();
      const id = command.map;
      if (!state.maps.some((m) => m.id === id))
        refuse('unknown-map', `"${id}" is not one of the maps to choose from: ${state.maps.map((m) => m.id).join(', ')}.`);
      ctx.emit({ type: 'map-chosen', by: prompt.player, map: id });
      return;
    }
    case 'entry': {
      if (!('entry' in command) || typeof command.entry !== 'string') wrong();
      const placed = checkEntry(mapOf(state), state.areas, command.entry);
      ctx.emit({ type: 'entry-placed', player: prompt.player, area: placed.area, square: placed.square });
      return;
    }
  }
}

function mapOf(state: PregameState): Gridmap {
  const choice = state.maps.find((m) => m.id === state.map);
  if (!choice) throw new Error(`the chosen map ${state.map} is not a candidate`);
  return choice.map;
}

/** Seating order starting from `first`. */
function from(players: readonly PlayerId[], first: PlayerId): PlayerId[] {
  const i = players.indexOf(first);
  return [...players.slice(i), ...players.slice(0, i)];
}

/** Runs the setup on until it needs a player's answer or is done. */
function proceed(ctx: PregameCtx): void {
  const at = () => ctx.state;
  if (at().totals === null || at().prompt !== null || at().done !== null) return;
  if (at().ap === null) {
    settleSetupCheck(ctx);
    if (at().ap === null) return;
  }
  const ap = at().ap!;
  if (at().chooser === null) {
    ctx.emit({ type: 'prompted', prompt: { kind: 'map-chooser', player: ap, options: [...at().players] } });
    return;
  }
  const chooser = at().chooser!;
  if (at().map === null) {
    const maps = at().maps;
    if (maps.length === 1) ctx.emit({ type: 'map-chosen', by: null, map: maps[0]!.id });
    else {
      ctx.emit({ type: 'prompted', prompt: { kind: 'map', player: chooser, options: maps.map((m) => ({ id: m.id, name: m.map.name })) } });
      return;
    }
  }
  const next = from(at().players, chooser).find((p) => at().entry[p] === undefined);
  if (next !== undefined) {
    const areas = freeAreas(mapOf(at()), at().areas);
    // checkPregameSetup made sure every candidate map has an area for every player.
    if (areas.length === 0) throw new Error(`no start area left for ${next}`);
    ctx.emit({ type: 'prompted', prompt: { kind: 'entry', player: next, options: { areas } } });
    return;
  }
  const s = at();
  ctx.emit({ type: 'setup-done', done: { ap, chooser, map: s.map!, entry: { ...s.entry }, rng: s.rng } });
}
