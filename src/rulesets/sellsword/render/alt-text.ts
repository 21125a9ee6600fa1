/**
 * Alt text for a map image, for screen readers and for anyone the picture does not reach: the round
 * and phase, the score, whose turn, the last turn in words, each unit's square and condition, and
 * what any overlay shows. Discord caps an attachment description at 1,024 characters, so the text is
 * written at three levels of detail and the fullest one that fits is used. The last turn is always
 * told in its short form, whatever the level, so that posts' alt texts read alike.
 */
import { previewWoundWords } from './roll-words';
import { DISCORD_ALT_TEXT_LIMIT } from '../../../render/alt-limit';
import { clip } from '../../../discord/text';
import type { GameState } from '../engine';
import { lastTurnPhrases } from './last-turn-words';
import { statusPhase } from './view-units';
import { lastTurnsMeaning } from '../engine';
import { toMapView, type MapView, type UnitView, type ViewRequest } from './view';
import { capital } from './card-text';

export { DISCORD_ALT_TEXT_LIMIT } from '../../../render/alt-limit';

type Detail = 0 | 1 | 2;

function condition(u: UnitView, detail: Detail): string {
  const parts: string[] = [];
  if (u.vigorMax === 0) parts.push('no Vigor');
  // §6 Exhausted at Vigor 0, said as the prompts and the strip say it (playtest round 20).
  else parts.push(detail === 2 ? `Vigor ${u.vigor} of ${u.vigorMax}${u.vigor === 0 ? ' (Exhausted)' : ''}` : `V${u.vigor}`);
  // A trait box by what it takes away, as the wound prompt names it (playtest round 20: "trait mend").
  const marked = u.boxes.filter((b) => b.marked).map((b) => (b.kind === 'trait' ? (detail === 2 ? `the ${b.traitName} box` : b.traitName) : b.kind));
  if (marked.length > 0) parts.push(detail === 2 ? `injured (${marked.join(', ')})` : `inj ${marked.join('/')}`);
  if (u.statuses.length > 0) parts.push(u.statuses.map((s) => s.words).join(', '));
  if (u.active) parts.push('active');
  else if (u.acted) parts.push(detail === 2 ? 'has acted' : 'acted');
  return parts.join(', ');
}

function unitEntry(u: UnitView, detail: Detail): string {
  const name = detail === 2 ? `${u.label} (${u.name})` : u.label;
  const where = u.at ? `${u.at.name}${u.span === 2 ? ' (2x2)' : ''}` : '';
  return `${name} ${where}, ${condition(u, detail)}`;
}

/** The alt text's first lines: map, round, score and whose move it is; also posted under the picture. */
export function header(view: MapView): string {
  const s = view.status;
  const score = view.players.map((p) => `${p.name}${p.faction ? ` (${capital(p.faction)})` : ''} ${p.score}${p.out ? ', out' : ''}`).join('; ');
  const lines = [`${view.board.name}, ${statusPhase(s).toLowerCase()}. Score (target ${s.target} VP): ${score}.`];
  const name = (id: string) => view.players.find((p) => p.id === id)?.name ?? id;
  // Issue 26: "last turns" says why one player takes several turns running (against the practice bot).
  const alone = s.alone && !s.over && !s.prompt ? (s.turn?.player ?? s.next?.player) : undefined;
  if (alone !== undefined) lines.push(`${capital(lastTurnsMeaning(name(alone)))}.`);
  if (s.over) lines.push(s.winner ? `Game over: ${name(s.winner)} wins.` : 'Game over: a draw.');
  else if (s.prompt) lines.push(`Waiting for ${name(s.prompt.player)}, who ${s.prompt.text}.`);
  else if (s.turn)
    lines.push(
      s.turn.unit
        ? `${name(s.turn.player)} is acting with ${s.turn.unit}, ${s.turn.actsLeft} act${s.turn.actsLeft === 1 ? '' : 's'} left.`
        : `${name(s.turn.player)} to choose a unit.`,
    );
  else if (s.next) lines.push(`Next: ${name(s.next.player)}.`);
  return lines.join(' ');
}

