/**
 * /skirmish status, log, concede, follow, view, entry and check: reading a match, leaving it, and
 * answering the entry-tile prompt by typing a square.
 */
import type { GameState, UnitState } from '../../rulesets/sellsword/engine';
import { clip } from '../../discord/text';
import { AttachmentBuilder, ButtonStyle, MessageFlags, PermissionFlagsBits, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { describeState, findAttack } from '../../rulesets/sellsword/engine';
import { burstPreviewWords, reachDamageWords, unitName } from '../../rulesets/sellsword/table';
import type { RuleError } from '../../engine';
import { renderOverlay, type ViewRequest } from '../../rulesets/sellsword/render';
import { pictureEmbed } from '../thread';
import { logView } from './log-pages';
import { postTroubleLines } from '../../posts/post-status';
import type { App } from '../app';
import { aboutMatch } from '../../match/services';
import { nameIn, retirements, setupLine } from '../../posts/announce';
import { checkMatch } from '../../match/match-check';
import { planWaits } from '../../clock/deadline-plan';
import { gameOf, type MatchSetup, type MatchSnapshot } from '../../match/match-state';
import { buttonRows } from '../prompts/prompt-components';
import { closing } from '../../match/match-end';
import { recordEnding } from '../../match/ending';
import type { MatchRecord } from '../../match/record';
import type { MatchRow } from '../../store';
import { gameHere, matchHere, notAtTable, onlyAttack, resolveAttack, resolveBurstCentre, resolveSquare, resolveUnit, targetPick } from '../match-context';
import { answerOwn } from '../own-answer';
import { setupPromptAnswer } from '../prompts/prompt-setup';
import { submit, toYou, withMentions, type Submitted } from '../../match/submit';
import { save } from '../../match/saved';
import { enqueue, inTransaction } from '../../match/table';
import { concedeTable, tableGameOf, type TableGame } from '../../match/table-change';
import { refuse } from '../../match/user-error';
import { PRACTICE_OPPONENT_NAME, playedByBot, practiceSeat } from '../../match/practice-seat';

/** The view's attack and target suggestions are the game's own, asked whoever's turn it is. */
export { unitChoiceName, viewAttackChoices, viewTargetChoices } from '../../rulesets/sellsword/table';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

const SETUP_CHOICE: Record<string, string> = {
  reroll: 'whether to reroll the setup tactics check',
  'map-chooser': 'who picks the map',
  map: 'the map',
  entry: 'where to place their entry tile',
};
const STATUS_WORDS: Record<string, string> = {
  challenged: 'challenge open',
  setup: 'setting up',
  playing: 'in play',
  over: 'over',
  declined: 'declined',
  cancelled: 'cancelled',
};

export async function status(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  const { setup, snapshot } = row;
  const game = snapshot ? gameOf(snapshot) : null;
  let text: string;
  const name = async (p: string) => setup?.names[p] ?? (await app.store.players.get(p))?.name ?? p;
  const table = tableGameOf(row);
  const raw = table && row.status !== 'challenged' ? await app.store.matches.get(row.id) : null;
  if (row.status === 'declined' || row.status === 'cancelled') text = 'This challenge was declined or withdrawn.';
  else if (table && raw?.snapshot) text = table.table.waiting(raw.snapshot, (p) => `<@${p}>`);
  else if (row.status === 'over' && !game) text = row.winner ? `Over during setup: ${await name(row.winner)} won by concession.` : 'Over during setup.';
  else if (!setup || !snapshot) text = `Waiting for <@${row.players[1]}> to accept.`;
  else if (!game)
    text =
      snapshot.stage === 'pregame' && snapshot.pregame.prompt
        ? `Setting up: waiting for <@${snapshot.pregame.prompt.player}> to choose ${SETUP_CHOICE[snapshot.pregame.prompt.kind]}.`
        : 'Setting up.';
  else text = await gameStatus(describeState(game), row, interaction.user.id, name);
  const title = await statusTitle(row, name);
  const trouble = await postTroubleLines(app.store, row);
  await interaction.reply({ content: clip([title, ...trouble, text].join('\n'), 'content'), ...privately });
}

/**
 * The engine's status in the thread's words: people by mention, the practice opponent by its name (a
 * mention of it would read as the referee's, the bot's own account).
 */
async function gameStatus(described: string, row: MatchRecord, me: string, name: (player: string) => Promise<string>): Promise<string> {
  const bot = practiceSeat(row.terms);
  const text = withMentions(toYou(described, me), bot ? row.players.filter((p) => p !== bot) : row.players);
  return bot ? text.split(bot).join(await name(bot)) : text;
}

/** The status answer's title: every player's name, each looked up before they are joined. */
export async function statusTitle(row: MatchRow, name: (player: string) => Promise<string>): Promise<string> {
  const names = await Promise.all(row.players.map(name));
  return `**${names.join(' vs ')}** (${STATUS_WORDS[row.status] ?? row.status})`;
}

export async function log(
  interaction: ChatInputCommandInteraction,
  app: App,
  o: { since_last_act?: boolean | undefined; page?: number | undefined },
): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  notAtTable(row);
  const view = await logView(app.store, row, interaction.user.id, { since: o.since_last_act ? 'me' : null, page: o.page ?? null });
  await interaction.reply({ content: view.content, components: view.components, ...privately });
}

