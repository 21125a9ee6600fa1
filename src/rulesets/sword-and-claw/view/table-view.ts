/**
 * Sword and Claw's turn picture as a table view (render/table-view.ts): the map by its legend, each
 * troop over its whole footprint with its wounds as pips and Hurt as a badge, the last turn's moves
 * (solid for Move, dashed for Run, dotted for Slide), strikes and removals, the key, and the words the
 * strip and the alt text say. Hurt and removal are the rules' own (rules/wounds.ts).
 */
import { squareName } from '../../../formats/squares';
import type { SquareLook, TableArea, TableLegendEntry, TableOverlay, TableUnit, TableView } from '../../../render/table-view';
import { labelUnits } from '../../../render/unit-labels';
import { depthOf, SC_LEGEND, type ScMap, terrainOf, type ScTerrain } from '../formats/map';
import { SPAN } from '../formats/vocabulary';
import { isHurt } from '../rules/wounds';
import type { ScHappening, ScViewInput, ScViewTroop } from './input';

export const LOOK: Readonly<Record<ScTerrain, SquareLook>> = { clear: 'plain', blocking: 'bricks', difficult: 'brush', light: 'pillars', water: 'water' };

/** Water's key line: one for every depth, as each square shows its depth in its corner (ruling SC68). */
const WATER_WORDS = 'water, its depth in the corner: a troop that tall wades it (2 inches an inch), a shorter one swims';
const HOW_STYLE = { move: 'solid', run: 'dashed', slide: 'dotted', charge: 'dash-dot' } as const;
const LEGEND_WORDS = { move: 'Move', run: 'Run', slide: 'Slide', charge: 'Charge' } as const;
const HOW_WORDS = { move: 'moved', run: 'ran', slide: 'slid', charge: 'charged' } as const;
export const HURT_BADGE = { text: 'H', word: 'Hurt' } as const;
/** A fired weapon to reload (SC App. B Requires Reload). */
export const RELOAD_BADGE = { text: 'R', word: 'to reload' } as const;
/** The conditions a troop carries (SC Conditions): one badge each, however many of it; what each means for the key. */
export const CONDITION_BADGES = {
  entangled: { text: 'E', word: 'Entangled', key: 'Entangled: cannot move, -2 to attacks, until a save' },
  paralyzed: { text: 'P', word: 'Paralyzed', key: 'Paralyzed: cannot move or attack until a save' },
  poisoned: { text: 'V', word: 'Poisoned', key: 'Poisoned (venom): a wound on each failed save' },
} as const;
type Held = keyof typeof CONDITION_BADGES;

/** A flyer's level aloft (SC Flight), marked in its token's top-left corner; Landed is not marked. */
export const ALTITUDE_MARKERS = {
  hover: { text: 'Hv', word: 'Hovering', key: 'Hovering: over troops and rough ground; fights and is shot at as usual' },
  low: { text: 'Lo', word: 'Low Altitude', key: 'Low Altitude: fights only its level; shots at it -1 and 2" longer' },
  high: { text: 'Hi', word: 'High Altitude', key: 'High Altitude: fights only its level; shots at it -2 and 4" longer' },
} as const;

/** The words a flyer's level adds to how it stands: Landed too, as a flyer on the ground is worth telling. */
const altitudeWords = (t: ScViewTroop): string[] =>
  t.altitude === undefined ? [] : [t.altitude === 'landed' ? 'landed (it can fly)' : `flying: ${ALTITUDE_MARKERS[t.altitude].word}`];

/** The conditions a troop carries, each once, in the badges' order; "Entangled ×2" when it carries two of one. */
function heldWords(t: ScViewTroop): string[] {
  const held = t.conditions ?? [];
  return (Object.keys(CONDITION_BADGES) as Held[]).flatMap((c) => {
    const n = held.filter((x) => x === c).length;
    return n === 0 ? [] : [`${CONDITION_BADGES[c].word}${n > 1 ? ` ×${n}` : ''}`];
  });
}

const heldBadges = (t: ScViewTroop) =>
  (Object.keys(CONDITION_BADGES) as Held[])
    .filter((c) => (t.conditions ?? []).includes(c))
    .map((c) => ({ text: CONDITION_BADGES[c].text, word: CONDITION_BADGES[c].word }));

interface Ctx {
  readonly input: ScViewInput;
  readonly width: number;
  readonly labels: ReadonlyMap<string, string>;
  readonly troops: ReadonlyMap<string, ScViewTroop>;
}

