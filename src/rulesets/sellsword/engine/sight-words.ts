/**
 * Why a unit cannot see another, in words, for the refusal a player reads ("the wall between E5 and
 * E6 blocks every line"). The engine's one sight routine (engine/sight.ts sightBlockers) says what
 * stops each of its sample lines first; this only names those things so the player can find them on
 * the map. A line shut at a corner counts as stopped by everything closing that corner. It runs only
 * when an attack is refused, never on a hot path.
 */
import { hasTerrain, nameOf, T } from '../../../engine/board';
import type { Blocker } from '../../../engine/sight';
import type { GameState, UnitState } from './state';
import { label, tableOf, unitOf } from './table';

/** At most this many things are named; more are "and others". */
const NAMED = 3;

interface Thing {
  /** Things of one group are named together: "the walls at C4 and C5", "the walls between C4 and D4 and between C5 and D5", "the larger units GH at J11 and GH2 at K10". */
  readonly group: 'square' | 'edge' | 'unit' | null;
  /** Where, within the group's words ("C4"; "C4 and D4"); the whole noun for a thing named alone. */
  readonly words: string;
  /** Board order, so grouped places read in order. */
  readonly order: number;
}

/** One blocker as a player-facing thing, keyed so a unit over several squares is one thing. */
function thingOf(state: GameState, b: Blocker): [string, Thing] {
  const { board, occupant } = tableOf(state);
  if ('edge' in b) {
    const [a, c] = b.edge;
    return [`e${a}/${c}`, { group: 'edge', words: `${nameOf(board, a)} and ${nameOf(board, c)}`, order: a }];
  }
  const at = nameOf(board, b.square);
  const who = occupant[b.square];
  const order = b.square;
  if (hasTerrain(board, b.square, T.wall)) return [`s${b.square}`, { group: 'square', words: at, order }];
  if (who === null || who === undefined) return [`s${b.square}`, { group: null, words: `the closed sliding wall at ${at}`, order }];
  return [`u${who}`, { group: 'unit', words: `${label(state, unitOf(state, who))} at ${at}`, order }];
}

/** The chosen things as noun phrases, walls grouped: ["the walls at C3 and C4", "the wall between D4 and E4"]. */
function nounsOf(things: readonly Thing[]): string[] {
  const squares = things.filter((t) => t.group === 'square').sort((a, b) => a.order - b.order);
  const edges = things.filter((t) => t.group === 'edge').sort((a, b) => a.order - b.order);
  const nouns: string[] = [];
  if (squares.length > 0) nouns.push(`${squares.length > 1 ? 'the walls' : 'the wall'} at ${listed(squares.map((t) => t.words))}`);
  if (edges.length === 1) nouns.push(`the wall between ${edges[0]!.words}`);
  if (edges.length > 1) nouns.push(`the walls ${listed(edges.map((t) => `between ${t.words}`))}`);
  const units = things.filter((t) => t.group === 'unit').sort((a, b) => a.order - b.order);
  // Only a unit larger than the target blocks a line to it (R17).
  if (units.length > 0) nouns.push(`${units.length > 1 ? 'the larger units' : 'the larger unit'} ${listed(units.map((t) => t.words))}`);
  return [...nouns, ...things.filter((t) => t.group === null).map((t) => t.words)];
}

/** "A", "A and B", "A, B and C". */
function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** What blocks every sampled line, in words ("the walls at C4 and C5 block every line"), or null when nothing can be named. */
export function blockedWords(state: GameState, lines: readonly (readonly Blocker[])[]): string | null {
  const things = new Map<string, Thing>();
  const count = new Map<string, number>();
  const keyed = lines.map((line) =>
    line.map((b) => {
      const [key, thing] = thingOf(state, b);
      if (!things.has(key)) things.set(key, thing);
      return key;
    }),
  );
  for (const keys of keyed) for (const key of new Set(keys)) count.set(key, (count.get(key) ?? 0) + 1);
  if (count.size === 0) return null;
  // The things stopping most lines first, until every line's blockers are named.
  const order = [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)!);
  const chosen: string[] = [];
  for (const key of order) {
    if (keyed.every((keys) => keys.every((k) => chosen.includes(k)))) break;
    chosen.push(key);
  }
  const named = chosen.slice(0, NAMED).map((k) => things.get(k)!);
  const nouns = nounsOf(named);
  if (chosen.length > NAMED) nouns.push('others');
  const one = chosen.length === 1;
  const subject = listed(nouns);
  return `${subject} ${one ? 'blocks' : 'block'} every line`;
}

/**
 * The refusal's sentence: "Knight (kn) cannot see Ghoul (gh1): the wall at E5 blocks every line".
 * `lines`: what stops each sight line (targeting.ts blockedLines), null when that is unknown.
 */
export function cannotSee(state: GameState, looker: UnitState, target: UnitState, lines: readonly (readonly Blocker[])[] | null): string {
  const why = lines ? blockedWords(state, lines) : null;
  return `${label(state, looker)} cannot see ${label(state, target)}${why ? `: ${why}` : ''}`;
}
