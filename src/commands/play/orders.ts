/**
 * /orders set, show and clear: standing orders for out-of-turn choices (standing-orders.ts), for one
 * match or for all of a player's matches. Orders that answer a prompt already waiting on the player
 * answer it at once.
 */
import { tableGameOf } from '../../match/table-change';
import {
  ApplicationCommandOptionType as T,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { ALL_MATCHES, OPEN_STATUSES, type MatchRow } from '../../store';
import type { App } from '../app';
import type { CommandModule } from '../command';
import { waitsOf } from '../../clock/deadline-plan';
import { choiceOption, integerOption, optionSet, textOption } from '../option-spec';
import { save } from '../../match/saved';
import { answeredLine, ordersFor, standingAnswer } from '../../match/standing-orders';
import { recordChange } from '../../match/submit';
import { inTransaction } from '../../match/table';
import { describeChange } from '../../match/act-log';
import { refuse } from '../../match/user-error';
import { clip, shown } from '../../discord/text';
import { matchRecord } from '../../match/record';
import { storedNames } from '../../store';
import { BOX_KINDS, describeOrders, ORDER_CHOICES, ORDER_FIELDS, ORDERS_DESCRIPTION, type BoxKind, type Orders } from '../../rulesets/sellsword/table';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

const scopeDescription = 'This match, or all your matches (default: this match inside a match thread)';
const thisOrAll = [
  { name: 'this match', value: 'match' },
  { name: 'all my matches', value: 'all' },
] as const;

/** The game's choice options, each named as the order it sets (the last: where a forced move ends). */
const [replies, wounds, rerolls, forced] = ORDER_CHOICES;

/** A choice option given, as the order of its name. */
const picked = <K extends string>(o: Partial<Record<K, string>>, name: K) => (o[name] ? { [name]: o[name] } : {});

const args = {
  set: optionSet(
    choiceOption(replies),
    integerOption({ name: 'chance', description: 'For replies: the least chance to hit, in percent (default 50)', min: 5, max: 100 }),
    choiceOption(wounds),
    textOption({ name: 'boxes', description: 'The order to mark boxes in, e.g. "defensive, mobility, trait"' }),
    choiceOption(rerolls),
    choiceOption(forced),
    choiceOption({ name: 'scope', description: scopeDescription, choices: thisOrAll }),
  ),
  clear: optionSet(choiceOption({ name: 'scope', description: scopeDescription, choices: [...thisOrAll, { name: 'everything', value: 'everything' }] })),
};

const data = {
  name: 'orders',
  description: ORDERS_DESCRIPTION,
  options: [
    { type: T.Subcommand, name: 'set', description: 'Set standing orders (only the ones you give change)', options: args.set.json },
    { type: T.Subcommand, name: 'show', description: 'Your standing orders' },
    { type: T.Subcommand, name: 'clear', description: 'Clear standing orders', options: args.clear.json },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export function parseBoxes(typed: string): BoxKind[] {
  const words = typed
    .toLowerCase()
    .split(/[\s,;>→]+/)
    .filter(Boolean);
  const kinds: BoxKind[] = [];
  for (const w of words) {
    if (w === 'mortal') refuse('bad-option', '`boxes`: Mortal is always marked last, only when nothing else is left; leave it out.');
    const kind = BOX_KINDS.find((k) => k === w || `${k}s` === w);
    if (!kind) refuse('bad-option', `\`boxes\`: "${w}" is not a box kind; use ${BOX_KINDS.join(', ')}.`);
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/**
 * The match of this thread, when the user plays in it. Standing orders answer the default game's
 * prompts only: in a game played at the table, asking for this match's orders is refused with what to
 * do instead.
 */
async function myMatchHere(app: App, channelId: string, user: string, scope?: string): Promise<MatchRow | undefined> {
  const row = await app.store.matches.byThread(channelId);
  const table = row && tableGameOf(row);
  if (table) {
    if (scope === 'match')
      refuse(
        'not-for-this-game',
        `Standing orders do not answer ${table.rules.name} prompts yet: answer each in this thread with its buttons (no answer in time takes its default).`,
      );
    return undefined;
  }
  return row?.players.includes(user) ? row : undefined;
}

const titleOf = async (app: App, row: MatchRow) => {
  const { setup } = matchRecord(row);
  const name = await storedNames(app.store, row.players);
  return row.players.map((p) => shown(setup?.names[p] ?? name(p))).join(' vs ');
};

/**
 * Prompts already waiting on the player that their orders now answer: answered at once, as the
 * player's own choice, through the same path as a click.
 */
async function answerWaiting(app: App, user: string, rows: readonly MatchRow[]): Promise<number> {
  let answered = 0;
  for (const row of rows) {
    const done = await inTransaction(app, async () => {
      const stored = await app.store.matches.get(row.id);
      const fresh = stored && matchRecord(stored);
      if (!fresh?.snapshot || !waitsOf(fresh).some((w) => w.player === user && (w.kind === 'prompt' || w.kind === 'setup'))) return false;
      const answer = await standingAnswer(app.store, fresh.id, fresh.snapshot);
      if (!answer || answer.player !== user) return false;
      const reply = (d: Parameters<typeof describeChange>[0]) =>
        [answeredLine(d.setup, answer), ...describeChange(d, null, answer.player).map((l) => `• ${l}`)].join('\n');
      return (await recordChange(app, fresh.id, user, fresh.seq, answer.command, { reply })).ok;
    });
    if (done) {
      answered++;
      app.outbox.kick(row.id);
    }
  }
  return answered;
}

async function set(interaction: ChatInputCommandInteraction, app: App, o: ReturnType<typeof args.set.parse>): Promise<void> {
  const me = interaction.user.id;
  const here = await myMatchHere(app, interaction.channelId, me, o.scope);
  const scope = o.scope ?? (here ? 'match' : 'all');
  if (scope === 'match' && !here)
    refuse('not-in-match-thread', 'Use `scope: this match` inside the thread of a match you play in, or choose `all my matches`.');
  const given: Orders = {
    ...(o.replies ? { replies: o.replies === 'at' ? { at: o.chance ?? 50 } : o.replies } : o.chance !== undefined ? { replies: { at: o.chance } } : {}),
    ...picked(o, wounds.name),
    ...(o.boxes ? { boxes: parseBoxes(o.boxes) } : {}),
    ...picked(o, rerolls.name),
    ...picked(o, forced.name),
  };
  if (Object.keys(given).length === 0) refuse('bad-option', `Give at least one order: ${ORDER_FIELDS.join(', ')}.`);
  const key = scope === 'match' ? here!.id : ALL_MATCHES;
  const merged = await save(app, interaction, async () => {
    const next = { ...(((await app.store.orders.get(me, key)) ?? {}) as Orders), ...given };
    await app.store.orders.set(me, key, next);
    return next;
  });
  const open = scope === 'match' ? [here!] : await app.store.matches.forPlayer(me, { status: OPEN_STATUSES });
  const answered = await answerWaiting(app, me, open);
  const where = scope === 'match' ? `for **${await titleOf(app, here!)}**` : 'for all your matches';
  const lines = [`🗒️ Standing orders ${where}:`, ...describeOrders(merged).map((l) => `• ${l}`)];
  if (answered > 0) lines.push(`They answered ${answered === 1 ? 'a prompt' : `${answered} prompts`} waiting on you at once.`);
  await interaction.reply({ content: lines.join('\n'), ...privately });
}

async function show(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const me = interaction.user.id;
  const lines: string[] = [];
  for (const { scope, orders } of await app.store.orders.list(me)) {
    const row = scope === ALL_MATCHES ? null : await app.store.matches.get(scope);
    if (scope !== ALL_MATCHES && (!row || !(OPEN_STATUSES as readonly string[]).includes(row.status))) continue;
    const described = describeOrders(orders as Orders);
    if (described.length === 0) continue;
    lines.push(
      row ? `**${await titleOf(app, row)}**${row.threadId ? ` (<#${row.threadId}>)` : ''}:` : '**All your matches:**',
      ...described.map((l) => `• ${l}`),
    );
  }
  const here = await myMatchHere(app, interaction.channelId, me);
  if (here) {
    const effective = describeOrders(await ordersFor(app.store, me, here.id));
    lines.push(
      `**In this match** (this match's orders over those for all):`,
      ...(effective.length > 0 ? effective.map((l) => `• ${l}`) : ['• none: every choice is asked']),
    );
  }
  const content = lines.length > 0 ? lines.join('\n') : 'You have no standing orders: every choice is asked. Set some with `/orders set`.';
  await interaction.reply({ content: clip(content, 'content'), ...privately });
}

async function clear(interaction: ChatInputCommandInteraction, app: App, o: ReturnType<typeof args.clear.parse>): Promise<void> {
  const me = interaction.user.id;
  const here = await myMatchHere(app, interaction.channelId, me, o.scope);
  const scope = o.scope ?? (here ? 'match' : 'all');
  if (scope === 'match' && !here) refuse('not-in-match-thread', 'Use `scope: this match` inside the thread of a match you play in.');
  const n = await save(app, interaction, () => app.store.orders.clear(me, scope === 'everything' ? undefined : scope === 'match' ? here!.id : ALL_MATCHES));
  const what =
    scope === 'everything'
      ? 'all your standing orders'
      : scope === 'match'
        ? `your standing orders for **${await titleOf(app, here!)}**`
        : 'your standing orders for all your matches';
  await interaction.reply({ content: n > 0 ? `Cleared ${what}: those choices are asked again.` : `There was nothing to clear (${what}).`, ...privately });
}

export const ordersCommand: CommandModule = {
  data,
  async run(interaction, app, { sub, values }) {
    switch (sub) {
      case 'set':
        return set(interaction, app, args.set.parse(values));
      case 'show':
        return show(interaction, app);
      case 'clear':
        return clear(interaction, app, args.clear.parse(values));
      default:
        return refuse('unknown-command', `Unknown subcommand ${String(sub)}.`);
    }
  },
};
