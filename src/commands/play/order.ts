/**
 * `/order`: the orders of a game played through its ruleset's table rules (rulesets/ruleset.ts
 * `TableRules`), one subcommand each, registered from every such game's `orders` (a name two games
 * share takes the union of their options). The game reads the options into its command and says what
 * fits as each option is typed; the match decides, and its refusals are its own sentences.
 */
import { ApplicationCommandOptionType as T, type APIApplicationCommandSubcommandOption, type ChatInputCommandInteraction } from 'discord.js';
import { DiscordLimit } from '../../discord/limits';
import { shown } from '../../discord/text';
import { RULESETS, type OrderSpec } from '../../rulesets';
import type { MatchRow } from '../../store';
import { storedNames } from '../../store';
import { recordTableChange, tableGameOf } from '../../match/table-change';
import { inTransaction } from '../../match/table';
import { refuse } from '../../match/user-error';
import { withoutRuleCodes } from '../../render/plain-rules';
import type { App } from '../app';
import { type Asking, choice, type CommandModule, isNothing, nothingToChoose } from '../command';
import type { ReadOptions } from '../options';
import { answerOwn } from '../own-answer';

/** Every table game's orders, by subcommand name, their options merged. */
function mergedOrders(): OrderSpec[] {
  const byName = new Map<string, OrderSpec>();
  for (const r of RULESETS)
    for (const o of r.table?.orders ?? []) {
      const had = byName.get(o.name);
      byName.set(o.name, had ? { ...had, options: [...had.options, ...o.options.filter((x) => !had.options.some((y) => y.name === x.name))] } : o);
    }
  return [...byName.values()];
}

/** The games `/order` plays, named in each subcommand's words: the command list mixes every game's commands. */
const GAMES = RULESETS.filter((r) => r.table)
  .map((r) => r.name)
  .join(' or ');

const subcommand = (o: OrderSpec): APIApplicationCommandSubcommandOption => ({
  type: T.Subcommand,
  name: o.name,
  description: `${GAMES}: ${o.description}`,
  options: o.options.map((x) => ({ type: T.String, name: x.name, description: x.description, required: x.required, autocomplete: true, max_length: 40 })),
});

/**
 * Why `/order` does nothing in a match of a game played with its own commands: Discord lists every
 * game's commands everywhere, so a Sellsword player met `/order` in their thread and could not tell it
 * was the other game's (issue 26). Said alike when it is typed and in its suggestions.
 */
export function otherGameWords(row: Pick<MatchRow, 'ruleset'>, short?: 'short'): string {
  const game = RULESETS.find((r) => r.id === row.ruleset);
  // A suggestion holds 100 characters: the game, and where its own commands are told.
  if (short) return `/order is for ${GAMES} only; this is ${game ? `a ${game.name}` : "another game's"} match (see /help)`;
  const acts = game ? `: ${game.help.acts}` : ' (`/help topic:commands` lists them)';
  return `\`/order\` is for ${GAMES} matches. This is ${game ? `a ${game.name}` : "another game's"} match, played with its own commands${acts}.`;
}

/** The match of the thread the command was given in; refused outside a match thread. */
async function threadMatch(app: App, channelId: string | null): Promise<MatchRow> {
  const row = channelId ? await app.store.matches.byThread(channelId) : null;
  if (!row) refuse('not-in-match-thread', 'This command works inside a match thread. Start one with `/skirmish challenge`, or open the thread of your match.');
  return row;
}

async function tableMatchHere(app: App, channelId: string | null) {
  const row = await threadMatch(app, channelId);
  const game = tableGameOf(row);
  if (!game) refuse('no-orders', otherGameWords(row));
  return { row, ...game };
}

const stringsOf = (values: ReadOptions['values']): Record<string, string> =>
  Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));

function started(row: MatchRow): { setup: unknown; state: unknown } {
  if (row.status === 'challenged') refuse('not-accepted', 'This challenge has not been accepted yet.');
  if (row.setup === null || row.snapshot === null) refuse('not-started', 'This match has not begun.');
  return { setup: row.setup, state: row.snapshot };
}

async function run(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const { row, table } = await tableMatchHere(app, interaction.channelId);
  const { setup, state } = started(row);
  const say = (message: string) => table.plain(setup, withoutRuleCodes(message));
  const values = stringsOf(options.values);
  const picked = Object.entries(values).find(([, v]) => isNothing(v));
  if (picked) refuse('nothing-picked', `Nothing fits \`${picked[0]}\` now; type \`/order ${options.sub ?? ''}\` again to see why.`);
  const parsed = table.parse(setup, state, interaction.user.id, options.sub ?? '', values);
  if (!parsed.ok) refuse(parsed.error.code, say(parsed.error.message));
  const me = shown((await storedNames(app.store, [interaction.user.id]))(interaction.user.id));
  const changed = await inTransaction(app, () =>
    recordTableChange(app, row.id, interaction.user.id, row.seq, parsed.command, { via: interaction, reply: () => `**${me}**:` }),
  );
  if (!changed.ok) {
    if (changed.reason === 'refused') refuse(changed.error.code, say(changed.error.message));
    refuse('stale', 'The match moved on while you were choosing. Nothing was changed; look at the latest message in the thread.');
  }
  await answerOwn(app, interaction, changed.recorded.posts);
}

async function autocomplete(interaction: Asking, app: App, options: ReadOptions) {
  const focused = options.focused ?? '';
  const typed = String(options.values[focused] ?? '');
  const row = await threadMatch(app, interaction.channelId);
  // In another game's match the suggestions say whose command this is, where they were empty.
  const game = tableGameOf(row);
  if (!game) return [nothingToChoose(otherGameWords(row, 'short'), typed)];
  const { table } = game;
  if (row.setup === null || row.snapshot === null) return [nothingToChoose('The match has not begun.', typed)];
  const found = table.suggest(row.setup, row.snapshot, interaction.user.id, options.sub ?? '', focused, stringsOf(options.values));
  if (found.choices.length === 0) return [nothingToChoose(found.why ?? 'Nothing fits now.', typed)];
  return found.choices.slice(0, DiscordLimit.choices).map((c) => choice(c.name, c.value));
}

export const orderCommand: CommandModule = {
  data: {
    name: 'order',
    description: `Give an order in a ${GAMES} match`,
    options: mergedOrders().map(subcommand),
  },
  run,
  autocomplete,
};
