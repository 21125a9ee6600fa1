/**
 * What the thread sees after a change (ARCHITECTURE "Discord"): setup results, the battle's opening
 * picture and warbands, after every unit's turn the map with the turn's log, round news, the prompt a
 * player must answer (pinging them), whose turn it is next, and the result. Everything is derived
 * from the events the act produced and the states they pass through; nothing here changes the match.
 */
import type { PregameEvent } from '../engine/pregame';
import { apply, type GameEvent } from '../engine/events';
import { commanderOf } from '../engine/acts';
import type { GameState, PlayerId } from '../engine/state';
import { label, unitOf } from '../engine/table';
import { eventSentences, renderCard, renderMapWithAlt } from '../render';
import type { App } from './app';
import { rebuildMatch, gameOf, type MatchEvent, type MatchSetup, type MatchSnapshot } from './match-state';
import { postPrompt, retirePrompts } from './prompt-post';
import type { Submitted } from './submit';
import { postTo, type Post } from './thread';
import { shown } from './user-text';

/** A player's name as the thread shows it: their display name, escaped for markdown. */
export const nameIn = (setup: MatchSetup) => (p: PlayerId | null | undefined): string => (p ? shown(setup.names[p] ?? p) : 'nobody');

function setupLine(e: PregameEvent, name: (p: PlayerId) => string, setup: MatchSetup): string | null {
  switch (e.type) {
    case 'tactics-rolled':
      return `🎲 Setup tactics check${e.rerolled ? ` (${name(e.rerolled)} rerolled)` : ''}: ${e.players.map((p, i) => `${name(p)} rolled ${e.rolls[i]}`).join(', ')}.`;
    case 'reroll-declined':
      return `${name(e.player)} keeps the roll.`;
    case 'advantage-won':
      return `**${name(e.ap)}** wins the setup tactics check.`;
    case 'chooser-named':
      return `${name(e.ap)} names **${name(e.chooser)}** to choose the map.`;
    case 'map-chosen': {
      const map = setup.maps.find((m) => m.id === e.map)?.map.name ?? e.map;
      return e.by ? `${name(e.by)} chooses the map **${map}**.` : `The map is **${map}**.`;
    }
    case 'entry-placed':
      return `${name(e.player)} places their entry tile at **${e.square}** (start area ${e.area}).`;
    case 'prompted':
    case 'setup-done':
      return null;
  }
}

function roundLine(e: GameEvent, name: (p: PlayerId | null) => string): string | null {
  switch (e.type) {
    case 'round-started':
      return `**Round ${e.round} begins.**`;
    case 'tactics-rolled':
      return `🎲 Tactics check${e.rerolled ? ` (${name(e.rerolled)} rerolled)` : ''}: ${Object.entries(e.totals).map(([p, t]) => `${name(p)} ${t}`).join(', ')}${e.winner ? `; **${name(e.winner)}** is the AP` : ''}.`;
    case 'order-set':
      return `${name(e.ap)} sets the order: ${e.order.map(name).join(' → ')}${e.greaterAdvantage ? ` (greater advantage: ${name(e.ap)} also takes phase 0)` : ''}.`;
    case 'scored':
      return e.reason.startsWith('objective') ? `${name(e.player)} scores ${e.points} VP (${e.reason}).` : null;
    default:
      return null;
  }
}

function warbandPosts(setup: MatchSetup, game: GameState): Post[] {
  const name = nameIn(setup);
  return setup.players.map((p) => {
    const w = setup.warbands[p]!;
    const seen = new Set<string>();
    const files = Object.values(game.units)
      .filter((u) => u.player === p && !seen.has(`${u.card}+${u.mod}`) && seen.add(`${u.card}+${u.mod}`))
      .slice(0, 10)
      .map((u) => {
        const card = game.cards[u.card]!;
        const mod = u.mod ? game.mods[u.mod] : null;
        return { png: renderCard(card, mod), name: `${u.card}${u.mod ? `-${u.mod}` : ''}.png`, alt: `Stat card: ${card.name}${mod ? ` with ${mod.name}` : ''}` };
      });
    const units = Object.values(game.units).filter((u) => u.player === p).map((u) => `\`${u.id}\` ${game.cards[u.card]!.name}${u.mod ? ` + ${game.mods[u.mod]!.name}` : ''}`);
    return { content: `**${name(p)}** brings **${w.name}** (${w.faction}, ${w.points} points): ${units.join(', ')}.`, files };
  });
}

/** The whole log, for a turn that began in an earlier act: its events and the state it started from. */
function turnSoFar(app: App, row: Submitted['row'], setup: MatchSetup, upTo: number): { events: GameEvent[]; before: GameState | undefined } {
  const all = app.store.matches.events<MatchEvent>(row.id);
  const mine = all.filter((e) => e.seq <= upTo);
  let start = 0;
  for (let i = mine.length - 2; i >= 0; i--) {
    const e = mine[i]!.event;
    if (e.stage === 'game' && (e.event.type === 'turn-ended' || e.event.type === 'round-started')) {
      start = i + 1;
      break;
    }
  }
  const before = gameOf(rebuildMatch(setup, mine.slice(0, start).map((e) => e.event)));
  const events = mine.slice(start).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  return { events, before: before ?? setup.start };
}

