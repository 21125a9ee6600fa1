/**
 * A reserve force in players' words (SC Set-up 6, 7): "the second reserve (Crossbow line): 6 Human
 * Crossbowman, 96 points", read from the setup, where each army's troops are frozen; and the log
 * words of deployment and the reserve choice, the attackers' sealed until told (ruling SC111).
 */
import type { PlayerId, ReserveNumber, ScEvent, ScReservePrompt, ScSetup, ScState } from '../match/types';

const ORDINAL: Readonly<Record<ReserveNumber, string>> = { 1: 'first', 2: 'second' };

/** "first reserve", or with the name its player gave it, "first reserve (Crossbow line)". */
export function reserveName(setup: ScSetup, player: PlayerId, n: ReserveNumber): string {
  const given = setup.reserves?.[player]?.[n - 1];
  return `${ORDINAL[n]} reserve${given ? ` (${given})` : ''}`;
}

/** Its troops by card, in the army's order, and its points: "6 Human Crossbowman, 1 Human Captain: 126 points". */
export function reserveTroops(setup: ScSetup, player: PlayerId, n: ReserveNumber): string {
  const counts = new Map<string, number>();
  let points = 0;
  for (const t of setup.troops) {
    if (t.player !== player || t.reserve !== n) continue;
    counts.set(t.troop, (counts.get(t.troop) ?? 0) + 1);
    points += setup.cards[t.troop]?.points ?? 0;
  }
  const troops = [...counts].map(([card, count]) => `${count} ${setup.cards[card]?.name ?? card}`).join(', ');
  return `${troops}: ${points} points`;
}

/** A group's deployment begun, or a reserve chosen, read against the state before it. */
export function deploymentLines(
  setup: ScSetup,
  s: ScState,
  e: Extract<ScEvent, { type: 'deployment-began' | 'reserve-chosen' }>,
  name: (player: PlayerId) => string,
): string[] {
  if (e.type === 'reserve-chosen') {
    // Sealed (ruling SC111): the thread learns that the attackers chose, not what.
    if (s.prompt?.kind === 'reserve' && s.prompt.sealed)
      return [`🤫 ${name(e.player)} has chosen a reserve force; it is told when they place it, after the other side's.`];
    return [`${name(e.player)} brings the ${reserveName(setup, e.player, e.reserve)}.`];
  }
  const roll = `🎲 ${name(e.player)} rolls ${e.dice[0]?.v ?? '?'} + 3`;
  const how = `within **${e.depth} squares** of the ${s.edges[e.player]} edge (\`/order deploy\` each troop, then \`/order done\`)`;
  if (!e.reserve) return [`${roll}: deploys ${how}.`];
  // The attackers' sealed choice is told here, as their reserve is placed.
  const told = e.player === s.attacker ? [`🔓 ${name(e.player)}'s sealed choice: the ${reserveName(setup, e.player, e.reserve)} takes the field.`] : [];
  return [...told, `${roll}: places the ${reserveName(setup, e.player, e.reserve)}, ${reserveTroops(setup, e.player, e.reserve)}, ${how}.`];
}

/** The reserve prompt opened: the attackers' choice said to be sealed. */
export const reserveAskedLines = (p: ScReservePrompt, name: (player: PlayerId) => string): string[] => [
  p.sealed
    ? `⏸ Both core forces are placed: ${name(p.player)} chooses a reserve force, sealed until the other side has placed theirs.`
    : `⏸ ${name(p.player)} chooses a reserve force and places it.`,
];
