/**
 * The `/order` hint the thread shows when a turn or a step opens (docs/rulesets.md §1 `TableRules.next`):
 * which orders fit now and for how many troops, read from the commands the match takes as it stands
 * (match/options.ts legalCommands), so the hint never names an order the rules would refuse, and what
 * `/order next` does from here (the ranged step is passed when nobody can shoot: match/decide.ts).
 */
import { followingStep } from '../match/decide';
import { legalCommands } from '../match/options';
import { onTable, pieceOf, tableOf } from '../match/tables';
import type { ScCommand, ScEvent, ScSetup, ScState } from '../match/types';
import { areAdjacent } from '../rules/opportunity';

/** The orders a hint names, step by step, in the order it names them. */
const HINTED = {
  movement: ['move', 'run', 'charge', 'trample', 'slide', 'aim', 'reload'],
  ranged: ['shoot', 'reload', 'ready'],
  melee: ['attack', 'ready'],
} as const;

/** The `/order` a command is given with. */
const orderOf = (c: ScCommand): string | null => (c.type === 'move' ? (c.trample ? 'trample' : c.how) : 'troop' in c ? c.type : null);

const troops = (n: number) => (n === 1 ? '1 troop' : `${n} troops`);

/** What `/order next` does now: the step it opens (the ranged step is passed when nobody can shoot), or the turn's end. */
function nextWords(setup: ScSetup, s: ScState): string {
  const step = s.turn!.step;
  const after = followingStep(setup, s, step);
  const resolves = step === 'ranged' ? 'resolves the shots declared and ' : step === 'melee' ? 'resolves the strikes declared and ' : '';
  if (after === null) return `\`/order next\` ${resolves}ends your turn`;
  const passed = step === 'movement' && after === 'melee' ? ' (none of your troops could shoot)' : '';
  return `\`/order next\` ${resolves ? `${resolves}goes` : 'to go'} on to ${after}${passed}`;
}

/**
 * The hint for the side whose turn it is: "Next: `/order move` or `/order run` for 3 troops; `/order
 * next` to go on to ranged." Orders that fit the same troops are named together; a Slide is
 * named only for troops next to an enemy, the ones it is for (it leaves without opportunity attacks).
 */
export function orderHint(setup: ScSetup, s: ScState): string {
  const step = s.turn!.step;
  const table = tableOf(setup, s);
  const enemies = onTable(s)
    .filter((t) => t.player !== s.turn!.player)
    .map((t) => pieceOf(setup, t));
  const engaged = (id: string) => enemies.some((e) => areAdjacent(table, pieceOf(setup, s.troops[id]!), e));
  const by = new Map<string, Set<string>>();
  for (const c of legalCommands(setup, s)) {
    const order = orderOf(c);
    if (order === null || !('troop' in c) || (order === 'slide' && !engaged(c.troop))) continue;
    by.set(order, (by.get(order) ?? new Set()).add(c.troop));
  }
  const counted = (HINTED[step] as readonly string[]).flatMap((o) => (by.has(o) ? [{ order: o, ids: [...by.get(o)!].sort().join() }] : []));
  const parts: string[] = [];
  for (let i = 0; i < counted.length; ) {
    let j = i;
    while (j + 1 < counted.length && counted[j + 1]!.ids === counted[i]!.ids) j++;
    const orders = counted.slice(i, j + 1).map((x) => `\`/order ${x.order}\``);
    const named = orders.length === 1 ? orders[0]! : `${orders.slice(0, -1).join(', ')} or ${orders[orders.length - 1]}`;
    parts.push(`${named} for ${troops(by.get(counted[i]!.order)!.size)}`);
    i = j + 1;
  }
  const next = nextWords(setup, s);
  return `Next: ${parts.length > 0 ? `${parts.join(', ')}; ${next}` : next}.`;
}

/** The hint after a change that opened a turn or a step, while the match waits on that turn; else null. */
export function scNext(setup: ScSetup, s: ScState, events: readonly ScEvent[]): string | null {
  if (s.end || s.prompt || s.deploying || !s.turn) return null;
  if (!events.some((e) => e.type === 'turn-began' || e.type === 'step-began')) return null;
  return orderHint(setup, s);
}
