/**
 * The last turn in words: a full sentence per happening (alt text, logs) and a short phrase per
 * happening (the header line a phone reader sees first).
 */
import type { AttackView, Happening, LastTurnView, MoveView } from './view';

const RESULT_WORDS: Record<AttackView['result'], string> = {
  hit: 'hit',
  miss: 'missed',
  critical: 'hit critically',
  glancing: 'landed a glancing blow',
  automatic: 'hit automatically (critical)',
};

const SHORT_RESULT: Record<AttackView['result'], string> = { hit: 'HIT', miss: 'MISS', critical: 'CRIT', glancing: 'GLANCE', automatic: 'AUTO' };

const SHOVE_VERB: Record<string, string> = { push: 'pushed', pull: 'pulled', move: 'moved', recoil: 'recoiled' };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function route(m: MoveView): string {
  const end = m.path[m.path.length - 1]?.name ?? '?';
  return m.fromKnown && m.path.length > 1 ? `${m.path[0]!.name} to ${end}` : `to ${end}`;
}

function attackSentence(a: AttackView): string {
  const mod = a.modifier === 0 ? '' : a.modifier > 0 ? `+${a.modifier}` : `${a.modifier}`;
  const roll = a.roll === null ? 'no roll needed' : `rolled ${a.roll}${mod} against ${a.need}`;
  const who = a.reply ? `${a.attacker} replied to ${a.target} with ${a.attack}` : `${a.attacker} attacked ${a.target} with ${a.attack}`;
  let out = `${who}: ${roll}, ${RESULT_WORDS[a.result]}`;
  if (a.result !== 'miss') {
    const parts = [plural(a.wounds, 'wound')];
    if (a.toughness > 0) parts.push(`${a.toughness} ignored by toughness`);
    if (a.avoided > 0) parts.push(`${a.avoided} avoided with Vigor`);
    if (a.injuries.length > 0) parts.push(`injured: ${a.injuries.join(', ')}`);
    out += `, ${parts.join('; ')}`;
    if (a.statuses.length > 0) out += `; now ${a.statuses.join(', ')}`;
  }
  return `${out}.`;
}

/** One sentence. */
export function sentence(h: Happening): string {
  switch (h.kind) {
    case 'move': {
      const steps = h.move.path.length - (h.move.fromKnown ? 1 : 0);
      if (h.move.kind === 'maneuver') return `${h.move.unit} maneuvered ${route(h.move)}.`;
      return `${h.move.unit} moved ${route(h.move)} (${plural(steps, 'square')}, ${h.spent} movement).`;
    }
    case 'charge':
      return `${h.move.unit} charged ${h.target}, ${route(h.move)}.`;
    case 'shove': {
      // The engine's effect reads "push 1", "push 2: into the pit at F5, …", or why a mover was put back.
      const verb = SHOVE_VERB[h.effect.split(/[\s:]/)[0] ?? ''];
      const end = h.move.path[h.move.path.length - 1]?.name ?? '?';
      if (!verb || h.by === h.move.unit) return `${h.move.unit} was moved to ${end}: ${h.effect}.`;
      const detail = h.effect.includes(':') ? ` (${h.effect.slice(h.effect.indexOf(':') + 1).trim()})` : '';
      return `${h.by} ${verb} ${h.move.unit} to ${end}${detail}.`;
    }
    case 'attack':
      return attackSentence(h.attack);
    case 'reply-declared':
      return `${h.unit} declared a reply to ${h.against} with ${h.attack}.`;
    case 'harm': {
      const from = h.harm.why === 'terrain' ? 'damaging terrain' : h.source ? `a recurring status from ${h.source}` : 'a recurring status';
      const parts = [h.avoided > 0 ? `${h.avoided} avoided with Vigor` : '', h.injuries.length > 0 ? `injured: ${h.injuries.join(', ')}` : ''].filter(Boolean);
      return `${h.harm.unit} took ${plural(h.harm.wounds, `${h.harm.type} wound`)} from ${from}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}.`;
    }
    case 'status':
      return h.gained ? `${h.unit} is now ${h.status}.` : `${h.unit} is no longer ${h.status} (${h.reason}).`;
    case 'recovery-failed':
      return h.rolls.length > 0 ? `${h.unit} failed to recover (rolled ${h.rolls.join(', ')}).` : `${h.unit} failed to recover.`;
    case 'drop':
      return `${h.drop.unit} was dropped${h.drop.by ? ` by ${h.drop.by}` : ''}.`;
    case 'score':
      return `${h.player} scored ${h.points} VP (${h.reason}).`;
    case 'rest':
      return `${h.unit} rested and took back a ${h.token} token.`;
    case 'crow':
      return `${h.unit} crowed and regained ${h.vigor} Vigor.`;
    case 'roll':
      return `${h.unit}: ${h.why}; rolled ${h.rolls.join(', ')}.`;
    case 'player-out':
      return `${h.player} has no units left.`;
    case 'game-over':
      return h.winner ? `Game over: ${h.winner} wins (${h.reason}).` : `Game over: a draw (${h.reason}).`;
  }
}

/** A few words, or null for what the header leaves out (rolls, bookkeeping). */
export function phrase(h: Happening): string | null {
  switch (h.kind) {
    case 'move':
      return `${h.move.unit} ${h.move.kind === 'maneuver' ? 'maneuvered' : 'moved'} ${route(h.move)}`;
    case 'charge':
      return `${h.move.unit} charged ${h.target}`;
    case 'shove':
      return `${h.move.unit} shoved to ${h.move.path[h.move.path.length - 1]?.name ?? '?'}`;
    case 'attack': {
      const a = h.attack;
      return `${a.attacker}${a.reply ? ' replied' : ''} on ${a.target}: ${SHORT_RESULT[a.result]}${a.result === 'miss' ? '' : ` ${a.wounds}`}`;
    }
    case 'harm':
      return `${h.harm.unit} -${h.harm.wounds} ${h.harm.type}`;
    case 'status':
      return h.gained ? `${h.unit} ${h.status}` : `${h.unit} no longer ${h.status}`;
    case 'drop':
      return `${h.drop.unit} dropped`;
    case 'score':
      return `${h.player} +${h.points} VP`;
    case 'rest':
      return `${h.unit} rested`;
    case 'crow':
      return `${h.unit} crowed`;
    case 'game-over':
      return h.winner ? `${h.winner} wins` : 'draw';
    default:
      return null;
  }
}

export const lastTurnSentences = (last: LastTurnView): string[] => last.happenings.map(sentence);
/** Phrases with non-breaking spaces inside, so a wrapped header line breaks only between them. */
export const lastTurnPhrases = (last: LastTurnView): string[] =>
  last.happenings
    .map(phrase)
    .filter((p): p is string => p !== null)
    .map((p) => p.replace(/ /g, '\u00a0'));
