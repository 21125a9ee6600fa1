/**
 * The map view (toMapView): what the picture shows, checked as data. Overlays must say exactly what
 * the engine's queries say; labels must be unique and stable; the last turn must be read right.
 */
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { attackOdds, reachableSquares } from '../../src/rulesets/sellsword/engine/queries';
import { STATUSES } from '../../src/rulesets/sellsword/formats/vocabulary';
import { unitLabels } from '../../src/rulesets/sellsword/render/labels';
import { STATUS_CODE } from '../../src/rulesets/sellsword/render/status-look';
import type { EventOf, GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { content, lastTurnTable, samplerTable, shoveTable, statusTable, table, yardTable } from './states';

describe('unit labels', () => {
  it('are unique, short, and the same at the start and the end of a game', () => {
    const start = newGame(content, 'burning-village', 5);
    const end = playGame(start, 5, 300).state;
    const first = unitLabels(start);
    const last = unitLabels(end);
    expect([...last]).toEqual([...first]);
    const labels = [...first.values()];
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) expect(l).toMatch(/^[A-Z]{2,3}[0-9]{0,2}$/);
  });

  it('come from the card name, numbered when a card appears more than once', () => {
    const labels = unitLabels(samplerTable());
    expect(Object.fromEntries(labels)).toMatchObject({ a: 'GN', b: 'KN', c: 'GH', d: 'LO', e: 'SD', f: 'SE1', g: 'SE2' });
  });

  it('take three letters when two different cards share initials', () => {
    const s = table({
      map: 'barrow-hill',
      units: [
        { id: 'x', card: 'havoc-skeletal-archer', player: 'p2', at: 'H19' },
        { id: 'y', card: 'valor-sergeant', player: 'p1', at: 'H1' },
        { id: 'z', card: 'valor-sergeant', player: 'p1', at: 'I1' },
      ],
    });
    expect(Object.fromEntries(unitLabels(s))).toEqual({ x: 'SKA', y: 'SEA1', z: 'SEA2' });
  });
});

describe('units and players', () => {
  it('show seat shapes, faction colours, reserve and dropped units', () => {
    const view = toMapView(samplerTable());
    expect(view.players.map((p) => [p.id, p.faction, p.shape])).toEqual([
      ['p1', 'havoc', 'circle'],
      ['p2', 'valor', 'square'],
      ['p3', 'havoc', 'hexagon'],
      ['p4', 'valor', 'diamond'],
    ]);
    expect(new Set(view.players.map((p) => p.colour)).size).toBe(4);
    expect(view.players[0]).toMatchObject({ colour: '#c62828', reserve: ['SD'] });
    expect(view.players[1]).toMatchObject({ colour: '#1f5fbf', dropped: ['SE1'] });
    expect(view.entries.map((e) => [e.player, e.at.name])).toEqual([
      ['p1', 'A1'],
      ['p2', 'M1'],
      ['p3', 'A9'],
      ['p4', 'M9'],
    ]);
    expect(view.board.terrains).toEqual(['challenging', 'brush', 'damaging', 'obstructing', 'pit', 'sliding-wall', 'smoke', 'wall']);
  });

  it('show Vigor, marked boxes (Mortal too), tokens, statuses, who has acted and who is active', () => {
    const view = toMapView(statusTable().state);
    const unit = (id: string) => view.units.find((u) => u.id === id)!;
    expect(unit('ogre')).toMatchObject({ label: 'AO', span: 2, vigor: 5, vigorMax: 20, tokens: { react: { left: 0, max: 1 } } });
    expect(unit('ogre').boxes).toEqual([
      { kind: 'mobility', marked: true },
      { kind: 'defensive', marked: false },
      { kind: 'mobility', marked: false },
      { kind: 'mortal', marked: true },
    ]);
    expect(unit('priest').boxes[1]).toEqual({ kind: 'trait', trait: 'mend', traitName: 'Mend Wounds', marked: true });
    expect(unit('wight').acted).toBe(true);
    expect(unit('cap')).toMatchObject({ active: true, acted: false });
    expect(view.status.turn).toEqual({ player: 'p1', unit: 'KC', actsLeft: 2 });
    const shown = new Set(view.units.flatMap((u) => u.statuses.map((s) => s.status)));
    expect([...shown].sort()).toEqual([...STATUSES].sort());
  });

  it('give every status its own badge letter', () => {
    const codes = Object.values(STATUS_CODE);
    expect(new Set(codes).size).toBe(STATUSES.length);
  });
});

