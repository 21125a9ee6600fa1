/**
 * The overlays a player asks for, each straight from an engine query so the picture never offers
 * what decide() would refuse: reachable squares (queries.reachableSquares) with charge targets
 * (queries.chargeOptions / chargePlan), sight and cover (targeting.sightOf / invisibleTo), and an attack preview
 * (queries.attackOdds).
 */
import { squareIndex } from '../../../engine';
import { attackOdds, attackOutlook, burstArea, burstOutlook, chargeOptions, chargePlan, commanderOf, findAttack, reachableSquares } from '../engine';
import type { GameState, UnitId, UnitState } from '../engine';
import { profile } from '../engine';
import { boardOf, cardOf, onMap, squaresOf, tableOf, unitOf } from '../engine';
import { invisibleTo, rangeBetween, sightLineOf, sightOf, squaresInSight } from '../engine';
import {
  sqOf,
  type BurstPreviewView,
  type DeclaredView,
  type PreviewView,
  type ReachView,
  type SightMark,
  type SightView,
  type Sq,
  type ViewRequest,
} from './view-types';
import { attackAuraWords } from './labels';
import { adjustmentWords, needWhy } from './roll-words';

const spanOf = (state: GameState, u: UnitState): 1 | 2 => (cardOf(state, u).size === 'big' ? 2 : 1);
const atOf = (state: GameState, u: UnitState): Sq | null => (onMap(u) ? sqOf(boardOf(state), u.at!) : null);
const enemiesOf = (state: GameState, unit: UnitState) => Object.values(state.units).filter((e) => onMap(e) && e.player !== unit.player);

export function reachView(state: GameState, labels: ReadonlyMap<UnitId, string>, unitId: UnitId, maneuver: boolean): ReachView {
  const board = boardOf(state);
  const unit = unitOf(state, unitId);
  // A unit in reserve reaches from its entry tile (R5); a dropped one reaches nothing.
  const squares = !unit.dropped
    ? [...reachableSquares(state, unitId, maneuver)].map(([name, cost]) => ({ at: sqOf(board, squareIndex(board, name)!), cost }))
    : [];
  squares.sort((a, b) => a.at.row - b.at.row || a.at.col - b.at.col);
  const charges = maneuver
    ? []
    : chargeOptions(state, unitId).map((c) => {
        const e = unitOf(state, c.target);
        const attack = profile(state, unit).attacks.find((x) => x.id === c.attack)!;
        return {
          target: labels.get(e.id)!,
          at: atOf(state, e)!,
          span: spanOf(state, e),
          attack: attack.name,
          path: c.path.map((n) => sqOf(board, squareIndex(board, n)!)),
        };
      });
  return {
    unit: labels.get(unitId)!,
    from: atOf(state, unit),
    span: spanOf(state, unit),
    maneuver,
    squares,
    maxCost: squares.reduce((m, s) => Math.max(m, s.cost), 0),
    charges,
  };
}

export function sightView(state: GameState, labels: ReadonlyMap<UnitId, string>, unitId: UnitId): SightView | null {
  const unit = unitOf(state, unitId);
  if (!onMap(unit)) return null;
  const targets = enemiesOf(state, unit).map((e) => {
    const seen = sightOf(state, unit, e);
    const mark: SightMark = !seen.visible ? 'blocked' : invisibleTo(state, unit, e, seen) ? 'invisible' : seen.cover ? 'cover' : 'clear';
    const line = seen.visible ? sightLineOf(state, unit, e) : null;
    return { unit: labels.get(e.id)!, at: atOf(state, e)!, span: spanOf(state, e), mark, range: rangeBetween(state, unit, e), line };
  });
  const board = boardOf(state);
  const seen = squaresInSight(state, unit);
  const own = new Set(squaresOf(state, unit));
  const { wallAt } = tableOf(state);
  const blocked: Sq[] = [];
  for (let i = 0; i < board.width * board.height; i++) if (!seen.has(i) && !own.has(i) && !wallAt(i)) blocked.push(sqOf(board, i));
  return { unit: labels.get(unitId)!, from: atOf(state, unit)!, span: spanOf(state, unit), targets, blocked };
}

