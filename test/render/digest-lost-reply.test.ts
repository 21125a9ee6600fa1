/**
 * R26: a reply the player's answer declared, lost when its replier drops, is said lost in the digest of
 * what happened since that answer and in `/skirmish log since_last_act:True`, though the digest starts
 * after the answer: it is read from where the turn began, the part before the cut read but not told
 * (match-log.ts sinceTurn). Read from the cut, the drop came with nothing of the reply (playtest).
 */
import { describe, expect, it } from 'vitest';
import { apply, type GameEvent, type GameState, type Prompt } from '../../src/rulesets/sellsword/engine';
import { catchUpDigest, matchLog, sinceLastAct, sinceTurn } from '../../src/rulesets/sellsword/render';
import { table } from './states';

const incoming = { attack: 'claw', target: 'kn', charge: false };
const asked: Prompt = { kind: 'reply', player: 'p1', unit: 'kn', options: { against: 'gh', attacks: ['longsword'], incoming } };
const start: GameState = {
  ...table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  }),
  prompt: asked,
};
const events: GameEvent[] = [
  { type: 'answered', player: 'p1', answer: 0 },
  { type: 'reply-declared', unit: 'kn', attack: 'longsword', against: 'gh' },
  // Another player's decision comes between (a prompt the game handed over for, answered at once).
  { type: 'prompted', prompt: { kind: 'recover', player: 'p2', unit: 'gh', options: [] }, resume: [] },
  { type: 'answered', player: 'p2', answer: null },
  { type: 'dropped', unit: 'kn', by: 'gh' },
];
const names = { p1: 'Alice', p2: 'Bob' };

describe('a reply lost after the player declared it', () => {
  it('is said lost in the digest and the log since the last act, without telling the answer back', () => {
    const from = sinceLastAct(start, events, 'p1');
    expect(from).toBe(4);
    const read = sinceTurn(start, events, from);
    expect(read.told).toBe(4);
    const digest = catchUpDigest(read.start, read.events, 'p1', names, 5000, '', read.told);
    expect(digest).toContain('**KN was dropped by GH.**');
    expect(digest).toContain("KN's reply to GH with Longsword did not happen: KN was dropped first.");
    expect(digest).not.toContain('will reply');
    const log = matchLog(read.start, read.events, { names, you: 'p1', told: read.told }).map((e) => e.text);
    expect(log).toEqual(['KN was dropped by GH.', "KN's reply to GH with Longsword did not happen: KN was dropped first."]);
    // Read from the cut, as before, the reply was unknown.
    const cut = events.slice(0, from).reduce(apply, start);
    expect(catchUpDigest(cut, events.slice(from), 'p1', names, 5000)).not.toContain('did not happen');
  });
});
