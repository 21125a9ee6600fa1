/**
 * A burst previewed before it is made (R24, issue 26): /skirmish view draws its area, and says here which
 * units it would catch, allies too, with the odds and wounds against each, in the words the reply
 * prompt uses (odds-words.ts burstCaughtWords), from the engine's burstOutlook. Nothing is rolled or
 * spent: the engine's queries read the state and change nothing.
 */
import { burstOutlook, commanderOf, findAttack, unitOf, type GameState } from '../engine';
import { unitName } from './map-labels';
import { burstCaughtWords } from './odds-words';

/**
 * "**Priest of the Dawn (priest)**'s **Dawnburst** centred on J14 would catch 3 units:" and a line for each,
 * nearest the centre first (the order the rolls come in), the attacker's own side flagged; or the
 * engine's refusal when the square cannot be the centre (the same /attack gives).
 */
export function burstPreviewWords(game: GameState, unitId: string, attackId: string, origin: string): string | { code: string; message: string } {
  const caught = burstOutlook(game, unitId, attackId, origin);
  if (!Array.isArray(caught)) return caught;
  const attacker = unitOf(game, unitId);
  const name = findAttack(game, attacker, attackId)?.name ?? attackId;
  const side = commanderOf(game, attacker);
  const head = `**${unitName(game, attacker)}**'s **${name}** centred on **${origin}** would catch`;
  const tail =
    '-# A preview: nothing is rolled or spent. Every unit in the shaded squares is attacked, allies too, its roll from the centre (cover from there).';
  if (caught.length === 0) return `${head} no unit.\n${tail}`;
  const lines = caught.map((c) => {
    const unit = unitOf(game, c.unit);
    const yours = unit.player === side;
    const average = `${c.outlook.expectedWounds.toFixed(1)} wounds on average`;
    return `- ${yours ? '⚠ your own ' : ''}**${unitName(game, unit)}**: ${burstCaughtWords(game, unitId, attackId, c)}; ${average}`;
  });
  return [`${head} ${caught.length === 1 ? '1 unit' : `${caught.length} units`}:`, ...lines, tail].join('\n');
}
