/**
 * What the thread must see after a change (ARCHITECTURE "The outbox"), as outbox bodies: the act's
 * line, setup results, the battle's opening picture and warbands, after every unit's turn the map with
 * the turn's log, round news, the prompt a player must answer, whose turn it is next, the result, and
 * the buttons taken off prompts the match has moved past. Planned inside the change's transaction and
 * delivered later (bot/outbox-worker.ts); nothing here talks to Discord.
 */
import type { PregameEvent } from '../rulesets/sellsword/engine';
import { apply, type GameEvent } from '../rulesets/sellsword/engine';
import { nextActor } from '../rulesets/sellsword/engine';

/** Whoever must give the next act (the engine owns it; the clock asks the ruleset). */
export { nextActor };
import type { GameState, PlayerId } from '../rulesets/sellsword/engine';
import { aloneToAct, unitOf } from '../rulesets/sellsword/engine';
import { unitName } from '../rulesets/sellsword/table';
import { OPEN_STATUSES, type MatchRow, type Store } from '../store';
import { gameOf, type MatchSetup, type MatchSnapshot } from '../match/match-state';
import type { PostBody } from './post-body';
import { closing } from '../match/match-end';
import type { Submitted } from '../match/submitted';
import { eventSentences, greaterAdvantage, lastTurnsMeaning, phaseLeads, phaseName } from '../rulesets/sellsword/render';
import { shown, shownNames } from '../discord/text';
import { matchRecord } from '../match/record';
import { practiceSeat } from '../match/practice-seat';

/** A player's name as the thread shows it: their display name, escaped for markdown. */
export const nameIn =
  (setup: MatchSetup) =>
  (p: PlayerId | null | undefined): string =>
    p ? shown(setup.names[p] ?? p) : 'nobody';

/** What a setup reroll changed, as the round's tactics check says it: ", 4 before, 9 now" or ", 4 again". */
function rerolled(e: Extract<PregameEvent, { type: 'tactics-rolled' }>, before: Readonly<Record<PlayerId, number>> | null | undefined): string {
  const was = e.rerolled === undefined ? undefined : before?.[e.rerolled];
  const now = e.rerolled === undefined ? undefined : e.totals[e.rerolled];
  if (was === undefined || now === undefined) return '';
  return was === now ? `, ${now} again` : `, ${was} before, ${now} now`;
}

/**
 * A setup event in words, or null when it needs none. `totalsBefore`: the setup check's totals before
 * the event, so a reroll that came up the same says so instead of looking like nothing happened.
 */
export function setupLine(
  e: PregameEvent,
  name: (p: PlayerId) => string,
  setup: MatchSetup,
  totalsBefore?: Readonly<Record<PlayerId, number>> | null,
): string | null {
  switch (e.type) {
    case 'tactics-rolled': {
      const who = e.rerolled ? ` (${name(e.rerolled)} rerolled${rerolled(e, totalsBefore)})` : '';
      const rolls = `🎲 Setup tactics check${who}: ${e.players.map((p, i) => `${name(p)} rolled ${e.rolls[i]}`).join(', ')}.`;
      // A tie for the highest total is broken by the tied players rolling again (settleSetupCheck).
      const top = Math.max(...Object.values(e.totals));
      const tied = Object.keys(e.totals).filter((p) => e.totals[p] === top);
      return tied.length > 1 ? `${rolls} A tie at ${top}: ${tied.map((p) => name(p)).join(' and ')} roll again to break it.` : rolls;
    }
    case 'reroll-declined':
      return `${name(e.player)} keeps the roll.`;
    case 'advantage-won':
      return `**${name(e.ap)}** wins the setup tactics check.`;
    // With one candidate map there is no choice to tell of: the map is said once, as the only one.
    case 'chooser-named':
      if (setup.maps.length <= 1) return null;
      return e.chooser === e.ap ? `**${name(e.ap)}** will choose the map.` : `${name(e.ap)} lets **${name(e.chooser)}** choose the map.`;
    case 'map-chosen': {
      const map = shown(setup.maps.find((m) => m.id === e.map)?.map.name ?? e.map);
      if (e.by) return `${name(e.by)} chooses the map **${map}**.`;
      return setup.maps.length <= 1 ? `The map is **${map}**, the only one on offer.` : `The map is **${map}**.`;
    }
    case 'entry-placed':
      return `${name(e.player)} places their entry tile at **${e.square}** (start area ${e.area}).`;
    case 'prompted':
    case 'setup-done':
      return null;
  }
}

