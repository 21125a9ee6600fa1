/**
 * What the default catalog and maps must cover between them (issue: foundation). The content check
 * runs these, so a card edit that loses, say, the only burst attack fails CI.
 */
import type { Attack, Effect, UnitCard } from './formats/card';
import type { Catalog } from './formats/catalog';
import type { Gridmap } from '../../formats/gridmap';
import type { ModCard } from './formats/mod';
import { GRID_LEGEND, QUALITY_NAMES, SIZES, STATUSES, TOKENS } from './formats/vocabulary';

export interface CoverageItem {
  readonly item: string;
  /** Where it is found (card ids, attack ids), empty when missing. */
  readonly where: readonly string[];
}

type Card = UnitCard | ModCard;
function attacksOf(cards: readonly Card[]): { card: Card; attack: Attack }[] {
  return cards.flatMap((card) => card.attacks.map((attack) => ({ card, attack })));
}

function effectsOf(cards: readonly Card[]): { where: string; effect: Effect; index: number }[] {
  return cards.flatMap((card) => [
    ...card.attacks.flatMap((a) => a.effects.map((effect, index) => ({ where: `${card.id}/${a.id}`, effect, index }))),
    ...card.traits.flatMap((t) => (t.trait === 'act' && t.effects ? t.effects.map((effect, index) => ({ where: `${card.id}/${t.id}`, effect, index })) : [])),
  ]);
}

const traitHolders = (cards: readonly Card[], kind: string) => cards.filter((c) => c.traits.some((t) => t.trait === kind)).map((c) => c.id);

/** A brute worth charging with (R23): tough enough to pay 5 Vigor and hit hard with a one-act melee attack. */
function isChargeBrute(card: UnitCard): boolean {
  return (
    card.size !== 'small' &&
    card.stats.vigor >= 15 &&
    card.stats.brawn >= 13 &&
    card.attacks.some((a) => {
      const first = a.effects[0];
      return a.acts === 1 && a.range === 1 && a.burst === undefined && first !== undefined && 'wound' in first && (first.wound ?? 0) >= 10;
    })
  );
}

export function catalogCoverage(catalogs: readonly Catalog[]): CoverageItem[] {
  const units = catalogs.flatMap((c) => c.units);
  const mods = catalogs.flatMap((c) => c.mods);
  const all: Card[] = [...units, ...mods];
  const attacks = attacksOf(all);
  const effects = effectsOf(all);
  const attackWhere = (pred: (a: Attack) => boolean) => attacks.filter(({ attack }) => pred(attack)).map(({ card, attack }) => `${card.id}/${attack.id}`);
  const items: CoverageItem[] = [];
  const add = (item: string, where: readonly string[]) => items.push({ item, where });

  QUALITY_NAMES.slice(0, 9).forEach((name, q) =>
    add(
      `quality ${q} (${name})`,
      units.filter((u) => u.quality === q).map((u) => u.id),
    ),
  );
  for (const size of SIZES)
    add(
      `size ${size}`,
      units.filter((u) => u.size === size).map((u) => u.id),
    );
  add(
    'a flyer',
    units.filter((u) => u.stats.fly || u.traits.some((t) => t.trait === 'fly')).map((u) => u.id),
  );
  for (const trait of ['ghostly', 'warleader', 'shield', 'toughness', 'stealthy', 'immune', 'vulnerable'] as const) {
    add(`trait ${trait}`, traitHolders(all, trait));
  }
  add(
    'a slow attack',
    attackWhere((a) => a.slow),
  );
  add(
    'a burst attack',
    attackWhere((a) => a.burst !== undefined),
  );
  add(
    'a 2-act attack',
    attackWhere((a) => a.acts === 2),
  );
  for (const token of TOKENS)
    add(
      `an attack costing a ${token} token`,
      attackWhere((a) => (a.cost[token] ?? 0) > 0),
    );
  add(
    'a charge-worthy brute',
    units.filter(isChargeBrute).map((u) => u.id),
  );
  for (const status of STATUSES)
    add(
      `status ${status}`,
      effects.filter(({ effect }) => 'status' in effect && effect.status === status).map((e) => e.where),
    );
  add(
    'a THEN chain',
    effects.filter(({ effect, index }) => index > 0 && effect.link === 'then').map((e) => e.where),
  );
  add(
    'an AND chain',
    effects.filter(({ effect, index }) => index > 0 && effect.link !== 'then').map((e) => e.where),
  );
  for (const move of ['push', 'pull', 'recoil'] as const)
    add(
      `movement effect ${move}`,
      effects.filter(({ effect }) => move in effect).map((e) => e.where),
    );
  add(
    'a trait injury box',
    units.filter((u) => u.injuries.some((b) => typeof b === 'object')).map((u) => u.id),
  );
  add('an aura', traitHolders(all, 'aura'));
  add('an act trait', traitHolders(all, 'act'));
  add('a rest trait', traitHolders(all, 'rest'));
  return items;
}

