/**
 * The facts a decision needs, from the engine's own queries: a reply prompt names the act it answers
 * and that act's odds, and each reply its own chance to hit and what it spends; a wounds prompt shows
 * what each way of taking them leads to (Vigor left, boxes marked, a drop, VP handed over now, the
 * Mortal roll's risk).
 */
import { statusWithMeaning } from '../render/status-meaning';
import { attackOdds, attackOutlook, burstOutlook, cannotReplyTo, otherRepliers, woundOutcomes, type NoReply, type SplitOutcome } from '../engine';
import type { WoundsPromptOptions } from '../engine';
import type { GameState, PlayerId, PromptOf, UnitState } from '../engine';
import { aurasOn, findAttack, flanked, profile, unitOf } from '../engine';
import { inMapLabels, unitName } from './map-labels';
import { boxesLeft, woundsTaken } from '../engine';
import type { Attack, InjuryBox } from '../formats/card';
import { boxName, boxTraitName, splitWords } from '../render/wound-words';
import type { PlainOption } from './prompt-plain';
import { unshown } from '../../../discord/text';
import { burstCaughtWords, chanceWhy, dropWords, glancingOf, NOT_GLANCING, oddsWords, statusWords, woundlessWords, woundWords, percent } from './odds-words';

/** Tokens and Vigor a reply spends: its react token, and whatever the attack itself costs. */
function replyCost(cost: { react?: number; blue?: number; red?: number; vigor?: number }): string {
  const parts = [`${1 + (cost.react ?? 0) === 1 ? 'react token' : `${1 + (cost.react ?? 0)} react tokens`}`];
  if (cost.blue) parts.push(`${cost.blue} blue`);
  if (cost.red) parts.push(`${cost.red} red`);
  if (cost.vigor) parts.push(`${cost.vigor} Vigor`);
  return parts.join(' + ');
}

/**
 * When a reply to an attack resolves: after the attack, or before it when the attack is slow; a replier
 * the attack drops loses its reply. A reply to a Basic Move comes before the step (said where it is asked).
 */
export function replyTiming(me: string, them: string, attack: string, slow: boolean, hitsMe: boolean): string {
  if (slow) return `${me} may reply to ${them}: ${attack} is slow, so the reply resolves **before** it.`;
  const lost = hitsMe ? `, if ${me} is still standing` : '';
  return `${me} may reply to ${them}: the reply resolves **after** ${attack}${lost}.`;
}

export interface ReplyFacts {
  readonly text: string;
  readonly buttons: readonly { readonly label: string; readonly arg: string }[];
}