export function previewView(state: GameState, labels: ReadonlyMap<UnitId, string>, req: NonNullable<ViewRequest['preview']>): PreviewView {
  const unit = unitOf(state, req.unit);
  const target = unitOf(state, req.target);
  const attack = profile(state, unit).attacks.find((a) => a.id === req.attack);
  const base = {
    attacker: labels.get(unit.id)!,
    target: labels.get(target.id)!,
    attack: attack?.name ?? req.attack,
    charge: req.charge === true,
    from: atOf(state, unit),
    fromSpan: spanOf(state, unit),
    to: atOf(state, target),
    toSpan: spanOf(state, target),
    ...(req.charge ? {} : { line: sightLineOf(state, unit, target) }),
  };
  if (req.charge) {
    // A charge attacks from the end of its path; attackOdds judges it there too.
    const plan = chargePlan(state, req.unit, req.attack, req.target);
    if (!('path' in plan)) return { ...base, odds: null, problem: plan.message };
    base.from = sqOf(boardOf(state), squareIndex(boardOf(state), plan.path[plan.path.length - 1]!)!);
  }
  const odds = attackOdds(state, req.unit, req.attack, req.target, { charge: req.charge === true });
  if ('code' in odds) return { ...base, odds: null, problem: odds.message };
  const line = odds.line;
  // A charge's odds are judged from its end, where other auras may reach: those stay "auras".
  const auras = req.charge === true ? undefined : attackAuraWords(state, req.unit);
  const outlook = attackOutlook(state, req.unit, req.attack, req.target, { charge: req.charge === true });
  const plain = 'outcomes' in outlook ? outlook.outcomes.find((o) => !o.critical && !o.glancing) : undefined;
  const vs = findAttack(state, unitOf(state, req.unit), req.attack)?.vs;
  const needWords = vs ? needWhy(state, req.target, base.target, vs, line.need) : '';
  return {
    ...base,
    odds: {
      chance: odds.chance,
      critical: odds.criticalChance,
      expectedWounds: odds.expectedWounds,
      hitWounds: plain?.wounds ?? null,
      need: line.need,
      ...(needWords ? { needWhy: needWords } : {}),
      modifier: line.modifier,
      notes: adjustmentWords(
        line.notes,
        line.modifier,
        { attack: base.attack, attacker: base.attacker, target: base.target, ...(auras ? { auras } : {}) },
        false,
      ),
    },
    problem: null,
  };
}

/**
 * A burst before it is made (R24): the squares it would cover, from the engine's burstArea (as a made
 * burst's are, last-turn-reader.ts), and whom it would catch, from burstOutlook (allies too). Null when
 * the engine refuses the centre (the command says why first) or the attack is no burst.
 */
export function burstPreviewView(state: GameState, labels: ReadonlyMap<UnitId, string>, req: NonNullable<ViewRequest['burst']>): BurstPreviewView | null {
  const unit = unitOf(state, req.unit);
  const attack = findAttack(state, unit, req.attack);
  const board = boardOf(state);
  const at = squareIndex(board, req.origin);
  const caught = burstOutlook(state, req.unit, req.attack, req.origin);
  if (!attack || at === null || !Array.isArray(caught)) return null;
  const side = commanderOf(state, unit);
  return {
    attacker: labels.get(unit.id)!,
    attack: attack.name,
    origin: sqOf(board, at),
    squares: [...burstArea(state, attack, at).keys()].sort((a, b) => a - b).map((i) => sqOf(board, i)),
    from: atOf(state, unit),
    fromSpan: spanOf(state, unit),
    caught: caught.map((c) => ({
      unit: labels.get(c.unit)!,
      friend: unitOf(state, c.unit).player === side,
      chance: c.outlook.chance,
      expectedWounds: c.outlook.expectedWounds,
    })),
  };
}

/**
 * The attack an open reply prompt asks about (R26), declared and not rolled yet, so its picture shows
 * who attacks whom: a replier was asked about an attack its close-up did not draw (issue 26). Null
 * outside a reply prompt to an attack on a unit (a burst's or a move's prompt), or when either unit is
 * off the map.
 */
export function declaredView(state: GameState, labels: ReadonlyMap<UnitId, string>): DeclaredView | null {
  const p = state.prompt;
  const incoming = p?.kind === 'reply' ? p.options.incoming : undefined;
  if (p?.kind !== 'reply' || !incoming || !('target' in incoming)) return null;
  const attacker = state.units[p.options.against];
  const target = state.units[incoming.target];
  if (!attacker || !target) return null;
  const from = atOf(state, attacker);
  const to = atOf(state, target);
  if (!from || !to) return null;
  return {
    attacker: labels.get(attacker.id)!,
    target: labels.get(target.id)!,
    attack: findAttack(state, attacker, incoming.attack)?.name ?? incoming.attack,
    from,
    fromSpan: spanOf(state, attacker),
    to,
    toSpan: spanOf(state, target),
    line: sightLineOf(state, attacker, target),
  };
}
