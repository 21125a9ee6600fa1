/**
 * An attack's consequences in a few words, from the engine's own odds (attackOutlook): the chance to hit,
 * the wounds a hit and a critical deal after immunity, vulnerability and toughness (what the log will say
 * reached the target), and, when the target is immune or vulnerable to the attack's wounds or has toughness
 * left this round, which. Suggestions and prompts say these, so a bite that cannot wound an
 * immune unit on a plain hit never reads as a good 75%.
 */
import { alreadyHas, attackOutlook, findAttack, invisibility, liveTraits, unitOf, woundsDrop, type GameState } from '../engine';
import { adjustmentWords, attackAuraWords, needWhy, unitLabels } from '../render';
import { effectText } from '../render/card-text';
import type { Attack } from '../formats/card';

/** The engine's roll line for an attack, as its odds queries give it. */
type AttackLine = Extract<ReturnType<typeof attackOutlook>, { line: unknown }>['line'];

/** A chance as a player reads it: "35%". */
export const percent = (p: number): string => `${Math.round(p * 100)}%`;

/**
 * What an attack that deals no wounds does instead ("no wounds, Recoil 2"), for a reply button and a
 * target's suggestion: beside another attack's wounds, a bare "90% to hit" did not say what a Shield
 * Bash would do (playtest rounds 15 and 16). Null for an attack with a wound effect.
 */
export function woundlessWords(attack: Attack): string | null {
  if (attack.effects.some((e) => 'wound' in e && !('status' in e))) return null;
  return `no wounds, ${attack.effects.map((e) => effectText(e)).join(', ')}`;
}

/** The wound types of an attack's wound effects (statuses that wound are not counted: they are not hit wounds). */
function woundTypes(game: GameState, unitId: string, attackId: string): string[] {
  const attack = findAttack(game, unitOf(game, unitId), attackId);
  return [...new Set((attack?.effects ?? []).flatMap((e) => ('wound' in e && !('status' in e) ? [e.type] : [])))];
}

/**
 * What the target's immunities and vulnerabilities do to these wound types, with how many wounds
 * ("immune −5 pierce", "vulnerable +5 fire"): an immunity takes off so many wounds of its type, not
 * all of them, so "immune to pierce" alone read as "this cannot hurt it" (playtest).
 */
function defenceWords(game: GameState, targetId: string, types: readonly string[]): string[] {
  const target = unitOf(game, targetId);
  const words: string[] = [];
  for (const t of liveTraits(game, target)) {
    if ((t.trait === 'immune' || t.trait === 'vulnerable') && types.includes(t.type)) {
      const w = t.trait === 'immune' ? `immune −${t.wound} ${t.type}` : `vulnerable +${t.wound} ${t.type}`;
      if (!words.includes(w)) words.push(w);
    }
  }
  // §4.7: toughness ignores the first 5 wounds of the round; said while any is left, so "10 wounds" a
  // hit from a 15-wound attack is explained (a tester saw 10 promised and 5 reach: issue 26).
  if (types.length > 0 && target.toughness > 0 && liveTraits(game, target).some((t) => t.trait === 'toughness')) words.push(`toughness −${target.toughness}`);
  return words;
}

/** The hits of an attack's odds as statusWords reads them: which statuses each gives (engine AttackOutcome.gives). */
type Giving = readonly { critical: boolean; glancing: boolean; gives?: readonly number[] }[];

/**
 * The statuses an attack's hit gives the target, as its card orders them and as the engine's odds say
 * they land: "then Pinned" (a THEN effect lands only when the effect before it wounded, R21),
 * "Stunned", "then Recurring fire"; null when it gives none. A status that lands only on some hits says
 * which: "then Hobbled on a critical" (a plain hit's wounds do not get through), "then Hobbled (not on a
 * glancing blow)" (`short` leaves that out); one no hit gives says why: "no Hobbled: no wounds reach
 * SA", "no Hobbled: SA is already Hobbled". Without odds (`outcomes` null) the card's words alone.
 * Prompts and suggestions say them after the wounds: a tester's Grasping Hands never said it pins, and
 * a Hamstring Bite promised "then Hobbled" to a target its wounds could not reach (issue 26).
 */
