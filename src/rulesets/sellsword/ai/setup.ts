/**
 * The AI's answers to the setup before round 1 (engine/pregame.ts: §2.1, R5, R6), for a practice
 * match's bot seat: reroll a losing setup check while it can, name itself to choose the map (that
 * player also places the first entry tile), take the first candidate map, and place its entry tile
 * on the first legal tile of the first free start area. Simple on purpose: none of these weighs much
 * against the play that follows. Every answer is checked with pregameDecide before it is given.
 */
import { pregameDecide, type PregameCommand, type PregameState } from '../engine';
import { seeded } from '../../../engine';
import type { PlayerId } from '../engine';

/** The setup answer for `player`, or null when the setup is not waiting on that player. */
export function chooseSetup(state: PregameState, player: PlayerId): PregameCommand | null {
  const prompt = state.prompt;
  if (!prompt || prompt.player !== player || state.done) return null;
  const candidates: PregameCommand[] = [];
  switch (prompt.kind) {
    case 'reroll':
      candidates.push({ reroll: true }, { reroll: false });
      break;
    case 'map-chooser':
      candidates.push({ chooser: player }, ...prompt.options.map((p) => ({ chooser: p })));
      break;
    case 'map':
      candidates.push(...prompt.options.map((m) => ({ map: m.id })));
      break;
    case 'entry':
      for (const area of prompt.options.areas) for (const tile of area.tiles) candidates.push({ entry: tile });
      break;
  }
  // Checked on a copy whose generator is not the setup's, so no roll is seen early.
  const blind: PregameState = { ...state, rng: seeded(0) };
  return candidates.find((c) => !('error' in pregameDecide(blind, c, player))) ?? null;
}
