/**
 * An exported match (`/skirmish export`, `format: "sellsword-match"`) read back: its log replayed from
 * its frozen setup, once, into the scenario runner's report (docs/formats.md "Scenarios"), so
 * `npm run scenario -- FILE` takes an export as it takes a scenario. Each step of the report is one
 * unit turn (or the last stretch of a match that ended mid-turn), with its events; `state` is the
 * final state. A file that cannot be replayed is refused with a sentence saying why.
 */
import { diceUsed } from '../engine';
import { apply, type GameEvent } from '../rulesets/sellsword/engine';
import { exportRuleset, type MatchExport } from '../formats/match-export';
import { rulesetOf } from '../rulesets';
import type { MatchEvent, MatchSetup } from '../match/match-state';
import { matchSetupOf } from '../match/record';
import { summary, type Report } from '../rulesets/sellsword/scenario-runner';
import { replayTurns, ReplayError, type LoggedEvent, type ReplayTurn } from '../posts/replay-turns';

/** An export that cannot be replayed (exit 2, like an invalid scenario). */
export class ExportFileError extends Error {}

/** The export's setup and log, in the shapes the bot stores them; refuses what cannot be replayed. */
export function exportedMatch(doc: MatchExport): { setup: MatchSetup; log: LoggedEvent[] } {
  const played = exportRuleset(doc);
  const found = rulesetOf(played.id, played.version);
  if (!found.ok) throw new ExportFileError(found.error.message.replace(/\.$/, ''));
  if (!doc.setup) throw new ExportFileError('the match was never accepted, so it has no setup and nothing to replay');
  const started = doc.events.some((e) => e.event.stage === 'game');
  if (started && doc.setup.start === undefined) {
    throw new ExportFileError(
      'it was exported before the match was over, so it holds no first game state (that state would give away the dice); export it again once the match is over',
    );
  }
  if (!started) throw new ExportFileError('the battle had not begun when it was exported: there is no game to replay');
  let setup: MatchSetup;
  try {
    setup = matchSetupOf(doc.setup, doc.match);
  } catch (error) {
    throw new ExportFileError(`its setup is not one the bot wrote: ${error instanceof Error ? error.message : String(error)}`);
  }
  let previous = 0;
  for (const e of doc.events) {
    if (e.seq <= previous) throw new ExportFileError(`events must be in order: event ${e.seq} comes after event ${previous}`);
    previous = e.seq;
  }
  return { setup, log: doc.events.map((e) => ({ seq: e.seq, event: e.event as unknown as MatchEvent })) };
}

/** Replays the export once and reports its final state in the scenario report's shape. */
export function exportReport(doc: MatchExport): Report {
  const { setup, log } = exportedMatch(doc);
  let last: ReplayTurn | null = null;
  const steps: Report['steps'] = [];
  try {
    for (const turn of replayTurns(setup, log)) {
      if (turn.index > 0) steps.push({ ok: true, events: [...turn.events] });
      last = turn;
    }
    // The replay stops at the last whole turn; a turn under way at export time is applied as well.
    const tail: GameEvent[] = log.flatMap((e) => (e.seq > last!.seq && e.event.stage === 'game' ? [e.event.event] : []));
    let state = last!.game;
    if (tail.length > 0 && !state.over) {
      state = tail.reduce(apply, state);
      steps.push({ ok: true, events: tail });
    }
    if (doc.status === 'over' && (state.winner ?? null) !== doc.winner) {
      throw new ExportFileError(
        `replaying the log gives ${state.winner ? `a win for ${doc.names[state.winner] ?? state.winner}` : 'no winner'}, but the file says ${doc.winner ? (doc.names[doc.winner] ?? doc.winner) : 'nobody'} won`,
      );
    }
    return { steps, state: summary(state), dice: diceUsed(state.rng), error: null };
  } catch (error) {
    if (error instanceof ExportFileError) throw error;
    if (error instanceof ReplayError) throw new ExportFileError(`the log cannot be replayed: ${error.message}`);
    throw new ExportFileError(`the log cannot be replayed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