const at = (c: Ctx, i: number) => ({ col: i % c.width, row: Math.floor(i / c.width) });
const name = (c: Ctx, player: string) => c.input.names?.[player] ?? player;
const label = (c: Ctx, id: string) => c.labels.get(id) ?? id;
const spanOfTroop = (c: Ctx, id: string) => {
  const t = c.troops.get(id);
  const card = t ? c.input.cards[t.troop] : undefined;
  return card ? SPAN[card.size] : 1;
};

function condition(t: ScViewTroop, wounds: number): string[] {
  if (t.removed) return ['removed'];
  if (t.at === null) return ['not deployed yet'];
  const taken = wounds === 1 ? `${t.taken} of 1 wound taken` : `${t.taken} of ${wounds} wounds taken`;
  return [
    taken,
    ...(isHurt(t.taken, wounds) ? ['Hurt'] : []),
    ...altitudeWords(t),
    ...heldWords(t),
    ...(t.halfMove ? ['half Move this turn'] : []),
    ...(t.unloaded ? ['weapon to reload'] : []),
  ];
}

function unitOf(c: Ctx, t: ScViewTroop): TableUnit {
  const card = c.input.cards[t.troop];
  if (!card) throw new Error(`troop ${t.id} has no card ${t.troop}`);
  const on = !t.removed && t.at !== null;
  return {
    id: t.id,
    label: label(c, t.id),
    name: card.name,
    seat: Math.max(0, c.input.players.indexOf(t.player)),
    at: on ? at(c, t.at!) : null,
    span: SPAN[card.size],
    pips: { filled: Math.min(t.taken, card.wounds), total: card.wounds },
    badges: on ? [...(isHurt(t.taken, card.wounds) ? [HURT_BADGE] : []), ...heldBadges(t), ...(t.unloaded ? [RELOAD_BADGE] : [])] : [],
    ...(on && t.altitude !== undefined && t.altitude !== 'landed'
      ? { marker: { text: ALTITUDE_MARKERS[t.altitude].text, word: ALTITUDE_MARKERS[t.altitude].word }, aloft: true }
      : {}),
    condition: condition(t, card.wounds),
    removed: t.removed,
    active: on && c.input.active === t.id,
  };
}

type Strike = Extract<ScHappening, { kind: 'strike' }>;

const strikeKey = (h: Strike): string => `${h.attacker} ${h.target} ${h.from} ${h.to} ${h.opportunity ? 'o' : h.trample ? 't' : h.shot ? 's' : 'm'}`;

/**
 * The strikes of one attacker on one target from the same squares, of the same kind, as one entry at
 * the first's place: a troop with several attacks a turn would otherwise lay a line and a tag per
 * strike over the same two squares, and a melee step of forty strikes listed them one a line under
 * the board.
 */
function strikesTogether(happenings: readonly ScHappening[]): (ScHappening | Strike[])[] {
  const out: (ScHappening | Strike[])[] = [];
  const groups = new Map<string, Strike[]>();
  for (const h of happenings) {
    if (h.kind !== 'strike') {
      out.push(h);
      continue;
    }
    const key = strikeKey(h);
    const group = groups.get(key);
    if (group) group.push(h);
    else {
      const fresh = [h];
      groups.set(key, fresh);
      out.push(fresh);
    }
  }
  return out;
}

const woundsWord = (n: number) => `${n} ${n === 1 ? 'wound' : 'wounds'}`;

/** One attacker's strikes on one target (strikesTogether): one line, one tag with each result in order. */
function strikesOverlay(c: Ctx, strikes: readonly Strike[]): TableOverlay {
  const h = strikes[0]!;
  const [a, t] = [label(c, h.attacker), label(c, h.target)];
  // Read as Sellsword's labels are, a sentence after the target's name: "HS2: MISSED by RSK", "FO: HIT by
  // BR's trample, 1 wound", "HCA: HIT, MISSED by RSW, 1 wound". "HS2: RSK's MISS", the striker's name
  // between the target's and the result, was read as the target missing (issue 26).
  const by = h.opportunity ? `${a}'s opportunity attack` : h.trample ? `${a}'s trample` : a;
  const [hits, misses] = [strikes.filter((k) => k.hit).length, strikes.filter((k) => !k.hit).length];
  const results = [hits > 0 ? `HIT${hits > 1 ? ` ×${hits}` : ''}` : null, misses > 0 ? `MISSED${misses > 1 ? ` ×${misses}` : ''}` : null].filter(Boolean);
  const dealt = strikes.reduce((n, k) => n + (k.hit ? k.wounds : 0), 0);
  const tag = `${t}: ${results.join(', ')} by ${by}${hits > 0 ? `, ${woundsWord(dealt)}` : ''}`;
  const result = strikes.map((k) => (k.hit ? `hit, ${woundsWord(k.wounds)}` : 'missed')).join('; ');
  const what = h.opportunity ? `${a} made an opportunity attack on ${t}` : h.shot ? `${a} shot at ${t}` : h.trample ? `${a} trampled ${t}` : `${a} struck ${t}`;
  const times = strikes.length === 1 ? '' : strikes.length === 2 ? ' twice' : ` ${strikes.length} times`;
  return {
    kind: 'attack',
    from: { at: at(c, h.from), span: spanOfTroop(c, h.attacker) },
    to: { at: at(c, h.to), span: spanOfTroop(c, h.target) },
    tag,
    hit: strikes.some((k) => k.hit),
    listText: tag,
    words: `${what}${times}: ${result}.`,
  };
}

