/**
 * The recoil prompt (§4.6, R42): the recoiling unit's owner picks one of the end squares farthest
 * from the attacker, from a menu that gives each square's path, its price in movement points and
 * whether it enters damaging terrain, with the map drawn showing every path. The menu's value is the
 * square's index in the prompt's options, so a click means the option it was built from.
 */
import type { Decision, GameEvent, GameState, PlayerId, Prompt, PromptOf } from '../engine';
import { nameOf } from '../../../engine';
import { boardOf, unitOf } from '../engine';
import { unitName } from './map-labels';
import { renderMapWithAlt } from '../render';
import { clip } from '../../../discord/text';
import { answered, type Answered, type PlainPrompt, refused } from './prompt-plain';

/** One menu line: "B7 (2 points)", and its path and what it enters. */
function endOption(end: PromptOf<'recoil'>['options']['ends'][number], i: number, usual: boolean) {
  const points = `${end.cost} point${end.cost === 1 ? '' : 's'}`;
  const enters = end.damaging ? '; enters damaging terrain (5 wounds)' : '';
  return {
    label: `${end.at} (${points})${usual ? ' — the usual choice' : ''}`,
    value: String(i),
    description: `by ${end.path.join(' → ')}${enters}`,
  };
}

export function recoilPromptPost(state: GameState, prompt: PromptOf<'recoil'>): PlainPrompt {
  const o = prompt.options;
  const unit = unitName(state, unitOf(state, prompt.unit));
  const by = unitName(state, unitOf(state, o.by));
  const usual = o.ends[o.default]!;
  return {
    content:
      `<@${prompt.player}>, **${unit}** recoils ${o.points} movement point${o.points === 1 ? '' : 's'} away from **${by}**, ` +
      `and must end as far from it as it can: ${o.ends.length} squares are that far. Where does it go? ` +
      `If you do not choose, it goes to ${usual.at}, the one farthest in a straight line.`,
    parts: [{ action: 'recoil', menu: 'Choose where it recoils to', options: o.ends.map((e, i) => endOption(e, i, i === o.default)) }],
  };
}

/** The decision a menu choice stands for; refuses a value the prompt never offered. */
export function recoilPromptAnswer(prompt: PromptOf<'recoil'>, arg: string): Answered<Decision> {
  const i = Number(arg);
  const end = /^\d+$/.test(arg) ? prompt.options.ends[i] : undefined;
  if (end === undefined) return refused('bad-choice', 'That choice is not on offer.');
  return answered({ unit: prompt.unit, recoil: end.at });
}

/** The map with every path the recoil may take drawn from where the unit stands. */
export function recoilMapFile(
  state: GameState,
  prompt: PromptOf<'recoil'>,
  names: Readonly<Record<PlayerId, string>>,
): { png: Buffer; name: string; alt: string } {
  const unit = unitOf(state, prompt.unit);
  const from = nameOf(boardOf(state), unit.at!);
  const paths: GameEvent[] = prompt.options.ends.map((e) => ({
    type: 'shoved',
    unit: unit.id,
    by: prompt.options.by,
    from,
    path: [...e.path],
    effect: `recoil to ${e.at}`,
  }));
  const { png, alt } = renderMapWithAlt(state, { lastTurn: paths, before: state, names });
  const ends = prompt.options.ends.map((e) => e.at).join(', ');
  return {
    png,
    name: 'recoil.png',
    alt: clip(`Where ${unitName(state, unit)} may recoil to: ${ends}, each path drawn from ${from}. ${alt}`, 'altText', { atWord: true }),
  };
}

/** The map a prompt is answered looking at, drawn for it: a recoil's paths; null for a prompt that needs none. */
export function promptMapFile(state: GameState, prompt: Prompt, names: Readonly<Record<PlayerId, string>>): { png: Buffer; name: string; alt: string } | null {
  return prompt.kind === 'recoil' ? recoilMapFile(state, prompt, names) : null;
}

/**
 * What picture an open prompt is posted with: its own map (a recoil's paths), the unit's turn so far
 * (a reply or wounds in the middle of a turn: the state the prompt speaks of, never an older turn's
 * picture), or none.
 */
export function promptPicture(state: GameState): 'own-map' | 'turn-so-far' | null {
  if (!state.prompt) return null;
  if (state.prompt.kind === 'recoil') return 'own-map';
  return state.turn?.unit != null ? 'turn-so-far' : null;
}