/** Faction-level design rules: enough cards, usable mods, and 121-point warbands of 4–8 units. */
export function factionProblems(catalogs: readonly Catalog[], factions: readonly string[] = ['havoc', 'valor']): string[] {
  const units = catalogs.flatMap((c) => c.units);
  const mods = catalogs.flatMap((c) => c.mods);
  const problems: string[] = [];
  for (const faction of factions) {
    const fu = units.filter((u) => u.faction === faction);
    const fm = mods.filter((m) => m.faction === faction);
    if (fu.length < 12) problems.push(`${faction} has ${fu.length} unit cards; at least 12 are needed`);
    if (fm.length < 5) problems.push(`${faction} has ${fm.length} mods; at least 5 are needed`);
    const mean = fu.reduce((s, u) => s + u.cost, 0) / Math.max(1, fu.length);
    if (mean < 121 / 8 || mean > 121 / 4) {
      problems.push(
        `${faction} cards average ${mean.toFixed(1)} points; 121-point warbands would not come out at 4–8 units (keep it within ${(121 / 8).toFixed(1)}–${(121 / 4).toFixed(1)})`,
      );
    }
    for (const m of fm) {
      if (!fu.some((u) => m.modUse.every((mark) => u.modUse.includes(mark))))
        problems.push(`mod ${m.id} fits no ${faction} unit (needs [${m.modUse.join(', ')}])`);
    }
  }
  for (const u of units) {
    if (!factions.includes(u.faction)) problems.push(`card ${u.id} has faction "${u.faction}"; the Northlands set has ${factions.join(' and ')}`);
    if (u.descriptors.length < 2) problems.push(`card ${u.id} needs at least two descriptors (kind and quality)`);
  }
  return problems;
}

const SIZE_MIN = 14;
const SIZE_MAX = 24;

export function mapCoverage(maps: readonly Gridmap[]): CoverageItem[] {
  const used = (ch: string) => maps.filter((m) => m.grid.some((row) => row.includes(ch))).map((m) => m.id);
  const items: CoverageItem[] = [];
  for (const [ch, legend] of Object.entries(GRID_LEGEND)) {
    if (ch === '.' || legend.start !== undefined) continue;
    const label = legend.objective ? 'objective' : legend.terrain.join('+');
    items.push({ item: `terrain ${label} (${ch})`, where: used(ch) });
  }
  items.push({ item: 'start areas', where: maps.filter((m) => m.grid.some((r) => /[1-4]/.test(r))).map((m) => m.id) });
  items.push({ item: 'a map for 3 or more players', where: maps.filter((m) => m.grid.some((r) => r.includes('3'))).map((m) => m.id) });
  items.push({ item: 'edge walls', where: maps.filter((m) => m.walls.length > 0).map((m) => m.id) });
  items.push({ item: 'low cover', where: maps.filter((m) => m.lowCover.length > 0).map((m) => m.id) });
  items.push({ item: 'multiclass cells', where: maps.filter((m) => m.cells.length > 0).map((m) => m.id) });
  items.push({ item: 'objective areas', where: maps.filter((m) => m.objectives.length > 0 || m.grid.some((r) => r.includes('*'))).map((m) => m.id) });
  return items;
}

export function mapProblems(maps: readonly Gridmap[]): string[] {
  const problems: string[] = [];
  if (maps.length < 4) problems.push(`${maps.length} maps ship; at least 4 are needed`);
  for (const m of maps) {
    const w = m.grid[0]!.length;
    const h = m.grid.length;
    if (w < SIZE_MIN || w > SIZE_MAX || h < SIZE_MIN || h > SIZE_MAX) {
      problems.push(`map ${m.id} is ${w}×${h}; shipped maps are ${SIZE_MIN}×${SIZE_MIN} to ${SIZE_MAX}×${SIZE_MAX}`);
    }
  }
  return problems;
}
