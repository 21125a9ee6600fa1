/**
 * The first step of a game played through its ruleset's table rules, once every player's army is in:
 * the game's setup from the armies the terms hold, seeded from the dice proof (or the fixed seed of
 * tests), and its first events. A challenge accepted (commands/skirmish/table-challenge.ts) and a
 * league's pairing opened (league/season-runner.ts) begin a match alike.
 */
import type { RuleError } from '../engine';
import type { MatchRow } from '../store';
import { seedFrom } from './dice-proof';
import type { Terms } from './record';
import type { Services } from './services';
import type { TableGame } from './table-game';

export type TableBegun =
  | { ok: true; events: unknown[]; snapshot: unknown; status: 'setup' | 'playing' | 'over'; setup: unknown; terms: Terms }
  | { ok: false; error: RuleError };

/** Which army each player brings, as the terms keep it (`army`: the game's id of the army). */
const armiesOf = (current: MatchRow, terms: Terms): Record<string, string> =>
  Object.fromEntries(current.players.map((p) => [p, (terms.accepted[p] as { army?: string } | undefined)?.army ?? '']));

/**
 * The map a match is played on: the one its terms name, else one of the league's pool (`allowedMaps`,
 * those of them the game ships or the server submitted: `submitted`'s ids) drawn from the match's
 * seed, which the dice commitment fixes before anyone knows it; else none (the game's first).
 */
export function tableMapOf(
  game: TableGame,
  terms: Pick<Terms, 'map' | 'allowedMaps'>,
  seed: number,
  submitted: Readonly<Record<string, unknown>> = {},
): string | undefined {
  if (terms.map) return terms.map;
  const ids = new Set([...game.table.maps().map((m) => m.id), ...Object.keys(submitted)]);
  const pool = (terms.allowedMaps ?? []).filter((id) => ids.has(id));
  return pool.length > 0 ? pool[Math.abs(Math.trunc(seed)) % pool.length] : undefined;
}

/**
 * The match's setup and first events with `terms` (every army in); saved by the caller's act.
 * `submitted`: the stored documents of the server's submitted maps the terms may name
 * (table-maps.ts `submittedMapDocuments`, read before the act); the one played on goes to the game's
 * setup, which keeps the map, so the match never reads the stored map again.
 */
export function beginTable(
  app: Pick<Services, 'fixedSeed' | 'mintSecret'>,
  game: TableGame,
  current: MatchRow,
  terms: Terms,
  submitted: Readonly<Record<string, unknown>> = {},
): TableBegun {
  const fixed = app.fixedSeed?.();
  const seed = fixed ?? (terms.dice ? seedFrom(terms.dice.secret, terms.dice.entropy) : seedFrom(app.mintSecret(), []));
  const map = tableMapOf(game, terms, seed, submitted);
  const document = map !== undefined && Object.hasOwn(submitted, map) ? submitted[map] : undefined;
  const made = game.table.setup({
    seed,
    players: current.players,
    armies: armiesOf(current, terms),
    ...(map ? { map } : {}),
    ...(document !== undefined ? { mapDocument: document } : {}),
    ...(terms.roundLimit ? { roundLimit: terms.roundLimit } : {}),
  });
  if (!made.ok) return made;
  const begun = game.rules.match.begin(made.setup);
  if (!begun.ok) return begun;
  return { ok: true, events: [...begun.events], snapshot: begun.state, status: game.rules.match.phase(begun.state), setup: made.setup, terms };
}