export function statusWords(game: GameState, unitId: string, attackId: string, targetId: string, outcomes: Giving | null, short = false): string | null {
  const attack = findAttack(game, unitOf(game, unitId), attackId);
  const target = game.units[targetId];
  const who = targetId.toUpperCase();
  const said = (attack?.effects ?? []).flatMap((e, i) => {
    if (!('status' in e)) return [];
    const status = e.status === 'recurring' ? `Recurring ${e.type ?? 'fire'}` : `${e.status.charAt(0).toUpperCase()}${e.status.slice(1)}`;
    const then = i > 0 && e.link === 'then' ? 'then ' : '';
    if (!outcomes || outcomes.length === 0) return [`${then}${status}`];
    const on = (o: Giving[number] | undefined) => o?.gives?.includes(i) === true;
    const plain = outcomes.find((o) => !o.critical && !o.glancing);
    const critical = outcomes.find((o) => o.critical);
    const glance = outcomes.find((o) => o.glancing);
    if (outcomes.every((o) => !on(o))) {
      const why = target && alreadyHas(target, e.status) ? `${who} is already ${status}` : `no wounds reach ${who}`;
      return [`no ${status}: ${why}`];
    }
    if (plain && !on(plain) && on(critical)) return [`${then}${status} on a ${short ? 'crit' : 'critical'}`];
    if (glance && !on(glance) && !short) return [`${then}${status} (not on a glancing blow)`];
    return [`${then}${status}`];
  });
  return said.length > 0 ? said.join(', ') : null;
}

/**
 * What makes a chance to hit differ from the card's bonus, in the words of the attack preview and the
 * roll lines (render/roll-words.ts): " (d20 + 2 against 15: Mace +4, TG's injuries −2)". Empty when the
 * attack's own bonus is all there is, or the roll is not needed. `burst`: the line is a burst's (R24).
 */
export function chanceWhy(
  game: GameState,
  unitId: string,
  attackId: string,
  targetId: string,
  line: Pick<AttackLine, 'automatic' | 'notes' | 'modifier' | 'need'>,
  burst = false,
): string {
  if (line.automatic) return '';
  const labels = unitLabels(game);
  const card = findAttack(game, unitOf(game, unitId), attackId);
  const attack = card?.name ?? attackId;
  const auras = attackAuraWords(game, unitId);
  const parties = { attack, attacker: labels.get(unitId) ?? unitId, target: labels.get(targetId) ?? targetId, ...(auras ? { auras } : {}) };
  // A burst's notes leave its auras out (burst.ts burstLine): the rest is named as the auras.
  const words = adjustmentWords(line.notes, line.modifier, parties, burst);
  // The number needed, when it is not the card's defence: a shield's +2 at range was in "against 15"
  // unexplained beside a card's Armor 13 (playtest round 16); the log's roll line says the same.
  const need = card ? needWhy(game, targetId, parties.target, card.vs, line.need) : '';
  if (words.length <= 1 && !need) return '';
  // A printed stat alone names the number ("against GH's Wits 8"); more parts follow the sum.
  const plain = need !== '' && !need.includes(',');
  const sum = `d20 ${line.modifier >= 0 ? '+' : '−'} ${Math.abs(line.modifier)} against ${plain ? need : line.need}`;
  const parts = [...(words.length > 1 ? [`: ${words.join(', ')}`] : []), ...(need && !plain ? [`; ${line.need} is ${need}`] : [])];
  return ` (${sum}${parts.join('')})`;
}

/**
 * "60% to hit · 10 wounds a hit, 20 a critical", "75% to hit · 0 wounds a hit, 5 a critical (immune −5
 * pierce)", or null when the engine cannot judge the attack (out of sight or reach). The wounds are
 * after immunity, vulnerability and toughness, before Vigor. `charge` judges it from the end of the charge.
 */