/** What a reply answers and what each reply offers (R25, R26: a reply is a one-act attack paid with the react token). */
export function replyFacts(state: GameState, prompt: PromptOf<'reply'>): ReplyFacts {
  const o = prompt.options;
  const replier = unitOf(state, prompt.unit);
  const against = unitOf(state, o.against);
  const me = `**${unitName(state, replier)}**`;
  const them = `**${unitName(state, against)}**`;
  let incoming: string;
  const i = o.incoming;
  if (!i || 'move' in i) {
    incoming = `${them} is about to move on from a square next to ${me} (a Basic Move); ${me} may reply to ${them} before it moves on.`;
  } else if ('origin' in i) {
    const attack = findAttack(state, against, i.attack);
    const name = attack?.name ?? i.attack;
    const caught = burstChances(state, against.id, i.attack, i.origin, replier.id);
    incoming = `${them} declared **${name}**, a burst centred on ${i.origin}${caught.words}. ${replyTiming(me, them, name, attack?.slow === true, caught.hitsMe)}`;
  } else {
    const target = unitOf(state, i.target);
    const attack = findAttack(state, against, i.attack);
    const name = attack?.name ?? i.attack;
    // A declared charge has made its steps: its odds are from where the charger now stands.
    const odds = attackOutlook(state, against.id, i.attack, target.id, i.charge ? { charge: true, charged: true } : {});
    const aimed = target.id === replier.id ? me : `**${unitName(state, target)}**`;
    const wounds = 'chance' in odds ? woundWords(state, against.id, i.attack, target.id, odds.outcomes) : null;
    const statuses = statusWords(state, against.id, i.attack, target.id, 'chance' in odds ? odds.outcomes : null);
    const drops = 'chance' in odds ? dropWords(state, target.id, odds.outcomes) : null;
    const chances =
      'chance' in odds
        ? `: ${percent(odds.chance)} to hit${chanceWhy(state, against.id, i.attack, target.id, odds.line)}, ${percent(odds.criticalChance)} critical${wounds ? `; ${wounds}` : ''}${statuses ? `; ${statuses}` : ''}${drops ? `; ${drops}` : ''}`
        : '';
    incoming = `${them} declared **${name}** against ${aimed}${chances}. ${replyTiming(me, them, name, attack?.slow === true, target.id === replier.id)}`;
  }
  const buttons = o.attacks.map((id, n) => {
    const attack = findAttack(state, replier, id);
    const odds = attackOdds(state, replier.id, id, against.id);
    const chance = 'chance' in odds ? ` · ${percent(odds.chance)} to hit` : '';
    const instead = attack ? (woundlessWords(attack) ?? noWoundsWords(state, replier.id, id, against.id)) : null;
    // The statuses a hit gives ("then Pinned"), unless the woundless words already name them.
    const outlook = attackOutlook(state, replier.id, id, against.id);
    const gives = instead?.startsWith('no wounds')
      ? null
      : statusWords(state, replier.id, id, against.id, 'outcomes' in outlook ? outlook.outcomes : null, true);
    // R3: whether a hit drops the attacker comes first of the extras: it decides a reply (playtest round 16).
    const drops = 'outcomes' in outlook ? dropWords(state, against.id, outlook.outcomes) : null;
    const label = (glance: string, status: string | null, drop: string | null) =>
      `Reply: ${attack?.name ?? id}${chance}${glance}${instead ? ` · ${instead}` : ''}${status ? ` · ${status}` : ''}${drop ? ` · ${drop}` : ''} · spends ${replyCost(attack?.cost ?? {})}`;
    // R20: the chance counts a glancing 13 (5 fewer wounds); it, the statuses and a drop are said on the
    // button when they fit its 80 characters (the prompt's text says them in full).
    const glance = glanceNotes(state, replier.id, id, against.id)[0] ?? '';
    // A drop a glancing blow would not make (R20): beside the glance's own note "a hit drops KN" says
    // enough; without it, "drops KN unless glancing" fits where the whole words do not.
    const unlessGlancing = drops?.endsWith(NOT_GLANCING) === true;
    const dropsShort = unlessGlancing ? drops!.replace(NOT_GLANCING, '') : drops;
    const dropsTerse = unlessGlancing ? `${drops!.replace(/^a hit /, '').replace(NOT_GLANCING, '')} unless glancing` : drops;
    const tries: [string, string | null, string | null][] = [
      [glance, gives, drops],
      [glance, null, drops],
      [glance, gives, dropsShort],
      [glance, null, dropsShort],
      ['', gives, drops],
      ['', null, drops],
      ['', gives, dropsTerse],
      ['', null, dropsTerse],
      [glance, gives, null],
      [glance, null, null],
      ['', gives, null],
    ];
    const fitting = tries.map((t) => label(...t)).find((l) => l.length <= 80) ?? label('', null, null);
    return { label: fitting, arg: String(n) };
  });
  const tokens = replier.tokens.react;
  const others = `${othersWords(state)}${cannotWords(state, prompt)}`;
  const lines = [
    // R63: a reply with an attack that itself costs a react token spends two; each button says its total.
    `${incoming}${others} A reply spends one of ${unitName(state, replier)}'s react tokens (it has ${tokens}), and one more if its attack costs one (each button says what it spends).`,
    ...afterAttackNote(state, prompt, unitName(state, replier)),
    ...replyOdds(state, replier.id, against.id, o.attacks),
  ];
  return { text: lines.join('\n'), buttons };
}

