/**
 * Sword and Claw's turn picture from a played match, through the registry's view rules: every troop
 * where the state has it, every move's path ending where the troop stands, every strike (melee and
 * opportunity) and every removal of the turn marked, the deploying side's zone shown.
 */
import { describe, expect, it } from 'vitest';
import { tableAltText } from '../../../src/render/table-alt';
import { renderTable } from '../../../src/render/table-picture';
import { type Ruleset, rulesetOf } from '../../../src/rulesets';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { applyEvent } from '../../../src/rulesets/sword-and-claw/match/apply';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

const sc = (): Ruleset => {
  const found = rulesetOf('sword-and-claw');
  if (!found.ok) throw new Error(found.error.message);
  return found.ruleset;
};

function setup(seed: number): ScSetup {
  return makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: content.armies.get('iron-company')!, bob: content.armies.get('mire-raiders')! },
    troops: content.troops,
    map: content.maps.get('reed-ford')!,
  });
}

interface Turn {
  readonly before: ScState;
  readonly events: readonly ScEvent[];
  readonly after: ScState;
}

/** Plays listed commands (each kind first chosen evenly, then one of that kind) and cuts the log into turns. */
function playTurns(s: ScSetup, picks: readonly number[]): { turns: Turn[]; deploying: ScState[] } {
  const begun = sc().match.begin(s);
  if (!begun.ok) throw new Error(begun.error.message);
  let state = begun.state as ScState;
  const events: ScEvent[] = [];
  const deploying: ScState[] = [state];
  for (const pick of picks) {
    const options = legalCommands(s, state);
    if (options.length === 0) break;
    const kinds = [...new Set(options.map((o) => o.type))];
    const kind = kinds[pick % kinds.length]!;
    const ofKind = options.filter((o) => o.type === kind);
    const r = decideSc(s, state, ofKind[Math.floor(pick / kinds.length) % ofKind.length]!, undefined);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    events.push(...r.events);
    if (state.deploying) deploying.push(state);
  }
  // Fold the log again, cutting it where each turn begins and ends.
  const turns: Turn[] = [];
  let at = begun.state as ScState;
  let open: { before: ScState; events: ScEvent[] } | null = null;
  for (const e of events) {
    if (e.type === 'turn-began') open = { before: at, events: [] };
    open?.events.push(e);
    at = applyEvent(at, e);
    if (e.type === 'turn-ended' && open) {
      turns.push({ before: open.before, events: open.events, after: at });
      open = null;
    }
  }
  return { turns, deploying };
}

const squareOf = (s: ScSetup, i: number | null) => (i === null ? null : { col: i % s.map.grid[0]!.length, row: Math.floor(i / s.map.grid[0]!.length) });

describe("Sword and Claw's turn picture from a played match", () => {
  const s = setup(1001);
  const picks = Array.from({ length: 300 }, (_, i) => (i * 7919 + 104729) % 10_007);
  const { turns, deploying } = playTurns(s, picks);

  it('is given by the registry, and marks every move, shot, strike and removal of each turn', () => {
    const view = sc().view;
    expect(view).toBeDefined();
    expect(turns.length).toBeGreaterThan(2);
    let strikes = 0;
    for (const t of turns) {
      const v = view!.table(s, t.after, { before: t.before, lastTurn: t.events, names: { alice: 'Alice', bob: 'Bob' } });
      for (const troop of s.troops) {
        const now = t.after.troops[troop.id]!;
        const u = v.units.find((x) => x.id === troop.id)!;
        expect(u.at).toEqual(now.removed ? null : squareOf(s, now.at));
      }
      const melee = t.events.flatMap((e): readonly { hit: boolean; wounds: number }[] =>
        e.type === 'melee-resolved'
          ? e.strikes
          : e.type === 'ranged-resolved'
            ? e.shots
            : (e.type === 'opportunity' && e.strike) || e.type === 'trampled'
              ? [e.strike!]
              : [],
      );
      const lines = v.overlays.filter((o) => o.kind === 'attack');
      // Each tag names the target and the attacker, then the results of its strikes on that target: "SK1: HIT, MISSED by HS, 1 wound".
      const told = { HIT: 0, MISSED: 0, wounds: 0 };
      for (const o of lines) {
        const m = /^[A-Z0-9]+: (.+?) by [A-Z0-9]+(?:'s (?:opportunity attack|trample))?(?:, (\d+) wounds?)?$/.exec(o.tag);
        expect(m, o.tag).not.toBeNull();
        for (const r of m![1]!.split(', ')) {
          const [word, times] = r.split(' ×') as ['HIT' | 'MISSED', string | undefined];
          told[word] += Number(times ?? 1);
        }
        told.wounds += Number(m![2] ?? 0);
      }
      const hits = melee.filter((k) => k.hit);
      expect(told).toEqual({ HIT: hits.length, MISSED: melee.length - hits.length, wounds: hits.reduce((n, k) => n + k.wounds, 0) });
      strikes += lines.length;
      const removedNow = s.troops.filter((x) => t.after.troops[x.id]!.removed && !t.before.troops[x.id]!.removed);
      expect(v.overlays.filter((o) => o.kind === 'removed')).toHaveLength(removedNow.length);
      for (const id of new Set(t.events.flatMap((e) => (e.type === 'moved' ? [e.troop] : [])))) {
        const paths = v.overlays.filter((o) => o.kind === 'path' && o.unit === id);
        expect(paths.length).toBeGreaterThan(0);
        const last = paths[paths.length - 1]!;
        if (last.kind === 'path' && !t.after.troops[id]!.removed) expect(last.squares[last.squares.length - 1]).toEqual(squareOf(s, t.after.troops[id]!.at));
      }
      if (v.overlays.length > 0) expect(v.lines.some((l) => l.startsWith('Marked on the map:'))).toBe(true);
      expect(tableAltText(v).length).toBeLessThanOrEqual(1024);
    }
    expect(strikes).toBeGreaterThan(0);
  });

  it("shows the deploying side's zone, and draws a played turn", () => {
    const v = sc().view!.table(s, deploying[0]!);
    expect(v.board.areas).toHaveLength(1);
    expect(v.board.areas[0]!.seat).toBe(s.players.indexOf(deploying[0]!.deploying!.player));
    const t = turns[turns.length - 1]!;
    const { png, alt } = renderTable(sc().view!.table(s, t.after, { before: t.before, lastTurn: t.events }));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    for (const troop of s.troops) if (!t.after.troops[troop.id]!.removed) expect(alt).toContain(`(${s.cards[troop.troop]!.name})`);
  });
});