function overlayOf(c: Ctx, h: ScHappening): TableOverlay | null {
  switch (h.kind) {
    case 'moved': {
      if (h.path.length < 2) return null;
      const words = `${label(c, h.troop)} ${HOW_WORDS[h.how]} from ${squareName(at(c, h.path[0]!))} to ${squareName(at(c, h.path[h.path.length - 1]!))}.`;
      return { kind: 'path', unit: h.troop, squares: h.path.map((i) => at(c, i)), style: HOW_STYLE[h.how], words };
    }
    case 'strike':
      return strikesOverlay(c, [h]);
    case 'area': {
      const squares = h.squares.map((i) => at(c, i));
      const drift = h.deviated > 0 ? `, ${h.deviated} square${h.deviated === 1 ? '' : 's'} off its aim` : '';
      const what = h.shape ? h.shape.toLowerCase() : 'area attack';
      const list = squares.map(squareName).join(', ');
      if (h.shape === 'Direct Line') return { kind: 'template', squares, words: `${label(c, h.attacker)}'s missed shot flew on over ${list}.` };
      return { kind: 'template', squares, words: `${label(c, h.attacker)}'s ${what} covered ${list}${drift}.` };
    }
    case 'removed':
      return {
        kind: 'removed',
        unit: label(c, h.troop),
        where: { at: at(c, h.at), span: spanOfTroop(c, h.troop) },
        words: `${label(c, h.troop)} was removed.`,
      };
  }
}

/** Each water square's depth, drawn in its corner; nothing when the map has no water. */
export function marksOf(map: Pick<ScMap, 'grid'>): { marks?: (string | null)[] } {
  const depths = depthOf(map);
  return depths.some((d) => d > 0) ? { marks: depths.map((d) => (d > 0 ? String(d) : null)) } : {};
}

/** The key's lines for the map's own terrain: one for each kind it has (clear ground needs none), one for water of any depth. */
export function terrainLegend(map: Pick<ScMap, 'grid'>): TableLegendEntry[] {
  const terrains = new Set(terrainOf(map));
  const entries: TableLegendEntry[] = [];
  for (const key of Object.keys(SC_LEGEND)) {
    const { terrain, words } = SC_LEGEND[key]!;
    if (terrain === 'clear' || terrain === 'water' || !terrains.has(terrain)) continue;
    entries.push({ kind: 'look', look: LOOK[terrain], words });
  }
  if (terrains.has('water')) entries.push({ kind: 'look', look: 'water', words: WATER_WORDS });
  return entries;
}