export function oddsWords(game: GameState, unitId: string, attackId: string, targetId: string, opts: { charge?: boolean; why?: boolean } = {}): string | null {
  const outlook = attackOutlook(game, unitId, attackId, targetId, { charge: opts.charge === true });
  if (!('chance' in outlook)) return null;
  const why = opts.why ? chanceWhy(game, unitId, attackId, targetId, outlook.line) : '';
  // The critical chance too, as the attack a reply answers is said ("75% to hit, 25% critical"): a reply's
  // odds without it left a tester unable to weigh one against the other (playtest round 15).
  const critical = outlook.criticalChance > 0 ? `, ${percent(outlook.criticalChance)} critical` : '';
  const parts = [`${percent(outlook.chance)} to hit${why}${critical}`];
  const wounds = woundWords(game, unitId, attackId, targetId, outlook.outcomes);
  if (wounds) parts.push(wounds);
  const statuses = statusWords(game, unitId, attackId, targetId, outlook.outcomes);
  if (statuses) parts.push(statuses);
  const drops = dropWords(game, targetId, outlook.outcomes);
  if (drops) parts.push(drops);
  return parts.join(' · ');
}

/** "10 wounds a hit, 20 a critical (vulnerable +5 fire, toughness −5)", or null for an attack that deals no wounds. */
export function woundWords(
  game: GameState,
  unitId: string,
  attackId: string,
  targetId: string,
  outcomes: readonly { chance: number; critical: boolean; glancing: boolean; wounds: number; charge?: number }[],
  sayDefences = true,
  short = false,
): string | null {
  const types = woundTypes(game, unitId, attackId);
  if (types.length === 0) return null;
  const defences = defenceWords(game, targetId, types);
  const plain = outcomes.find((o) => !o.critical && !o.glancing);
  const critical = outcomes.find((o) => o.critical);
  const wounds = (n: number) => `${n} wound${n === 1 ? '' : 's'}`;
  // A suggestion's name is cut at a phone's width: "10 wounds, 20 on a crit" keeps both numbers in view ("crit 20" read
  // as a critical on a 20, issue 26).
  // R20: a natural 13 that hits glances (never critical, 5 fewer wounds); a prompt says so, as its odds
  // count it among the hits (a tester read a reply's 60% as full wounds each time, issue 26).
  const glance = short ? null : glancingOf(outcomes);
  // R23: a charge's +5 is in the totals; said with the first of them it is in, so "10 wounds a hit … (a
  // charge: +5 wounds)" is not read as 15 (issue 26). The engine's share: what the hit deals less the same without the charge.
  const shareAt = (plain?.charge ?? 0) > 0 ? plain : (critical?.charge ?? 0) > 0 ? critical : undefined;
  // A suggestion's short words leave it to chargeShare, after the front a phone keeps.
  const share = (o: typeof plain) => (!short && o && o === shareAt ? ` (${o.charge} of them the charge's)` : '');
  const said = [
    plain ? (short ? wounds(plain.wounds) : `${wounds(plain.wounds)} a hit${share(plain)}`) : null,
    critical ? (short ? `${critical.wounds} on a crit` : `${critical.wounds} a critical${share(critical)}`) : null,
    glance ? `${glance.wounds} a glancing blow (a natural 13: ${percent(glance.chance)})` : null,
  ]
    .filter(Boolean)
    .join(', ');
  if (!said) return null;
  return `${said}${sayDefences && defences.length > 0 ? ` (${defences.join(', ')})` : ''}`;
}

/**
 * A charge's share of its wounds (R23) as a suggestion says it after the wounds: "wounds incl. the
 * charge's +5", or '' when the charge adds none (an immunity takes it, say) or the odds are no charge's.
 */
function chargeShare(outcomes: readonly { critical: boolean; glancing: boolean; charge?: number }[]): string {
  const plain = outcomes.find((o) => !o.critical && !o.glancing);
  const n = plain?.charge || outcomes.find((o) => o.critical)?.charge || 0;
  return n > 0 ? `wounds incl. the charge's +${n}` : '';
}