describe('the last turn', () => {
  it('draws each path from where the unit stood, and each attack with its result and wounds', () => {
    const t = lastTurnTable();
    const last = toMapView(t.state, { lastTurn: t.events, before: t.before }).lastTurn!;
    expect(last.player).toBe('p1');
    expect(last.unit).toBe('KC');
    expect(last.moves.map((m) => [m.kind, m.path.map((s) => s.name).join(' '), m.fromKnown])).toEqual([
      ['move', 'J10 J11 J12 J13', true],
      ['charge', 'J13 J14 J15', true],
    ]);
    expect(last.attacks.map((a) => [a.attacker, a.target, a.result, a.wounds, a.reply, a.from?.name, a.to?.name])).toEqual([
      ['KC', 'SD', 'critical', 20, false, 'J15', 'J16'],
      ['KC', 'GH', 'miss', 0, false, 'J15', 'K16'],
      ['GH', 'KC', 'hit', 5, true, 'K16', 'J15'],
    ]);
    expect(last.attacks[0]).toMatchObject({ toughness: 5, injuries: ['mobility', 'mortal'], dropped: true });
    expect(last.attacks[2]).toMatchObject({ avoided: 5, statuses: ['hobbled'] });
    expect(last.drops).toEqual([{ unit: 'SD', at: { name: 'J16', col: 9, row: 15 }, span: 1, by: 'KC' }]);
  });

  it('puts wounds on the attack their event names, not the latest roll that could have dealt them', () => {
    const t = lastTurnTable();
    const isWound = (e: GameEvent): e is EventOf<'wounded'> => e.type === 'wounded' && e.unit === 'zombie';
    const at = t.events.findIndex(isWound);
    const wounded = t.events.find(isWound)!;
    expect(wounded).toMatchObject({ from: 'attack', attack: 'bastard-sword' });
    const rolled = t.events.find((e): e is EventOf<'attack-rolled'> => e.type === 'attack-rolled' && e.target === 'zombie')!;
    // A reply by the same unit with the same attack, rolled after the attack and before its wounds:
    // attacker, target and wound type cannot tell the two apart; the attack and `from` can.
    const decoy: GameEvent = { ...rolled, reply: true, hit: false, critical: false };
    const withDecoy = (w: GameEvent) => [...t.events.slice(0, at), decoy, w, ...t.events.slice(at + 1)];
    const onZombie = (events: GameEvent[]) =>
      toMapView(t.state, { lastTurn: events, before: t.before })
        .lastTurn!.attacks.filter((a) => a.target === 'SD')
        .map((a) => [a.reply, a.wounds]);
    expect(onZombie(withDecoy(wounded))).toEqual([
      [false, 20],
      [true, 0],
    ]);
    // A log from before wounds named their attack still reads, by the old guess: the latest such roll.
    const { from: _from, attack: _attack, ...unnamed } = wounded;
    expect(onZombie(withDecoy(unnamed))).toEqual([
      [false, 0],
      [true, 20],
    ]);
  });

  it('draws each path from where the unit stood even without the state before the turn (events carry it)', () => {
    const t = lastTurnTable();
    const last = toMapView(t.state, { lastTurn: t.events }).lastTurn!;
    expect(last.moves.map((m) => [m.kind, m.path.map((s) => s.name).join(' '), m.fromKnown])).toEqual([
      ['move', 'J10 J11 J12 J13', true],
      ['charge', 'J13 J14 J15', true],
    ]);
  });

  it('shows a shove as its own path, and a Big unit as 2×2', () => {
    const t = shoveTable();
    const last = toMapView(t.state, { lastTurn: t.events, before: t.before }).lastTurn!;
    expect(last.moves.map((m) => [m.unit, m.kind, m.path.map((s) => s.name), m.span])).toEqual([
      ['AO', 'move', ['D3', 'D4'], 2],
      ['TG', 'shove', ['F5', 'G6'], 1],
    ]);
    expect(last.attacks[0]).toMatchObject({ attacker: 'AO', target: 'TG', result: 'hit', fromSpan: 2, to: { name: 'F5' } });
  });
});

