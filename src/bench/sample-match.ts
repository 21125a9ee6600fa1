/**
 * A whole match played by the self-play driver through `stepMatch`, as the bot plays one (setup
 * prompts, then the game), and that match as an export file (`format: "sellsword-match"`). For the
 * replay's benchmark and tests: the same seed gives the same match.
 */
import type { Content } from '../content/load';
import type { PregamePrompt } from '../rulesets/sellsword/engine';
import { seeded } from '../engine';
import type { DefaultMatchExport } from '../formats/match-export';
import { beginMatch, gameOf, makeSetup, stepMatch, type MatchCommand, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../match/match-state';
import { Chooser, chooseCommand, randomWarband } from './selfplay';

export interface SampleMatch {
  readonly setup: MatchSetup;
  readonly events: readonly { readonly seq: number; readonly event: MatchEvent }[];
  readonly snapshot: MatchSnapshot;
}

export interface SampleSetupOptions {
  /** The maps offered at setup; mill-crossing alone by default. */
  readonly maps?: readonly string[];
  readonly vpTarget?: number;
  readonly roundLimit?: number;
}

export interface SampleOptions extends SampleSetupOptions {
  readonly map?: string;
  /** Stop once this many unit turns have ended (the match may then be unfinished). */
  readonly turns?: number;
  /** Stop after this many commands (setup answers included), which may be in the middle of a turn. */
  readonly commands?: number;
  /** Called with the match as it stands at the start and after every command. */
  readonly onStep?: (setup: MatchSetup, snapshot: MatchSnapshot) => void;
}

/** A setup prompt answered the plain way: no reroll, the last chooser, the first map and entry square. */
export function answerSetup(p: PregamePrompt): MatchCommand {
  switch (p.kind) {
    case 'reroll':
      return { pregame: { reroll: false } };
    case 'map-chooser':
      return { pregame: { chooser: p.options[p.options.length - 1]! } };
    case 'map':
      return { pregame: { map: p.options[0]!.id } };
    case 'entry':
      return { pregame: { entry: p.options.areas[0]!.tiles[0]! } };
  }
}

/** A sample match's setup: valor against havoc, each side a random warband drawn from the seed. */
export function sampleSetup(content: Content, seed: number, o: SampleSetupOptions = {}): MatchSetup {
  const choose = new Chooser(seeded(seed));
  const warband = (faction: string) => ({
    name: faction === 'valor' ? "Hrolf's Watch" : 'Grave Host',
    faction,
    points: 0,
    units: randomWarband(content, faction, choose, 'x', 'u').map((u) => ({ card: u.card, ...(u.mod ? { mod: u.mod } : {}) })),
  });
  const made = makeSetup(
    {
      seed,
      players: ['111', '222'],
      names: { '111': 'alice', '222': 'bob' },
      warbands: { '111': warband('valor'), '222': warband('havoc') },
      maps: (o.maps ?? ['mill-crossing']).map((id) => ({ id, map: content.maps.get(id)! })),
      options: { vpTarget: o.vpTarget ?? 121, glancingBlow: true, roundLimit: o.roundLimit ?? 30 },
    },
    content,
  );
  if ('code' in made) throw new Error(made.message);
  return made;
}

export function sampleMatch(content: Content, seed: number, o: SampleOptions = {}): SampleMatch {
  let setup = sampleSetup(content, seed, { ...o, maps: o.maps ?? [o.map ?? 'mill-crossing'] });
  const begun = beginMatch(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  let snapshot = begun.snapshot;
  o.onStep?.(setup, snapshot);
  const events: { seq: number; event: MatchEvent }[] = [];
  const push = (list: readonly MatchEvent[]) => list.forEach((event) => events.push({ seq: events.length + 1, event }));
  push(begun.events);
  const play = new Chooser(seeded(seed + 1));
  let turns = 0;
  for (let i = 0; i < 100_000; i++) {
    const game = gameOf(snapshot);
    if (game?.over || (o.turns !== undefined && turns >= o.turns) || (o.commands !== undefined && i >= o.commands)) break;
    const command: MatchCommand = snapshot.stage === 'pregame' ? answerSetup(snapshot.pregame.prompt!) : { game: chooseCommand(game!, play) };
    let r = stepMatch(setup, snapshot, command, undefined, events.length);
    // The random driver can ask for what the rules refuse; the unit's turn then simply ends.
    if (!r.ok && game?.turn)
      r = stepMatch(
        setup,
        snapshot,
        { game: { end: game.turn.unit ?? Object.values(game.units).find((u) => u.player === game.turn!.player && !u.turnTaken && !u.dropped)!.id } },
        undefined,
        events.length,
      );
    if (!r.ok) throw new Error(r.error.message);
    if (r.start) setup = { ...setup, start: r.start };
    snapshot = r.snapshot;
    o.onStep?.(setup, snapshot);
    push(r.events);
    turns += r.events.filter((e) => e.stage === 'game' && e.event.type === 'turn-ended').length;
  }
  return { setup, events, snapshot };
}

/** The match as `/skirmish export` gives one (played with a fixed seed, so without a dice commitment). */
export function sampleExport(match: SampleMatch, id = 'sample'): DefaultMatchExport {
  const game = gameOf(match.snapshot);
  return {
    format: 'sellsword-match',
    version: 1,
    match: id,
    status: game?.over ? 'over' : 'playing',
    players: [...match.setup.players],
    names: { ...match.setup.names },
    winner: game?.winner ?? null,
    dice: null,
    setup: JSON.parse(JSON.stringify(match.setup)) as DefaultMatchExport['setup'],
    events: match.events.map((e) => ({ seq: e.seq, event: JSON.parse(JSON.stringify(e.event)) as DefaultMatchExport['events'][number]['event'] })),
  };
}
