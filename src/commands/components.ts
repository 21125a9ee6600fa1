/**
 * Buttons and select menus on prompt messages. The id says which match, at which sequence number,
 * and what the click means; the match row says whether that is still the open prompt and whose it
 * is. A stale or foreign click is refused and changes nothing; an accepted one goes through `submit`
 * like any act, then the prompt message is closed so it cannot be clicked again.
 */
import { shown } from '../discord/text';
import type { ButtonInteraction, ModalSubmitInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { App } from './app';
import { describeChange } from '../match/act-log';
import { parseComponentId } from './codec';
import { matchRecord } from '../match/record';
import { showDigest } from './player/games';
import { gameOf, type MatchCommand } from '../match/match-state';
import { gamePromptAnswer, rerollRecord } from './prompts/prompt-game';
import { nameIn } from '../posts/announce';
import { setupPromptAnswer, setupRerollRecord } from './prompts/prompt-setup';
import { answerOwn } from './own-answer';
import { submit, type Submitted } from '../match/submit';
import { refuse } from '../match/user-error';
import { logView, parseLogArg } from './skirmish/log-pages';
import { answerChallenge, confirmConcede } from './skirmish/match-buttons';
import type { MatchRow } from '../store';
import { tableGameOf } from '../match/table-change';
import { answerTablePrompt } from './table-answer';

async function pageLog(interaction: ButtonInteraction, app: App, row: MatchRow, arg: string): Promise<void> {
  const view = await logView(app.store, row, interaction.user.id, parseLogArg(arg));
  await interaction.update({ content: view.content, components: view.components, allowedMentions: { parse: [] } });
}
import { replayButton, replayModal } from './skirmish/skirmish-replay';

function chosenLabel(interaction: ButtonInteraction | StringSelectMenuInteraction): string {
  if (interaction.isStringSelectMenu()) {
    const menu = interaction.component;
    return menu.options.find((o) => o.value === interaction.values[0])?.label ?? interaction.values[0] ?? '?';
  }
  const button = interaction.component;
  return ('label' in button ? button.label : null) ?? '?';
}

/** The custom ids of a message's buttons and menus, in action rows or any other container. */
function customIdsOf(components: readonly unknown[]): string[] {
  const ids: string[] = [];
  const walk = (c: unknown): void => {
    if (typeof c !== 'object' || c === null) return;
    if ('custom_id' in c && typeof c.custom_id === 'string') ids.push(c.custom_id);
    if ('components' in c && Array.isArray(c.components)) for (const inner of c.components) walk(inner);
    if ('accessory' in c) walk(c.accessory);
  };
  for (const c of components) walk(c);
  return ids;
}

/**
 * Every click is checked against the message it came from: its id must be one of that message's own
 * components, as the payload shows them. A modified client can send any id on any message it sees
 * (the concede button's "no" on a public prompt, a log page on a turn post), and the handlers below
 * update the clicked message; so an id that is not the message's changes nothing. Who may press each
 * button is then checked by its handler: the prompt's owner, a player of the match, a named opponent.
 */
function checkOwnComponent(interaction: ButtonInteraction | StringSelectMenuInteraction): void {
  const own = customIdsOf(interaction.message.components.map((c) => c.toJSON()));
  if (!own.includes(interaction.customId)) refuse('not-on-message', 'That button does not belong to this message, so nothing was changed.');
}

export async function handleComponent(interaction: ButtonInteraction | StringSelectMenuInteraction, app: App): Promise<void> {
  const id = parseComponentId(interaction.customId);
  if (!id) refuse('unknown-component', 'That button is from an older version of the bot and no longer works.');
  checkOwnComponent(interaction);
  // Replay steps change nothing and belong to no prompt.
  if (id.action === 'replay' && interaction.isButton()) return replayButton(interaction, app, id);
  // A /games catch-up button: the digest of its match, privately.
  if (id.action === 'digest' && interaction.isButton()) return showDigest(interaction, app, id.match);
  const stored = await app.store.matches.get(id.match);
  if (!stored) refuse('no-such-match', 'That match no longer exists.');
  // A game played through its ruleset's table rules answers its own prompts.
  const table = tableGameOf(stored);
  if (table && id.action === 'answer') return answerTablePrompt(interaction, app, stored, table, id);
  const row = matchRecord(stored);
  // Buttons that change nothing, or ask before they do: paging a log, confirming a concession or a challenge.
  if (id.action === 'log' && interaction.isButton()) return pageLog(interaction, app, row, id.arg);
  if (id.action === 'concede' && interaction.isButton()) return confirmConcede(interaction, app, row, id.arg);
  if (id.action === 'challenge') return answerChallenge(interaction, app, row, id.arg);
  if (!row.snapshot) refuse('no-such-match', 'That match no longer exists.');
  if (row.seq !== id.seq) refuse('stale-prompt', 'That prompt has passed.');
  const snapshot = row.snapshot;
  const prompt = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : gameOf(snapshot)!.prompt;
  if (!prompt) refuse('stale-prompt', 'That prompt has passed.');
  if (prompt.player !== interaction.user.id) refuse('not-your-prompt', `That choice is not yours: it is for <@${prompt.player}>.`);
  const arg = interaction.isStringSelectMenu() ? (interaction.values[0] ?? '') : id.arg;
  const command: MatchCommand =
    snapshot.stage === 'pregame'
      ? { pregame: setupPromptAnswer(snapshot.pregame.prompt!, id.action, arg) }
      : { game: { decide: gamePromptAnswer(gameOf(snapshot)!.prompt!, id.action, arg) } };
  // What the answer set off (the attack it let resolve, the rest of a move) goes on the prompt itself.
  // A label is plain text and may hold a display name: escaped here, where it goes into markdown.
  const chose = `✅ <@${interaction.user.id}> chose **${shown(chosenLabel(interaction))}**.`;
  // A reroll's question is replaced by a record in the order it happened: the roll, the choice, the result.
  const game = gameOf(snapshot);
  const name = row.setup ? nameIn(row.setup) : (p: string) => `<@${p}>`;
  const record = snapshot.stage === 'pregame' ? setupRerollRecord(snapshot.pregame.prompt!, name) : game?.prompt ? rerollRecord(game, game.prompt, name) : null;
  const lines = (done: Submitted) => [...(record ? [record] : []), chose, ...describeChange(done, null, interaction.user.id, true).map((l) => `• ${l}`)];
  const answered = { messageId: interaction.message.id, lines, ...(record ? { replace: true } : {}) };
  const done = await submit(app, row.id, interaction.user.id, id.seq, command, { via: interaction, answered });
  await answerOwn(app, interaction, done.posts);
}

/** A submitted form; the only one is the replay's "go to a turn". */
export async function handleModal(interaction: ModalSubmitInteraction, app: App): Promise<void> {
  const id = parseComponentId(interaction.customId);
  if (id?.action !== 'replay') refuse('unknown-component', 'That form is from an older version of the bot and no longer works.');
  await replayModal(interaction, app, id);
}