/**
 * Which hits drop the target whatever its owner splits (R3, the engine's woundsDrop): "any hit drops
 * GH", "a hit drops GH" (a glancing blow does not), "a critical drops GH", or null when none does.
 * A tester weighed a reply by its chance to hit alone, unaware any hit would drop the Imp (playtest round 16).
 */
/** Said after "a hit drops GH" when a glancing blow would leave it standing (dropWords). */
export const NOT_GLANCING = ', not a glancing one';

export function dropWords(game: GameState, targetId: string, outcomes: readonly { critical: boolean; glancing: boolean; wounds: number }[]): string | null {
  const target = unitOf(game, targetId);
  const drops = (o: { wounds: number } | undefined) => o !== undefined && woundsDrop(game, target, o.wounds);
  const who = targetId.toUpperCase();
  if (outcomes.length > 0 && outcomes.every(drops)) return `any hit drops ${who}`;
  // R20's glancing blow (a natural 13) deals 5 fewer: a hit that drops the target only when it does not
  // glance says so, or a tester's glancing blow left the target standing beside "drops it" (playtest round 21).
  if (drops(outcomes.find((o) => !o.critical && !o.glancing))) {
    const glance = outcomes.find((o) => o.glancing);
    return glance && !drops(glance) ? `a hit drops ${who}${NOT_GLANCING}` : `a hit drops ${who}`;
  }
  if (drops(outcomes.find((o) => o.critical))) return `a critical drops ${who}`;
  return null;
}

/**
 * The glancing blow among a roll's hits (R20, the option): its chance and wounds, or null when none can
 * glance or it deals what a plain hit does (nothing to tell apart: 0 either way, say).
 */
export function glancingOf(
  outcomes: readonly { chance: number; critical: boolean; glancing: boolean; wounds: number }[],
): { chance: number; wounds: number } | null {
  const g = outcomes.find((o) => o.glancing);
  const plain = outcomes.find((o) => !o.critical && !o.glancing);
  return g && g.wounds !== plain?.wounds ? { chance: g.chance, wounds: g.wounds } : null;
}

/**
 * One unit caught by a burst (R24), as the reply prompt and the burst preview say it, from the engine's
 * burstOutlook entry: "55% to hit (d20 + 2 against 12: …), 5% critical; 5 wounds a hit, 15 a critical".
 */
export function burstCaughtWords(
  game: GameState,
  attackerId: string,
  attackId: string,
  caught: {
    readonly unit: string;
    readonly outlook: { chance: number; criticalChance: number; outcomes: readonly { chance: number; critical: boolean; glancing: boolean; wounds: number }[] };
    readonly line: Parameters<typeof chanceWhy>[4];
  },
): string {
  const o = caught.outlook;
  const wounds = woundWords(game, attackerId, attackId, caught.unit, o.outcomes);
  const why = chanceWhy(game, attackerId, attackId, caught.unit, caught.line, true);
  const drops = dropWords(game, caught.unit, o.outcomes);
  return `${percent(o.chance)} to hit${why}, ${percent(o.criticalChance)} critical${wounds ? `; ${wounds}` : ''}${drops ? `; ${drops}` : ''}`;
}

/** An invisible target's penalty as a suggestion says it, by why: "brush/smoke −4" (terrain: seen through it, whether or not the target stands in it), "stealthy −4", or "invisible −4". */
function invisibleHead(game: GameState, unitId: string, targetId: string): string {
  const [u, t] = [game.units[unitId], game.units[targetId]];
  const why = u && t ? invisibility(game, u, t) : 'status';
  return `${why === 'terrain' ? 'brush/smoke' : why === 'stealthy' ? 'stealthy' : 'invisible'} −4`;
}

/**
 * What decides a pick, for the front of a suggestion's name: a phone shows only the first ~40
 * characters of one, so the chance to hit, the chance of a critical, and whether a hit can wound
 * at all come before the details. Null when the engine cannot judge the attack. `head` is all of them
 * in that order; `odds` the two chances alone, `hitNotes` what is in the chance to hit (an unseen
 * target's penalty), `woundNotes` what the target's defences do to the wounds, so a target's name can
 * order them itself (act-suggestions.ts targetWords: the chance to hit, a hit's wounds, who may reply first).
 */
