/**
 * The recoil prompt (§4.6, R42): the recoiling unit's owner picks one of the end squares farthest
 * from the attacker, from a menu that gives each square's path, its price in movement points and
 * whether it enters damaging terrain, with the map drawn showing every path. The menu's value is the
 * square's index in the prompt's options, so a click means the option it was built from.
 */
import type { Decision, GameEvent, GameState, PlayerId, PromptOf } from '../../rulesets/sellsword/engine';
import { nameOf } from '../../engine';
import { boardOf, label, unitOf } from '../../rulesets/sellsword/engine';
import { renderMapWithAlt } from '../../rulesets/sellsword/render';
import { clip } from '../../discord/text';
import { selectRow, type Row } from './prompt-components';
import { refuse } from '../../match/user-error';

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

export function recoilPromptPost(match: string, seq: number, state: GameState, prompt: PromptOf<'recoil'>): { content: string; components: Row[] } {
  const o = prompt.options;
  const unit = label(state, unitOf(state, prompt.unit));
  const by = label(state, unitOf(state, o.by));
  const usual = o.ends[o.default]!;
  return {
    content:
      `<@${prompt.player}>, **${unit}** recoils ${o.points} movement point${o.points === 1 ? '' : 's'} away from **${by}**, ` +
      `and must end as far from it as it can: ${o.ends.length} squares are that far. Where does it go? ` +
      `If you do not choose, it goes to ${usual.at}, the one farthest in a straight line.`,
    components: [
      selectRow(
        'recoil',
        match,
        seq,
        'Choose where it recoils to',
        o.ends.map((e, i) => endOption(e, i, i === o.default)),
      ),
    ],
  };
}

/** The decision a menu choice stands for; refuses a value the prompt never offered. */
export function recoilPromptAnswer(prompt: PromptOf<'recoil'>, arg: string): Decision {
  const i = Number(arg);
  const end = /^\d+$/.test(arg) ? prompt.options.ends[i] : undefined;
  if (end === undefined) refuse('bad-choice', 'That choice is not on offer.');
  return { unit: prompt.unit, recoil: end.at };
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
    alt: clip(`Where ${label(state, unit)} may recoil to: ${ends}, each path drawn from ${from}. ${alt}`, 'altText', { atWord: true }),
  };
}