/** Who made the choice a setup event tells, or null for what no one chose (a roll, the setup's end). */
function setupChooser(e: PregameEvent): PlayerId | null {
  switch (e.type) {
    case 'entry-placed':
    case 'reroll-declined':
      return e.player;
    case 'map-chosen':
      return e.by ?? null;
    case 'chooser-named':
      return e.ap;
    default:
      return null;
  }
}

/** Every line that tells a choice of the practice bot starts with 🤖, as its acts' lines do (README). */
export const botMarked = (line: string, chooser: PlayerId | null, bot: PlayerId | null): string =>
  chooser !== null && chooser === bot && !line.startsWith('🤖') ? `🤖 ${line}` : line;

const objectiveScored = (e: GameEvent): boolean => e.type === 'scored' && e.reason.startsWith('objective');

/**
 * Round news in the words of the game's log (render/last-turn-words.ts), on its own lines as the round
 * turns. A new round's line comes last and in bold, after any objective contested at the round's end
 * (R4: it scored nobody), which its words say first.
 */
function roundLine(game: GameState, e: GameEvent, names: MatchSetup['names']): string | null {
  if (e.type !== 'round-started' && e.type !== 'tactics-rolled' && e.type !== 'order-set' && !objectiveScored(e)) return null;
  const said = eventSentences(game, { lastTurn: [e], names });
  if (said.length === 0) return null;
  if (e.type === 'round-started') return [...said.slice(0, -1), `**${said[said.length - 1]}**`].join('\n');
  const line = said.join(' ');
  return e.type === 'tactics-rolled' ? `🎲 ${line}` : line;
}

export interface PlanOptions {
  /** Who is at the thread, having made the change in person: the next actor is pinged only when it is someone else. */
  readonly by?: string | undefined;
  /** The player this change makes forfeit: the engine's concession is told as the forfeit the reply says, not again as a concession. */
  readonly forfeit?: string | undefined;
  /** The act's public line, first in the thread; for a setup act it tells the act's own event (its line is not said again). */
  readonly reply?: string | undefined;
  /** The prompt message a click answered, and what to write on it. */
  readonly answered?: { readonly messageId: string; readonly lines: readonly string[]; readonly replace?: boolean } | undefined;
}

/**
 * Closes the prompts a change has moved past and plans their retirement: all of them once the match is
 * over, else those posted before its new seq. The message a click answered is written on instead.
 */
export async function retirements(store: Store, row: MatchRow, except?: string, note = 'This prompt has passed.'): Promise<PostBody[]> {
  const all = !(OPEN_STATUSES as readonly string[]).includes(row.status);
  const stale = (await store.prompts.open(row.id)).filter((p) => all || p.seq < row.seq);
  await store.prompts.close(row.id, all ? undefined : row.seq - 1);
  return stale.filter((p) => p.messageId !== except).map((p) => ({ kind: 'retire', messageId: p.messageId, note }));
}

/**
 * The totals after the round's objectives have scored, said under their lines: the turn post above
 * them showed the score from before.
 */
const scoreLine = (game: GameState, name: (p: PlayerId) => string): string =>
  `Score: ${game.players.map((p) => `${name(p)} ${game.score[p] ?? 0}`).join('; ')}.`;

