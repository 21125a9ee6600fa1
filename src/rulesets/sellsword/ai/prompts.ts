/**
 * The AI's answers to the out-of-turn choices (R27), best first:
 * - reply: the attack worth most against the unit that moved or attacked, when it is worth more than
 *   keeping the react token (and the odds are not poor); otherwise no reply;
 * - wounds: the split that costs least: Vigor first (it comes back; injury boxes do not), the box that
 *   hurts this unit least, Mortal only when every split marks it;
 * - order: the AP goes first;
 * - reroll: a losing tactics check always; a failed recovery when the status is worth the react token;
 * - recover: the status that is worst to keep times the chance of shaking it off; none when every
 *   status it could roll for helps it (Invisible);
 * - recoil: an end square out of damaging terrain, R42's default first.
 */
import type { Decision } from '../engine';
import { defaultDecision } from '../engine';
import { recoveryChance, woundOutcomes } from '../engine';
import type { Prompt, PromptOf, UnitState } from '../engine';
import { profile } from '../engine';
import { unitOf } from '../engine';
import type { Judge } from './judge';

export function promptAnswers(j: Judge, prompt: Prompt): Decision[] {
  switch (prompt.kind) {
    case 'reply':
      return replyAnswers(j, prompt);
    case 'wounds':
      return woundAnswers(j, prompt);
    case 'reroll':
      return rerollAnswers(j, prompt);
    case 'recover':
      return recoverAnswers(j, prompt);
    case 'order':
      return [defaultDecision(prompt)];
    case 'recoil':
      return recoilAnswers(prompt);
  }
}

/** Squares out of damaging terrain first, R42's default first among equals. */
function recoilAnswers(prompt: PromptOf<'recoil'>): Decision[] {
  const o = prompt.options;
  const order = o.ends.map((e, i) => ({ at: e.at, rank: (e.damaging ? 2 : 0) + (i === o.default ? 0 : 1), i }));
  order.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return order.map((e) => ({ unit: prompt.unit, recoil: e.at }));
}

function replyAnswers(j: Judge, prompt: PromptOf<'reply'>): Decision[] {
  const replier = unitOf(j.state, prompt.unit);
  const options = prompt.options;
  const against = unitOf(j.state, options.against);
  const keep = j.reactValue(replier);
  const ranked = options.attacks
    .map((id) => {
      const attack = profile(j.state, replier).attacks.find((a) => a.id === id);
      const o = attack ? j.outlook(replier, id, against) : null;
      if (!attack || !o) return { id, value: -Infinity };
      const cost = ((attack.cost.blue ?? 0) + (attack.cost.red ?? 0)) * j.w.powerToken + ((attack.cost.vigor ?? 0) / 5) * j.w.vigor;
      const value = o.chance < 0.25 ? -Infinity : j.outlookValue(attack, against, o) - cost - keep;
      return { id, value };
    })
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value);
  return [...ranked.map((r) => ({ unit: replier.id, reply: r.id })), { unit: replier.id, reply: null }];
}

function woundAnswers(j: Judge, prompt: PromptOf<'wounds'>): Decision[] {
  const unit = unitOf(j.state, prompt.unit);
  const charger = profile(j.state, unit).attacks.some((a) => a.acts === 1 && a.range <= 3 && a.burst === undefined);
  // What each split leads to (drops, VP given away, the Mortal roll) is the engine's woundOutcomes.
  const priced = woundOutcomes(j.state).map((o, order) => {
    let cost = 0;
    for (const box of o.marked) if (box !== 'mortal') cost += j.boxCost(unit, box);
    if (o.vp) cost += o.vp.points + 20;
    if (o.drops) cost += j.worth(unit);
    else cost += o.mortalRisk * 10 * j.worth(unit);
    cost += (o.choice.avoid / 5) * j.w.vigor;
    // Spending the last 5 Vigor leaves a melee unit unable to charge (R23).
    if (o.choice.avoid > 0 && o.vigor < 5 && charger) cost += j.w.vigor;
    return { choice: o.choice, cost, order };
  });
  priced.sort((a, b) => a.cost - b.cost || a.order - b.order);
  return priced.map(({ choice }) => ({ unit: unit.id, avoid: choice.avoid, injuries: [...choice.injuries] }));
}

/** The position of the named status among the unit's statuses that can be recovered, as end-turn lists them. */
function statusIndex(unit: UnitState, status: string): number {
  return unit.statuses.findIndex((s) => s.status === status && s.recover !== null);
}

function rerollAnswers(j: Judge, prompt: PromptOf<'reroll'>): Decision[] {
  const options = prompt.options;
  if (options.roll !== 'recovery' || prompt.unit === undefined) {
    return [
      { player: prompt.player, reroll: true },
      { player: prompt.player, reroll: false },
    ];
  }
  const unit = unitOf(j.state, options.unit);
  const leader = unitOf(j.state, prompt.unit);
  const index = statusIndex(unit, options.status);
  const gain = index < 0 ? 0 : j.statusHarm(unit, options.status, unit.statuses[index]!.wound ?? 0) * recoveryChance(j.state, unit.id, index);
  const yes = gain > 0.5 * j.reactValue(leader);
  return [
    { player: prompt.player, reroll: yes },
    { player: prompt.player, reroll: !yes },
  ];
}

function recoverAnswers(j: Judge, prompt: PromptOf<'recover'>): Decision[] {
  const unit = unitOf(j.state, prompt.unit);
  const names = prompt.options;
  const recoverable = unit.statuses.flatMap((s, i) => (s.recover === null ? [] : [i]));
  const ranked = names
    .map((name, n) => {
      const index = recoverable[n] ?? -1;
      const harm = index < 0 ? 0 : j.statusHarm(unit, name, unit.statuses[index]!.wound ?? 0);
      return { name, value: harm * (index < 0 ? 0 : recoveryChance(j.state, unit.id, index)), n };
    })
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value || a.n - b.n);
  // The engine maps a name to its first place in the list, so a repeated name can only mean its first.
  const seen = new Set<string>();
  const out: Decision[] = [];
  for (const r of ranked) {
    if (seen.has(r.name)) continue;
    seen.add(r.name);
    out.push({ unit: unit.id, recover: r.name });
  }
  out.push({ unit: unit.id, recover: null });
  return out;
}
