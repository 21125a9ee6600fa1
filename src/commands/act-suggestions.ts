/**
 * Autocomplete for the act commands, built from the engine's own queries, so a player
 * is only ever offered what the engine would accept: their units that can act, squares they can
 * reach, targets in sight and range with the chance to hit.
 */
import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import type { ActCommand, Command } from '../engine';
import { legalActs, moveOptions, moveRefusal, visibleTargets } from '../engine';
import type { GameState } from '../engine';
import { commanderOf } from '../engine';
import { liveTraits, profile } from '../engine';
import { boardOf, findAttack } from '../engine';
import { choice, suggest } from './command';

/** Whether `user` may give this command: acts by the unit's commander (Controlled, Glamyred), an end also by its owner. */
function mayGive(game: GameState, user: string, c: Command): boolean {
  const id = 'act' in c ? c.unit : 'end' in c ? c.end : null;
  const unit = id === null ? undefined : game.units[id];
  if (!unit) return false;
  return commanderOf(game, unit) === user || ('end' in c && unit.player === user);
}

const actsOf = (game: GameState, user: string): Command[] => (game.prompt ? [] : legalActs(game).filter((c) => mayGive(game, user, c)));

const unitActs = (game: GameState, user: string, unit: unknown, act?: string) =>
  actsOf(game, user).filter((c): c is ActCommand => 'act' in c && c.unit === String(unit ?? '').toLowerCase() && (act === undefined || c.act === act));

/** The caller's units that could take `act` now (or end their turn, for /end). */
export function unitChoices(game: GameState, user: string, typed: unknown, act?: string): ApplicationCommandOptionChoiceData[] {
  const ids = new Set(
    actsOf(game, user).flatMap((c) => ('act' in c && (act === undefined || c.act === act) ? [c.unit] : 'end' in c && act === undefined ? [c.end] : [])),
  );
  const choices = [...ids].map((id) => {
    const u = game.units[id]!;
    const where = u.at === null ? 'in reserve' : `${u.vigor} Vigor`;
    return choice(`${id.toUpperCase()} · ${game.cards[u.card]!.name} · ${where}`, id);
  });
  return suggest(choices, typed);
}

/** At most `max` items spread evenly from first to last (the last always kept). */
function spread<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!);
}

/**
 * Squares the unit can move (or maneuver) to, only while it may still take that act. With many, the
 * typed text narrows them by prefix ("D" gives column D, "D1" D1 and D10–D19), and what is left is
 * spread from the nearest to the farthest, so the far squares a player most often wants are offered.
 * A path through damaging terrain says so, with the wounds it deals.
 */
export function squareChoices(game: GameState, unit: unknown, typed: unknown, maneuver: boolean): ApplicationCommandOptionChoiceData[] {
  const id = String(unit ?? '').toLowerCase();
  if (!game.units[id] || !game.turn || game.prompt) return [];
  if (moveRefusal(game, id, maneuver) !== null) return [];
  const q = String(typed ?? '')
    .trim()
    .toUpperCase();
  const squares = moveOptions(game, id, maneuver)
    .filter((o) => o.square.startsWith(q))
    .sort((a, b) => a.cost - b.cost || a.square.localeCompare(b.square, 'en', { numeric: true }));
  const damage = boardOf(game).damage;
  return spread(squares, 25).map((o) =>
    choice(
      `${o.square} (costs ${o.cost})${o.damaging > 0 ? ` ⚠ crosses ${o.damaging} damaging square${o.damaging === 1 ? '' : 's'}: ${5 * o.damaging} ${damage} wounds` : ''}`,
      o.square,
    ),
  );
}

export function attackChoices(game: GameState, user: string, unit: unknown, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const u = game.units[String(unit ?? '').toLowerCase()];
  if (!u) return [];
  const ids = new Set(unitActs(game, user, unit, 'attack').map((c) => (c as Extract<ActCommand, { act: 'attack' }>).attack));
  return suggest(
    [...ids].map((a) => choice(findAttack(game, u, a)?.name ?? a, a)),
    typed,
  );
}

export function targetChoices(game: GameState, user: string, unit: unknown, attack: unknown, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const id = String(unit ?? '').toLowerCase();
  if (!game.units[id]) return [];
  const legal = unitActs(game, user, id, 'attack').filter((c) => attack === undefined || (c as { attack: string }).attack === attack);
  const targets = new Set(legal.flatMap((c) => ((c as { target?: string }).target ? [(c as { target: string }).target] : [])));
  const odds = new Map(
    visibleTargets(game, id)
      .filter((t) => attack === undefined || t.attack === attack)
      .map((t) => [t.unit, t]),
  );
  return suggest(
    [...targets].map((t) => {
      const o = odds.get(t);
      const extra = o ? ` · ${Math.round(o.chance * 100)}% to hit · range ${o.range}${o.cover ? ' · cover' : ''}` : ' · charge only';
      return choice(`${t.toUpperCase()} · ${game.cards[game.units[t]!.card]!.name}${extra}`, t);
    }),
    typed,
  );
}

export function traitChoices(game: GameState, user: string, unit: unknown, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const u = game.units[String(unit ?? '').toLowerCase()];
  if (!u) return [];
  const ids = new Set(unitActs(game, user, unit, 'trait').map((c) => (c as { trait: string }).trait));
  const named = new Map(liveTraits(game, u).flatMap((t) => (t.trait === 'act' ? [[t.id, t.name] as const] : [])));
  return suggest(
    [...ids].map((t) => choice(named.get(t) ?? t, t)),
    typed,
  );
}

/** For /skirmish view: any unit's attacks and the enemies it sees, whoever's turn it is. */
export function viewAttackChoices(game: GameState, unit: unknown, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const u = game.units[String(unit ?? '').toLowerCase()];
  return u
    ? suggest(
        profile(game, u).attacks.map((a) => choice(a.name, a.id)),
        typed,
      )
    : [];
}

export function viewTargetChoices(game: GameState, unit: unknown, attack: unknown, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const id = String(unit ?? '').toLowerCase();
  if (!game.units[id]) return [];
  const seen = visibleTargets(game, id).filter((t) => attack === undefined || t.attack === attack);
  const best = new Map<string, number>();
  for (const t of seen) best.set(t.unit, Math.max(best.get(t.unit) ?? 0, t.chance));
  return suggest(
    [...best].map(([t, chance]) => choice(`${t.toUpperCase()} · ${game.cards[game.units[t]!.card]!.name} · ${Math.round(chance * 100)}% to hit`, t)),
    typed,
  );
}
