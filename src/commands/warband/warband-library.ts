/**
 * A player's saved warbands: save, find, list, remove, and load for a skirmish. Every lookup is by
 * owner, so nobody can see or use someone else's warband through these. Names are matched ignoring
 * case and surrounding spaces, because people retype them ("hrolf's watch").
 */
import type { APIEmbed, ApplicationCommandOptionChoiceData } from 'discord.js';
import { parseWith } from '../../formats/problems';
import { warbandSchema } from '../../rulesets/sellsword/formats/warband';
import { unitCost } from '../../rulesets/sellsword/engine';
import type { WarbandRow } from '../../store';
import type { App } from '../app';
import { choice, suggest } from '../command';
import { refuse } from '../../match/user-error';
import type { CheckedWarband, WarbandEntry } from '../../match/warband-check';
import { capitalise, warbandLine } from './warband-embed';
import { shown, clip } from '../../discord/text';

/** What these functions need from the app; tests pass an in-memory store and the shipped content. */
export type Library = Pick<App, 'store' | 'content'>;

/** A cap per player keeps one account from filling the database; replacing a warband is always allowed. */
export const MAX_WARBANDS = 25;

export interface LoadedWarband extends CheckedWarband {
  readonly faction: string;
  readonly map: string;
  readonly row: WarbandRow;
}

const fold = (name: string): string => name.trim().toLowerCase();

/** The owner's warband with this name (exact first, then ignoring case), or undefined. */
export async function findWarband(app: Library, owner: string, name: string): Promise<WarbandRow | undefined> {
  return (await app.store.warbands.get(owner, name)) ?? (await app.store.warbands.list(owner)).find((w) => fold(w.name) === fold(name));
}

async function unknownWarband(app: Library, owner: string, name: string): Promise<never> {
  const mine = (await app.store.warbands.list(owner)).map((w) => w.name);
  const known =
    mine.length === 0
      ? 'You have no saved warbands yet: add one with `/warband submit`.'
      : `Your warbands: ${mine.slice(0, 10).map(shown).join(', ')}${mine.length > 10 ? ', …' : ''}.`;
  return refuse('unknown-warband', `You have no warband called "${shown(name)}". ${known}`);
}

/**
 * A saved warband ready for a skirmish: the stored document, its units with today's cards and costs
 * (a card re-costed since it was saved counts at its new cost), faction and map. Refuses when the
 * warband is not the owner's, or uses a card or mod the catalog no longer has.
 */
export async function loadWarband(app: Library, owner: string, name: string): Promise<LoadedWarband> {
  const row = (await findWarband(app, owner, name)) ?? (await unknownWarband(app, owner, name));
  const parsed = parseWith(warbandSchema, row.document);
  if (!parsed.ok) {
    return refuse(
      'warband-unreadable',
      `**${shown(row.name)}** was saved in a form this version of the bot cannot read. Please submit it again with \`/warband submit\`.`,
    );
  }
  const warband = parsed.value;
  const units: WarbandEntry[] = [];
  for (const u of warband.units) {
    const card = app.content.index.units.get(u.card);
    const mod = u.mod === undefined ? undefined : app.content.index.mods.get(u.mod);
    const missing = !card ? u.card : u.mod !== undefined && !mod ? u.mod : null;
    if (missing !== null || !card) {
      return refuse(
        'warband-out-of-date',
        `**${shown(row.name)}** uses "${missing}", which is no longer in the catalog. Change it and submit the warband again with \`/warband submit\`.`,
      );
    }
    units.push({ card, ...(mod ? { mod } : {}), cost: unitCost(card, mod) });
  }
  const points = units.reduce((sum, u) => sum + u.cost, 0);
  return { warband, units, points, faction: warband.faction, map: warband.map, row };
}

/**
 * Stores a checked warband for its owner (recording their display name, which the warband table
 * refers to). A warband with the same name, ignoring case, is replaced. Returns the row and whether
 * it replaced one.
 */
export function saveWarband(
  app: Library,
  owner: { id: string; name: string },
  checked: CheckedWarband,
  source: string,
): Promise<{ row: WarbandRow; replaced: boolean }> {
  const name = checked.warband.name;
  return app.store.transaction(async () => {
    const old = await findWarband(app, owner.id, name);
    if (!old && (await app.store.warbands.list(owner.id)).length >= MAX_WARBANDS) {
      refuse('too-many-warbands', `You already have ${MAX_WARBANDS} saved warbands. Remove one with \`/warband remove\` first, or reuse a name to replace it.`);
    }
    await app.store.players.upsert(owner);
    // The store keys warbands by exact name; a retyped name in other case replaces the old row instead of sitting beside it.
    if (old && old.name !== name) await app.store.warbands.remove(owner.id, old.name);
    const row = await app.store.warbands.save({
      owner: owner.id,
      name,
      faction: checked.warband.faction,
      points: checked.points,
      document: checked.warband,
      source,
    });
    return { row, replaced: old !== undefined };
  });
}

/** Removes the owner's warband; returns its name as saved and its chat line, to paste back if that was a mistake. */
export async function removeWarband(app: Library, owner: string, name: string): Promise<{ name: string; line: string | null }> {
  const row = (await findWarband(app, owner, name)) ?? (await unknownWarband(app, owner, name));
  await app.store.warbands.remove(owner, row.name);
  const parsed = parseWith(warbandSchema, row.document);
  return { name: row.name, line: parsed.ok ? warbandLine(parsed.value) : null };
}

/** Autocomplete for a warband name option: the owner's warbands, filtered by what is typed. */
/** The owner's warbands matching what is typed; `maxPoints`: only those within a challenge's point cap. */
export async function warbandChoices(
  app: Library,
  owner: string,
  typed: unknown,
  maxPoints = Number.POSITIVE_INFINITY,
): Promise<ApplicationCommandOptionChoiceData[]> {
  const all = (await app.store.warbands.list(owner))
    .filter((w) => w.points <= maxPoints)
    .map((w) => choice(`${w.name} (${capitalise(w.faction)}, ${w.points} pts)`, w.name));
  return suggest(all, typed);
}

/** The owner's warbands as one embed (at most MAX_WARBANDS lines, well inside Discord's limits). */
export async function warbandListEmbed(app: Library, owner: string): Promise<APIEmbed> {
  const rows = await app.store.warbands.list(owner);
  if (rows.length === 0) {
    return { title: 'Your warbands', description: 'None yet. Add one with `/warband submit`: attach a JSON or YAML file, or write it on one line.' };
  }
  const mapName = async (id: string) => app.content.maps.get(id)?.name ?? (await app.store.maps.get(id))?.name ?? id;
  const lines = await Promise.all(
    rows.map(async (w) => {
      const map = (w.document as { map?: unknown } | null)?.map;
      return `**${shown(w.name)}** · ${capitalise(w.faction)} · ${w.points} pts${typeof map === 'string' ? ` · ${shown(await mapName(map))}` : ''}`;
    }),
  );
  return {
    title: 'Your warbands',
    description: clip(lines.join('\n'), 'embedDescription'),
    footer: { text: `${rows.length} of ${MAX_WARBANDS} · /warband show name for the units` },
  };
}
