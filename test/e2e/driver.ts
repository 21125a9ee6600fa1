/**
 * Plays a match through Discord as its players would: reads the match from the bot's database only to
 * decide (as a player reads the thread), and acts only through slash commands, buttons and menus.
 */
import { Chooser } from '../../src/bench/selfplay';
import { chooseCommand } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { commanderOf } from '../../src/rulesets/sellsword/engine/acts';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import type { CommandInput, FakeMessage, InteractionSummary } from '../../src/fakecord';
import { componentsOf, type World } from './world';
import { waitsOf } from '../../src/clock/deadline-plan';

export interface Played {
  readonly used: Set<string>;
  readonly commands: number;
  readonly refused: string[];
}

/** The slash command a player types for an engine command. */
export function slashFor(user: string, thread: string, c: Command): CommandInput | null {
  if ('end' in c) return { user, channel: thread, name: 'end', options: { unit: c.end } };
  if (!('act' in c)) return null;
  switch (c.act) {
    case 'move':
      return {
        user,
        channel: thread,
        name: 'move',
        options: c.path ? { unit: c.unit, to: c.path[c.path.length - 1], path: c.path.join(' ') } : { unit: c.unit, to: c.to },
      };
    case 'maneuver':
      return { user, channel: thread, name: 'maneuver', options: { unit: c.unit, to: c.to ?? c.path![0] } };
    case 'attack':
      return {
        user,
        channel: thread,
        name: 'attack',
        options: {
          unit: c.unit,
          attack: c.attack,
          // A burst is given its square in `target` (R24): the command has no `origin`.
          target: c.target ?? c.origin!,
          ...(c.charge ? { charge: true } : {}),
        },
      };
    case 'rest':
      return { user, channel: thread, name: 'rest', options: { unit: c.unit, token: c.token } };
    case 'crow':
      return { user, channel: thread, name: 'crow', options: { unit: c.unit } };
    case 'trait':
      return { user, channel: thread, name: 'trait', options: { unit: c.unit, trait: c.trait, ...(c.target ? { target: c.target } : {}) } };
  }
}

/** The newest message in the thread that still has buttons or menus: the open prompt. */
export function openPrompt(world: World, thread: string): FakeMessage | undefined {
  return world
    .messages(thread)
    .filter((m) => !m.ephemeral && componentsOf(m).length > 0)
    .at(-1);
}

export async function playThrough(world: World, thread: string, seed: number, maxSteps = 3000): Promise<Played> {
  const choose = new Chooser(seeded(seed));
  const userOf = (id: string) => world.fake.user(id)!.username;
  const used = new Set<string>();
  const refused: string[] = [];
  let commands = 0;
  for (let step = 0; step < maxSteps; step++) {
    const row = (await world.store.matches.byThread(thread))!;
    if (row.status === 'over') break;
    const snapshot = row.snapshot as MatchSnapshot;
    const game = gameOf(snapshot);
    const prompt = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : game!.prompt;
    if (prompt) {
      const message = openPrompt(world, thread);
      if (!message) throw new Error(`no prompt message for ${prompt.kind}`);
      const components = componentsOf(message);
      const who = userOf(prompt.player);
      let s: InteractionSummary;
      if (components[0]!.type === 3) {
        // A menu: the wound split takes a non-default choice when there is one, to exercise it.
        const options = components[0]!.options!;
        const value = prompt.kind === 'wounds' && options.length > 1 ? options[1]!.value : undefined;
        s = await world.select(who, message, value);
      } else s = await world.click(who, message);
      used.add(`prompt:${prompt.kind}${prompt.kind === 'reply' && componentsOf(message).length > 1 ? ':replied' : ''}`);
      if (s.response?.kind !== 'update') throw new Error(`prompt ${prompt.kind} was not accepted: ${s.original?.content ?? s.followUps[0]?.content}`);
      commands++;
      continue;
    }
    const turn = game!.turn!;
    const legal = legalActs(game!);
    // Take a crow when one is on offer, so the match exercises it (R30).
    const crow = legal.find((c) => 'act' in c && c.act === 'crow');
    const command = crow ?? chooseCommand(game!, choose);
    const unitId = 'act' in command ? command.unit : 'end' in command ? command.end : null;
    const commander = unitId ? commanderOf(game!, game!.units[unitId]!) : turn.player;
    const input = slashFor(userOf(commander), thread, command);
    if (!input) throw new Error(`no slash command for ${JSON.stringify(command)}`);
    const s = await world.run(input);
    commands++;
    if (s.response?.ephemeral) {
      refused.push(s.original?.content ?? '');
      const unit = turn.unit ?? ('unit' in command ? command.unit : 'end' in command ? command.end : undefined);
      const end = await world.run({ user: userOf(game!.units[unit!]!.player), channel: thread, name: 'end', options: { unit } });
      if (end.response?.ephemeral) throw new Error(`could not end the turn: ${end.original?.content}`);
      continue;
    }
    used.add(`act:${input.name}${'act' in command && command.act === 'attack' && command.charge ? ':charge' : ''}`);
  }
  return { used, commands, refused };
}

/** `/skirmish concede` by `user` in a match thread, confirmed with its button. */
export async function concede(world: World, user: string, thread: string): Promise<void> {
  const asked = await world.run({ user, channel: thread, name: 'skirmish concede' });
  const yes = componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!;
  await world.click(user, asked.original!, yes.custom_id);
}

/** Lets the practice opponent's seat finish whatever it is doing (the scheduler ticks as soon as its wait is due). */
export async function botSettles(world: World, thread: string): Promise<void> {
  const botId = world.bot.client.user!.id;
  for (let i = 0; i < 500; i++) {
    await world.bot.scheduler.idle();
    await world.bot.idle();
    const row = (await world.store.matches.byThread(thread))!;
    if (!waitsOf(row).some((w) => w.player === botId)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the practice opponent never finished');
}
