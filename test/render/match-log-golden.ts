/** The self-play game whose whole log is kept as a golden text (test/render/golden/match-log.txt). */
import { newGame, playGame } from '../../src/bench/selfplay';
import { matchLog, rosterLine } from '../../src/rulesets/sellsword/render';
import { content } from './states';

export const GOLDEN_LOG = { map: 'mill-crossing', seed: 3, names: { p1: 'Alice', p2: 'Bob' }, file: 'match-log.txt' } as const;

export function matchLogText(): string {
  const start = newGame(content, GOLDEN_LOG.map, GOLDEN_LOG.seed);
  const { events } = playGame(start, GOLDEN_LOG.seed);
  const entries = matchLog(start, events, { names: GOLDEN_LOG.names });
  const lines = [
    rosterLine(start, GOLDEN_LOG.names),
    ...entries.map((e) => (e.kind === 'round' ? `## ${e.text}` : e.kind === 'turn' ? `### ${e.text}` : `- ${e.text}`)),
  ];
  return `${lines.join('\n')}\n`;
}
