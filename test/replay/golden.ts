/**
 * The replay's golden pictures: frames of the animated GIF as a viewer shows them (decoded from the
 * file, each composed over the one before), compared with test/render/golden like the renderer's own
 * (`npm run golden:update` writes them too). The match is a short self-play match: the same seed, the
 * same match.
 */
import { writeFileSync } from 'node:fs';
import { sampleMatch } from '../../src/bench/sample-match';
import { defaultContent } from '../../src/content/load';
import { replayGif } from '../../src/posts/replay-gif';
import { allTurns } from '../../src/posts/replay-turns';
import { goldenPath } from '../render/golden';
import { framePng, readGif, type Gif } from './gif-reader';

/** Twelve unit turns on Mill Crossing. */
export const goldenMatch = () => sampleMatch(defaultContent(), 3, { turns: 12 });

let made: Promise<{ gif: Gif; attackFrame: number }> | null = null;

/** The GIF of the golden match, decoded, and the first frame whose turn has an attack in it. */
export function goldenReplay(): Promise<{ gif: Gif; attackFrame: number }> {
  made ??= (async () => {
    const match = goldenMatch();
    const image = await replayGif(match.setup, match.events);
    const attackFrame = allTurns(match.setup, match.events).findIndex((t) => t.events.some((e) => e.type === 'attack-rolled'));
    return { gif: readGif(image.gif), attackFrame };
  })();
  return made;
}

export const replayGoldenCases = [
  { name: 'replay-frame-1', shows: 'the first frame of the replay: the opening map, scaled down, in the match palette', frame: async () => 0 },
  {
    name: 'replay-first-attack',
    shows:
      "the frame of the first turn with an attack, composed over the frames before it: the turn's path and attack line, the header's last turn, the board where the opening had it",
    frame: async () => (await goldenReplay()).attackFrame,
  },
] as const;

export async function replayGoldenPng(name: (typeof replayGoldenCases)[number]['name']): Promise<Buffer> {
  const c = replayGoldenCases.find((x) => x.name === name)!;
  const { gif } = await goldenReplay();
  return framePng(gif, await c.frame());
}

/** For `npm run golden:update`. */
export async function writeReplayGoldens(only: readonly string[] = []): Promise<string[]> {
  const written: string[] = [];
  for (const c of replayGoldenCases) {
    if (only.length > 0 && !only.includes(c.name)) continue;
    writeFileSync(goldenPath(c.name), await replayGoldenPng(c.name));
    written.push(c.name);
  }
  return written;
}
