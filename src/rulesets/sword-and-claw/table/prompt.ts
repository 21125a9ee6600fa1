/**
 * The prompts at the table: the opportunity attack prompt (SC Opportunity Attacks), where the inactive
 * player reads who leaves whose reach and the odds of each melee attack, and the Readied prompt (SC
 * Readied Actions; ruling SC55), where they choose a Readied troop's attack and target. Either is
 * answered with a button; "no attack" is the default a missed deadline takes (match/waits.ts). A
 * Readied answer is sealed: the thread is told only that it was given. The reserve prompt (SC Set-up
 * 7; ruling SC111) asks a side which reserve force takes the field, a button each; the attackers'
 * answer is sealed until their reserve is placed, after the defenders'.
 */
import type { RuleError } from '../../../engine/errors';
import type { TroopAttack } from '../formats/troop-card';
import type { PromptPost } from '../../ruleset';
import type { PlayerId, ReadiedKind, ReserveNumber, ScDeclared, ScReadiedPrompt, ScReservePrompt } from '../match/types';
import { findAttack } from '../rules/melee';
import { strikeAim } from '../match/melee-options';
import { aimShot } from '../rules/ranged';
import { shotTroops } from '../match/ranged';
import { readiedOptions } from '../match/readied';
import { odds, woundChance } from '../rules/chances';
import { hitWords } from './hit-words';
import { cardOf, struckCard } from '../match/tables';
import type { ScCommand, ScSetup, ScState } from '../match/types';
import { labelOf, troopWords } from './names';
import { reserveName, reserveTroops } from './reserves';

/** The argument of the "no attack" button. */
const NONE = 'none';
/** Between a Readied choice's attack id and target id in its button's argument (ids are kebab-case words). */
const SEP = '>';
/** A prompt shows at most this many attack buttons, with "No attack" after them. */
const MOST_BUTTONS = 20;

/** The to-hit bonus and the defence of one Readied choice: a shot as the ranged step rolls it (Readied), a strike as the melee step does. */
function readiedOdds(setup: ScSetup, s: ScState, d: ScDeclared, step: ReadiedKind): { bonus: number; defense: number; attack: TroopAttack } {
  const attacker = s.troops[d.attacker]!;
  const attack = findAttack(cardOf(setup, attacker), d.attack)!.attack;
  if (step === 'ranged') {
    const aim = aimShot({ ...shotTroops(setup, s), readied: new Set([d.attacker]) }, d, !(s.sealed ?? []).some((x) => x.attacker === d.attacker));
    return { bonus: aim.modifiers.reduce((n, m) => n + m.value, 0), defense: aim.defense, attack };
  }
  const aim = strikeAim(setup, s, { troop: d.attacker, attack: d.attack, target: d.target });
  return { bonus: aim.modifiers.reduce((n, m) => n + m.value, 0), defense: aim.defense, attack };
}

function readiedPost(setup: ScSetup, s: ScState, p: ScReadiedPrompt, name: (p: PlayerId) => string): PromptPost {
  const troop = s.troops[p.troop]!;
  const card = cardOf(setup, troop);
  const options = readiedOptions(setup, s, troop).slice(0, MOST_BUTTONS);
  const attackName = (id: string) => findAttack(card, id)?.attack.name ?? id;
  const lines = options.map((o) => {
    const { bonus, defense, attack } = readiedOdds(setup, s, o, p.step);
    const toWound = cardOf(setup, s.troops[o.target]!).toWound;
    return `• ${attackName(o.attack)} at ${troopWords(setup, o.target)}: ${odds(bonus, defense)}% to hit, then ${hitWords(attack, woundChance(attack.dmg.bonus, toWound))}.`;
  });
  const verb = p.step === 'ranged' ? 'shoot' : 'strike';
  const text = [
    `🎯 ${name(s.turn!.player)}'s ${p.step} step: your ${troopWords(setup, p.troop)} has an attack Readied. Whom does it ${verb}?`,
    ...lines,
    `-# Your choice is sealed: ${name(s.turn!.player)} sees it only when the step resolves. With no answer in time, it holds its attack.`,
  ].join('\n');
  return {
    player: p.player,
    kind: 'readied',
    text,
    buttons: [
      ...options.map((o) => ({
        label: `${attackName(o.attack)} → ${labelOf(setup, o.target)}`,
        arg: `${o.attack}${SEP}${o.target}`,
        style: 'danger' as const,
      })),
      { label: 'No attack', arg: NONE, style: 'secondary' as const },
    ],
  };
}

