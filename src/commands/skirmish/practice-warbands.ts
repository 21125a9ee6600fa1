/**
 * The warbands the practice opponent brings (`/skirmish practice`), when the player does not hand it
 * one of their own: a small and a full-sized list for each faction, written in the one-line chat form
 * of `/warband submit` and checked by the same code as a player's, so they are always legal.
 */
import type { App } from '../app';
import type { CommittedWarband } from '../../match/record';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { checkSubmission } from '../../match/warband-check';
import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { choice, suggest } from '../command';
import { findWarband, loadWarband, warbandChoices } from '../warband/warband-library';

const HOUSE_TEXTS: readonly string[] = [
  'House Watch | valor | mill-crossing | valor-knight+valor-banner, valor-guard+valor-shield-wall, valor-archer, valor-war-hound',
  'House Vanguard | valor | barrow-hill | valor-knight-captain+valor-banner, valor-guard+valor-shield-wall, valor-archer, valor-crossbowman, valor-pikeman+valor-blessed-steel',
  'House Grave Host | havoc | mill-crossing | havoc-orc-warboss+havoc-war-drums, havoc-ghoul, havoc-skeletal-archer, havoc-carrion-imp',
  'House Horde | havoc | barrow-hill | havoc-orc-warboss+havoc-war-drums, havoc-ghoul, havoc-skeletal-archer+havoc-black-arrows, havoc-carrion-imp, havoc-orc-berserker+havoc-bone-plate, havoc-skeleton',
];

/** The house warbands, checked against the shipped catalog and maps. */
export function houseWarbands(app: Pick<App, 'content'>): CommittedWarband[] {
  const maps = new Set(app.content.maps.keys());
  return HOUSE_TEXTS.map((text) => {
    const checked = checkSubmission(text, undefined, app.content.index, maps);
    return { name: checked.warband.name, faction: checked.warband.faction, points: checked.points, units: checked.warband.units, map: checked.warband.map };
  });
}

const fold = (name: string) => name.trim().toLowerCase();

/**
 * The bot's warband: the house warband or the player's own saved warband named `wanted`; by default
 * the house warband of another faction than the player's closest to theirs in points, under `cap`.
 */
export async function botWarband(
  app: Pick<App, 'content' | 'store'>,
  owner: string,
  mine: CommittedWarband,
  cap: number,
  wanted?: string,
): Promise<CommittedWarband> {
  const house = houseWarbands(app);
  if (wanted !== undefined) {
    const named = house.find((w) => fold(w.name) === fold(wanted));
    if (named) return named;
    if (!(await findWarband(app, owner, wanted))) {
      refuse(
        'unknown-warband',
        `There is no house warband or warband of yours called "${shown(wanted)}". House warbands: ${house.map((w) => `${w.name} (${w.faction}, ${w.points} points)`).join(', ')}.`,
      );
    }
    const own = await loadWarband(app, owner, wanted);
    return { name: own.row.name, faction: own.faction, points: own.points, units: own.warband.units, map: own.map };
  }
  const fits = house.filter((w) => w.points <= cap).sort((a, b) => Math.abs(a.points - mine.points) - Math.abs(b.points - mine.points));
  const pick = fits.find((w) => w.faction !== mine.faction) ?? fits[0];
  return (
    pick ?? refuse('no-house-warband', `Every house warband costs more than ${cap} points; raise \`points\` or name one of your own warbands for the bot.`)
  );
}

/** Autocomplete for the bot's warband: the house warbands, then the player's own. */
export async function opponentWarbandChoices(
  app: Pick<App, 'content' | 'store'>,
  owner: string,
  typed: unknown,
): Promise<ApplicationCommandOptionChoiceData[]> {
  const house = suggest(
    houseWarbands(app).map((w) => choice(`${w.name} · house · ${w.faction}, ${w.points} points`, w.name)),
    typed,
  );
  return [...house, ...(await warbandChoices(app, owner, typed))].slice(0, 25);
}
