/**
 * Sword and Claw at the table (docs/rulesets.md §1 `TableRules`): the sample armies and maps a
 * challenge plays with, `/order`, the opportunity attack prompt's buttons and the log words.
 */
import type { ArmyOffer, TableRules } from '../../ruleset';
import { checkArmy } from '../army-check';
import { scShipped } from '../content';
import { makeScSetup } from '../match/setup';
import type { ScCommand, ScSetup, ScState } from '../match/types';
import { scWaitingWords } from '../match/waits';
import { parseOrder, SC_ORDERS, suggestOrder } from './orders';
import { scNext } from './hints';
import { scPromptAnswer, scPromptPost } from './prompt';
import { mapOffers, readScMap, SC_DEFAULT_MAP, submittedScMap } from './maps';
import { scPlain, scResult, scTell } from './words';
import type { ScEvent } from '../match/types';

const shipped = scShipped;

function armies(): ArmyOffer[] {
  const c = shipped();
  return [...c.armies].map(([id, army]) => ({ id, name: army.name, faction: army.faction, points: checkArmy(army, c.troops).points }));
}

const setupOf = (setup: unknown) => setup as ScSetup;
const stateOf = (state: unknown) => state as ScState;

export const scTableRules: TableRules = {
  armies,
  maps: () => mapOffers(shipped()),
  readMap: readScMap,
  setup: ({ seed, players, armies: chosen, map: mapId, mapDocument, roundLimit }) => {
    const c = shipped();
    const map = c.maps.get(mapId ?? SC_DEFAULT_MAP) ?? submittedScMap(mapId, mapDocument);
    if (!map && mapId !== undefined) {
      const names = mapOffers(c).map((m) => m.name);
      return { ok: false, error: { code: 'unknown-map', message: `There is no Sword and Claw map "${mapId}". Its maps: ${names.join(', ')}.` } };
    }
    if (!map) throw new Error(`no Sword and Claw map ${SC_DEFAULT_MAP}`);
    if (players.length !== 2) return { ok: false, error: { code: 'two-players', message: 'Sword and Claw is played by two players.' } };
    const picked = Object.fromEntries(players.map((p) => [p, c.armies.get(chosen[p] ?? '')]));
    const missing = players.find((p) => !picked[p]);
    if (missing) return { ok: false, error: { code: 'unknown-army', message: `There is no Sword and Claw army "${chosen[missing] ?? ''}".` } };
    const setup = makeScSetup({
      seed,
      players: [players[0]!, players[1]!],
      armies: picked as Record<string, NonNullable<(typeof picked)[string]>>,
      troops: c.troops,
      map,
      ...(roundLimit ? { roundLimit } : {}),
    });
    return { ok: true, setup };
  },
  concede: (player): ScCommand => ({ type: 'concede', player }),
  orders: SC_ORDERS,
  parse: (setup, state, _by, order, options) => parseOrder(setupOf(setup), stateOf(state), order, options),
  suggest: (setup, state, by, order, option, options) => suggestOrder(setupOf(setup), stateOf(state), by, order, option, options),
  prompt: (setup, state, name) => scPromptPost(setupOf(setup), stateOf(state), name),
  answer: (state, arg) => scPromptAnswer(stateOf(state), arg),
  tell: (setup, before, events, name) => scTell(setupOf(setup), stateOf(before), events as readonly ScEvent[], name),
  waiting: (state, name) => scWaitingWords(stateOf(state), name),
  next: (setup, state, events) => scNext(setupOf(setup), stateOf(state), events as readonly ScEvent[]),
  plain: (setup, text) => scPlain(setupOf(setup), text),
  result: (setup, state, name) => scResult(setupOf(setup), stateOf(state), name),
};