function reservePost(setup: ScSetup, s: ScState, p: ScReservePrompt, name: (p: PlayerId) => string): PromptPost {
  const other = s.players.find((x) => x !== p.player) ?? '';
  const both: ReserveNumber[] = [1, 2];
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const text = [
    '🪖 Both core forces are placed. Which of your reserve forces takes the field?',
    ...both.map((n) => `• ${capital(reserveName(setup, p.player, n))}: ${reserveTroops(setup, p.player, n)}.`),
    p.sealed
      ? `-# Your choice is sealed: ${name(other)} chooses and places their reserve without knowing it, and learns it as you place yours. With no answer in time, the first takes the field.`
      : `-# You place it at once, within 1d6 + 3 squares of your edge; then ${name(other)} places theirs. With no answer in time, the first takes the field.`,
  ].join('\n');
  return {
    player: p.player,
    kind: 'reserve',
    text,
    buttons: both.map((n) => ({ label: capital(reserveName(setup, p.player, n)), arg: String(n), style: 'primary' as const })),
  };
}

export function scPromptPost(setup: ScSetup, s: ScState, name: (p: PlayerId) => string): PromptPost | null {
  const p = s.prompt;
  if (!p) return null;
  if (p.kind === 'readied') return readiedPost(setup, s, p, name);
  if (p.kind === 'reserve') return reservePost(setup, s, p, name);
  const attacker = s.troops[p.attacker]!;
  const mover = s.troops[p.mover]!;
  const card = cardOf(setup, attacker);
  const moverCard = struckCard(setup, s, mover);
  const lines = p.attacks.map((id) => {
    const attack = card.attacks.flat().find((a) => a.id === id)!;
    const aim = strikeAim(setup, s, { troop: p.attacker, attack: id, target: p.mover });
    const bonus = aim.modifiers.reduce((sum, m) => sum + m.value, 0);
    const flanked = aim.modifiers.some((m) => m.why === 'flanked') ? ', flanked' : '';
    return `• ${attack.name}: ${odds(bonus, aim.defense)}% to hit (Melee Defense ${aim.defense}${flanked}), then ${hitWords(attack, woundChance(attack.dmg.bonus, moverCard.toWound))}.`;
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

export function scPromptAnswer(s: ScState, arg: string): { ok: true; command: ScCommand; sealed?: true } | { ok: false; error: RuleError } {
  if (!s.prompt) return { ok: false, error: { code: 'no-prompt', message: 'No opportunity attack is waiting for an answer.' } };
  if (s.prompt.kind === 'reserve') {
    if (arg !== '1' && arg !== '2') return { ok: false, error: { code: 'unknown-answer', message: 'That is not one of the reserve forces.' } };
    const command: ScCommand = { type: 'reserve', reserve: Number(arg) as ReserveNumber };
    return s.prompt.sealed ? { ok: true, command, sealed: true } : { ok: true, command };
  }
  if (s.prompt.kind === 'readied') {
    if (arg === NONE) return { ok: true, command: { type: 'readied', attack: null }, sealed: true };
    const [attack, target] = arg.split(SEP);
    if (!attack || !target) return { ok: false, error: { code: 'unknown-answer', message: 'That is not one of the Readied attack choices.' } };
    return { ok: true, command: { type: 'readied', attack, target }, sealed: true };
  }
  if (arg === NONE) return { ok: true, command: { type: 'opportunity', attack: null } };
  return { ok: true, command: { type: 'opportunity', attack: arg } };
}