/** Must run inside the change's transaction: it closes the prompts the change has moved past. */
export async function planPosts(store: Store, s: Submitted, options: PlanOptions = {}): Promise<PostBody[]> {
  const posts: PostBody[] = [];
  if (options.answered) {
    const { messageId, lines, replace } = options.answered;
    posts.push({ kind: 'answered', messageId, lines, ...(replace ? { replace } : {}) });
  }
  if (options.reply) posts.push({ kind: 'reply', content: options.reply });
  posts.push(...(await retirements(store, s.row, options.answered?.messageId)));
  const name = nameIn(s.setup);
  const lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) posts.push({ kind: 'text', content: lines.splice(0).join('\n') });
  };
  let game: GameState | null = gameOf(s.before);
  let scoring = false;
  // A typed setup act (/skirmish entry) is told by its reply, with the same words as the setup line.
  const told = options.reply
    ? s.events.find((e) => e.event.stage === 'pregame' && e.event.event.type === 'entry-placed' && e.event.event.player === options.by)
    : undefined;
  let setupTotals = s.before.stage === 'pregame' ? s.before.pregame.totals : null;
  const bot = practiceSeat(matchRecord(s.row).terms);
  for (const item of s.events) {
    const { seq, event } = item;
    if (event.stage === 'pregame') {
      const line = item === told ? null : setupLine(event.event, name, s.setup, setupTotals);
      if (line) lines.push(botMarked(line, setupChooser(event.event), bot));
      if (event.event.type === 'tactics-rolled') setupTotals = event.event.totals;
      continue;
    }
    if (!game) {
      // The first game event: setup is over and the battle begins.
      game = s.setup.start!;
      lines.push(`**Setup is done. The battle begins on ${shown(game.map.name)}.**`);
      flush();
      posts.push({ kind: 'opening' }, ...s.setup.players.map((player): PostBody => ({ kind: 'warband', player })));
    }
    // Objectives score one after another at the round's end; the new totals follow the last of them.
    if (scoring && !objectiveScored(event.event)) lines.push(scoreLine(game, name));
    scoring = objectiveScored(event.event);
    game = apply(game, event.event);
    if (event.event.type === 'conceded' && event.event.player === options.forfeit) continue;
    if (event.event.type === 'order-set' && gameOf(s.before)?.prompt?.kind === 'order' && answeredOrder(posts, event.event, name)) continue;
    const line = roundLine(game, event.event, shownNames(s.setup.names));
    if (line) lines.push(botMarked(line, event.event.type === 'order-set' ? event.event.ap : null, bot));
    if (event.event.type === 'turn-ended') {
      flush();
      posts.push({ kind: 'turn', seq });
    }
  }
  if (scoring && game) lines.push(scoreLine(game, name));
  flush();
  const newTurn = s.events.some((e) => e.event.stage === 'game' && e.event.event.type === 'turn-started');
  // A prompt answered mid-turn (a wound split, a reply) leaves the thread not knowing whose move it is.
  const answeredPrompt = (s.before.stage === 'pregame' ? s.before.pregame.prompt : gameOf(s.before)?.prompt) != null;
  if (s.events.length > 0) posts.push(...whatNext(s.row, s.after, options.by, newTurn || answeredPrompt));
  return pingAfterTurn(withWordsAbove(posts));
}

/**
 * An order chosen with the prompt's menu is already written on the prompt ("chose **Alice → Bob**"):
 * the thread is not told it again, and what the prompt did not say (who goes first in each phase, a
 * greater advantage's early turn) is added there. False when no answered prompt is being written on (a standing order chose it).
 */
function answeredOrder(posts: PostBody[], e: Extract<GameEvent, { type: 'order-set' }>, name: (p: PlayerId) => string): boolean {
  const at = posts.findIndex((p) => p.kind === 'answered');
  const answered = posts[at];
  if (answered?.kind !== 'answered') return false;
  const said = [phaseLeads(e.order.map(name)), e.greaterAdvantage ? greaterAdvantage(name(e.ap)) : ''].filter(Boolean);
  posts[at] = { ...answered, lines: [...answered.lines, ...said] };
  return true;
}