function legendOf(c: Ctx, units: readonly TableUnit[], overlays: readonly TableOverlay[]): TableLegendEntry[] {
  const entries = terrainLegend(c.input.map);
  for (const a of areasOf(c)) entries.push({ kind: 'area', seat: a.seat, words: a.words });
  entries.push({ kind: 'pips', words: 'wounds taken (filled) of Wounds' });
  if (units.some((u) => u.badges.includes(HURT_BADGE)))
    entries.push({ kind: 'badge', text: HURT_BADGE.text, words: 'Hurt: half its Wounds or more taken, -1 to hit' });
  for (const c of Object.values(CONDITION_BADGES))
    if (units.some((u) => u.badges.some((b) => b.text === c.text && b.word === c.word))) entries.push({ kind: 'badge', text: c.text, words: c.key });
  if (units.some((u) => u.badges.includes(RELOAD_BADGE)))
    entries.push({ kind: 'badge', text: RELOAD_BADGE.text, words: 'its weapon has fired and must be reloaded' });
  for (const m of Object.values(ALTITUDE_MARKERS))
    if (units.some((u) => u.marker?.text === m.text)) entries.push({ kind: 'badge', text: m.text, words: `${m.key} (top-left corner, drawn smaller)` });
  for (const how of ['move', 'run', 'slide', 'charge'] as const) {
    if (overlays.some((o) => o.kind === 'path' && o.style === HOW_STYLE[how])) entries.push({ kind: 'path', style: HOW_STYLE[how], words: LEGEND_WORDS[how] });
  }
  if (overlays.some((o) => o.kind === 'attack')) {
    const shots = (c.input.happenings ?? []).some((h) => h.kind === 'strike' && h.shot);
    // The tags name the troop struck and the striker ("HS1: HIT by RM, 2 wounds"); the swatch shows the result alone.
    const what = shots ? 'a strike or a shot' : 'a strike';
    entries.push({ kind: 'attack', words: `${what}, tagged with the troop struck and whose it was: wounds dealt, or a miss` });
  }
  if (overlays.some((o) => o.kind === 'template')) {
    const areas = (c.input.happenings ?? []).filter((h) => h.kind === 'area');
    const [shaped, plain] = [areas.some((h) => h.shape), areas.some((h) => !h.shape)];
    const words = !shaped
      ? 'squares an Area attack covered'
      : plain
        ? 'squares an Area attack or a template covered'
        : 'squares a cone, fan, line, aura or sweep covered';
    entries.push({ kind: 'template', words });
  }
  if (overlays.some((o) => o.kind === 'removed')) entries.push({ kind: 'removed', words: 'removed from play' });
  return entries;
}

function areasOf(c: Ctx): TableArea[] {
  return (c.input.zones ?? []).map((z) => {
    const seat = Math.max(0, c.input.players.indexOf(z.player));
    return { squares: z.squares, seat, tag: `Z${seat + 1}`, words: `Z${seat + 1}: ${name(c, z.player)}'s deployment zone` };
  });
}

function headerOf(c: Ctx): { title: string; lines: string[]; marks?: string } {
  const { input } = c;
  const s = input.stage;
  const title = `${input.map.name}, ${input.round > 0 ? `round ${input.round}` : 'setting up'}`;
  const line =
    s.kind === 'deployment'
      ? `${name(c, s.player)} deploys`
      : s.kind === 'turn'
        ? `${name(c, s.player)}'s turn: ${s.step} step`
        : s.kind === 'between'
          ? input.lastTurnBy === undefined
            ? 'Between turns'
            : `${name(c, input.lastTurnBy)}'s turn is over`
          : s.winner === null
            ? 'Over: a draw'
            : `Over: ${name(c, s.winner)} won ${s.reason === 'round-limit' ? 'on points at the round limit' : `by ${s.reason}`}`;
  const marks = input.lastTurnBy !== undefined && (input.happenings ?? []).length > 0 ? `${name(c, input.lastTurnBy)}'s last turn` : null;
  return { title, lines: [line, ...(marks ? [`Marked on the map: ${marks}`] : [])], ...(marks ? { marks } : {}) };
}

/** The turn picture's view. */
export function scTableView(input: ScViewInput): TableView {
  const width = input.map.grid[0]!.length;
  const labels = labelUnits(
    input.troops.map((t) => ({ id: t.id, card: t.troop })),
    (troop) => input.cards[troop]?.name ?? troop,
    // Sample armies hold cards that share their first word (Human Captain, Human Crossbowman).
    { thirdForm: true },
  );
  const c: Ctx = { input, width, labels, troops: new Map(input.troops.map((t) => [t.id, t])) };
  const units = input.troops.filter((t) => !t.held).map((t) => unitOf(c, t));
  const overlays = strikesTogether(input.happenings ?? []).flatMap((h) => (Array.isArray(h) ? strikesOverlay(c, h) : (overlayOf(c, h) ?? [])));
  const players = input.players.map((p, seat) => {
    const mine = units.filter((u) => u.seat === seat);
    const role = input.attacker === null ? '' : p === input.attacker ? ' (attacker)' : ' (defender)';
    const on = mine.filter((u) => u.at !== null).length;
    return { seat, name: name(c, p), words: `${input.armies[p] ?? 'army'}${role}, ${on} of ${mine.length} troops on the table` };
  });
  return {
    ...headerOf(c),
    board: {
      name: input.map.name,
      width,
      height: input.map.grid.length,
      looks: terrainOf(input.map).map((t) => LOOK[t]),
      ...marksOf(input.map),
      areas: areasOf(c),
    },
    players,
    units,
    overlays,
    legend: legendOf(c, units, overlays),
  };
}