export function oddsHead(
  game: GameState,
  unitId: string,
  attackId: string,
  targetId: string,
  opts: { charge?: boolean } = {},
): {
  /** The chance to hit itself (0–1), for ordering: the words below say it. */
  chance: number;
  /** What a hit does when the attack deals no wounds ("no wounds, Recoil 2"), else null. */
  instead: string | null;
  head: string[];
  odds: string[];
  hitNotes: string[];
  woundNotes: string[];
  wounds: string | null;
  chargeShare: string;
  statuses: string | null;
  drops: string | null;
} | null {
  const outlook = attackOutlook(game, unitId, attackId, targetId, opts);
  if (!('chance' in outlook)) return null;
  const odds = [`${percent(outlook.chance)} hit`, `${percent(outlook.criticalChance)} crit`];
  // An unseen target's penalty is in the chance; said, so the roll's "invisible" note is no surprise.
  // With its penalty ("invisible −4"), as the roll will say it: a bare "invisible" read as a mistake for a unit in plain view.
  // Cover with its penalty ("cover −2", "cover at range 12+ −4"), as the roll says it: a bare "cover"
  // left a tester to learn its size from the log after rolling (playtest round 20).
  const hitNotes = outlook.line.notes.filter((n) => n.startsWith('cover'));
  if (outlook.line.invisible) hitNotes.push(invisibleHead(game, unitId, targetId));
  // A target Compromised (flanked, say: §6.2, R29) is +2 to hit, said as the roll will say it: a tester's
  // odds rose from 70% to 80% after a crow with no reason given (playtest round 18).
  for (const note of outlook.line.notes) {
    const compromised = /^compromised \((.+)\) \+2$/.exec(note);
    // Not seeing the attacker is said as the roll's line says it, "unseen by OW +2" (playtest round 20:
    // "can't see attacker +2" here and "unseen by OW +2" in the log read as two things).
    if (compromised) hitNotes.push(`${compromised[1] === 'cannot see the attacker' ? `unseen by ${targetId.toUpperCase()}` : compromised[1]} +2`);
  }
  const hits = hitOdds(game, unitId, attackId, targetId, outlook.outcomes);
  return {
    chance: outlook.chance,
    head: [...odds, ...hitNotes, ...hits.woundNotes],
    odds,
    hitNotes,
    ...hits,
    chargeShare: chargeShare(outlook.outcomes),
    statuses: statusWords(game, unitId, attackId, targetId, outlook.outcomes, true),
  };
}

/** What an attack's hits deal the target, as oddsHead says them: from any roll's hits, a single target's or a burst's. */
interface HitOdds {
  /** What a hit does when the attack deals no wounds ("no wounds, Recoil 2"), else null. */
  readonly instead: string | null;
  /** "can't wound", "only crits wound", else the target's immunity, vulnerability and toughness. */
  readonly woundNotes: string[];
  /** "10 wounds, 20 on a crit", or null for an attack that deals none. */
  readonly wounds: string | null;
  /** dropWords' "a hit drops GH", or null. */
  readonly drops: string | null;
}

function hitOdds(game: GameState, unitId: string, attackId: string, targetId: string, outcomes: readonly AttackOutcomeOf[]): HitOdds {
  const types = woundTypes(game, unitId, attackId);
  const plain = outcomes.find((o) => !o.critical && !o.glancing);
  const critical = outcomes.find((o) => o.critical);
  const defences = types.length > 0 ? defenceWords(game, targetId, types) : [];
  const woundNotes: string[] = [];
  if (types.length > 0 && outcomes.length > 0 && outcomes.every((o) => o.wounds === 0)) woundNotes.push("can't wound");
  else if (types.length > 0 && plain?.wounds === 0 && (critical?.wounds ?? 0) > 0) woundNotes.push('only crits wound');
  else woundNotes.push(...defences);
  // Immunity or vulnerability already in the notes is not said twice.
  const said = woundNotes.some((h) => defences.includes(h));
  const attack = findAttack(game, unitOf(game, unitId), attackId);
  return {
    instead: attack ? woundlessWords(attack) : null,
    woundNotes,
    wounds: woundWords(game, unitId, attackId, targetId, outcomes, !said, true),
    drops: dropWords(game, targetId, outcomes),
  };
}

