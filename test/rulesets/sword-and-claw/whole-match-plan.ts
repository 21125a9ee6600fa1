/**
 * How the whole-match tests (test/e2e/sword-and-claw-whole.test.ts, the sandbox's
 * test/sandbox/sword-and-claw-whole.test.ts) play both seats: a pure choice from the setup and the
 * state, so the same seed gives the same match through Discord, in the sandbox and in
 * whole-match-seed.ts, which searched the seed. Each step is an order as a player types it
 * (`/order …` with its options) or a prompt's button, with the command it stands for.
 *
 * The choice is the practice opponent's (ai/choose.ts) but for what a player does and the bot does
 * not: troops are placed one by one where the practice opponent would place them all at once, a
 * landed flyer first rises to Hover with `/order fly` (SC Flight), and a move names only the square
 * it ends on, as `/order move to:` does (the pathfinder picks the path, as it does for players), and a
 * trample names its first target, as `/order trample` does.
 */
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { leftToPlace } from '../../../src/rulesets/sword-and-claw/match/deploy';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { cardOf, hasFlight } from '../../../src/rulesets/sword-and-claw/match/tables';
import type { PlayerId, ScCommand, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { labelOf, squareWords } from '../../../src/rulesets/sword-and-claw/table/names';
import { parseOrder } from '../../../src/rulesets/sword-and-claw/table/orders';

export type PlanStep =
  | { readonly kind: 'order'; readonly player: PlayerId; readonly order: string; readonly options: Record<string, string>; readonly command: ScCommand }
  | { readonly kind: 'answer'; readonly player: PlayerId; readonly arg: string; readonly command: ScCommand };

const same = (a: ScCommand, b: ScCommand) => JSON.stringify(a) === JSON.stringify(b);

/** The next troop placed where the practice opponent's "place the rest" would put it; `/order done` once all are placed. */
function deployStep(setup: ScSetup, s: ScState): ScCommand {
  const player = s.deploying!.player;
  const next = leftToPlace(s, player)[0];
  if (!next) return { type: 'deploy-done' };
  const rest = decideSc(setup, s, { type: 'deploy-rest' }, player);
  const at = rest.ok ? rest.state.troops[next.id]?.at : null;
  const wanted: ScCommand | null = at === null || at === undefined ? null : { type: 'deploy', troop: next.id, at };
  const legal = legalCommands(setup, s);
  if (wanted && legal.some((c) => same(c, wanted))) return wanted;
  return legal.find((c) => c.type === 'deploy' && c.troop === next.id)!;
}

/** A landed flyer that may still move this turn rises to Hover where it stands (SC Flight "Changing Altitude"). */
function rise(setup: ScSetup, s: ScState): ScCommand | null {
  if (s.turn?.step !== 'movement') return null;
  const legal = legalCommands(setup, s);
  for (const t of Object.values(s.troops)) {
    if (t.player !== s.turn.player || t.at === null || t.removed || s.turn.used.includes(t.id)) continue;
    if (!hasFlight(cardOf(setup, t)) || (t.altitude ?? 'landed') !== 'landed') continue;
    const up = legal.find((c) => c.type === 'move' && c.troop === t.id && c.altitude === 'hover' && c.to === undefined);
    if (up) return up;
  }
  return null;
}

/** The order a command is typed as: its subcommand and options, troops by label, squares by name. */
function typed(setup: ScSetup, c: ScCommand): { order: string; options: Record<string, string> } {
  const label = (id: string) => labelOf(setup, id);
  switch (c.type) {
    case 'deploy':
      return { order: 'deploy', options: { troop: label(c.troop), square: squareWords(setup, c.at), ...(c.altitude ? { altitude: c.altitude } : {}) } };
    case 'deploy-done':
      return { order: 'done', options: {} };
    case 'move':
      if (c.trample?.[0]) return { order: 'trample', options: { troop: label(c.troop), target: label(c.trample[0].target), attack: c.trample[0].attack } };
      if (c.to === undefined) return { order: 'fly', options: { troop: label(c.troop), altitude: c.altitude! } };
      return { order: c.how, options: { troop: label(c.troop), to: squareWords(setup, c.to), ...(c.altitude ? { altitude: c.altitude } : {}) } };
    case 'charge':
      return {
        order: 'charge',
        options: { troop: label(c.troop), target: label(c.target), ...(c.via !== undefined ? { via: squareWords(setup, c.via) } : {}) },
      };
    case 'aim':
    case 'reload':
    case 'ready':
      return { order: c.type, options: { troop: label(c.troop) } };
    case 'shoot':
      return { order: 'shoot', options: { troop: label(c.troop), attack: c.attack, target: label(c.target) } };
    case 'attack': {
      const sweep = c.sweep ? { turn: c.sweep.turn, ...(c.sweep.squares !== undefined ? { squares: String(c.sweep.squares) } : {}) } : {};
      return { order: 'attack', options: { troop: label(c.troop), attack: c.attack, target: label(c.target), ...sweep } };
    }
    case 'next':
      return { order: 'next', options: {} };
    case 'end-turn':
      return { order: 'end', options: {} };
    default:
      throw new Error(`the plan gave a command no order types: ${JSON.stringify(c)}`);
  }
}

/** A prompt's answer as the argument of its button (table/prompt.ts). */
function buttonArg(c: ScCommand): string {
  if (c.type === 'opportunity') return c.attack ?? 'none';
  if (c.type === 'readied') return c.attack === null ? 'none' : `${c.attack}>${c.target}`;
  if (c.type === 'reserve') return String(c.reserve);
  throw new Error(`not a prompt's answer: ${JSON.stringify(c)}`);
}

/** What the match waits for next, and who gives it; null when it waits for nobody (over). */
export function planStep(setup: ScSetup, s: ScState): PlanStep | null {
  if (s.end) return null;
  if (s.prompt) {
    const command = chooseScCommand(setup, s, s.prompt.player)!;
    return { kind: 'answer', player: s.prompt.player, arg: buttonArg(command), command };
  }
  const player = s.deploying?.player ?? s.turn?.player;
  if (player === undefined) return null;
  let command = s.deploying ? deployStep(setup, s) : (rise(setup, s) ?? chooseScCommand(setup, s, player)!);
  // A trample as `/order trample` gives it: its first target, the path straight through it the table's.
  if (command.type === 'move' && command.trample?.[0]) {
    const order = typed(setup, command);
    const parsed = parseOrder(setup, s, order.order, order.options);
    if (!parsed.ok) throw new Error(`the trample ${JSON.stringify(command)} is refused as typed: ${parsed.error.message}`);
    return { kind: 'order', player, ...order, command: parsed.command };
  }
  // The move as `/order move to:` gives it: the square it ends on, its path the pathfinder's.
  if (command.type === 'move' && command.path) {
    const { path, ...rest } = command;
    command = { ...rest, to: path.at(-1)! };
  }
  return { kind: 'order', player, ...typed(setup, command), command };
}