/**
 * A burst's odds against the prompted unit, worded as a declared attack's are (R24: every unit within
 * its radius of the origin is rolled against, allies too): ": 55% to hit me (…), 5% critical; 5 wounds a
 * hit, 15 a critical", or that it does not catch the unit. From the engine's burstOutlook, the same odds
 * the attacker's suggestions showed; a tester was asked to reply to a burst with no odds at all (issue 26).
 */
function burstChances(state: GameState, attackerId: string, attackId: string, origin: string, replierId: string): { words: string; hitsMe: boolean } {
  const caught = burstOutlook(state, attackerId, attackId, origin);
  if (!Array.isArray(caught)) return { words: '', hitsMe: true };
  const me = caught.find((c) => c.unit === replierId);
  const others = caught.filter((c) => c.unit !== replierId).map((c) => `**${unitName(state, unitOf(state, c.unit))}** (${percent(c.outlook.chance)} to hit)`);
  const also = others.length > 0 ? `; it also catches ${others.join(', ')}` : '';
  const mine = `**${unitName(state, unitOf(state, replierId))}**`;
  if (!me) return { words: `: it does not catch ${mine}${others.length > 0 ? `; it catches ${others.join(', ')}` : ''}`, hitsMe: false };
  return { words: `: against ${mine}, ${burstCaughtWords(state, attackerId, attackId, me)}${also}`, hitsMe: true };
}

/**
 * " (incl. 5% glancing)" for a reply whose hits include a glancing blow that changes its wounds (R20),
 * for the button to keep when it fits; none when it changes nothing. The glancing
 * chance is part of the chance to hit, which "(5% glancing)" left a tester unsure of; a glance that deals
 * no wounds says so, or the hit chance counts a harmless blow as a hit (playtest round 14).
 */
function glanceNotes(state: GameState, replierId: string, attackId: string, againstId: string): string[] {
  const outlook = attackOutlook(state, replierId, attackId, againstId);
  if (!('outcomes' in outlook)) return [];
  const glance = glancingOf(outlook.outcomes);
  if (!glance) return [];
  const p = percent(glance.chance);
  // One wording each, whatever the room: two for one thing read as two things (playtest round 15).
  return [glance.wounds === 0 ? ` (incl. ${p} harmless glance)` : ` (incl. ${p} glancing)`];
}

/**
 * A wounding reply whose plain hit wounds nothing here (immunity, R22): "0 wounds, 5 on a crit", for its
 * button; a tester saw "Reply: Spear · 60% to hit" and only the prompt's text said a hit did 0 (issue 26).
 */
function noWoundsWords(state: GameState, replierId: string, attackId: string, againstId: string): string | null {
  const outlook = attackOutlook(state, replierId, attackId, againstId);
  if (!('outcomes' in outlook)) return null;
  const plain = outlook.outcomes.find((o) => !o.critical && !o.glancing);
  if (plain?.wounds !== 0) return null;
  return woundWords(state, replierId, attackId, againstId, outlook.outcomes, false, true);
}

/** Who else replies to the same attack, in the order the replies resolve: " TG may also reply after you." */
function othersWords(state: GameState): string {
  const { before, after } = otherRepliers(state);
  const names = (ids: readonly string[]) => ids.map((id) => `**${unitName(state, unitOf(state, id))}**`).join(' and ');
  const said: string[] = [];
  // One reply each: "SA and CI already declared a reply" read as one reply between them (playtest round 15).
  if (before.length > 0)
    said.push(
      before.length === 1
        ? ` ${names(before)} already declared a reply, which resolves before yours.`
        : ` ${names(before)} each already declared a reply; theirs resolve before yours.`,
    );
  if (after.length > 0) said.push(` ${names(after)} may also reply after you.`);
  return said.join('');
}