/** The hits of an outlook as hitOdds reads them. */
type AttackOutcomeOf = { chance: number; critical: boolean; glancing: boolean; wounds: number; charge?: number };

/**
 * What a hit deals, as a target's suggestion says it straight after the chance to hit (`hit`: "10
 * wounds", "can't wound", "only crits wound, 5% crit, 15 on a crit", "10 wounds, drops it"), and the
 * chance of a critical with its wounds (`crit`: "5% crit, 20 on a crit"; '' when `hit` holds it). `odds`
 * are oddsHead's two chances ("55% hit", "5% crit"). A single target's row and a burst's row say the same.
 */
export function hitWords(odds: HitOdds & { readonly odds: readonly string[] }): { hit: string; crit: string } {
  const [hit, ...crit] = (odds.wounds ?? '').split(', ').filter(Boolean);
  const blocks: string[] = odds.woundNotes.filter((n) => n === "can't wound" || n === 'only crits wound');
  // R3: a plain hit that drops the target whatever its owner splits says so by its wounds (playtest
  // round 16); a critical that alone drops it is left to the prompts, as room is short here.
  const hitDrops = odds.drops !== null && !odds.drops.startsWith('a critical');
  const dropsWords = odds.drops?.endsWith(NOT_GLANCING) ? 'drops it unless glancing' : 'drops it';
  const critWords = odds.instead ? '' : [...odds.odds.slice(1), ...crit].join(', ');
  // When only a critical wounds, its chance is the figure that matters: kept in the front with the
  // hit's, or the cut to 100 dropped it behind the range and card (playtest round 22).
  const onlyCrits = blocks.includes('only crits wound');
  return {
    hit: [...blocks, hit ?? odds.instead ?? '', hitDrops ? dropsWords : '', onlyCrits ? critWords : ''].filter(Boolean).join(', '),
    // A critical adds wounds (R20); for an attack that deals none it changes nothing, and "5% crit" beside
    // "no wounds, Recoil 2" left a tester guessing (playtest round 18).
    crit: onlyCrits ? '' : critWords,
  };
}

/**
 * One unit caught by a burst (R24) as a burst's suggestion says it, its chance to hit and what a hit
 * deals in a single target's words (hitWords): "95%, 5 wounds", "60%, can't wound". A burst's row once
 * gave the chance alone, where a single target's gave the wounds (issue 26).
 */
export function caughtShort(
  game: GameState,
  attackerId: string,
  attackId: string,
  caught: { readonly unit: string; readonly outlook: { chance: number; criticalChance: number; outcomes: readonly AttackOutcomeOf[] } },
  brief = false,
): string {
  const o = caught.outlook;
  const hits = hitOdds(game, attackerId, attackId, caught.unit, o.outcomes);
  const { hit } = hitWords({ ...hits, odds: [`${percent(o.chance)} hit`, `${percent(o.criticalChance)} crit`] });
  // `brief`: what a plain hit does alone ("only crits wound", "5 wounds"), for a row with no room for more.
  const said = brief ? (hits.woundNotes.find((n) => n === "can't wound" || n === 'only crits wound') ?? hits.wounds?.split(', ')[0] ?? hits.instead) : hit;
  return `${percent(o.chance)}${said ? `, ${said}` : ''}`;
}

/**
 * A suggestion's name: the facts that decide the pick first (a phone shows only about the first 50
 * characters), then as many of the details as fit Discord's 100 (an empty part left out).
 */
export function fitName(head: string, tail: readonly string[]): string {
  let name = head;
  for (const part of tail) if (part && `${name} · ${part}`.length <= 100) name += ` · ${part}`;
  return name;
}
