/**
 * `/skirmish export` and the checks behind `/skirmish verify` and `npm run verify` (docs/dice.md): a
 * stored match as a file, and a file checked: its dice against the commitment, and its log replayed
 * into the game it claims.
 */
import { storedNames, type MatchRow, type Store } from '../store';
import { checkDice, seedFrom } from './dice-proof';
import { checkSealed } from '../engine';
import { sha256Hex } from './sealed-commitment';
import { tableGameOf } from './table-game';
import { matchRecord, matchSetupOf, type MatchRecord } from './record';
import { practiceSeat } from './practice-seat';
import { exportRuleset, type DefaultMatchExport, type MatchExport } from '../formats/match-export';
import type { MatchSetup } from './match-state';
import { rulesetOf } from '../rulesets';

/**
 * A game played at the table as a file (format version 3): its setup and events as the game stores
 * them, the seed left out until the match is over. Dice from a fixed seed (tests, the sandbox) are no
 * committed dice: the file says so by having none.
 */
async function exportTable(store: Store, given: MatchRow): Promise<MatchExport> {
  // The row as stored: a decoded record holds no setup of a game it does not decode (record.ts).
  const stored = (await store.matches.get(given.id)) ?? given;
  const record = matchRecord(stored);
  const over = stored.status === 'over';
  const { seed, ...open } = (stored.setup ?? {}) as { seed?: number };
  const dice = record.terms.dice;
  const name = await storedNames(store, stored.players);
  const committed = dice !== undefined && seed !== undefined && seedFrom(dice.secret, dice.entropy) === seed;
  return {
    format: 'sellsword-match',
    version: 3,
    ruleset: { id: stored.ruleset, version: stored.rulesetVersion },
    match: stored.id,
    status: stored.status,
    players: [...stored.players],
    names: Object.fromEntries(stored.players.map((p) => [p, name(p)])),
    winner: stored.winner,
    dice: committed
      ? {
          commitment: dice.commitment,
          entropy: [...dice.entropy],
          from: await diceFrom(store, record),
          ...(over ? { secret: dice.secret, seed } : {}),
        }
      : null,
    setup: stored.setup ? (JSON.parse(JSON.stringify(over ? stored.setup : open)) as Record<string, unknown>) : null,
    events: (await store.matches.events(stored.id)).map((e) => ({ seq: e.seq, event: e.event as { type: string } })),
  };
}

export async function exportMatch(store: Store, stored: MatchRow): Promise<MatchExport> {
  if (tableGameOf(stored)) return exportTable(store, stored);
  const row = matchRecord(stored);
  const setup = row.setup;
  const over = row.status === 'over';
  const dice = row.terms.dice;
  // Before the end the seed must stay secret, and the first state holds the dice generator's position.
  const { seed, start, ...open } = setup ?? ({} as MatchSetup);
  return {
    format: 'sellsword-match',
    version: 2,
    ruleset: { id: row.ruleset, version: row.rulesetVersion },
    match: row.id,
    status: row.status,
    players: [...row.players],
    names: setup ? { ...setup.names } : {},
    winner: row.winner,
    dice:
      dice && setup?.dice
        ? { commitment: dice.commitment, entropy: [...setup.dice.entropy], from: await diceFrom(store, row), ...(over ? { secret: dice.secret, seed } : {}) }
        : null,
    // A JSON copy: the file is plain data, whatever the engine's types say.
    setup: setup ? (JSON.parse(JSON.stringify(over ? setup : open)) as DefaultMatchExport['setup']) : null,
    events: (await store.matches.events(row.id)).map((e) => ({ seq: e.seq, event: e.event as DefaultMatchExport['events'][number]['event'] })),
  };
}

export interface Verdict {
  readonly ok: boolean;
  /** What was checked, or the first thing that failed, in sentences. */
  readonly lines: readonly string[];
}

/** Where a match's dice entropy came from, so verify can say it in the players' words. */
export type DiceFrom = NonNullable<NonNullable<MatchExport['dice']>['from']>;

/**
 * How a stored match got its dice's entropy (docs/dice.md): a practice match from the id of the
 * `/skirmish practice` command that made it, a league match from its thread's id, any other from its
 * accepts' ids.
 */
export async function diceFrom(store: Store, row: MatchRecord): Promise<DiceFrom> {
  if (practiceSeat(row.terms)) return 'practice';
  return (await store.seasons.pairingOfMatch(row.id)) ? 'pairing' : 'challenge';
}

/** What the seed was made from, in a sentence's middle: "the seed comes from the secret and …". */
function entropyWords(from: DiceFrom | undefined, count: number): string {
  if (from === 'practice') return 'the number Discord gave the `/skirmish practice` command that began the match';
  if (from === 'pairing') return "the number Discord gave the match's thread when the bot made it";
  const ids = `${count === 1 ? 'the number' : `the ${count} numbers`} Discord gave`;
  if (from === 'challenge')
    return `${ids} ${count === 1 ? 'the accept' : 'the accepts'} (nobody knew ${count === 1 ? 'it' : 'them'} when the commitment was posted)`;
  return `${ids} as the match was made`;
}