describe('overlays', () => {
  it('reach: exactly the squares and costs of queries.reachableSquares, and the charge target', () => {
    const state = yardTable();
    const reach = toMapView(state, { reach: { unit: 'hero' } }).reach!;
    const engine = reachableSquares(state, 'hero');
    expect(new Map(reach.squares.map((s) => [s.at.name, s.cost]))).toEqual(engine);
    expect(reach.maxCost).toBe(Math.max(...engine.values()));
    expect(reach.charges.map((c) => [c.target, c.attack])).toEqual([['SW', 'Longsword']]);
  });

  it('reach for a maneuver: one step only, and no charges', () => {
    const state = yardTable();
    const reach = toMapView(state, { reach: { unit: 'hero', maneuver: true } }).reach!;
    expect(new Map(reach.squares.map((s) => [s.at.name, s.cost]))).toEqual(reachableSquares(state, 'hero', true));
    expect(reach.squares.length).toBeLessThanOrEqual(8);
    expect(reach.charges).toEqual([]);
  });

  it('sight: each enemy clear, in cover, invisible or out of sight', () => {
    const sight = toMapView(yardTable(), { sight: { unit: 'bow' } }).sight!;
    expect(Object.fromEntries(sight.targets.map((t) => [t.unit, t.mark]))).toEqual({ SW: 'clear', GH: 'invisible', OR: 'blocked', SD: 'cover' });
  });

  it("preview: the odds are queries.attackOdds, its adjustments in the roll lines' words", () => {
    const state = yardTable();
    const preview = toMapView(state, { preview: { unit: 'bow', attack: 'longbow', target: 'cover' } }).preview!;
    const odds = attackOdds(state, 'bow', 'longbow', 'cover');
    if ('code' in odds) throw new Error(odds.message);
    expect(preview.odds).toMatchObject({
      chance: odds.chance,
      critical: odds.criticalChance,
      expectedWounds: odds.expectedWounds,
      need: odds.line.need,
      modifier: odds.line.modifier,
    });
    expect(preview.odds!.notes.join(', ')).toMatch(/^Longbow \+\d+, cover −\d+$/);
  });

  it("shield trait: the preview says why it needs more than the target's card Armor, as the roll line will (playtest round 16)", () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'xb', card: 'valor-crossbowman', player: 'p1', at: 'J5' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J9' },
      ],
    });
    const preview = toMapView(game, { preview: { unit: 'xb', attack: 'heavy-crossbow', target: 'kn' } }).preview!;
    const armor = game.cards[game.units.kn!.card]!.stats.armor;
    expect(preview.odds!.need).toBe(armor + 2);
    expect(preview.odds!.needWhy).toBe(`KN's Armor ${armor}, +2 for its shield at range`);
    // Next to it the shield does not count, and nothing needs explaining.
    const close = table({
      map: 'barrow-hill',
      units: [
        { id: 'xb', card: 'valor-crossbowman', player: 'p1', at: 'J8' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J9' },
      ],
    });
    const near = toMapView(close, { preview: { unit: 'xb', attack: 'short-sword', target: 'kn' } }).preview!;
    expect(near.odds!.need).toBe(armor);
    expect(near.odds!.needWhy).toBeUndefined();
  });

  it('a defence other than Armor is named even as printed, so "needing 12" says which stat (playtest round 19)', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'ci', card: 'havoc-carrion-imp', player: 'p1', at: 'J5' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J8' },
      ],
    });
    const preview = toMapView(game, { preview: { unit: 'ci', attack: 'hellspit', target: 'kn' } }).preview!;
    const agility = game.cards[game.units.kn!.card]!.stats.agility;
    expect(preview.odds!.need).toBe(agility);
    expect(preview.odds!.needWhy).toBe(`KN's Agility ${agility}`);
  });

  it('a reserve unit whose turn has passed this round says so in the reserve list (playtest round 19)', () => {
    const s = samplerTable();
    const acted = { ...s, units: { ...s.units, e: { ...s.units.e!, turnTaken: true } } };
    const reserve = (g: typeof s) => toMapView(g, {}).players.flatMap((p) => p.reserve);
    expect(reserve(s)).toContain('SD');
    expect(reserve(acted)).toContain('SD (acted)');
  });

  it('preview: an attack the engine refuses says why', () => {
    const preview = toMapView(yardTable(), { preview: { unit: 'bow', attack: 'longbow', target: 'wall' } }).preview!;
    expect(preview.odds).toBeNull();
    expect(preview.problem).toMatch(/see|sight/i);
  });

  it('preview of a charge: taken from the end of the charge path', () => {
    const preview = toMapView(yardTable(), { preview: { unit: 'hero', attack: 'longsword', target: 'open', charge: true } }).preview!;
    expect(preview.charge).toBe(true);
    expect(preview.from?.name).toBe('D3');
    expect(preview.odds?.notes).toContain('charge +2');
  });

  it('none unless asked for', () => {
    const view = toMapView(yardTable());
    expect([view.lastTurn, view.reach, view.sight, view.preview]).toEqual([null, null, null, null]);
  });
});

describe('toMapView', () => {
  it('changes nothing in the state and shares the board part between views of one map', () => {
    const state = yardTable();
    const before = JSON.stringify(state);
    const a = toMapView(state, { reach: { unit: 'hero' }, sight: { unit: 'bow' } });
    const b = toMapView(state);
    expect(JSON.stringify(state)).toBe(before);
    expect(a.board).toBe(b.board);
  });
});
