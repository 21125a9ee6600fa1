/**
 * The seed search behind the whole-match tests: plays the plan (whole-match-plan.ts) for Slagwall
 * Foundry (the challenger) against the Night Snare Hunt on Reed Ford for each seed, and prints the
 * seeds whose match has a deviating Area shot, a flyer's `/order fly`, a condition saved against in a
 * later turn, and an end by elimination, fewest orders first. Each order is checked to be what the
 * table makes of it as typed (parseOrder, the prompt's button), so the match through Discord is this
 * one. Run: npx tsx test/rulesets/sword-and-claw/whole-match-seed.ts [from] [to]
 */
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { beginSc, decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { ScEvent, ScSetup } from '../../../src/rulesets/sword-and-claw/match/types';
import { parseOrder } from '../../../src/rulesets/sword-and-claw/table/orders';
import { scPromptAnswer } from '../../../src/rulesets/sword-and-claw/table/prompt';
import { planStep } from './whole-match-plan';

export interface WholeMatch {
  readonly orders: number;
  readonly deviated: boolean;
  readonly flew: boolean;
  readonly saved: boolean;
  readonly end: string | null;
}

export function wholeSetup(seed: number, players: readonly [string, string], map = 'reed-ford'): ScSetup {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  const c = r.value;
  return makeScSetup({
    seed,
    players,
    armies: { [players[0]]: c.armies.get('slagwall-foundry')!, [players[1]]: c.armies.get('night-snare-hunt')! },
    troops: c.troops,
    map: c.maps.get(map)!,
  });
}

/** The events a whole match must show (the "Done when"), read from its log. */
export function sightings(events: readonly ScEvent[]) {
  const deviated = events.some((e) => e.type === 'ranged-resolved' && e.shots.some((k) => k.area && !k.hit && k.area.deviated > 0 && k.area.centre !== null));
  const held = new Set<string>();
  let saved = false;
  for (const e of events) {
    if ((e.type === 'ranged-resolved' || e.type === 'melee-resolved') && e.conditions) for (const id of Object.keys(e.conditions)) held.add(id);
    if (e.type === 'opportunity' && e.conditions?.length) held.add(e.mover);
    if (e.type === 'saved' && e.saves.some((v) => held.has(v.troop))) saved = true;
  }
  return { deviated, saved };
}

export function playWhole(setup: ScSetup, limit = 4000): WholeMatch {
  const begun = beginSc(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  let s = begun.state;
  const events: ScEvent[] = [...begun.events];
  let orders = 0;
  let flew = false;
  for (; orders < limit; orders++) {
    const step = planStep(setup, s);
    if (!step) break;
    const typed = step.kind === 'order' ? parseOrder(setup, s, step.order, step.options) : scPromptAnswer(s, step.arg);
    if (!typed.ok || JSON.stringify(typed.command) !== JSON.stringify(step.command))
      throw new Error(`typed differently: ${JSON.stringify(step)} → ${JSON.stringify(typed)}`);
    const r = decideSc(setup, s, step.command, step.player);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(step.command)}: ${r.error.code} ${r.error.message}`);
    if (step.kind === 'order' && step.order === 'fly') flew = true;
    s = r.state;
    events.push(...r.events);
  }
  return { orders, flew, ...sightings(events), end: s.end?.reason ?? null };
}

if (process.argv[1]?.endsWith('whole-match-seed.ts')) {
  const [from, to] = [Number(process.argv[2] ?? 1), Number(process.argv[3] ?? 60)];
  const found: [number, WholeMatch][] = [];
  for (let seed = from; seed <= to; seed++) {
    const m = playWhole(wholeSetup(seed, ['alice', 'bob']));
    console.log(seed, JSON.stringify(m));
    if (m.deviated && m.flew && m.saved && m.end === 'elimination') found.push([seed, m]);
  }
  found.sort((a, b) => a[1].orders - b[1].orders);
  console.log('fit:', found.map(([seed, m]) => `${seed} (${m.orders} orders)`).join(', '));
}