export interface AnnounceOptions {
  /** Who made the change: the next actor is pinged only when it is someone else. */
  readonly by?: string;
  /** The prompt message a click just answered (and updated itself). */
  readonly answered?: string;
}

export async function announce(app: App, s: Submitted, options: AnnounceOptions = {}): Promise<void> {
  const thread = s.row.threadId;
  if (!thread) return;
  await retirePrompts(app, s.row, options.answered);
  const name = nameIn(s.setup);
  const lines: string[] = [];
  const flush = async () => {
    if (lines.length > 0) await postTo(app, thread, { content: lines.splice(0).join('\n') });
  };
  let game: GameState | null = gameOf(s.before);
  for (const { seq, event } of s.events) {
    if (event.stage === 'pregame') {
      const line = setupLine(event.event, name, s.setup);
      if (line) lines.push(line);
      continue;
    }
    if (!game) {
      // The first game event: setup is over and the battle begins.
      game = s.setup.start!;
      lines.push(`**Setup is done. The battle begins on ${game.map.name}.**`);
      await flush();
      const { png, alt } = renderMapWithAlt(game, { names: s.setup.names });
      await postTo(app, thread, { files: [{ png, name: 'map.png', alt }] });
      for (const post of warbandPosts(s.setup, game)) await postTo(app, thread, post);
    }
    game = apply(game, event.event);
    const e = event.event;
    const line = roundLine(e, name);
    if (line) lines.push(line);
    if (e.type === 'turn-ended') {
      await flush();
      const turn = turnSoFar(app, s.row, s.setup, seq);
      const request = { lastTurn: turn.events, ...(turn.before ? { before: turn.before } : {}), names: s.setup.names };
      const { png, alt, headline } = renderMapWithAlt(game, request);
      const log = eventSentences(game, request);
      const who = e.unit ? `${game.cards[game.units[e.unit]!.card]!.name} (\`${e.unit}\`)` : 'no unit';
      // The headline is the alt text's opening (round, score, who is next) as Discord's small print.
      const content = [`**${name(e.player)}**'s turn with ${who} is over.`, ...log.map((l) => `• ${l}`), `-# ${headline}`].join('\n');
      await postTo(app, thread, { content, files: [{ png, name: `turn-${seq}.png`, alt }] });
    }
  }
  await flush();
  if (s.events.length > 0) await afterMatters(app, s.row, s.setup, s.after, options.by);
}

/** The result post: who won, the score, and the final turn's log on the final picture. */
async function postResult(app: App, row: Submitted['row'], setup: MatchSetup, game: GameState): Promise<void> {
  const name = nameIn(setup);
  const turn = turnSoFar(app, row, setup, row.seq);
  const request = { lastTurn: turn.events, ...(turn.before ? { before: turn.before } : {}), names: setup.names };
  const { png, alt } = renderMapWithAlt(game, request);
  const log = eventSentences(game, request);
  const score = Object.entries(game.score).map(([p, v]) => `${name(p)} ${v} VP`).join(', ');
  const winner = game.winner ? `🏆 <@${game.winner}> (**${name(game.winner)}**) wins!` : 'The match is a draw.';
  const players = setup.players.map((p) => `<@${p}>`).join(' ');
  await postTo(app, row.threadId!, {
    content: [...log.map((l) => `• ${l}`), `${winner} Final score: ${score}. (Round ${game.round}.) ${players}`].join('\n'),
    ping: [...setup.players],
    files: [{ png, name: 'final.png', alt }],
  });
}

/** Whoever must give the next act: the commander of the active unit (Controlled, Glamyred), else the turn's player. */
function nextActor(game: GameState): string | null {
  if (!game.turn) return null;
  return game.turn.unit ? commanderOf(game, unitOf(game, game.turn.unit)) : game.turn.player;
}

/** The prompt, the next actor's ping, or the result: what the thread needs to move on. */
export async function afterMatters(app: App, row: Submitted['row'], setup: MatchSetup, after: MatchSnapshot, by?: string): Promise<void> {
  const thread = row.threadId;
  if (!thread) return;
  const game = gameOf(after);
  if (game?.over) return postResult(app, row, setup, game);
  const prompt = after.stage === 'pregame' ? after.pregame.prompt : game?.prompt;
  if (prompt) return postPrompt(app, row, setup, after);
  const actor = game ? nextActor(game) : null;
  if (!game?.turn || !actor || actor === by) return;
  const unit = game.turn.unit ? unitOf(game, game.turn.unit) : null;
  const content = unit
    ? `<@${actor}>, go on with **${label(game, unit)}**: ${game.turn.actsLeft} act${game.turn.actsLeft === 1 ? '' : 's'} left, or \`/end\` its turn.`
    : `<@${actor}>, it's your turn (round ${game.round}, phase ${game.phase}). Choose a unit that has not acted and give it an act: \`/move\`, \`/attack\`, \`/rest\`…; \`/skirmish view\` shows what it can reach.`;
  await postTo(app, thread, { content, ping: [actor] });
}