/** `/skirmish concede` asks first: a concession cannot be taken back (match-buttons.ts carries it out). */
export async function concede(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  checkConcession(row, interaction.user.id);
  const others = row.players.filter((p) => p !== interaction.user.id);
  // The practice opponent by its name: its seat is the bot's own account, whose mention read as the
  // referee winning (issue 26: "@Sellsword Table wins the match", then "Practice bot wins!").
  const winner = (id: string) => (playedByBot(row, id) ? PRACTICE_OPPONENT_NAME : `<@${id}>`);
  const then = others.length === 1 ? `${winner(others[0]!)} wins the match.` : 'Your units leave the table, scoring nobody, and the others play on.';
  await interaction.reply({
    content: `Concede this match? ${then} This cannot be undone.`,
    components: buttonRows('concede', row.id, row.seq, [
      { label: 'Yes, concede', arg: 'yes', style: ButtonStyle.Danger },
      { label: 'No, play on', arg: 'no', style: ButtonStyle.Secondary },
    ]),
    ...privately,
  });
}

/** Refuses a concession that cannot be made: not a player, or nothing begun to concede. */
export function checkConcession(row: MatchRow, me: string): void {
  if (!row.players.includes(me)) refuse('not-a-player', 'Only a player in this match can concede it.');
  if (row.status === 'over') refuse('match-over', 'This match is already over.');
  if (row.status === 'challenged' || (!row.snapshot && !tableGameOf(row)))
    refuse('not-started', 'This challenge has not started; use `/skirmish decline` to withdraw it.');
}

/** Carries out a confirmed concession; its public line goes to the thread through the outbox. */
export async function concedeNow(interaction: ButtonInteraction, app: App, row: MatchRecord): Promise<void> {
  const me = interaction.user.id;
  checkConcession(row, me);
  const table = tableGameOf(row);
  if (table) return concedeAtTable(interaction, app, row, table);
  const snapshot = row.snapshot;
  if (!snapshot) refuse('not-started', 'This challenge has not started; use `/skirmish decline` to withdraw it.');
  if (snapshot.stage === 'pregame') {
    const other = row.players.filter((p) => p !== me);
    const winner = other.length === 1 ? other[0]! : null;
    const content = `🏳️ <@${me}> concedes during setup.${winner ? ` <@${winner}> wins.` : ' The match is cancelled.'}`;
    const done = await save(app, interaction, async () => {
      const done = await app.store.matches.act<MatchSnapshot, never, RuleError>(row.id, row.seq, (s, current) =>
        current.status !== 'setup'
          ? { ok: false, error: { code: 'match-over', message: 'This match is already over.' } }
          : { ok: true, events: [], snapshot: s!, status: 'over', winner, result: { conceded: me } },
      );
      if (done.ok) {
        await recordEnding(app, done.row);
        await enqueue(app, done.row, [{ kind: 'reply', content, ping: other }, ...(await retirements(app.store, done.row)), ...closing(done.row)]);
        await planWaits(app.store, app.now(), done.row);
      }
      return done;
    });
    if (!done.ok)
      refuse(
        done.reason === 'refused' ? done.error.code : 'stale',
        done.reason === 'refused' ? done.error.message : 'The match moved on while you answered; try again.',
      );
  } else {
    await submit(app, row.id, me, row.seq, { game: { concede: me } }, { reply: () => `🏳️ <@${me}> concedes.` });
  }
  app.outbox.kick(row.id);
  await interaction.update({ content: 'You conceded this match.', components: [] });
}