/** Why a unit next to the attacker has no reply, in a few words (the engine's reason, whyNoReply). */
const NO_REPLY: Record<NoReply, (them: string) => string> = {
  dropped: () => 'it is dropped',
  'off-map': () => 'it is off the map',
  'no-react-token': () => 'no react token left (a rest act takes one back)',
  stunned: () => 'it is Stunned',
  helpless: () => 'it is Helpless',
  glamyred: () => 'it is Glamyred',
  'too-dear': () => 'its attacks that reach cost a react token, and a reply needs one more than it has',
  'no-sight': (them) => `it cannot see ${them} from where it stands (bigger units or walls block every line of sight)`,
  'no-reach': (them) => `none of its single-act attacks can reach ${them} from where it stands`,
};

/**
 * The asked player's other units next to the attacker that cannot reply, and why: " **KN** cannot
 * reply: no react token left (a rest act takes one back)." A playtester was offered a reply with the
 * War Hound only and nothing said why the Knight beside it was not (R25, R26).
 */
function cannotWords(state: GameState, prompt: PromptOf<'reply'>): string {
  const attacker = unitOf(state, prompt.options.against);
  const them = `**${unitName(state, attacker)}**`;
  return cannotReplyTo(state, attacker)
    .filter((c) => c.unit !== prompt.unit && unitOf(state, c.unit).player === prompt.player)
    .map((c) => ` **${unitName(state, unitOf(state, c.unit))}** cannot reply: ${c.sight ? inMapLabels(state, c.sight) : NO_REPLY[c.why](them)}.`)
    .join('');
}

/** Whether the reply resolves after an attack aimed at the replier (not slow), so its wounds may land first (R20, R26). */
/**
 * A reply to an attack that is not slow resolves after it (R26), so its odds are as things stand now:
 * the attack's injuries to the replier, or a flanker it drops, can change them by the time it rolls
 * (a tester saw 75% on the button and a roll without the flank's +2). Said, so the roll is no surprise.
 */
function afterAttackNote(state: GameState, prompt: PromptOf<'reply'>, replier: string): string[] {
  const i = prompt.options.incoming;
  if (!i || 'move' in i) return [];
  const attack = findAttack(state, unitOf(state, prompt.options.against), i.attack);
  if (attack?.slow === true) return [];
  const hit = 'origin' in i ? burstChances(state, prompt.options.against, i.attack, i.origin, prompt.unit).hitsMe : i.target === prompt.unit;
  const attacker = unitOf(state, prompt.options.against);
  // An ally's aura on the reply's roll (R44) ends if the attack drops its bearer: a tester's reply lost a
  // Banner's +1 when the Knight it was aimed at dropped, with no word before (playtest round 17).
  const target = 'target' in i ? i.target : null;
  const lost = aurasOn(state, unitOf(state, prompt.unit), 'attack').filter((a) => a.bearer.id === target && a.bearer.id !== prompt.unit);
  const changes = [
    ...(hit ? [`each injury box it marks on ${replier} is −1 to the reply's roll`] : []),
    ...lost.map((a) => `if it drops **${unitName(state, a.bearer)}**, the reply loses ${a.bearer.id.toUpperCase()}'s ${a.name}`),
    // R29 in a player's words, said only when the attacker is flanked: "a flank ends if it drops a unit
    // that made it" was read as a riddle (issue 26).
    ...(flanked(state, attacker)
      ? [
          `**${unitName(state, attacker)}** is flanked now (two of its enemies on opposite sides of it: +2 to hit it), and if the attack drops either of them, that +2 is lost`,
        ]
      : []),
  ];
  return [`-# The odds below are as things stand now. The attack resolves before the reply${changes.length > 0 ? `: ${changes.join('; ')}` : ''}.`];
}

