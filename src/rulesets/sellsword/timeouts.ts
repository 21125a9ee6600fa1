/**
 * What a Sellsword wait comes to when its time runs out (docs/playing.md "Deadlines"): a setup
 * choice's default, a prompt's default decision, the end of the active unit's turn or an empty turn,
 * and those words for the thread ("the map is **Mill Crossing**").
 */
import { defaultDecision, pregameDefault, unitOf, waitingUnits } from './engine';
import { unitName } from './table/map-labels';
import type { GameState, PlayerId, PregameCommand, PregamePrompt } from './engine';
import type { MatchCommand, MatchSnapshot } from '../../match/match-state';
import { splitWords } from './table/standing-orders';

/** What a wait comes to when its time runs out, and those words for the thread. */
export function timeoutCommand(snapshot: MatchSnapshot, name: (p: PlayerId) => string): { command: MatchCommand; words: string } | null {
  if (snapshot.stage === 'pregame') {
    const prompt = snapshot.pregame.prompt;
    if (!prompt) return null;
    const command = pregameDefault(prompt);
    return { command: { pregame: command }, words: setupWords(prompt, command, name) };
  }
  const game = snapshot.game;
  if (game.over) return null;
  if (game.prompt) {
    const decision = defaultDecision(game.prompt);
    return { command: { game: { decide: decision } }, words: describeDefault(game, decision, name) };
  }
  const turn = game.turn;
  if (!turn) return null;
  if (turn.unit) return { command: { game: { end: turn.unit } }, words: `**${unitName(game, unitOf(game, turn.unit))}**'s turn ends` };
  const unit = waitingUnits(game, turn.player)[0];
  if (!unit) return null;
  return { command: { game: { end: unit.id } }, words: `${name(turn.player)} takes an empty turn with **${unitName(game, unit)}**` };
}

/** A setup choice in words: "the map is **Mill Crossing**". */
function setupWords(prompt: PregamePrompt, command: PregameCommand, name: (p: PlayerId) => string): string {
  return 'reroll' in command
    ? 'the setup tactics check is rerolled'
    : 'chooser' in command
      ? `${name(command.chooser)} chooses the map`
      : 'map' in command
        ? `the map is **${prompt.kind === 'map' ? (prompt.options.find((m) => m.id === command.map)?.name ?? command.map) : command.map}**`
        : 'entry' in command
          ? `the entry tile goes at **${command.entry}**`
          : 'setup goes on';
}

function describeDefault(game: GameState, d: ReturnType<typeof defaultDecision>, name: (p: PlayerId) => string): string {
  const prompt = game.prompt!;
  const unit = prompt.unit ? `**${unitName(game, unitOf(game, prompt.unit))}**` : '';
  switch (prompt.kind) {
    case 'reply':
      return `${unit} takes no reply`;
    case 'wounds':
      return `${unit} takes the wounds the default way: ${splitWords(game, prompt.unit, prompt.options.default)}`;
    case 'order':
      return `the order of players is ${(d.order ?? []).map(name).join(' → ')}`;
    case 'reroll':
      return 'the roll is rerolled';
    case 'recover':
      return d.recover ? `${unit} rolls to recover from ${d.recover}` : `${unit} does not roll to recover`;
    case 'recoil':
      return `${unit} recoils the usual way, to ${d.recoil}`;
  }
}
