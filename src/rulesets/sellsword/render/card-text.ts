/**
 * Card text in the rulebook's wording: "Sacrificial Dagger (Range 1) +9 vs. Armor; 10 Pierce THEN 10
 * recurring Magic (Spirit)." and "Immune 5 Cold". Pure string building, shared by the card image
 * and anything else that lists a unit's attacks and traits.
 */
import type { Attack, Cost, Effect, Trait } from '../formats/card';
import { QUALITY_NAMES, TOKENS } from '../formats/vocabulary';

export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const title = (s: string): string => s.split('-').map(capital).join(' ');
const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

/** "1 blue, 10 Vigor", or '' for no cost. */
export function costText(cost: Cost): string {
  const parts: string[] = [];
  for (const k of TOKENS) if (cost[k]) parts.push(`${cost[k]} ${k}`);
  if (cost.vigor) parts.push(`${cost.vigor} Vigor`);
  return parts.join(', ');
}

export function effectText(e: Effect): string {
  if ('status' in e) {
    const recover = e.recover ? ` (${e.recover.map(capital).join('/')})` : '';
    const modifier = e.modifier ? ` ${signed(e.modifier)}` : '';
    if (e.status === 'recurring') return `${e.wound ?? 0} recurring ${capital(e.type ?? 'fire')}${recover}`;
    return `${capital(e.status)}${e.asterisk ? '*' : ''}${recover}${modifier}`;
  }
  if ('wound' in e) return `${e.wound} ${capital(e.type)}`;
  if ('push' in e) return `Push ${e.push}`;
  if ('pull' in e) return `Pull ${e.pull}`;
  if ('recoil' in e) return `Recoil ${e.recoil}`;
  return `Move ${e.move}`;
}

/** The bracket after an attack's name: range, burst, acts, slow, cost. */
export function attackTerms(a: Attack): string {
  // "Range 1", not the rulebook's "R1": elsewhere players meet R-numbers as rulings.
  const terms = [`Range ${a.range}`];
  if (a.burst !== undefined) terms.push(`Burst ${a.burst}`);
  if (a.slow) terms.push('Slow');
  if (a.acts > 1) terms.push(`${a.acts} Acts`);
  const cost = costText(a.cost);
  if (cost) terms.push(cost);
  return `(${terms.join(', ')})`;
}

/** Everything after the attack's name: "(Range 1) +9 vs. Armor; 10 Pierce THEN 10 recurring Magic (Spirit)." */
export function attackBody(a: Attack): string {
  const effects = a.effects.map((e, i) => (i === 0 ? '' : e.link === 'then' ? ' THEN ' : ' AND ') + effectText(e)).join('');
  return `${attackTerms(a)} ${signed(a.bonus)} vs. ${capital(a.vs)}; ${effects}.`;
}

const AUDIENCE: Record<string, string> = { allies: 'Allies', enemies: 'Enemies', all: 'Units' };

function modifyText(modify: Readonly<Record<string, number | undefined>>): string {
  return Object.entries(modify)
    .filter(([, v]) => v !== undefined && v !== 0)
    .map(([k, v]) => `${signed(v!)} ${k}`)
    .join(', ');
}

/** A trait's name (when it has one) and its rules text. */
export function traitText(t: Trait): { name: string | null; text: string } {
  switch (t.trait) {
    case 'warleader':
      return { name: null, text: `Warleader ${t.dice}` };
    case 'immune':
    case 'vulnerable':
      return { name: null, text: `${capital(t.trait)} ${t.wound} ${capital(t.type)}` };
    case 'aura': {
      const who = `${AUDIENCE[t.who] ?? t.who}${t.descriptor ? ` (${t.descriptor})` : ''}`;
      return { name: t.name, text: t.text ?? `${who} within ${t.range} squares have ${modifyText(t.modify)}.` };
    }
    case 'act': {
      if (t.text) return { name: t.name, text: `As an act (${costText(t.cost) || 'no cost'}): ${t.text}` };
      const who = t.who ? `${AUDIENCE[t.who] ?? t.who}${t.descriptor ? ` (${t.descriptor})` : ''} within ${t.range ?? 0} squares` : 'This unit';
      const gain = t.gain
        ? Object.entries(t.gain)
            .filter(([, v]) => v)
            .map(([k, v]) => `${v} ${k === 'vigor' ? 'Vigor' : `${k} token${v === 1 ? '' : 's'}`}`)
            .join(', ')
        : '';
      return { name: t.name, text: `As an act, pay ${costText(t.cost) || 'nothing'}; ${who} gain ${gain || 'the effects'}.` };
    }
    case 'rule': {
      const parts = [
        t.maxSameAct !== undefined ? `up to ${t.maxSameAct} of the same act a turn` : '',
        t.acts !== undefined ? `${t.acts} acts a turn` : '',
      ].filter(Boolean);
      return { name: t.name, text: t.text ?? `${capital(parts.join('; '))}.` };
    }
    case 'rest':
      return { name: t.name, text: t.text ?? `Rest may take back a ${t.token} token (${t.acts} act${t.acts === 1 ? '' : 's'}).` };
    default:
      return { name: null, text: title(t.trait) };
  }
}

/** "Human · Seasoned · Possessed", with the quality level's name in place of a missing one. */
export function descriptorLine(descriptors: readonly string[], quality: number): string {
  const named = QUALITY_NAMES[Math.min(quality, QUALITY_NAMES.length - 1)]!;
  const words = descriptors.includes(named) ? descriptors : [...descriptors, named];
  return words.map(capital).join(' · ');
}

/**
 * The Move box's value: "7", or "Fly 7" for a card that flies. The printed cards' "F7" was read as a
 * riddle by a new player (playtest round 17).
 */
export const moveText = (card: { readonly stats: { readonly fly?: boolean } }, move: number | string): string => `${card.stats.fly ? 'Fly ' : ''}${move}`;
