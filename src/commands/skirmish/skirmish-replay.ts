/**
 * /skirmish replay: the whole match as an animated GIF (the opening map, then one frame per unit turn
 * with that turn's overlay), or with `turn:N` the map after turn N and its log, privately, with buttons
 * to step back and forward. The step buttons change nothing and carry all they need (the component id
 * holds how far into the log to read and which turn to show), so they work from any process and after
 * a restart. These are answers to the person who asked, not match posts, so they do not go through
 * the outbox.
 */
import { DiscordLimit } from '../../discord/limits';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageActionRowComponentBuilder,
  type ModalSubmitInteraction,
} from 'discord.js';
import { eventSentences, FRAMING, NEWS, renderLegend, renderTurn, type HappeningKind } from '../../rulesets/sellsword/render';
import { REPLAY_MAX_BYTES, replayGif, type ReplayImage } from '../../posts/replay-gif';
import { countTurns, replayTurns, type LoggedEvent, type ReplayTurn } from '../../posts/replay-turns';
import type { MatchRow } from '../../store';
import type { App } from '../app';
import { encodeComponentId, type ComponentId } from '../codec';
import { gameHere } from '../match-context';
import { pictureEmbed } from '../thread';
import type { MatchEvent, MatchSetup } from '../../match/match-state';
import { refuse } from '../../match/user-error';
import { shown, shownNames, clip } from '../../discord/text';
import { matchRecord } from '../../match/record';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

/** A turn's log as the thread's turn post gives it (post-render.ts): without round news and the turn's framing. */
const TURN_SKIP: ReadonlySet<HappeningKind> = new Set([...NEWS, ...FRAMING]);

/** The match's log as far as `seq`. */
async function logUpTo(app: App, row: MatchRow, seq: number): Promise<LoggedEvent[]> {
  return (await app.store.matches.events<MatchEvent>(row.id)).filter((e) => e.seq <= seq);
}

async function playedRow(app: App, id: ComponentId): Promise<{ row: MatchRow; setup: MatchSetup }> {
  const stored = await app.store.matches.get(id.match);
  const row = stored && matchRecord(stored);
  if (!row?.setup) refuse('no-such-match', 'That match no longer exists.');
  if (id.seq > row.seq) refuse('unknown-component', 'That replay is from a log this match does not have.');
  return { row, setup: row.setup };
}

// ---- one turn, privately, with step buttons ------------------------------------------------------

/** Parses a replay button's argument: where it goes (`first:0`, `back:3`, `next:5`, `last:9`, `open:0`). */
function targetOf(arg: string): number | null {
  const m = /^(first|back|next|last|open):(\d{1,6})$/.exec(arg);
  return m ? Number(m[2]) : null;
}

function stepButtons(row: MatchRow, seq: number, n: number, last: number) {
  const id = (arg: string) => encodeComponentId({ action: 'replay', match: row.id, seq, arg });
  const button = (arg: string, emoji: string, label: string, disabled: boolean, style = ButtonStyle.Secondary) =>
    new ButtonBuilder().setCustomId(id(arg)).setEmoji({ name: emoji }).setLabel(label).setStyle(style).setDisabled(disabled);
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      button('first:0', '⏮️', 'Start', n === 0),
      button(`back:${Math.max(0, n - 1)}`, '◀️', 'Back', n === 0, ButtonStyle.Primary),
      // Opens a form that asks for a turn number; its id says where the replay stands (the sandbox's slider reads it).
      button(`ask:${n}:${last}`, '🔢', `Turn ${n} of ${last}…`, false),
      button(`next:${Math.min(last, n + 1)}`, '▶️', 'Next', n >= last, ButtonStyle.Primary),
      button(`last:${last}`, '⏭️', 'End', n >= last),
    ),
  ];
}

function headline(setup: MatchSetup, turn: ReplayTurn, last: number): string {
  const name = (p: string) => `**${shown(setup.names[p] ?? p)}**`;
  const game = turn.game;
  if (turn.index === 0) return `**Replay** · the opening: the battle begins on ${shown(game.map.name)}. ${last} turn${last === 1 ? '' : 's'} follow.`;
  const where = `turn ${turn.index} of ${last} (round ${game.round})`;
  if (!turn.ended) return `**Replay** · ${where}: the match ends.`;
  const unit = turn.ended.unit ? game.units[turn.ended.unit] : undefined;
  // Named as every line names a unit, "Knight (kn)": its id plain, not a code box.
  const who = unit ? `${shown(game.cards[unit.card]!.name)} (${unit.id})` : 'no unit';
  return `**Replay** · ${where}: ${name(turn.ended.player)}'s turn with ${who}.`;
}