/** The asked-for overlay (reach, sight, preview) in words; empty when the view has none. */
export function overlayWords(view: MapView, detail: Detail): string[] {
  const out: string[] = [];
  if (view.reach) {
    const charges = view.reach.charges.length > 0 ? ` Can charge ${view.reach.charges.map((c) => c.target).join(', ')}.` : '';
    out.push(
      `Shaded: ${view.reach.squares.length} squares ${view.reach.unit} can ${view.reach.maneuver ? 'maneuver' : 'move'} to, costing up to ${view.reach.maxCost}.${charges}`,
    );
  }
  if (view.sight) {
    const marks = view.sight.targets.map(
      (t) => `${t.unit} ${t.mark === 'blocked' ? 'out of sight' : t.mark}${t.mark !== 'blocked' && detail > 0 ? ` at range ${t.range}` : ''}`,
    );
    out.push(`Sight from ${view.sight.unit}: ${marks.join('; ') || 'no enemies on the map'}.`);
  }
  if (view.burst) {
    const b = view.burst;
    const caught = b.caught.map((c) => `${c.unit}${c.friend ? ` (${b.attacker}'s side)` : ''} ${Math.round(c.chance * 100)}% to hit`).join(', ');
    out.push(
      `Preview: ${b.attacker}'s ${b.attack} centred on ${b.origin.name}, ${b.squares.length} squares shaded; ${caught ? `it would catch ${caught}` : 'it would catch no unit'}.`,
    );
  }
  if (view.preview) {
    const p = view.preview;
    out.push(
      p.odds
        ? `Preview: ${p.attacker} ${p.charge ? 'charging' : 'attacking'} ${p.target} with ${p.attack}, ${Math.round(p.odds.chance * 100)}% to hit, ${Math.round(p.odds.critical * 100)}% critical, ${previewWoundWords(p.odds)}${detail > 0 && p.odds.notes.length > 0 ? ` (${p.odds.notes.join(', ')})` : ''}${detail > 0 && p.odds.needWhy ? `; it needs ${p.odds.need}: ${p.odds.needWhy}` : ''}.`
        : `Preview: ${p.attacker} cannot attack ${p.target} with ${p.attack}: ${(p.problem ?? '').replace(/\.?$/, '.')}`,
    );
  }
  return out;
}

/** The description at a level of detail: 2 is everything, 0 the fewest words. */
export function describeMap(view: MapView, detail: Detail = 2): string {
  const parts = [header(view)];
  if (view.lastTurn) {
    const who = view.lastTurn.player ? ` (${view.lastTurn.player})` : '';
    // Always the short form, so every post's alt text reads alike: the full sentences are in the
    // log posted with the picture.
    const said = lastTurnPhrases(view.lastTurn)
      .join('; ')
      .replace(/\u00a0/g, ' ');
    if (said) parts.push(`Last turn${who}: ${said}.`);
  }
  parts.push(...overlayWords(view, detail));
  for (const p of view.players) {
    const mine = view.units.filter((u) => u.player === p.id);
    const onMap = mine.filter((u) => u.where === 'map').map((u) => unitEntry(u, detail));
    // A player out of the match: a concession's (or timeout's) units left the table, not "dropped",
    // and units all dropped in play are not "off the table", which read as a concession (issue 26).
    // One dropped in play before the concession stays dropped.
    if (p.out && onMap.length === 0) {
      const named = (labels: readonly string[]) => (labels.length > 0 ? ` (${labels.join(', ')})` : '');
      const before = p.dropped.length > 0 ? `; dropped ${p.dropped.join(', ')}` : '';
      parts.push(
        p.conceded
          ? `${p.name} is out of the match; their units are off the table${named(p.offTable)}${before}.`
          : `${p.name} is out of the match: all of ${p.name}'s units are dropped${named(p.dropped)}.`,
      );
      continue;
    }
    const extra = [p.reserve.length > 0 ? `in reserve ${p.reserve.join(', ')}` : '', p.dropped.length > 0 ? `dropped ${p.dropped.join(', ')}` : ''].filter(
      Boolean,
    );
    parts.push(`${p.name}'s units: ${[...onMap, ...extra].join('; ') || 'none'}.`);
  }
  return parts.join('\n');
}

/** Alt text that fits `limit` characters: the fullest description that fits, else the shortest cut at a word. */
export function mapAltText(view: MapView, limit: number = DISCORD_ALT_TEXT_LIMIT): string {
  for (const detail of [2, 1, 0] as const) {
    const text = describeMap(view, detail);
    if (text.length <= limit) return text;
  }
  return clip(describeMap(view, 0), limit, { atWord: true });
}

/** Alt text for renderMap(state, request). */
export function altText(state: GameState, request: ViewRequest = {}, limit: number = DISCORD_ALT_TEXT_LIMIT): string {
  return mapAltText(toMapView(state, request), limit);
}