/**
 * Each reply's odds and wounds against the unit it answers, after immunity and vulnerability, with what
 * moved the roll from the card's bonus: "Bite: 60% to hit (d20 + 3 against 12: Bite +4, GH's injuries −1)
 * · 0 wounds a hit, 5 a critical (immune −5 pierce)".
 */
function replyOdds(state: GameState, replier: string, against: string, attacks: readonly string[]): string[] {
  return attacks.flatMap((id) => {
    const words = oddsWords(state, replier, id, against, { why: true });
    const attack = findAttack(state, unitOf(state, replier), id);
    const instead = attack ? woundlessWords(attack) : null;
    return words ? [`-# ${attack?.name ?? id}: ${words}${instead ? ` · ${instead}` : ''}.`] : [];
  });
}

/** What marking each kind of box left does, so a choice says what it leads to (the injury rules). */
function boxEffects(state: GameState, unitId: string, boxes: readonly InjuryBox[]): string {
  // A recovery roll must come in low, so the same box shows there as +1: said here, so the two do not read as a contradiction.
  const said: string[] = ['every injury box marked is −1 to its rolls (+1 to a recovery roll, which must come in low)'];
  if (boxes.includes('mobility')) said.push('**mobility** also −1 Move (and no flying)');
  if (boxes.includes('defensive')) said.push('**defensive** also −2 to its defences');
  const traits = boxes.filter((b) => typeof b !== 'string');
  if (traits.length > 0) said.push(`${traits.map((b) => boxName(state, unitId, b)).join(', ')} also loses that attack or trait`);
  return `${said.join('; ')}.`.replace(/^e/, 'E');
}

/** What dealt wounds, as a wounds prompt says: "Ghoul (gh)'s Grave Claws (a reply)". */
function causeOf(state: GameState, o: WoundsPromptOptions): string | null {
  const source = o.source ? state.units[o.source] : undefined;
  switch (o.from) {
    case 'attack':
    case 'reply': {
      const name = (source && o.attack && findAttack(state, source, o.attack)?.name) ?? o.cause ?? 'an attack';
      return `${source ? `${unitName(state, source)}'s ` : ''}${name}${o.from === 'reply' ? ' (a reply)' : ''}`;
    }
    case 'trait':
      return `${source ? `${unitName(state, source)}'s ` : ''}${o.cause ?? 'trait'}`;
    case 'terrain':
      return 'damaging terrain';
    case 'recurring':
      return `recurring wounds${source ? ` (a status from ${unitName(state, source)})` : ''}`;
    default:
      return o.cause ?? null;
  }
}

/** The attack (or reply) whose hit a wounds prompt asks about, or undefined when the wounds came from elsewhere. */
function woundingAttack(state: GameState, o: WoundsPromptOptions): Attack | undefined {
  if (o.from !== 'attack' && o.from !== 'reply') return undefined;
  const source = o.source ? state.units[o.source] : undefined;
  return source && o.attack ? findAttack(state, source, o.attack) : undefined;
}

/**
 * The statuses the wounding attack also inflicts on `unit`: they come whatever split is chosen here.
 * One the unit already has does not take hold again (but recurring wounds add up), so it is not named.
 */
function attackStatuses(state: GameState, o: WoundsPromptOptions, unit: UnitState): string | null {
  const attack = woundingAttack(state, o);
  const has = (status: string) => status !== 'recurring' && unit.statuses.some((s) => s.status === status);
  const statuses = [...new Set((attack?.effects ?? []).flatMap((e) => ('status' in e && !has(e.status) ? [e.status] : [])))];
  if (!attack || statuses.length === 0) return null;
  return `Whatever you choose, the status ${attack.name} inflicts still comes: ${statuses.map((st) => statusWithMeaning(st)).join(', ')}.`;
}

