/** Standing orders: which answer each order gives, from the prompt's own options and the engine's odds. */
import { describe, expect, it } from 'vitest';
import { Chooser, chooseCommand, newGame } from '../../src/bench/selfplay';
import { parseBoxes } from '../../src/commands/play/orders';
import { standingAnswer } from '../../src/match/standing-orders';
import { woundSplit } from '../../src/rulesets/sellsword/table';
import { defaultContent } from '../../src/content/load';
import { step } from '../../src/rulesets/sellsword/engine/decide';
import { seeded } from '../../src/engine/dice';
import { attackOdds } from '../../src/rulesets/sellsword/engine/queries';
import type { SplitChoice } from '../../src/rulesets/sellsword/engine/wounds';
import type { GameState, Prompt } from '../../src/rulesets/sellsword/engine/state';
import type { WoundsPromptOptions } from '../../src/rulesets/sellsword/engine/split-options';
import type { InjuryBox } from '../../src/rulesets/sellsword/formats/card';
import { ALL_MATCHES } from '../../src/store';
import { memoryStore } from '../store/fixture';

const wounds = (w: number, vigor: number, boxes: InjuryBox[], fallback: SplitChoice): WoundsPromptOptions => ({
  wounds: w,
  type: 'cut',
  vigor,
  boxes,
  default: fallback,
});

describe('wound orders', () => {
  const boxes: InjuryBox[] = ['mobility', 'defensive', 'mortal'];
  const engineDefault = { avoid: 5, injuries: ['mobility', 'defensive'] as InjuryBox[] };

  it('Vigor first, in card order or the player’s box order, Mortal last', () => {
    expect(woundSplit(wounds(15, 7, boxes, engineDefault), 'vigor')).toEqual(engineDefault);
    expect(woundSplit(wounds(15, 7, boxes, engineDefault), 'vigor', ['defensive'])!.injuries).toEqual(['defensive', 'mobility']);
    expect(woundSplit(wounds(10, 12, boxes, engineDefault), 'vigor')).toEqual({ avoid: 10, injuries: [] });
  });

  it('boxes first keeps Vigor, but spends it rather than mark Mortal', () => {
    expect(woundSplit(wounds(10, 10, boxes, engineDefault), 'boxes')).toEqual({ avoid: 0, injuries: ['mobility', 'defensive'] });
    expect(woundSplit(wounds(15, 10, boxes, engineDefault), 'boxes')).toEqual({ avoid: 5, injuries: ['mobility', 'defensive'] });
    expect(woundSplit(wounds(10, 10, ['mortal', { trait: 'bite' }], engineDefault), 'boxes')).toEqual({ avoid: 5, injuries: [{ trait: 'bite' }] });
  });

  it('marks Mortal only when nothing else is left', () => {
    expect(woundSplit(wounds(20, 0, ['mobility', 'mortal'], { avoid: 0, injuries: ['mobility', 'mortal'] }), 'boxes')).toEqual({
      avoid: 0,
      injuries: ['mobility', 'mortal'],
    });
    expect(woundSplit(wounds(15, 5, ['mortal', 'defensive'], engineDefault), 'vigor')!.injuries).toEqual(['defensive', 'mortal']);
  });

  it('reads a box order as players type it, and refuses Mortal and unknown kinds', () => {
    expect(parseBoxes('Defensive, mobility > traits')).toEqual(['defensive', 'mobility', 'trait']);
    expect(() => parseBoxes('mortal')).toThrow(/Mortal is always marked last/);
    expect(() => parseBoxes('legs')).toThrow(/"legs" is not a box kind/);
  });
});

/** Self-play until the game opens a prompt of this kind. */
function firstPrompt(kind: Prompt['kind']): GameState {
  const content = defaultContent();
  for (let seed = 1; seed < 200; seed++) {
    let state = newGame(content, 'mill-crossing', seed);
    const choose = new Chooser(seeded(seed));
    for (let i = 0; i < 400 && !state.over; i++) {
      if (state.prompt?.kind === kind) return state;
      const r = step(state, chooseCommand(state, choose));
      if ('error' in r) {
        const ended = step(state, {
          end: state.turn?.unit ?? Object.values(state.units).find((u) => u.player === state.turn?.player && !u.turnTaken && !u.dropped)!.id,
        });
        if ('error' in ended) break;
        state = ended.state;
      } else state = r.state;
    }
  }
  throw new Error(`no ${kind} prompt in 200 games`);
}

describe('standing answers', () => {
  const game = firstPrompt('reply');
  const prompt = game.prompt!;
  const o = prompt.options as { against: string; attacks: string[] };
  const best = Math.max(...o.attacks.map((a) => (attackOdds(game, prompt.unit!, a, o.against) as { chance: number }).chance));
  const snapshot = { stage: 'game' as const, game };

  it('reply with the likeliest attack when its chance reaches the order, else let it pass', async () => {
    const store = memoryStore();
    expect(await standingAnswer(store, 'm1', snapshot)).toBeNull();
    await store.orders.set(prompt.player, ALL_MATCHES, { replies: { at: Math.round(best * 100) } });
    const yes = (await standingAnswer(store, 'm1', snapshot))!;
    expect(yes.player).toBe(prompt.player);
    expect((yes.command as { game: { decide: { reply: string } } }).game.decide.reply).not.toBeNull();
    expect(yes.chose).toMatch(new RegExp(`replies to .* \\(${Math.round(best * 100)} % to hit\\)`));
    await store.orders.set(prompt.player, ALL_MATCHES, { replies: { at: Math.round(best * 100) + 1 } });
    const no = (await standingAnswer(store, 'm1', snapshot))!;
    expect((no.command as { game: { decide: { reply: string | null } } }).game.decide.reply).toBeNull();
    expect(no.chose).toMatch(/lets .* pass \(best chance \d+ %, under \d+ %\)/);
  });

  it('takes this match’s orders over those for all matches, and "ask me" asks', async () => {
    const store = memoryStore();
    await store.orders.set(prompt.player, ALL_MATCHES, { replies: 'never' });
    expect((await standingAnswer(store, 'm1', snapshot))!.chose).toMatch(/lets .* pass$/);
    await store.orders.set(prompt.player, 'm1', { replies: 'ask' });
    expect(await standingAnswer(store, 'm1', snapshot)).toBeNull();
    expect(await standingAnswer(store, 'm2', snapshot)).not.toBeNull();
    // Orders of another player never answer this one's prompt.
    const other = memoryStore();
    await other.orders.set(prompt.player === 'p1' ? 'p2' : 'p1', ALL_MATCHES, { replies: 'never' });
    expect(await standingAnswer(other, 'm1', snapshot)).toBeNull();
  });
});