/** Turn `n` of the log as a private message: the map after it with its overlay, its log, step buttons. */
export function turnMessage(row: MatchRow, setup: MatchSetup, log: readonly LoggedEvent[], seq: number, n: number) {
  const last = countTurns(log);
  let turn: ReplayTurn | null = null;
  for (const t of replayTurns(setup, log)) {
    turn = t;
    if (t.index === Math.min(n, last)) break;
  }
  if (!turn) refuse('not-started', 'The battle has not begun yet: there is nothing to replay.');
  const request = turn.index === 0 ? { names: setup.names } : { lastTurn: [...turn.events], before: turn.before, names: setup.names };
  // The pictures the thread got: the map and the turn's close-up, or for the opening the map and its key.
  const { png, alt, headline: small, focus } = renderTurn(turn.game, request);
  const second = turn.index === 0 ? renderLegend(turn.game, request) : focus;
  const lines =
    turn.index === 0
      ? []
      : eventSentences(turn.game, { ...request, names: shownNames(setup.names) }, { skip: TURN_SKIP, boldDrops: true }).map((l) => `• ${l}`);
  const said = n > last ? [`-# There ${last === 1 ? 'is' : 'are'} only ${last} turn${last === 1 ? '' : 's'}; this is the last.`] : [];
  const top = headline(setup, turn, last);
  // The alt text's opening keeps names as typed; in the message they are escaped.
  const foot = `-# ${shown(small)}`;
  // Discord's 2,000 characters: the log's first lines are dropped before the headline or the footer.
  let body = [top, ...said, ...lines, foot].join('\n');
  while (body.length > DiscordLimit.content && lines.length > 0) {
    lines.shift();
    body = [top, ...said, '• …', ...lines, foot].join('\n');
  }
  // The second picture in an embed under the map, as the thread had it (post-pictures.ts); `embeds` is
  // always given, so stepping to a turn without a close-up takes the last one's away.
  const extra = second && { name: turn.index === 0 ? 'key.png' : `replay-turn-${turn.index}-close-up.png`, alt: second.alt };
  return {
    content: clip(body, 'content'),
    files: [
      new AttachmentBuilder(png, { name: `replay-turn-${turn.index}.png`, description: alt }),
      ...(second && extra ? [new AttachmentBuilder(second.png, { name: extra.name, description: extra.alt })] : []),
    ],
    embeds: extra ? [pictureEmbed(extra)] : [],
    components: stepButtons(row, seq, turn.index, last),
    allowedMentions: { parse: [] },
  };
}

/** A step button: on the private replay it moves that message; on the posted animation it opens a private one. */
export async function replayButton(interaction: ButtonInteraction, app: App, id: ComponentId): Promise<void> {
  const { row, setup } = await playedRow(app, id);
  const log = await logUpTo(app, row, id.seq);
  if (id.arg.startsWith('ask:')) {
    const last = countTurns(log);
    const input = new TextInputBuilder()
      .setCustomId('turn')
      .setStyle(TextInputStyle.Short)
      .setRequired(true)
      .setMinLength(1)
      .setMaxLength(6)
      .setPlaceholder(`0 is the opening, ${last} the last turn`);
    const modal = new ModalBuilder()
      .setCustomId(encodeComponentId({ action: 'replay', match: row.id, seq: id.seq, arg: 'goto' }))
      .setTitle('Go to a turn')
      .addLabelComponents(new LabelBuilder().setLabel(`Turn (0 to ${last})`).setTextInputComponent(input));
    await interaction.showModal(modal);
    return;
  }
  const n = targetOf(id.arg);
  if (n === null) refuse('unknown-component', 'That button is from an older version of the bot and no longer works.');
  if (interaction.message.flags.has(MessageFlags.Ephemeral)) {
    await interaction.deferUpdate();
    await interaction.editReply(turnMessage(row, setup, log, id.seq, n));
  } else {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    await interaction.editReply(turnMessage(row, setup, log, id.seq, n));
  }
}

