/**
 * The act commands: /move, /maneuver, /attack, /rest, /crow, /trait and /end. Each reads its options,
 * names the unit and squares as the engine expects, and hands the act to `submit`; the engine decides.
 * The reply is public, so the thread reads as a log of the game; refusals are private (router.ts).
 */
import { ApplicationCommandOptionType as T, type ChatInputCommandInteraction } from 'discord.js';
import { z } from 'zod';
import type { Command } from '../engine';
import { label, unitOf } from '../engine';
import type { App } from './app';
import { describeChange } from './act-log';
import { nameIn } from './announce';
import { attackChoices, squareChoices, targetChoices, traitChoices, unitChoices } from './act-suggestions';
import type { CommandModule } from './command';
import { matchRecord } from '../match/record';
import { gameOf } from './match-state';
import { gameHere, resolveAttack, resolvePath, resolveSquare, resolveUnit, suggestCharge, type LiveGame } from './match-context';
import { parseOptions, text, type ReadOptions } from './options';
import { answerOwn } from './own-answer';
import { submit, type Submitted } from './submit';
import { refuse } from './user-error';

const unitOption = { type: T.String, name: 'unit', description: 'Your unit, by its label on the map', required: true, autocomplete: true } as const;

async function act(interaction: ChatInputCommandInteraction, app: App, build: (live: LiveGame) => Command): Promise<void> {
  const live = gameHere(app, interaction.channelId);
  const command = build(live);
  const reply = (done: Submitted) => {
    const lines = describeChange(done, interaction.user.id);
    const after = gameOf(done.after)!;
    if (lines.length === 0 && 'end' in command) lines.push(`ends the turn of ${label(after, unitOf(after, command.end))}.`);
    return `**${nameIn(done.setup)(interaction.user.id)}**: ${lines.join(' ')}`;
  };
  const done = await submit(app, live.row.id, interaction.user.id, live.row.seq, { game: command }, { via: interaction, reply });
  await answerOwn(app, interaction, done.posts);
}

/** A module for one act: its options, how they become a command, and autocomplete from the engine. */
function actCommand(
  name: string,
  description: string,
  options: readonly Record<string, unknown>[],
  schema: z.ZodType<Record<string, unknown>>,
  build: (live: LiveGame, o: Record<string, unknown>, unit: string) => Command,
  actName: string | undefined,
): CommandModule {
  return {
    data: { name, description, options: [unitOption, ...options] as never },
    async run(interaction, app, opts: ReadOptions) {
      const o = parseOptions(schema, opts.values);
      await act(interaction, app, (live) => build(live, o, resolveUnit(live.game, String(o.unit)).id));
    },
    autocomplete(interaction, app, opts) {
      const row = app.store.matches.byThread(interaction.channelId);
      const snapshot = row ? matchRecord(row).snapshot : null;
      const game = snapshot ? gameOf(snapshot) : null;
      if (!game) return [];
      const v = opts.values;
      const user = interaction.user.id;
      switch (opts.focused) {
        case 'unit':
          return unitChoices(game, user, v.unit, actName);
        case 'to':
          return squareChoices(game, v.unit, v.to, name === 'maneuver');
        case 'attack':
          return attackChoices(game, user, v.unit, v.attack);
        case 'target':
          return name === 'trait' ? [] : targetChoices(game, user, v.unit, v.attack, v.target);
        case 'trait':
          return traitChoices(game, user, v.unit, v.trait);
        default:
          return [];
      }
    },
  };
}

const unit = text(40);
const square = text(8);

