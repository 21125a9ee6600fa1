/**
 * The one place events become words (happenings.ts is what they say): a full sentence per happening,
 * for the act's reply, the turn log, the match log, the catch-up digest and the alt text, and a short
 * phrase per happening for the header a phone reader sees first. Every event is told with its real
 * cause (an attack, a reply, terrain, a status, a trait); wounds are told once, where they landed,
 * with what was ignored, absorbed and marked (wound-words.ts).
 */
import { MORTAL_DROP_ROLL, MORTAL_ROLL_WHY, startRollOf } from '../engine';
import { STATUS_MEANING, statusWithMeaning } from './status-meaning';
import type { StatusName } from '../formats/vocabulary';
import type { Happening, HappeningKind, IncomingWords, PromptWords, WoundWords } from './happenings';
import { withoutRuleCodes } from '../../../render/plain-rules';
import { causeWords, woundPhrase, woundSentence } from './wound-words';
import { injuryBonusWords } from './roll-words';
import { effectVerb, shoveVerb } from './shove-words';
import { NO_PASSING, type Passing, passingStatuses, statusKey } from './passing-statuses';

export { causeWords, woundSentence } from './wound-words';
import type { AttackView, LastTurnView, MoveView } from './view';
import { capital } from './card-text';

/** Who reads the words: decisions waiting on this player are "Bob (you) to choose …". */
export interface Telling {
  readonly you?: string | undefined;
  /** A player who decides at once (the practice bot): "X chooses …", since nobody waits for them. */
  readonly instant?: string | undefined;
  /** The player whose act or answer a public post tells (their name is not repeated for their own unit's turn). */
  readonly actor?: string | undefined;
  /**
   * The words are written on a prompt that was answered, where they stay after what they lead to is
   * settled (the one wording "X to choose …" reads true there too).
   */
  readonly lasting?: boolean | undefined;
}

const RESULT_WORDS: Record<AttackView['result'], string> = {
  hit: 'hit',
  miss: 'missed',
  critical: 'hit critically',
  glancing: 'landed a glancing blow',
  automatic: 'hit automatically (critical)',
};

