/**
 * `npm run bench` (the second game's part; alone: `npm run bench:table-game`). Figures, not pass/fail,
 * for a game played through the ruleset boundary (Sword and Claw), reached only through the registry:
 * - self-play: its practice opponent against itself on the shipped 36×24 Long Marsh, twenty units a
 *   side (the sample skirmish host on both sides), BENCH_TABLE_GAMES games (default 20) from set-up to the end,
 *   in games per second on one core (target ≥ 50), with the commands a game took and how it ended;
 * - the practice opponent's decision time, p50 and p99 over every decision of those games (target
 *   p99 < 200 ms);
 * - the turn picture: the table after a turn with the turn marked on it, drawn and encoded, median and
 *   p99 over 30 renders of turns from those games (target median < 60 ms), and the close-up posted
 *   with it (no target of its own), with the bot's malloc settings. Between renders, untimed, the
 *   young generation is collected and the event loop let run, as a render worker does between jobs
 *   (bot/render-worker-main.ts): a picture's pixel read-back is freed only then (its finalizer runs
 *   on the event loop), and renders back to back with nothing between them would each read back
 *   into fresh memory the kernel maps and zeroes, which no render worker does.
 */
import { rulesetOf, type Ruleset } from '../rulesets';
import { renderTableFocus } from '../render/table-focus';
import { renderTable } from '../render/table-picture';
import { collectYoung } from '../bot/collect';
import { withBotMalloc } from './bot-malloc';

withBotMalloc();

const GAMES = Number(process.env.BENCH_TABLE_GAMES ?? 20);
/** A game still going after this many commands is stopped and counted as unfinished. */
const COMMAND_LIMIT = 20_000;
// Twenty units a side within the default 200 points: the skirmish host on both sides.
const ARMIES = { a: 'mire-skirmish-host', b: 'mire-skirmish-host' } as const;
const MAP = 'long-marsh';

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

function game(): Ruleset {
  const found = rulesetOf('sword-and-claw');
  if (!found.ok) throw new Error(found.error.message);
  return found.ruleset;
}

interface Played {
  readonly commands: number;
  readonly ended: string;
  readonly decisions: number[];
  /** Turns worth drawing: the state a turn ended in, the state it began from and its events. */
  readonly turns: { state: unknown; before: unknown; events: unknown[] }[];
}

/** One game of the practice opponent against itself, from the set-up to its end. */
function selfPlay(rules: Ruleset, seed: number): { setup: unknown; played: Played } {
  const { table, match, practice } = rules;
  if (!table || !practice) throw new Error(`${rules.name} has no table rules or practice opponent`);
  const made = table.setup({ seed, players: ['a', 'b'], armies: ARMIES, map: MAP });
  if (!made.ok) throw new Error(made.error.message);
  const begun = match.begin(made.setup);
  if (!begun.ok) throw new Error(begun.error.message);
  let state = begun.state;
  const decisions: number[] = [];
  const turns: Played['turns'] = [];
  let turn: { before: unknown; events: unknown[] } = { before: state, events: [] };
  let commands = 0;
  for (; commands < COMMAND_LIMIT && !match.end(state); commands++) {
    const wait = match.waits(state)[0];
    if (!wait) break;
    const t = performance.now();
    const command = practice.choose(made.setup, state, wait.player);
    decisions.push(performance.now() - t);
    if (command === null) throw new Error(`the practice opponent gave no command while the match waits on ${wait.player}`);
    const r = match.step(made.setup, state, command, wait.player, 0);
    if (!r.ok) throw new Error(`the practice opponent was refused ${JSON.stringify(command)}: ${r.error.message}`);
    for (const e of r.events) {
      if (match.startsTurn(e)) {
        if (turn.events.length > 0 && turns.length < 40) turns.push({ state, before: turn.before, events: turn.events });
        turn = { before: state, events: [] };
      }
      turn.events.push(e);
    }
    state = r.state;
  }
  const end = match.end(state);
  return { setup: made.setup, played: { commands, ended: end ? `won by ${end.winner ?? 'nobody'}` : 'unfinished', decisions, turns } };
}

const rules = game();
// Warm-up: the code paths, once.
selfPlay(rules, 1);

const decisions: number[] = [];
const commands: number[] = [];
const endings = new Map<string, number>();
const drawable: { setup: unknown; state: unknown; before: unknown; events: unknown[] }[] = [];
const start = performance.now();
for (let g = 0; g < GAMES; g++) {
  const { setup, played } = selfPlay(rules, 1000 + g);
  decisions.push(...played.decisions);
  commands.push(played.commands);
  endings.set(played.ended.startsWith('won') ? 'ended' : 'unfinished', (endings.get(played.ended.startsWith('won') ? 'ended' : 'unfinished') ?? 0) + 1);
  for (const t of played.turns.slice(-3)) drawable.push({ setup, ...t });
}
const seconds = (performance.now() - start) / 1000;
decisions.sort((a, b) => a - b);
commands.sort((a, b) => a - b);

console.log(`${rules.name} benchmark (one thread; through the ruleset registry)`);
console.log(`self-play on ${MAP} (36×24), 20 units a side (${ARMIES.a} against ${ARMIES.b}), ${GAMES} games:`);
console.log(
  `  ${(GAMES / seconds).toFixed(1)} games/s   target ≥ 50 games/s: ${GAMES / seconds >= 50 ? 'MET' : 'MISSED'}; commands a game: median ${quantile(commands, 0.5)}, max ${commands.at(-1)}; ${[...endings].map(([k, n]) => `${n} ${k}`).join(', ')}`,
);
const p99 = quantile(decisions, 0.99);
console.log(
  `  practice opponent decision time: p50 ${ms(quantile(decisions, 0.5))}, p99 ${ms(p99)}, max ${ms(decisions.at(-1)!)} over ${decisions.length} decisions   target p99 < 200 ms: ${p99 < 200 ? 'MET' : 'MISSED'}`,
);

const view = rules.view;
if (!view) throw new Error(`${rules.name} has no view`);
const renders: number[] = [];
const closeUps: number[] = [];
let bytes = 0;
const betweenJobs = async () => {
  collectYoung();
  await new Promise<void>((resolve) => setImmediate(resolve));
};
for (let i = 0; i < 30; i++) {
  const d = drawable[i % drawable.length]!;
  const t = performance.now();
  const table = view.table(d.setup, d.state, { lastTurn: d.events, before: d.before });
  const { png } = renderTable(table);
  renders.push(performance.now() - t);
  bytes = png.length;
  await betweenJobs();
  const c = performance.now();
  if (renderTableFocus(table)) closeUps.push(performance.now() - c);
  await betweenJobs();
}
renders.sort((a, b) => a - b);
closeUps.sort((a, b) => a - b);
const median = quantile(renders, 0.5);
console.log(
  `  the turn picture (table with the turn marked, drawn and encoded): median ${ms(median)}, p99 ${ms(quantile(renders, 0.99))}, ${(bytes / 1024).toFixed(0)} KB   target median < 60 ms: ${median < 60 ? 'MET' : 'MISSED'}`,
);
if (closeUps.length > 0)
  console.log(
    `  its close-up, posted with it (drawn and encoded): median ${ms(quantile(closeUps, 0.5))}, p99 ${ms(quantile(closeUps, 0.99))} over ${closeUps.length} turns`,
  );