/** The "go to a turn" form. */
export async function replayModal(interaction: ModalSubmitInteraction, app: App, id: ComponentId): Promise<void> {
  const { row, setup } = await playedRow(app, id);
  const typed = interaction.fields.getTextInputValue('turn').trim();
  if (!/^\d{1,6}$/.test(typed)) refuse('bad-turn', `"${shown(clip(typed, 20))}" is not a turn number: type a whole number, 0 for the opening.`);
  const message = turnMessage(row, setup, await logUpTo(app, row, id.seq), id.seq, Number(typed));
  if (interaction.isFromMessage()) {
    await interaction.deferUpdate();
    await interaction.editReply(message);
  } else await interaction.reply({ ...message, ...privately });
}

// ---- the whole match, animated -------------------------------------------------------------------

/**
 * One animation is made at a time (each takes seconds of CPU and some memory), and a request for one
 * already being made waits for it; the latest few are kept, since a finished match's replay never changes.
 */
const made = new Map<string, Promise<ReplayImage>>();
const KEEP = 3;
let queue: Promise<unknown> = Promise.resolve();

/** The animation, scaled down further if it would not fit Discord's upload limit. */
async function animationFor(setup: MatchSetup, log: readonly LoggedEvent[]): Promise<ReplayImage> {
  let image = await replayGif(setup, log);
  for (const scale of [0.42, 0.32]) {
    if (image.gif.length <= REPLAY_MAX_BYTES) break;
    image = await replayGif(setup, log, { scale, colours: 128 });
  }
  return image;
}

function animation(row: MatchRow, setup: MatchSetup, log: readonly LoggedEvent[], seq: number): Promise<ReplayImage> {
  const key = `${row.id}:${seq}`;
  const known = made.get(key);
  if (known) return known;
  const next = queue.then(() => animationFor(setup, log));
  // The queue only orders the drawings; a failed one reaches its own caller through `next`.
  queue = next.catch(() => undefined);
  made.set(key, next);
  next.catch(() => made.delete(key));
  while (made.size > KEEP) made.delete(made.keys().next().value!);
  return next;
}

function altText(setup: MatchSetup, log: readonly LoggedEvent[], image: ReplayImage): string {
  const turns = image.frames - 1;
  let end: ReplayTurn | null = null;
  for (const t of replayTurns(setup, log)) end = t;
  const game = end!.game;
  const score = Object.entries(game.score)
    .map(([p, v]) => `${setup.names[p] ?? p} ${v} VP`)
    .join(', ');
  const result = game.over ? (game.winner ? `${setup.names[game.winner] ?? game.winner} won` : 'a draw') : 'the match goes on';
  return clip(
    `Animated replay on ${game.map.name}: the opening map, then each of the ${turns} unit turns with its moves and attacks drawn, about a second each. It ends in round ${game.round}: ${score}; ${result}.`,
    'altText',
    { atWord: true },
  );
}

export async function replay(interaction: ChatInputCommandInteraction, app: App, o: { turn?: number | undefined }): Promise<void> {
  const { row, setup } = await gameHere(app, interaction.channelId);
  const log = await logUpTo(app, row, row.seq);
  if (o.turn !== undefined) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    await interaction.editReply(turnMessage(row, setup, log, row.seq, o.turn));
    return;
  }
  await interaction.deferReply();
  const image = await animation(row, setup, log, row.seq);
  const turns = image.frames - 1;
  if (image.gif.length > REPLAY_MAX_BYTES) {
    await interaction.editReply({
      content: `This match is too long to fit in one picture under Discord's 8 MB (${turns} turns). \`/skirmish replay turn:1\` steps through it a turn at a time.`,
    });
    return;
  }
  const players = setup.players.map((p) => `**${shown(setup.names[p] ?? p)}**`).join(' vs ');
  const content = `🎞️ **Replay** of ${players}: the opening map, then ${turns} unit turn${turns === 1 ? '' : 's'}, each with its moves and attacks drawn. \`/skirmish replay turn:N\` shows one turn with its log.`;
  await interaction.editReply({
    content,
    files: [new AttachmentBuilder(image.gif, { name: `replay-${row.id}.gif`, description: altText(setup, log, image) })],
    components: [
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeComponentId({ action: 'replay', match: row.id, seq: row.seq, arg: 'open:0' }))
          .setEmoji({ name: '🔍' })
          .setLabel('Step through it')
          .setStyle(ButtonStyle.Secondary),
      ),
    ],
    allowedMentions: { parse: [] },
  });
}