/** A game played through its ruleset's table rules concedes with its own command. */
async function concedeAtTable(interaction: ButtonInteraction, app: App, row: MatchRecord, table: TableGame): Promise<void> {
  const stored = (await app.store.matches.get(row.id)) ?? refuse('no-such-match', 'That match no longer exists.');
  const done = await inTransaction(app, () => concedeTable(app, stored, table, interaction.user.id));
  if (!done.ok)
    refuse(
      done.reason === 'refused' ? done.error.code : 'stale',
      done.reason === 'refused' ? done.error.message : 'The match moved on while you answered; try again.',
    );
  app.outbox.kick(row.id);
  await interaction.update({ content: 'You conceded this match.', components: [] });
}

export async function follow(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  const added = await save(app, interaction, () => app.store.follows.add(row.id, interaction.user.id));
  const thread = interaction.channel;
  // Following is recorded either way; being added to the thread only shows it in their list.
  if (thread?.isThread())
    await thread.members
      .add(interaction.user.id)
      .catch((error: unknown) => app.log(`could not add ${interaction.user.id} to the thread of match ${row.id}`, error, aboutMatch(row)));
  await interaction.reply({
    content: added ? 'You now follow this match: you will see every turn in this thread.' : 'You already follow this match.',
    ...privately,
  });
}

export type Overlay = 'reach' | 'maneuver' | 'sight' | 'preview' | 'none';

/**
 * Why a unit off the map has no sight or preview to show, and what to look at instead: a unit in
 * reserve sees nothing until it enters (R5), though where it can move shows where it may enter.
 */
export function offMapViewWhy(game: GameState, unit: UnitState, overlay: 'sight' | 'preview'): string {
  if (unit.dropped) return `${unitName(game, unit)} is dropped: it is off the map.`;
  const what = overlay === 'sight' ? 'it sees nothing until it enters' : 'it can attack only once it has entered';
  return `${unitName(game, unit)} is in reserve: ${what}. Use "where it can move" to see where it may enter.`;
}

export async function view(
  interaction: ChatInputCommandInteraction,
  app: App,
  o: { unit: string; overlay: Overlay; attack?: string | undefined; target?: string | undefined },
): Promise<void> {
  const { setup, game } = await gameHere(app, interaction.channelId);
  const unit = resolveUnit(game, o.unit);
  let request: ViewRequest = { names: setup.names };
  let content: string | undefined;
  if (o.overlay === 'reach' || o.overlay === 'maneuver') {
    request = { ...request, reach: { unit: unit.id, maneuver: o.overlay === 'maneuver' } };
    // The damaging ground on the way, as the move suggestions warn of it (R19, playtest).
    content = reachDamageWords(game, unit.id, o.overlay === 'maneuver') ?? undefined;
  }
  if (o.overlay === 'sight') request = { ...request, sight: { unit: unit.id } };
  if (o.overlay === 'preview') {
    // As /attack reads them: `attack` may be left out for a unit with one; `target` names what is missing.
    // A target picked from the suggestions without `attack` carries the attack its odds were for, as /attack's do (issue 26).
    const picked = o.target ? targetPick(game, o.target) : undefined;
    const carried = o.attack || picked?.attack;
    const attack = carried ? resolveAttack(game, unit, carried) : onlyAttack(game, unit, true);
    const burst = findAttack(game, unit, attack);
    if (!o.target)
      refuse(
        'bad-option',
        burst?.burst !== undefined
          ? `The preview needs \`target\`: the square ${burst.name} would be centred on (or a unit standing on it).`
          : `The preview needs \`target\`: the enemy ${burst?.name ?? 'the attack'} would strike.`,
      );
    if (burst?.burst !== undefined) {
      if (unit.at === null) refuse('not-on-map', offMapViewWhy(game, unit, o.overlay));
      ({ request, content } = burstPreview(game, unit, burst.id, resolveBurstCentre(game, o.target, burst.name), request));
    } else {
      // A charge picked from the suggestions is previewed as one, from the end of its path (R23).
      const charge = picked?.charge === true ? { charge: true } : {};
      request = { ...request, preview: { unit: unit.id, attack, target: resolveUnit(game, picked?.target ?? o.target).id, ...charge } };
    }
  }
  if (unit.at === null && o.overlay !== 'none' && o.overlay !== 'reach' && o.overlay !== 'maneuver') refuse('not-on-map', offMapViewWhy(game, unit, o.overlay));
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const { png, alt, focus } = renderOverlay(game, request);
  // The full map, and under it the close-up round the unit in an embed of its own (as a turn's is
  // posted): a phone reads the overlay's costs and marks there, where the map's are a few px tall.
  const files = [new AttachmentBuilder(png, { name: `view-${unit.id}.png`, description: alt })];
  const said = content === undefined ? {} : { content: clip(content, 'content') };
  if (!focus) return void (await interaction.editReply({ ...said, files }));
  const name = `view-${unit.id}-close-up.png`;
  files.push(new AttachmentBuilder(focus.png, { name, description: clip(focus.alt, 'altText', { atWord: true }) }));
  await interaction.editReply({ ...said, files, embeds: [pictureEmbed({ name, alt: focus.alt })] });
}