const SHORT_RESULT: Record<AttackView['result'], string> = {
  hit: 'hit',
  miss: 'missed',
  critical: 'critical hit',
  glancing: 'glancing blow',
  automatic: 'automatic hit',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
const either = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

function route(m: MoveView): string {
  const end = m.path[m.path.length - 1]?.name ?? '?';
  return m.fromKnown && m.path.length > 1 ? `${m.path[0]!.name} to ${end}${detour(m)}` : `to ${end}`;
}

/**
 * " by E12, E13" for a move whose path is longer than the straight way between its ends (it went round
 * a wall, an enemy, or a square a reply could come from): "KN moved E11 to F13 (3 squares…)" read as a
 * miscount of a 2-square move (playtest round 14). A straight path says nothing more; a long detour
 * names at most four squares on the way.
 */
function detour(m: MoveView): string {
  const [first, last] = [m.path[0]!, m.path[m.path.length - 1]!];
  const straight = Math.max(Math.abs(last.col - first.col), Math.abs(last.row - first.row));
  const via = m.path.slice(1, -1);
  if (m.path.length - 1 <= straight || via.length === 0) return '';
  return via.length <= 4 ? ` by ${via.map((s) => s.name).join(', ')}` : ` by ${via[0]!.name} … ${via[via.length - 1]!.name}`;
}

function incomingWords(i: IncomingWords): string {
  switch (i.kind) {
    case 'attack':
      return `${i.attacker} ${i.charge ? 'charged and ' : ''}declared an attack on ${i.target} with ${i.attack}`;
    case 'burst':
      return `${i.attacker} declared ${i.attack}, a burst centred on ${i.origin}`;
    case 'move':
      return `${i.mover} is about to move on from a square next to an enemy, with a Basic Move`;
  }
}

/**
 * Who must choose, by name, in one wording wherever it is said ("Bob to choose …"): it reads true on
 * a live post, on a lasting one after it is settled, and to the player it waits for, so a playtest
 * no longer met "waiting for", "up to" and "… next" for one wait (issue 26). The words may be read by
 * everyone in the thread, so "you" is said beside the name ("Bob (you) to choose …"), never alone.
 * A player who decides at once (the practice bot) "chooses", since nobody waits for them.
 */
const waiting = (p: PromptWords, o: Telling, what: string) =>
  o.instant !== undefined && o.instant === p.playerId && o.you !== p.playerId
    ? `${p.player} chooses ${what}`
    : `${p.player}${o.you !== undefined && o.you === p.playerId ? ' (you)' : ''} to choose ${what}`;

function promptSentence(p: PromptWords, o: Telling): string | null {
  switch (p.kind) {
    case 'reply': {
      const declared = p.first && p.incoming ? `${incomingWords(p.incoming)}.` : null;
      if (!p.open) return declared;
      const against = p.incoming ? (p.incoming.kind === 'move' ? p.incoming.mover : p.incoming.attacker) : 'it';
      // A reply to a Basic Move comes before the step; a reply to an attack after it (before a slow one).
      const when = p.incoming?.kind === 'move' ? ' before it moves on' : '';
      const ask = `${p.unit ?? 'A unit'} may ${p.first ? '' : 'also '}reply to ${against}${when}: ${waiting(p, o, 'whether it replies')}.`;
      return declared ? `${declared} ${capital(ask)}` : capital(ask);
    }
    case 'wounds': {
      if (!p.open || !p.wounds) return null;
      const from = p.wounds.cause ? ` from ${causeWords(p.wounds.cause)}` : '';
      return `${p.unit} must take ${plural(p.wounds.count, `${p.wounds.type} wound`)}${from}: ${waiting(p, o, `how ${p.unit} takes them (Vigor to absorb them, or injury boxes to mark)`)}.`;
    }
    case 'order':
      return p.open ? `${capital(waiting(p, o, 'the order of players'))}.` : null;
    case 'reroll':
      return p.open
        ? `${capital(waiting(p, o, p.recovery ? `whether to spend a Warleader die to reroll ${p.unit ?? 'a'} recovery roll` : 'whether to reroll the tactics check'))}.`
        : null;
    case 'recover':
      return p.open ? `${capital(waiting(p, o, `which status ${p.unit} rolls to recover from`))}.` : null;
    case 'recoil':
      return p.open ? `${capital(waiting(p, o, `where ${p.unit} recoils to`))}.` : null;
  }
}

/**
 * When a declared reply comes, said with the act it answers, since its line is told before that act
 * resolves (R26): after an attack, before a slow one, before a Basic Move's step (R25).
 */
function replyWhen(answers: Extract<Happening, { kind: 'reply-declared' }>['answers']): string {
  if (!answers) return '';
  const i = answers.incoming;
  if (i.kind === 'move') return `, before ${i.mover} moves on`;
  const whose = `${i.attacker}'s ${i.attack}`;
  return answers.slow ? `, before ${whose} resolves (it is slow)` : `, once ${whose} has resolved`;
}

/**
 * Who goes first in each phase of the round, and why it changes (R7: phase k is led by the order's
 * player k−1, round from there): "Alice goes first in phase 1, Bob in phase 2, and so on: who goes
 * first alternates each phase." Empty for a player alone.
 */
export function phaseLeads(order: readonly string[]): string {
  if (order.length < 2) return '';
  const leads = order.map((p, i) => (i === 0 ? `${p} goes first in phase 1` : `${p} in phase ${i + 1}`));
  const why = order.length === 2 ? 'who goes first alternates each phase' : 'who goes first moves one along the order each phase';
  return `${leads.join(', ')}, and so on: ${why}.`;
}

/**
 * Greater advantage with its cause (R6): one of the winner's units takes its turn early, in phase 0,
 * and that is its turn for the round, so nobody gets more turns than they would have.
 */
export const greaterAdvantage = (ap: string): string =>
  `Greater advantage (${ap} won the tactics check by 10 or more): ${ap} takes one unit's turn early, before phase 1 (that unit's turn for this round).`;

/**
 * A start-of-turn roll. The Mortal roll leads with its outcome ("CI survives its mortal roll (rolled 8;
 * only a natural 20 drops it)"), since "CI: Mortal roll: a natural 20 drops the unit; rolled 8" reads as
 * if CI dropped. Other rolls keep the engine's reason.
 */
function rollSentence(h: Extract<Happening, { kind: 'roll' }>): string {
  const start = startRollOf(h.why, h.rolls[0] ?? 0);
  if (start) return startRollSentence(h.unit, h.rolls[0] ?? 0, start);
  if (h.why !== MORTAL_ROLL_WHY) return `${h.unit}: ${h.why}; rolled ${h.rolls.join(', ')}.`;
  const roll = h.rolls[0] ?? 0;
  return roll >= MORTAL_DROP_ROLL
    ? `${h.unit} fails its mortal roll (rolled a natural ${roll}, which drops it).`
    : `${h.unit} survives its mortal roll (rolled ${roll}; only a natural ${MORTAL_DROP_ROLL} drops it).`;
}

/**
 * An Enraged or Glamyred unit's start-of-turn roll, with what it decided (§6.2): "KN: enraged roll
 * against Wits 11; rolled 6" left a tester unsure whether the rage held. A roll that takes hold is
 * followed by what it demands (the enraged or controlled line); one that does not says the status
 * stays until the unit recovers at its turn's end.
 */
function startRollSentence(unit: string, roll: number, r: NonNullable<ReturnType<typeof startRollOf>>): string {
  const injuries = r.injuries > 0 ? ` + ${r.injuries} for injuries = ${roll + r.injuries}` : '';
  const rolled = `rolled ${roll}${injuries}`;
  const what = r.status === 'enraged' ? 'the rage' : 'the glamour';
  if (r.holds)
    return roll === 20 && roll + r.injuries < r.wits
      ? `${unit}'s ${r.status} roll: a natural 20, so ${what} takes hold this turn.`
      : `${unit}'s ${r.status} roll: ${rolled}, at or above its Wits ${r.wits}, so ${what} takes hold this turn.`;
  return `${unit}'s ${r.status} roll: ${rolled}, under its Wits ${r.wits}, so ${what} does not take hold this turn (${unit} stays ${r.status} until it recovers at a turn's end).`;
}

/** What changed a unit's acts, as the activation happening carries it. */
type ActsChange = NonNullable<Extract<Happening, { kind: 'activate' }>['actsWhy']>[number];

const ACTS_CHANGE: { readonly [K in ActsChange['by']]: (c: Extract<ActsChange, { by: K }>) => string } = {
  rule: (c) => `${c.name} gives it ${c.acts}`,
  shaken: () => 'shaken, one fewer',
  stunned: () => 'stunned, two fewer',
  controlled: () => 'controlled, one act only',
  helpless: () => 'helpless, none',
};

/** Why a unit's turn has other than 3 acts, from the engine's count: "shaken, one fewer". */
export const actsWhyWords = (why: readonly ActsChange[]): string => why.map((c) => (ACTS_CHANGE[c.by] as (c: ActsChange) => string)(c)).join('; ');

/**
 * A unit's turn beginning, with why its acts are not 3 and, for greater advantage, what kind of turn
 * it is (its turn for the round, taken early): the two are told apart, never one as the other's reason.
 */
function activateSentence(h: Extract<Happening, { kind: 'activate' }>, o: Telling): string {
  // A post that already opens with the acting player's name ("**Alice**: …") says the unit alone.
  const whose = o.actor !== undefined && o.actor === h.playerId ? '' : `${h.player}'s `;
  const cause = `greater advantage (${h.player} won the tactics check by 10 or more)`;
  if (h.used === 0)
    return `${whose}${h.unit} (${h.name}) ends its turn without acting${h.greater ? `, its turn for this round taken early, before phase 1, for ${cause}` : ''}.`;
  const kind = h.greater ? ` for this round early, before phase 1, for ${cause},` : '';
  const why = h.actsWhy && h.actsWhy.length > 0 ? `: ${actsWhyWords(h.actsWhy)}` : '';
  return `${whose}${h.unit} (${h.name}) takes its turn${kind} with ${plural(h.acts, 'act')}${why}.`;
}

/** The acts a unit spent of those it had: "it used 2 of its 3 acts", "it used all 3 acts". */
function spentWords(used: number, acts: number): string {
  if (used >= acts) return acts === 1 ? 'it used its one act' : `it used all ${acts} acts`;
  return `it used ${used} of its ${plural(acts, 'act')}`;
}

/**
 * A d20 with its modifier, in the one form every roll line uses: "12", "12 + 2 = 14", "9 − 1 = 8",
 * and with what made the modifier when that is more than one thing: "12 + 4 (Longbow +6, cover −2) = 16".
 */
export function rollSum(die: number, modifier: number, notes: readonly string[] = []): string {
  if (modifier === 0 && notes.length === 0) return `${die}`;
  const why = notes.length > 0 ? ` (${notes.join(', ')})` : '';
  return `${die} ${modifier >= 0 ? '+' : '−'} ${Math.abs(modifier)}${why} = ${die + modifier}`;
}

function attackSentence(h: Extract<Happening, { kind: 'attack' }>, o: Telling, passing: Passing): string {
  const a = h.attack;
  const paid = h.paid ? ` (${a.reply ? 'spending' : 'paying'} ${h.paid})` : '';
  // A burst attacks each unit it catches in turn (R24): each line says where it was centred.
  const burst = a.origin !== undefined ? `, a burst centred on ${a.origin}` : '';
  const who = a.reply ? `${a.attacker} replied to ${a.target} with ${a.attack}${paid}` : `${a.attacker} attacked ${a.target} with ${a.attack}${burst}${paid}`;
  if (h.problem) return `${who}, but it could not be made: ${h.problem}.`;
  const roll =
    a.roll === null
      ? `no roll needed${a.notes.length > 0 ? ` (${a.notes.join(', ')})` : ''}`
      : `rolled ${rollSum(a.roll, a.modifier, a.notes)}, needing ${a.need} or more${a.needWhy ? ` (${a.needWhy})` : ''}`;
  let out = `${who}: ${roll}, ${RESULT_WORDS[a.result]}${resultNote(a)}`;
  // Wounds are told once, where they landed; a split still to choose is said to be waiting.
  for (const w of h.wounds) out += `; ${woundSentence(w)}`;
  if (a.statuses.length > 0) out += `; ${statusesAfter(a.target, a.statuses, h.wounds, `${a.attacker}'s ${a.attack}`, passing.ended.get(h))}`;
  if (h.pending?.open && h.pending.wounds)
    out += `; ${plural(h.pending.wounds.count, `${h.pending.wounds.type} wound`)} for ${a.target}: ${waiting(h.pending, o, `how ${a.target} takes them (Vigor to absorb them, or injury boxes to mark)`)}`;
  // A target the attack dropped had no reply to make whatever its tokens (R26): "TG dropped …; TG could
  // not reply: it has no react token left" read oddly (playtest round 19).
  if (a.dropped || h.wounds.some((w) => w.drops)) return `${out}.`;
  if (a.notNext) out += `; ${a.target} could not reply: only units next to ${a.attacker} may reply to its attacks`;
  if (a.noReactToken) out += `; ${a.target} could not reply: it has no react token left (a rest act takes one back)`;
  for (const d of a.tooDear ?? []) out += `; ${a.target} could not reply with ${d.attack}: as a reply it costs ${d.cost}, more than ${a.target} has`;
  return `${out}.`;
}

/**
 * Statuses that follow a hit or a trait, said as every status gained is: "X is now S, caused by Y".
 * Vigor absorbs only wounds: when some of the unit's wounds were absorbed, the words say why the
 * statuses hold all the same, so "absorbed" is not read as the whole hit.
 */
function statusesAfter(unit: string, statuses: readonly string[], wounds: readonly WoundWords[], cause: string, ended?: ReadonlyMap<string, string>): string {
  const avoided = wounds.some((w) => w.unit === unit && w.avoided > 0) ? ' (Vigor absorbs wounds, not statuses)' : '';
  const gone = (s: string) => ended?.get(statusKey(unit, s));
  const held = statuses.filter((s) => gone(s) === undefined);
  // A status that ended within the same post is told once, with the net result and why (passing-statuses.ts).
  const passed = statuses.filter((s) => gone(s) !== undefined).map((s) => `${unit} was ${s}, caused by ${cause}, but is no longer: ${gone(s)}`);
  const now = held.length > 0 ? [`${unit} is now ${list(held.map(meantGained))}, caused by ${cause}${avoided}`] : [];
  return [...now, ...passed].join('; ');
}

/**
 * A status with what it does, where it is gained: "shaken (−1 act)". A playtester first met a status
 * when it ended ("KN no longer shaken"): every status is told, with its meaning, where it lands.
 */
const meant = (status: string): string => (status in STATUS_MEANING ? statusWithMeaning(status as StatusName) : status);

/**
 * A status as its gaining is told in a sentence: a status that takes acts says when. A unit's acts are
 * counted as its turn starts (R8), so one shaken in the middle of its own turn keeps what it has left; a
 * tester read "KN is now shaken (−1 act)" and then "1 act left" as a contradiction (playtest round 14).
 */
function meantGained(status: string): string {
  if (status === 'shaken') return `${status} (${STATUS_MEANING[status]} from its next turn)`;
  // Its replies stop at once (canReact); only its acts wait for its turn: "−2 acts, no replies from its
  // next turn" read as replies still open until then (playtest round 24).
  if (status === 'stunned') return 'stunned (no replies from now, −2 acts from its next turn)';
  return meant(status);
}

/** By how much a rolled attack's total beat the number it needed. */
const overBy = (a: AttackView): number => (a.roll ?? 0) + a.modifier - a.need;

/** What a result means when the words alone leave it open: a glancing blow's cause, a critical that adds nothing. */
function resultNote(a: AttackView): string {
  if (a.result === 'glancing') return ' (a natural 13: a hit, never critical, 5 wounds fewer)';
  if ((a.result === 'critical' || a.result === 'automatic') && a.woundless) return ` (${a.attack} deals no wounds, so the critical adds none)`;
  // Why it was critical, so it does not look random: a natural 20, or 10 or more over what was needed.
  // The margin is the one the caption gives ("critical hit (13 over)"): two testers read the log's
  // "(22 or more: 10 over what it needed)" beside it as a second figure for one roll (playtest round 20).
  if (a.result === 'critical' && a.roll !== null) return a.roll === 20 ? ' (a natural 20)' : ` (${overBy(a)} over what it needed; 10 over is a critical)`;
  return '';
}

/**
 * A failed recovery roll with what it had to come under (recovery rolls must come in low), then what
 * the failure costs (R10, R28): the roll comes at the end of the unit's turn, after its acts, so it
 * costs none of them; the status stays through the unit's next turn, with its effect, and is rolled
 * for again at that turn's end. A tester could not tell whether a failure had cost the turn (issue 26).
 */
function recoveryFailed(h: Extract<Happening, { kind: 'recovery-failed' }>): string {
  const from = h.status ? ` from ${h.status}` : '';
  const kept = h.status ? `stays ${h.status in STATUS_MEANING ? statusWithMeaning(h.status as StatusName) : h.status}` : 'keeps the status';
  const then = ` It ${kept} through its next turn and rolls again at that turn's end; the roll came after its acts, so it cost none.`;
  const roll = h.rolls.at(-1);
  if (roll === undefined) return `${h.unit} failed to recover${from}.${then}`;
  if (h.needed === undefined) return `${h.unit} failed to recover${from} (rolled ${h.rolls.join(', ')}; a recovery roll must come in under a target).${then}`;
  const added = h.added ? [injuryBonusWords(h.added)] : [];
  const rule = roll === 20 ? 'a natural 20 always fails' : 'the roll must come in under it';
  const why = h.targetWhy ? `${h.targetWhy}; ${rule}` : rule;
  // Invisible is a status its unit wants: "failed to recover from invisible" read as bad news when it
  // was good (playtest round 20). The same roll, told as keeping it.
  if (h.status === 'invisible') {
    return `${h.unit} stays invisible (−4 to hit it): its roll to lose it, ${rollSum(roll, h.added ?? 0, added)}, did not come in under ${h.needed} (${why}). It rolls again at the end of its next turn.`;
  }
  return `${h.unit} failed to recover${from}: rolled ${rollSum(roll, h.added ?? 0, added)}, needing under ${h.needed} (${why}).${then}`;
}

/** An effect that did not happen, with why: "TG's recoil 2 did not move KN: A3 is taken by SD". */
function effectFailed(h: Extract<Happening, { kind: 'effect-failed' }>): string {
  const kind = h.effect.split(' ')[0] ?? '';
  if (effectVerb(kind)) return `${h.by}'s ${h.effect}${h.attack ? ` (${h.attack})` : ''} did not move ${h.unit}: ${h.why}.`;
  const source = h.attack ? `${h.by}'s ${h.attack}` : h.by;
  // "OW's shaken" read as OW being shaken: the status is said as what the attack would have done to the target.
  return `${source} could not make ${h.unit} ${h.effect}: ${h.why}.`;
}

function traitSentence(h: Extract<Happening, { kind: 'trait' }>, passing: Passing): string {
  const parts = [
    ...h.gains.map((g) => `${g.unit} gained ${g.what}`),
    ...h.wounds.map((w) => woundSentence(w)),
    ...h.statuses.map((s) => statusesAfter(s.unit, [s.status], h.wounds, `${h.unit}'s ${h.trait}`, passing.ended.get(h))),
  ];
  const paid = h.paid ? ` (paying ${h.paid})` : '';
  return `${h.unit} used ${h.trait}${paid}${parts.length > 0 ? `: ${parts.join('; ')}` : ', with no effect'}.`;
}

/**
 * One sentence, or null for what needs no words (a decision since made, told by what followed). Rule
 * citations the engine puts in its reasons are taken out: players read rules by topic.
 */
export function sentence(h: Happening, o: Telling = {}, passing: Passing = NO_PASSING): string | null {
  if (passing.told.has(h)) return null;
  const said = rawSentence(h, o, passing);
  return said === null ? null : withoutRuleCodes(said);
}

/** What a tactics reroll changed: ", 4 before, 9 now", or ", 4 again" when it came up the same. */
function rerollChange(h: Extract<Happening, { kind: 'tactics' }>): string {
  const now = h.totals.find((t) => t.player === h.rerolled)?.total;
  if (h.before === undefined || now === undefined) return '';
  return now === h.before ? `, ${now} again` : `, ${h.before} before, ${now} now`;
}

function rawSentence(h: Happening, o: Telling, passing: Passing): string | null {
  switch (h.kind) {
    case 'round':
      return `Round ${h.round} begins.`;
    case 'tactics': {
      // A d20 each (R6), less a Warleader's injuries: a tester could not tell whether the bot's 17 had a bonus (issue 26).
      const less = (player: string) => h.penalties?.find((x) => x.player === player)?.less ?? 0;
      const totals = h.totals
        .map((t) => `${t.player} ${t.total}${less(t.player) > 0 ? ` (${t.total + less(t.player)} −${less(t.player)} for Warleader injuries)` : ''}`)
        .join(', ');
      const reroll = h.rerolled ? ` (${h.rerolled} rerolled${h.leader ? ` with a Warleader die of ${h.leader}` : ''}${rerollChange(h)})` : ', a d20 each';
      if (h.winner) return `Tactics check${reroll}: ${totals}; ${h.winner} is ahead.`;
      const top = Math.max(...h.totals.map((t) => t.total));
      const tied = h.totals.filter((t) => t.total === top).map((t) => t.player);
      return `Tactics check${reroll}: ${totals}; a tie at ${top}, so ${list(tied)} roll again to break it.`;
    }
    case 'order':
      return [
        `${h.ap} won the tactics check and sets the order: ${h.order.join(' → ')}.`,
        ...(h.noReroll ?? []).map((n) => `${n.player} had no reroll: ${n.why}.`),
        phaseLeads(h.order),
        h.greater ? greaterAdvantage(h.ap) : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'phase':
      return `Phase ${h.phase}.`;
    case 'turn':
      return `${h.player}'s turn.`;
    case 'activate':
      return activateSentence(h, o);
    case 'controlled':
      return `${h.unit} is ${h.why}: ${h.player} commands it this turn, for one act.`;
    case 'enraged':
      return h.canClose
        ? `${h.unit} is Enraged: it must end this turn beside ${either(h.nearest)}.`
        : `${h.unit} is Enraged but cannot reach ${either(h.nearest)} this turn, so nothing is demanded of it.`;
    case 'vigor-lost':
      return `${h.unit} lost ${h.amount} Vigor: ${h.why}.`;
    case 'act-lost':
      return `An act of ${h.unit} is lost: ${h.reason}.`;
    case 'move': {
      const steps = h.move.path.length - (h.move.fromKnown ? 1 : 0);
      if (h.move.kind === 'maneuver') return `${h.move.unit} maneuvered ${route(h.move)}.`;
      // A move with no square to start from came in from reserve, through its entry tile (R5).
      if (!h.move.fromKnown) return `${h.move.unit} entered the map and moved ${route(h.move)} (${plural(steps, 'square')}, ${h.spent} movement).`;
      // Stopped part-way in another unit's square: it only passes over it, and is not done moving.
      const over = h.over ? `, passing through ${h.over.unit}'s square; the move goes on${h.over.until ? ` after ${h.over.until}` : ''}` : '';
      // R25: a move part-way, stopped for a reply to it: the rest of the ordered move waits on the reply.
      const paused = !h.over && h.paused ? '; the rest of its move waits for the reply' : '';
      const hobbled = h.hobbled ? `; ${statusWithMeaning('hobbled')}` : '';
      const moved = `${h.move.unit} moved ${route(h.move)} (${plural(steps, 'square')}, ${h.spent} movement${hobbled})${over}${paused}.`;
      if (!h.stopped) return moved;
      // R19: said plainly, so "moved M7 to N9" is never read as the whole of a move ordered to M11.
      const at = h.move.path[h.move.path.length - 1]?.name ?? '?';
      return `${moved} ${h.move.unit} stopped on ${at} on its way to ${h.stopped.goal}: entering damaging terrain there wounds it; the move goes on to ${h.stopped.goal} once the wounds are taken.`;
    }
    case 'charge':
      if (h.continued) return `${h.move.unit} went on with its charge at ${h.target}, ${route(h.move)}.`;
      return `${h.move.unit} charged ${h.target}, ${route(h.move)}${h.paid ? ` (paying ${h.paid})` : ''}.`;
    case 'shove': {
      // The engine's effect reads "push 1", "push 2: into the pit at F5, …", or why a mover was put back.
      const verb = shoveVerb(h.effect, h.by, h.move.unit);
      const end = h.move.path[h.move.path.length - 1]?.name ?? '?';
      if (!verb) return `${h.move.unit} was moved to ${end}: ${h.effect}.`;
      const detail = h.effect.includes(':') ? ` (${h.effect.slice(h.effect.indexOf(':') + 1).trim()})` : '';
      return `${h.by} ${verb} ${h.move.unit} to ${end}${detail}.`;
    }
    case 'prompt':
      return promptSentence(h.prompt, o);
    case 'reply-declared':
      return `${h.unit} will reply to ${h.against} with ${h.attack}${replyWhen(h.answers)}.`;
    case 'reply-lost':
      return `${h.unit}'s reply to ${h.against} with ${h.attack} did not happen: ${h.dropped} was dropped first.`;
    case 'replies-declined':
      return `${list(h.units)} ${h.units.length === 1 ? 'does' : 'do'} not reply to ${h.against}.`;
    case 'attack':
      return attackSentence(h, o, passing);
    case 'trait':
      return traitSentence(h, passing);
    case 'wound':
      return `${capital(woundSentence(h.wound, h.cause))}.`;
    case 'pay':
      return `${h.unit} paid ${h.what}${h.for ? ` for ${h.for}` : ''}.`;
    case 'gain':
      return `${h.unit} gained ${h.what}.`;
    case 'status':
      // The reason may hold a roll with its own brackets ("rolled 5 + 2 (+1 for each of its 2 injuries) = 7"), so it follows a colon.
      if (!h.gained) return `${h.unit} is no longer ${h.status}: ${h.reason}.`;
      return passing.ended.get(h)?.has(statusKey(h.unit, h.status))
        ? `${h.unit} was ${h.status}${h.source ? `, caused by ${h.source}` : ''}, but is no longer: ${passing.ended.get(h)!.get(statusKey(h.unit, h.status))}.`
        : `${h.unit} is now ${meantGained(h.status)}${h.source ? `, caused by ${h.source}` : ''}.`;
    case 'recovery-failed':
      return recoveryFailed(h);
    case 'effect-failed':
      return effectFailed(h);
    case 'warleader-die':
      return `${h.unit} spent its react token and a Warleader die so ${h.for} could reroll its recovery roll.`;
    case 'drop':
      return `${h.drop.unit} was dropped${h.drop.by ? ` by ${h.drop.by}` : ''}.`;
    case 'contested':
      return `Objective ${h.objective} is contested (${list(h.units)}): nobody scores it.`;
    case 'score':
      return h.objective ? `${h.player} scored ${h.points} VP for holding ${h.reason}.` : `${h.player} scored ${h.points} VP for ${h.reason}.`;
    case 'rest':
      return restSentence(h);
    case 'crow':
      return `${h.unit} crowed and regained ${h.vigor} Vigor${h.after ? ` (now ${h.after.now} of ${h.after.max})` : ''}.`;
    case 'roll':
      return rollSentence(h);
    case 'turn-ended':
      // A turn ended without acting is told by its activation's words; one that acted says what it spent.
      if (h.used === 0) return null;
      if (h.unit && h.used !== undefined && h.acts !== undefined) return `${h.unit}'s turn is over: ${spentWords(h.used, h.acts)}.`;
      return h.unit ? `${h.unit}'s turn is over.` : `${h.player}'s turn is over.`;
    case 'player-out':
      return `${h.player} has no units left.`;
    case 'conceded':
      return `${h.player} concedes: their units leave the table, scoring nobody.`;
    case 'game-over': {
      // The engine's reason reads "Bob reached 79 VP…" (scoring.ts); said above "Bob 84 VP" it read as
      // Bob's score, so the 79 is named as the target it is (playtest).
      const reason = h.reason.replace(/ reached (\d+) VP/, ' reached the $1 VP target');
      return h.winner ? `Game over: ${h.winner} wins (${reason}).` : `Game over: a draw (${reason}).`;
    }
  }
}

/**
 * R31 in a player's words: the token a rest gave back and how many there are now, and what it did not
 * give back (Vigor, statuses), since resting gives back only a token: "KN rested and took back a react
 * token (1 of 1 now); resting gives back no Vigor (still 8 of 12) and ends no status (still Shaken)."
 */
function restSentence(h: Extract<Happening, { kind: 'rest' }>): string {
  const count = h.tokens ? ` (${h.tokens.now} of ${h.tokens.max} now)` : '';
  const kept = [
    ...(h.vigor ? [`gives back no Vigor (still ${h.vigor.now} of ${h.vigor.max})`] : []),
    ...(h.statuses?.length ? [`ends no status (still ${h.statuses.join(', ')})`] : []),
  ];
  const rest = kept.length === 0 ? '' : `; resting ${kept.join(' and ')}`;
  const by = h.by ? ` by ${h.by.trait}, which took ${h.by.acts} act${h.by.acts === 1 ? '' : 's'}` : '';
  return `${h.unit} rested and took back a ${h.token} token${count}${by}${rest}.`;
}

/** A few words, or null for what the header leaves out (rolls, bookkeeping). */
export const phrase = (h: Happening): string | null => phraseAmong(h, NO_PASSING);

/** phrase, for a happening among others whose statuses may come and go within them (passing-statuses.ts). */
function phraseAmong(h: Happening, passing: Passing): string | null {
  if (passing.told.has(h)) return null;
  switch (h.kind) {
    case 'move':
      return `${h.move.unit} ${h.move.kind === 'maneuver' ? 'maneuvered' : 'moved'} ${route(h.move)}`;
    case 'charge':
      return h.continued ? `${h.move.unit} went on to ${h.move.path[h.move.path.length - 1]?.name ?? h.target}` : `${h.move.unit} charged ${h.target}`;
    case 'shove': {
      // In the log's own words ("TG recoiled CI to J9"): "CI shoved to J9" beside it read as another happening (playtest round 15).
      const end = h.move.path[h.move.path.length - 1]?.name ?? '?';
      const verb = shoveVerb(h.effect, h.by, h.move.unit);
      return verb ? `${h.by} ${verb} ${h.move.unit} to ${end}` : `${h.move.unit} was moved to ${end}`;
    }
    case 'attack': {
      const a = h.attack;
      if (h.problem) return null;
      const count = a.result === 'miss' || a.woundless ? null : h.wounds.length > 0 ? a.wounds : (h.pending?.wounds?.count ?? null);
      // A critical says why, as the log does in short, so a plain die number does not read as the cause
      // (a playtest read "critical hit (rolled 17)" as 17 making it critical) nor as wounds.
      // By how much it beat the number: "(10 over)" for a roll 13 over read as the margin (playtest round 18).
      const rolled = a.result === 'critical' && a.roll !== null ? (a.roll === 20 ? ' (a natural 20)' : ` (${overBy(a)} over)`) : '';
      const wounds = count === null ? '' : `, ${plural(count, 'wound')}`;
      return `${a.attacker}${a.reply ? ' replied' : ''} on ${a.target}: ${SHORT_RESULT[a.result]}${rolled}${wounds}`;
    }
    case 'trait':
      return `${h.unit} used ${h.trait}`;
    case 'wound':
      return woundPhrase(h.wound);
    case 'status':
      if (!h.gained) return `${h.unit} no longer ${h.status}`;
      return passing.ended.get(h)?.has(statusKey(h.unit, h.status)) ? `${h.unit} briefly ${h.status}` : `${h.unit} ${meant(h.status)}`;
    case 'drop':
      return `${h.drop.unit} dropped`;
    case 'score':
      // An objective's points come at the round's end, not from the turn: said so, since "Last turn
      // Practice bot +5 VP · Alice +5 VP" read as the turn's doing (playtest).
      return h.objective ? `${h.player} +${h.points} VP for objectives` : `${h.player} +${h.points} VP`;
    case 'contested':
      return `objective ${h.objective} contested`;
    case 'rest':
      return `${h.unit} rested`;
    case 'crow':
      return `${h.unit} crowed`;
    case 'conceded':
      return `${h.player} conceded`;
    case 'game-over':
      return h.winner ? `${h.winner} wins` : 'draw';
    default:
      return null;
  }
}

/**
 * The statuses an attack or a trait gave, each its own phrase after the act's: "KN shaken (−1 act)".
 * The header told a status only when it ended ("KN no longer shaken") and a new player never saw it begin.
 */
export function gainedPhrases(h: Happening, passing: Passing = NO_PASSING): string[] {
  // A status that ended later in the same lines is "briefly" had, its ending not told again (passing-statuses.ts).
  const told = (unit: string, status: string) =>
    passing.ended.get(h)?.has(statusKey(unit, status)) ? `${unit} briefly ${status}` : `${unit} ${meant(status)}`;
  if (h.kind === 'attack' && !h.problem) return h.attack.statuses.map((s) => told(h.attack.target, s));
  if (h.kind === 'trait') return h.statuses.map((s) => told(s.unit, s.status));
  return [];
}

/** Round news (posted on its own lines as the round turns), and what frames a turn rather than tells it. */
export const NEWS: ReadonlySet<HappeningKind> = new Set(['round', 'tactics', 'order', 'phase']);
/** Round news, objectives scored (or contested) at the round's end included. */
export const isRoundNews = (h: Happening): boolean => NEWS.has(h.kind) || h.kind === 'contested' || (h.kind === 'score' && h.objective);
export const FRAMING: ReadonlySet<HappeningKind> = new Set(['turn', 'activate', 'turn-ended']);

/** The sentences of happenings, skipping those with nothing to say and any kinds left out. */
/**
 * `boldDrops`: for a Discord post, a unit dropped is told in bold, so a drop never hides among a
 * turn's other lines (issue 26); alt text and logs stay plain.
 */
export function tell(
  happenings: readonly Happening[],
  o: Telling & { readonly skip?: ReadonlySet<HappeningKind>; readonly news?: false; readonly boldDrops?: boolean } = {},
): string[] {
  const passing = passingStatuses(happenings);
  return happenings.flatMap((h) => {
    if (o.skip?.has(h.kind) || (o.news === false && isRoundNews(h))) return [];
    const s = sentence(h, o, passing);
    if (s === null) return [];
    return [o.boldDrops && h.kind === 'drop' ? `**${s}**` : s];
  });
}

const PICTURE_SKIP: ReadonlySet<HappeningKind> = new Set([...NEWS, ...FRAMING, 'prompt', 'replies-declined']);

/**
 * A turn's story for its picture's alt text, which has 1,024 characters: what the units did, without
 * the round news, the turn framing, the decisions (told by what followed) and replies let pass.
 */
export const lastTurnSentences = (last: LastTurnView): string[] => tell(last.happenings, { skip: PICTURE_SKIP });
/** Phrases with non-breaking spaces inside, so a wrapped header line breaks only between them. */
export const lastTurnPhrases = (last: LastTurnView): string[] => {
  const passing = passingStatuses(last.happenings);
  return last.happenings
    .flatMap((h) => [phraseAmong(h, passing), ...gainedPhrases(h, passing)])
    .filter((p): p is string => p !== null)
    .map((p) => p.replace(/ /g, '\u00a0'));
};
