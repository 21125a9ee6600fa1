/**
 * A realistic turn for the benchmarks, as a person plays one through Discord: the player types
 * `/attack`, and the bot's suggestions (autocomplete) offer their units (the player takes their front
 * unit, bench-drive.ts frontUnit), the unit's attacks and the
 * targets in reach; with a target they attack, without one they type `/move` and take a suggested
 * square; the other player answers the prompts that follow (a reply, a wound split); then the player
 * ends the unit's turn with `/end`. Every step goes through the fake Discord; refusals are counted, not
 * thrown, since a suggestion can go stale between the typing and the sending, as on Discord.
 */
import type { FakeDiscord } from '../fakecord';
import { gameOf } from '../match/match-state';
import type { Store } from '../store';
import { answerPrompts, endCommand, frontUnit, type ImageClock, snapshotIn, towardsEnemy } from './bench-drive';

const NOTHING = 'none';

/** What one turn did, and how long each kind of step took to be answered (ms). */
export interface TurnFigures {
  autocomplete: number[];
  /** A move or an attack: interaction → the bot's answer. */
  act: number[];
  /** `/end`: interaction → the map image of the turn that follows. */
  endToMap: number[];
  prompts: number;
  moves: number;
  attacks: number;
  refused: number;
}

export const noFigures = (): TurnFigures => ({ autocomplete: [], act: [], endToMap: [], prompts: 0, moves: 0, attacks: 0, refused: 0 });

/** Adds one turn's figures to a running total. */
export function addFigures(total: TurnFigures, turn: TurnFigures): void {
  total.autocomplete.push(...turn.autocomplete);
  total.act.push(...turn.act);
  total.endToMap.push(...turn.endToMap);
  total.prompts += turn.prompts;
  total.moves += turn.moves;
  total.attacks += turn.attacks;
  total.refused += turn.refused;
}

/** The suggestions for one option, timed. */
async function suggest(fake: FakeDiscord, f: TurnFigures, input: Parameters<FakeDiscord['autocomplete']>[0]): Promise<string[]> {
  const t = performance.now();
  const choices = await fake.autocomplete(input, 30_000);
  f.autocomplete.push(performance.now() - t);
  // "none" (or "none:<typed>") is the bot's placeholder when nothing can be chosen (commands/command.ts isNothing).
  return choices.map((c) => String(c.value)).filter((v) => v !== NOTHING && !v.startsWith(`${NOTHING}:`));
}

/**
 * Sends an act and waits for the bot's answer; true when the match moved on (the act went through),
 * false when the bot refused it (a suggestion gone stale, a rule) or did not answer.
 */
async function send(fake: FakeDiscord, store: Store, thread: string, f: TurnFigures, input: Parameters<FakeDiscord['command']>[0]): Promise<boolean> {
  const before = (await store.matches.byThread(thread))?.seq;
  const t = performance.now();
  try {
    const out = await fake.command(input);
    await out.response(60_000);
    f.act.push(performance.now() - t);
  } catch {
    f.refused++;
    return false;
  }
  if ((await store.matches.byThread(thread))?.seq !== before) return true;
  f.refused++;
  return false;
}

/**
 * Plays the current turn of the match in `thread`: an attack if a target is in reach, else a move,
 * then the prompts, then `/end`. `settle` waits until the match has nothing left to post (a person
 * acts on what they see). `pick` chooses among suggestions (the caller's seeded choice).
 */
export async function playTurn(
  fake: FakeDiscord,
  store: Store,
  thread: string,
  images: ImageClock,
  settle: () => Promise<void>,
  pick: (n: number) => number = () => 0,
): Promise<TurnFigures> {
  const f = noFigures();
  f.prompts += await answerPrompts(fake, store, thread, settle);
  const snapshot = await snapshotIn(store, thread);
  const game = snapshot ? gameOf(snapshot) : null;
  if (!game?.turn || game.over) return f;
  const user = game.turn.player;
  const at = { user, channel: thread };
  // A unit that can attack, if any; else one that can move (a unit in reserve must enter with a move first).
  const attackers = await suggest(fake, f, { ...at, name: 'attack', options: {}, focused: 'unit' });
  const movers = attackers.length > 0 ? [] : await suggest(fake, f, { ...at, name: 'move', options: {}, focused: 'unit' });
  // The front unit (one with a target in reach, else the one nearest the enemy) when it is offered, so
  // the same units close in turn after turn and the sides meet; else the caller's pick.
  const offered = [...attackers, ...movers];
  const front = frontUnit(game)?.unit;
  const unit = game.turn.unit ?? (front !== undefined && offered.includes(front) ? front : offered[pick(attackers.length || movers.length)]);
  if (unit) {
    const attacks = attackers.length > 0 ? await suggest(fake, f, { ...at, name: 'attack', options: { unit }, focused: 'attack' }) : [];
    const attack = attacks[0];
    const targets = attack ? await suggest(fake, f, { ...at, name: 'attack', options: { unit, attack }, focused: 'target' }) : [];
    const target = targets[pick(targets.length)];
    if (attack && target) {
      if (await send(fake, store, thread, f, { ...at, name: 'attack', options: { unit, attack, target } })) f.attacks++;
    } else {
      const squares = await suggest(fake, f, { ...at, name: 'move', options: { unit }, focused: 'to' });
      const to = towardsEnemy(game, unit, squares);
      if (to && (await send(fake, store, thread, f, { ...at, name: 'move', options: { unit, to } }))) {
        f.moves++;
        // Closer now: attack if the move brought a target into reach.
        await settle();
        f.prompts += await answerPrompts(fake, store, thread, settle);
        const after = await suggest(fake, f, { ...at, name: 'attack', options: { unit }, focused: 'attack' });
        const next = after[0];
        const inReach = next ? await suggest(fake, f, { ...at, name: 'attack', options: { unit, attack: next }, focused: 'target' }) : [];
        const aim = inReach[pick(inReach.length)];
        if (next && aim && (await send(fake, store, thread, f, { ...at, name: 'attack', options: { unit, attack: next, target: aim } }))) f.attacks++;
      }
    }
    await settle();
    f.prompts += await answerPrompts(fake, store, thread, settle);
  }
  const end = await endCommand(store, thread);
  if (!end) return f;
  await settle();
  const image = images.next(thread);
  const t = performance.now();
  try {
    const out = await fake.command(end);
    await out.response(60_000);
    f.endToMap.push((await image) - t);
  } catch {
    f.refused++;
  }
  await settle();
  return f;
}