/**
 * A burst previewed at `origin` (R24, issue 26): the picture's request, and the words saying whom it
 * would catch with the odds; a centre the engine refuses is refused with its reason, as /attack would
 * be. Only the engine's queries are asked: nothing is submitted, so the match is unchanged.
 */
function burstPreview(game: GameState, unit: UnitState, attack: string, origin: string, request: ViewRequest): { request: ViewRequest; content: string } {
  const words = burstPreviewWords(game, unit.id, attack, origin);
  if (typeof words !== 'string') refuse(words.code, words.message);
  return { request: { ...request, burst: { unit: unit.id, attack, origin } }, content: words };
}

export async function entry(interaction: ChatInputCommandInteraction, app: App, square: string): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  notAtTable(row);
  const snapshot = row.snapshot;
  const prompt = snapshot?.stage === 'pregame' ? snapshot.pregame.prompt : null;
  if (prompt?.kind !== 'entry') refuse('no-entry-prompt', 'Nobody is placing an entry tile now.');
  if (prompt.player !== interaction.user.id) refuse('not-your-prompt', `That choice is not yours: it is for <@${prompt.player}>.`);
  const name = resolveSquare(snapshotMap(row.setup!, snapshot!), square);
  // The reply tells the tile and its start area; the thread's setup line is not said again (announce.ts).
  const reply = (done: Submitted) => {
    const placed = done.events.find((e) => e.event.stage === 'pregame' && e.event.event.type === 'entry-placed');
    const mention = (p: string) => (p === interaction.user.id ? `<@${p}>` : nameIn(done.setup)(p));
    return (
      (placed?.event.stage === 'pregame' && setupLine(placed.event.event, mention, done.setup)) ||
      `<@${interaction.user.id}> places their entry tile at **${name}**.`
    );
  };
  const done = await submit(app, row.id, interaction.user.id, row.seq, { pregame: setupPromptAnswer(prompt, 'entry', name) }, { via: interaction, reply });
  await answerOwn(app, interaction, done.posts);
}

function snapshotMap(setup: MatchSetup, snapshot: MatchSnapshot) {
  const id = snapshot.stage === 'pregame' ? snapshot.pregame.map : null;
  return setup.maps.find((m) => m.id === id)?.map ?? setup.maps[0]!.map;
}

export async function check(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  // A check replays the whole match: it is for the players and the organisers (Manage Server), not everyone.
  const organiser = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  if (!row.players.includes(interaction.user.id) && !organiser) refuse('players-only', 'Only the players of this match and the organisers can check it.');
  const r = (await checkMatch(app.store, row.id))!;
  await interaction.reply({
    content: r.ok
      ? `✅ Rebuilt this match from its ${r.events} events: identical to the saved state.`
      : `❌ This match, rebuilt from its ${r.events} events, differs from the saved state. Please tell an organiser.`,
    ...privately,
  });
}