export const moveCommand = actCommand(
  'move',
  'Basic Move: walk a unit to a square (the cheapest path), or along a path you give',
  [
    { type: T.String, name: 'to', description: 'The square to end on, like C5', required: true, autocomplete: true },
    { type: T.String, name: 'path', description: 'Optional: every square entered, in order, like "C4 C5"' },
  ],
  z.object({ unit, to: square, path: text(300).optional() }),
  (live, o, u) => {
    const to = resolveSquare(live.game.map, String(o.to));
    if (o.path === undefined) return { act: 'move', unit: u, to };
    const path = resolvePath(live.game, String(o.path));
    if (path[path.length - 1] !== to) refuse('path-mismatch', `The path ends at ${path[path.length - 1]}, not at ${to}.`);
    return { act: 'move', unit: u, path };
  },
  'move',
);

export const maneuverCommand = actCommand(
  'maneuver',
  'Maneuver: one careful step that does not invite replies',
  [{ type: T.String, name: 'to', description: 'The square to step to', required: true, autocomplete: true }],
  z.object({ unit, to: square }),
  (live, o, u) => ({ act: 'maneuver', unit: u, to: resolveSquare(live.game.map, String(o.to)) }),
  'maneuver',
);

export const attackCommand = actCommand(
  'attack',
  'Attack a unit (or a square, for a burst); charge to move in first',
  [
    { type: T.String, name: 'attack', description: 'Which attack', required: true, autocomplete: true },
    { type: T.String, name: 'target', description: 'The unit attacked', autocomplete: true },
    { type: T.Boolean, name: 'charge', description: 'Charge: 2 steps straight into reach first, for 5 Vigor and +5 wounds' },
    { type: T.String, name: 'origin', description: 'For a burst: the square it is centred on' },
  ],
  z.object({ unit, attack: text(60), target: text(40).optional(), charge: z.boolean().optional(), origin: square.optional() }),
  (live, o, u) => {
    if ((o.target === undefined) === (o.origin === undefined))
      refuse('bad-option', 'Give a `target` unit, or for a burst an `origin` square (one of the two).');
    const attack = resolveAttack(live.game, unitOf(live.game, u), String(o.attack));
    if (o.origin !== undefined) return { act: 'attack', unit: u, attack, origin: resolveSquare(live.game.map, String(o.origin)) };
    const target = resolveUnit(live.game, String(o.target)).id;
    if (!o.charge) suggestCharge(live.game, unitOf(live.game, u), attack, target);
    return { act: 'attack', unit: u, attack, target, ...(o.charge ? { charge: true as const } : {}) };
  },
  'attack',
);

export const restCommand = actCommand(
  'rest',
  'Rest: regain a token',
  [{ type: T.String, name: 'token', description: 'Which token', required: true, choices: ['react', 'blue', 'red'].map((t) => ({ name: t, value: t })) }],
  z.object({ unit, token: z.enum(['react', 'blue', 'red']) }),
  (_live, o, u) => ({ act: 'rest', unit: u, token: o.token as 'react' }),
  'rest',
);

export const crowCommand = actCommand(
  'crow',
  'Crow: once a round, in a turn this unit dropped an enemy, regain 5 Vigor',
  [],
  z.object({ unit }),
  (_l, _o, u) => ({ act: 'crow', unit: u }),
  'crow',
);

export const traitCommand = actCommand(
  'trait',
  "Use one of the unit's act traits",
  [
    { type: T.String, name: 'trait', description: 'Which trait', required: true, autocomplete: true },
    { type: T.String, name: 'target', description: 'The unit it is used on, if it needs one' },
  ],
  z.object({ unit, trait: text(60), target: text(40).optional() }),
  (live, o, u) => ({
    act: 'trait',
    unit: u,
    trait: String(o.trait).trim().toLowerCase(),
    ...(o.target !== undefined ? { target: resolveUnit(live.game, String(o.target)).id } : {}),
  }),
  'trait',
);

export const endCommand = actCommand(
  'end',
  "End the unit's turn (a unit that has not acted takes its turn with no acts)",
  [],
  z.object({ unit }),
  (_l, _o, u) => ({ end: u }),
  undefined,
);

export const actCommands: readonly CommandModule[] = [moveCommand, maneuverCommand, attackCommand, restCommand, crowCommand, traitCommand, endCommand];