/**
 * Recurring wounds to come (R10: at the end of each of the unit's turns, each status's own wound step),
 * those it has and those this attack gives, and which choices leave too little to take them: a tester's
 * War Hound chose a split that read as survivable and dropped to them at that turn's end (playtest
 * round 19). `drops[i]` for outcome i; `line` the prompt's sentence, or null when none drops.
 */
function recurringDrops(
  state: GameState,
  o: WoundsPromptOptions,
  unit: UnitState,
  outcomes: readonly SplitOutcome[],
): { drops: boolean[]; line: string | null } {
  const attack = woundingAttack(state, o);
  const incoming = (attack?.effects ?? []).flatMap((e) => ('status' in e && e.status === 'recurring' ? [{ wound: e.wound ?? 0, type: e.type ?? 'fire' }] : []));
  const had = unit.statuses.flatMap((st) => (st.status === 'recurring' ? [{ wound: st.wound ?? 0, type: st.type ?? 'fire' }] : []));
  const taken = [...had, ...incoming].map((r) => woundsTaken(state, unit, r.wound, r.type).taken);
  const fives = taken.reduce((n, t) => n + Math.floor(t / 5), 0);
  const drops = outcomes.map((x) => !x.drops && x.boxesLeft > 0 && fives >= Math.floor(x.vigor / 5) + x.boxesLeft);
  if (!drops.some(Boolean)) return { drops, line: null };
  const when = state.turn?.unit === unit.id ? 'at the end of this turn' : 'at the end of its next turn';
  const every = outcomes.every((x, i) => x.drops || drops[i]);
  const total = taken.reduce((n, t) => n + t, 0);
  return {
    drops,
    line: `⚠️ It takes **${total} recurring wounds** at the end of each of its turns: ${every ? 'whatever you choose, they drop it' : 'after a choice marked ⚠, they drop it'} ${when}.`,
  };
}

/** How long a wound choice's description may be to show whole in a menu (a tester saw "(Mortal ro…" cut off at desktop width). */
const CHOICE_WORDS = 72;

/**
 * A wound choice's description; §6 Exhausted at 0 Vigor is named on it when it fits (what it means is
 * said once above the menu). A unit whose card gives it no Vigor (`vigorMax` 0: a Shambling Dead) is
 * said to have none, as the map's alt text says it: "Exhausted" on its every choice read as something
 * the wounds had done to it (issue 26).
 */
function outcomeWords(o: SplitOutcome, name: (p: PlayerId) => string, lost: readonly string[], vigorMax: number): string {
  if (vigorMax === 0) return outcomeParts(o, name, 'no Vigor', lost);
  if (o.vigor !== 0 || o.drops) return outcomeParts(o, name, `Vigor ${o.vigor}`, lost);
  // Said on every choice that empties Vigor, in fewer words where the menu is short of room: a choice
  // that also marked Mortal once lost it and read as if Mortal spared the unit (playtest round 18).
  const long = outcomeParts(o, name, 'Vigor 0 (Exhausted)', lost);
  return long.length <= CHOICE_WORDS ? long : outcomeParts(o, name, 'Exhausted', lost);
}

function outcomeParts(o: SplitOutcome, name: (p: PlayerId) => string, vigor: string, lost: readonly string[]): string {
  const parts = [vigor];
  if (o.drops) parts.push('it drops');
  // "Injury box" in full: a bare "box" reads as nothing a player knows (a square? movement?).
  else parts.push(`${o.boxesLeft} injury box${o.boxesLeft === 1 ? '' : 'es'} free`);
  if (!o.drops && lost.length > 0) parts.push(`loses ${lost.join(', ')}`);
  // A menu's description is plain text: names there are shown as typed.
  if (o.vp) parts.push(`${unshown(name(o.vp.player))} +${o.vp.points} VP now`);
  // The match's end outweighs the rest: said first, so a menu cut short on a phone still shows it.
  if (o.wins) return [`${unshown(name(o.wins))} wins the match`, ...parts].join(' · ');
  if (o.mortalRisk > 0) parts.push(`${percent(o.mortalRisk)} a turn to drop`);
  return parts.join(' · ');
}

