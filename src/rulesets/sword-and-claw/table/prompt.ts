/**
 * The opportunity attack prompt at the table (SC Opportunity Attacks): the inactive player reads who
 * leaves whose reach and the odds of each melee attack, and answers with a button; "no attack" is the
 * default a missed deadline takes (match/waits.ts).
 */
import type { RuleError } from '../../../engine/errors';
import type { PromptPost } from '../../ruleset';
import type { PlayerId } from '../match/types';
import { meleeModifiers } from '../rules/melee';
import { odds, woundChance } from '../rules/chances';
import { cardOf } from '../match/tables';
import type { ScCommand, ScSetup, ScState } from '../match/types';
import { troopWords } from './names';

/** The argument of the "no attack" button. */
const NONE = 'none';

export function scPromptPost(setup: ScSetup, s: ScState, _name: (p: PlayerId) => string): PromptPost | null {
  const p = s.prompt;
  if (!p) return null;
  const attacker = s.troops[p.attacker]!;
  const mover = s.troops[p.mover]!;
  const card = cardOf(setup, attacker);
  const moverCard = cardOf(setup, mover);
  const lines = p.attacks.map((id) => {
    const attack = card.attacks.flat().find((a) => a.id === id)!;
    const bonus = meleeModifiers(attack, attacker.hurt).reduce((sum, m) => sum + m.value, 0);
    return `• ${attack.name}: ${odds(bonus, moverCard.defense.melee)}% to hit (Melee Defense ${moverCard.defense.melee}), then ${woundChance(attack.dmg.bonus, moverCard.toWound)}% to wound.`;
  });
  const text = [
    `⚔️ ${troopWords(setup, p.mover)} is leaving the reach of your ${troopWords(setup, p.attacker)}. Does it make an opportunity attack?`,
    ...lines,
    '-# The attack lands at once; with no answer in time, there is none.',
  ].join('\n');
  return {
    player: p.player,
    kind: 'opportunity',
    text,
    buttons: [
      ...p.attacks.map((id) => ({ label: `Attack: ${card.attacks.flat().find((a) => a.id === id)?.name ?? id}`, arg: id, style: 'danger' as const })),
      { label: 'No attack', arg: NONE, style: 'secondary' as const },
    ],
  };
}

export function scPromptAnswer(s: ScState, arg: string): { ok: true; command: ScCommand } | { ok: false; error: RuleError } {
  if (!s.prompt) return { ok: false, error: { code: 'no-prompt', message: 'No opportunity attack is waiting for an answer.' } };
  if (arg === NONE) return { ok: true, command: { type: 'opportunity', attack: null } };
  return { ok: true, command: { type: 'opportunity', attack: arg } };
}