/**
 * What a passing check still cannot show (docs/dice.md "Limits"), for the way the match got its
 * entropy: the bot learns the last number before it records it (and for a practice match, before it
 * draws its secret), so modified code could throw numbers away until the dice suit it. Said with every
 * verdict that passes, so nobody takes the proof for more.
 */
export function diceLimit(from: DiceFrom | undefined): string {
  const cannot = 'ℹ️ What this cannot show:';
  if (from === 'practice')
    return `${cannot} in a practice match the bot drew its secret after your \`/skirmish practice\` command reached it, so a bot running modified code could have drawn secrets until the dice suited it. The check shows that no roll was changed during the match, not that the bot could not have chosen the dice.`;
  if (from === 'pairing')
    return `${cannot} the bot made the match's thread and saw its number before it recorded it, so a bot running modified code could have made threads until the dice suited it. A match thread made more than once is the sign to look for.`;
  if (from === 'challenge') return LAST_ACCEPT_LIMIT;
  return `${cannot} the bot saw the last of those numbers before it recorded it, so a bot running modified code could have thrown it away and waited for another until the dice suited it.`;
}

/** The limit of a match begun by accepting a challenge: the last accept's veto. */
export const LAST_ACCEPT_LIMIT =
  'ℹ️ What this cannot show: the bot saw the last accept before it recorded it, so a bot running modified code could have refused that accept (claiming the table was busy, say) and waited for another, with a new number and so new dice, until they suited it. A last accept that had to be repeated is the sign to look for.';

export function verifyExport(doc: MatchExport): Verdict {
  const played = exportRuleset(doc);
  const found = rulesetOf(played.id, played.version);
  if (!found.ok) return { ok: false, lines: [`❌ ${found.error.message}`] };
  if (doc.status !== 'over') return { ok: false, lines: ['The match is not over yet: its dice stay secret until the end, so they cannot be checked now.'] };
  if (!doc.dice)
    return { ok: false, lines: ['This match was played with a fixed seed (a test or the sandbox), not with committed dice, so there is nothing to verify.'] };
  if (!doc.dice.secret || doc.dice.seed === undefined)
    return { ok: false, lines: ['The file has no revealed secret and seed; export the match again now that it is over.'] };
  const dice = checkDice(
    { commitment: doc.dice.commitment, entropy: doc.dice.entropy, secret: doc.dice.secret, seed: doc.dice.seed },
    doc.events,
    found.ruleset.diceOf,
  );
  if (!dice.ok) return { ok: false, lines: [`❌ The dice do not check out: ${dice.problem}.`] };
  const sealed = checkSealed(
    doc.events.map((e) => e.event),
    sha256Hex,
  );
  if (!sealed.ok) return { ok: false, lines: [`❌ The sealed entries do not check out: ${sealed.problem}.`] };
  const lines = [
    ...(sealed.revealed > 0 ? [`✅ All ${sealed.revealed} sealed entries revealed match the commitments made when they were sealed.`] : []),
    `✅ The dice's secret, shown at the end, matches the commitment \`${doc.dice.commitment.slice(0, 16)}…\` posted at the start; the seed comes from it and ${entropyWords(doc.dice.from, doc.dice.entropy.length)}, and all ${dice.rolls} rolls are the seed's dice, in order.`,
  ];
  try {
    const rules = found.ruleset.match;
    const end = rules.end(
      rules.replay(
        // A game played at the table decodes its own setup; the default game's is checked here.
        found.ruleset.table ? doc.setup : matchSetupOf(doc.setup, doc.match),
        doc.events.map((e) => e.event),
      ),
    );
    const winner = end?.winner ?? null;
    if (winner !== doc.winner)
      return {
        ok: false,
        lines: [
          ...lines,
          `❌ Replaying the log gives ${winner ? `a win for ${doc.names[winner] ?? winner}` : 'no winner'}, but the file says ${doc.winner ? (doc.names[doc.winner] ?? doc.winner) : 'nobody'} won.`,
        ],
      };
    return {
      ok: true,
      lines: [
        ...lines,
        `✅ Replaying its ${doc.events.length} events gives the same result${
          end
            ? ` (round ${end.rounds}, ${Object.entries(end.score)
                .map(([p, v]) => `${doc.names[p] ?? p} ${v}`)
                .join(', ')})`
            : ''
        }.`,
        diceLimit(doc.dice.from),
      ],
    };
  } catch (error) {
    return { ok: false, lines: [...lines, `❌ The log cannot be replayed: ${error instanceof Error ? error.message : String(error)}.`] };
  }
}