export interface WoundFacts {
  readonly text: string;
  readonly options: readonly PlainOption[];
}

/** The wounds, where they came from, and each way of taking them with what it leads to (§4.30, R3, R9, R22). */
export function woundFacts(state: GameState, prompt: PromptOf<'wounds'>, name: (p: PlayerId) => string): WoundFacts {
  const o = prompt.options;
  const unit = unitOf(state, prompt.unit);
  const cause = causeOf(state, o);
  const boxes = boxesLeft(state, unit);
  const vigorMax = profile(state, unit).vigorMax;
  const outcomes = woundOutcomes(state);
  const mortal = outcomes.find((x) => x.marked.includes('mortal') && x.vp && !x.drops) ?? outcomes.find((x) => x.marked.includes('mortal') && x.vp);
  const lines = [
    `**${unitName(state, unit)}** takes **${o.wounds} ${o.type}** wounds${cause ? ` from ${cause}` : ''}. It has ${vigorMax === 0 ? 'no Vigor (its card gives it none)' : `${unit.vigor} Vigor`} and ${boxes.length} unmarked injury box${boxes.length === 1 ? '' : 'es'} (${boxes.map((b) => boxName(state, unit.id, b)).join(', ') || 'none'}).`,
    'Each 5 wounds is absorbed by 5 Vigor or marks an injury box; marking the last one drops the unit.',
    boxEffects(state, unit.id, boxes),
  ];
  const statuses = attackStatuses(state, o, unit);
  if (statuses) lines.push(statuses);
  if (mortal?.vp) {
    const risk = mortal.mortalRisk > 0 ? `, and at the start of each of its turns the unit drops on a natural 20 (${percent(mortal.mortalRisk)})` : '';
    // Mortal as the last box drops the unit: said here as the menu says it (playtest round 20).
    const drops = mortal.drops ? ' and drops the unit' : '';
    lines.push(`Marking **mortal** gives ${name(mortal.vp.player)} **${mortal.vp.points} VP** at once${drops}${drops ? '' : risk}.`);
  }
  // §6 Exhausted: a tester emptied a Knight's Vigor unaware it could then charge no more (playtest round 17).
  if (unit.vigor > 0 && outcomes.some((x) => x.vigor === 0 && !x.drops))
    lines.push('A choice that leaves **Vigor 0** makes it **Exhausted**: it cannot charge, and later wounds all mark injury boxes, until it regains Vigor.');
  const later = recurringDrops(state, o, unit, outcomes);
  if (later.line) lines.push(later.line);
  const ending = outcomes.filter((x) => x.wins);
  if (ending.length > 0) {
    const which = ending.length === outcomes.length ? 'Every choice' : 'Some choices below (each says so)';
    lines.push(`⚠️ ${which} end${ending.length === outcomes.length ? 's' : ''} the match at once: **${name(ending[0]!.wins!)} wins**.`);
  }
  // What "(default)" means, said once: a tester saw it on a choice and did not know (playtest round 15).
  if (outcomes.length > 1) lines.push('-# The choice marked (default) is taken if nobody chooses before the time runs out.');
  const options = outcomes.map((x, i) => {
    const what = splitWords(state, unit.id, { avoid: x.choice.avoid, injuries: x.marked });
    // A trait or attack box marked loses what it names (§4.30): said on the choice itself, or a timeout's
    // default gave up Mend Wounds unremarked (playtest round 21).
    const lost = x.marked.flatMap((b) => (typeof b === 'object' ? [boxTraitName(state, unit.id, b)] : []));
    const words = outcomeWords(x, name, lost, vigorMax);
    return { label: `${what}${i === 0 ? ' (default)' : ''}`, value: String(i), description: later.drops[i] ? `⚠ recurring wounds drop it · ${words}` : words };
  });
  return { text: lines.join('\n'), options };
}
