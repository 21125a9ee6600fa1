import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { Chooser, chooseCommand, randomWarband } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import { unitLabels } from '../../src/render/labels';
import {
  beginMatch,
  gameOf,
  makeSetup,
  rebuildMatch,
  stepMatch,
  type MatchCommand,
  type MatchEvent,
  type MatchSetup,
  type MatchSnapshot,
} from '../../src/match/match-state';
import type { PregamePrompt } from '../../src/engine/pregame';

const content = defaultContent();

function setupFor(seed: number, maps: string[]): MatchSetup {
  const choose = new Chooser(seeded(seed));
  const warband = (faction: string) => ({
    name: faction,
    faction,
    points: 0,
    units: randomWarband(content, faction, choose, 'x', 'u').map((u) => ({ card: u.card, ...(u.mod ? { mod: u.mod } : {}) })),
  });
  const made = makeSetup(
    {
      seed,
      players: ['111', '222'],
      names: { '111': 'Alice', '222': 'Bob' },
      warbands: { '111': warband('valor'), '222': warband('havoc') },
      maps: maps.map((id) => ({ id, map: content.maps.get(id)! })),
      options: { vpTarget: 121, glancingBlow: true, roundLimit: 3 },
    },
    content,
  );
  if ('code' in made) throw new Error(made.message);
  return made;
}

function answerSetup(p: PregamePrompt): MatchCommand {
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

/** Plays a whole match through stepMatch, as the bot does, and returns the log. */
function playMatch(setup: MatchSetup): { snapshot: MatchSnapshot; events: MatchEvent[]; setup: MatchSetup } {
  const begun = beginMatch(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  let snapshot = begun.snapshot;
  const events = [...begun.events];
  const choose = new Chooser(seeded(setup.seed + 1));
  for (let i = 0; i < 5000; i++) {
    const game = gameOf(snapshot);
    if (game?.over) break;
    const command: MatchCommand = snapshot.stage === 'pregame' ? answerSetup(snapshot.pregame.prompt!) : { game: chooseCommand(game!, choose) };
    let r = stepMatch(setup, snapshot, command, undefined, events.length);
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
    events.push(...r.events);
  }
  return { snapshot, events, setup };
}

describe('a match as the bot stores it', () => {
  it('plays from the setup tactics check to a result, and the log rebuilds the snapshot exactly', () => {
    const { snapshot, events, setup } = playMatch(setupFor(7, ['mill-crossing', 'barrow-hill']));
    const game = gameOf(snapshot)!;
    expect(game.over).toBe(true);
    expect(events.some((e) => e.stage === 'pregame' && e.event.type === 'setup-done')).toBe(true);
    expect(JSON.stringify(rebuildMatch(setup, events))).toBe(JSON.stringify(snapshot));
  });

  it('names units by their map labels, so what players type matches the picture', () => {
    const setup = setupFor(3, ['mill-crossing']);
    const { snapshot } = playMatch(setup);
    const game = gameOf(snapshot)!;
    for (const [id, label] of unitLabels(game)) expect(id).toBe(label.toLowerCase());
  });

  it('reads every Warleader rating into the setup rerolls (R6)', () => {
    const setup = setupFor(11, ['mill-crossing']);
    expect(Object.keys(setup.rerolls).sort()).toEqual(['111', '222']);
  });

  it('refuses a game command while setup is running, changing nothing', () => {
    const setup = setupFor(5, ['mill-crossing']);
    const begun = beginMatch(setup);
    if (!begun.ok) throw new Error('setup failed');
    const r = stepMatch(setup, begun.snapshot, { game: { begin: true } }, '111', begun.events.length);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('still-setting-up');
  });
});
