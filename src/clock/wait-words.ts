/**
 * What a match is waiting for, in words, for reminders and /games: "Waiting for @Bob to choose
 * whether to reply (Ghoul (gh))." Prompts are worded by the engine (`waitingFor`), so a reminder
 * says what the prompt itself says.
 */
import { aloneToAct, waitingFor } from '../rulesets/sellsword/engine';
import { lastTurnsMeaning, phaseName } from '../rulesets/sellsword/render';
import { unitOf } from '../rulesets/sellsword/engine';
import { inMapLabels, unitName } from '../rulesets/sellsword/table';
import type { MatchRow } from '../store';
import type { Wait } from './deadline-plan';
import { withMentions } from '../match/submit';
import { matchRecord } from '../match/record';
import { tableGameOf } from '../match/table-change';

const SETUP_CHOICE: Record<string, string> = {
  reroll: 'whether to reroll the setup tactics check',
  'map-chooser': 'who chooses the map',
  map: 'the map',
  entry: 'where to place their entry tile',
};

export function waitWords(row: MatchRow, wait: Wait): string {
  const who = `<@${wait.player}>`;
  // A game played through its table rules says what it waits for in its own words.
  const table = tableGameOf(row)?.table;
  if (table && row.snapshot !== null && wait.kind !== 'accept') return table.waiting(row.snapshot, (p) => `<@${p}>`);
  const { snapshot } = matchRecord(row);
  switch (wait.kind) {
    case 'accept':
      return `Waiting for ${who} to accept the challenge (\`/skirmish accept\`) or decline it.`;
    case 'setup': {
      const prompt = snapshot?.stage === 'pregame' ? snapshot.pregame.prompt : null;
      return `Waiting for ${who} to choose ${prompt ? SETUP_CHOICE[prompt.kind] : 'a setup choice'}.`;
    }
    case 'prompt': {
      const game = snapshot?.stage === 'game' ? snapshot.game : null;
      return game?.prompt ? withMentions(inMapLabels(game, waitingFor(game, game.prompt)), row.players) : `Waiting for ${who} to choose.`;
    }
    case 'turn': {
      const game = snapshot?.stage === 'game' ? snapshot.game : null;
      const turn = game?.turn;
      if (!game || !turn) return `Waiting for ${who} to take a turn.`;
      if (turn.unit)
        return `Waiting for ${who} to go on with **${unitName(game, unitOf(game, turn.unit))}** (${turn.actsLeft} act${turn.actsLeft === 1 ? '' : 's'} left) or \`/end\` its turn.`;
      // Issue 26: "last turns" says why one player takes several turns running.
      const alone = aloneToAct(game) ? `: ${lastTurnsMeaning(who)}` : '';
      return `Waiting for ${who} to take a turn (${phaseName(game.round, game.phase, aloneToAct(game)).toLowerCase()}${alone}).`;
    }
  }
}