/**
 * A ping knows the words its change posted before it (`above`), so its digest does not tell them again:
 * after the practice bot's answer ("🤖 Practice bot: … Alice's act goes on: • OW replied to KN with
 * Great Cleaver…") a ping's digest began with that same line, right under it (playtest). Its own
 * line is not said again either (catch-up.ts); a turn's post is drawn at delivery and told by `after`.
 */
export function withWordsAbove(posts: PostBody[]): PostBody[] {
  const ping = posts.at(-1);
  if (ping?.kind !== 'your-turn') return posts;
  const above = posts.flatMap((p) => (p.kind === 'reply' || p.kind === 'text' ? [p.content] : p.kind === 'answered' ? p.lines : [])).join('\n');
  return above === '' ? posts : [...posts.slice(0, -1), { ...ping, above }];
}

/**
 * A your-turn ping that comes right after a turn's post follows it as a message of its own, so the
 * ping's words are the thread's last and sit right over its one picture, the close-up of now: on a
 * phone, a ping riding on the post (issue 26) sat above the map and the close-up and scrolled away.
 * The post knows the ping follows (`pingAt`: it leaves its close-up to the ping when that is the
 * same picture), and the ping knows which turn it follows (`after`: its digest does not tell it again).
 * Round news between them (the round's end and the next one's start, in lines of their own) does not
 * part them: a ping after the player's own turn and a new round's news told that news again, just
 * under it, where a player going on after a turn of their own has nothing to catch up on.
 */
export function pingAfterTurn(posts: PostBody[]): PostBody[] {
  const ping = posts.at(-1);
  if (ping?.kind !== 'your-turn') return posts;
  const turnAt = posts.findLastIndex((p, i) => i < posts.length - 1 && p.kind !== 'text');
  const turn = posts[turnAt];
  if (turn?.kind !== 'turn') return posts;
  return [...posts.slice(0, turnAt), { ...turn, pingAt: ping.seq }, ...posts.slice(turnAt + 1, -1), { ...ping, after: turn.seq }];
}

/**
 * The prompt, the next actor's ping, or the result and the match's closing: what the thread needs to
 * move on. Whoever the game waits on is pinged, the player who just acted too when a new turn of theirs
 * begins (they go again, or the order they chose puts them first) or a prompt was just answered (the
 * turn goes on: the thread is told whose move it is); only a player going on with the same unit
 * after an act of their own is not pinged again.
 */
export function whatNext(row: MatchRow, after: MatchSnapshot, by?: string, newTurn = false): PostBody[] {
  const game = gameOf(after);
  if (game?.over) return [{ kind: 'result', seq: row.seq }, ...closing(row)];
  // The practice opponent is never asked or pinged: the AI answers at once (practice-seat.ts).
  const bot = practiceSeat(matchRecord(row).terms);
  const prompt = after.stage === 'pregame' ? after.pregame.prompt : game?.prompt;
  if (prompt) return prompt.player === bot ? [] : [{ kind: 'prompt', seq: row.seq }];
  const actor = game ? nextActor(game) : null;
  if (!game?.turn || !actor || actor === bot || (actor === by && !newTurn)) return [];
  const unit = game.turn.unit ? unitOf(game, game.turn.unit) : null;
  const content = unit
    ? `<@${actor}>, go on with **${unitName(game, unit)}**: ${game.turn.actsLeft} act${game.turn.actsLeft === 1 ? '' : 's'} left, or \`/end\` its turn.`
    : `<@${actor}>, it's your turn (${phaseName(game.round, game.phase, aloneToAct(game)).toLowerCase()}${aloneToAct(game) ? `: ${lastTurnsMeaning('you')}` : ''}). Choose a unit that has not acted and give it an act: \`/move\`, \`/attack\`, \`/rest\`…; \`/skirmish view\` shows what it can reach.`;
  return [{ kind: 'your-turn', seq: row.seq, player: actor, content }];
}
