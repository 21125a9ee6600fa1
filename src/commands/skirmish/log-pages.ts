/**
 * `/skirmish log`: the whole match in pages that fit a Discord message, newest page first, with round
 * and turn headers and who owns each unit; `since_last_act` starts after the reader's last act. The Older
 * and Newer buttons page through it (component action `log`, which changes nothing).
 */
import { ButtonStyle } from 'discord.js';
import type { GameEvent } from '../../rulesets/sellsword/engine';
import { matchLog, rosterLine, sinceLastAct, sinceTurn, type LogEntry } from '../../rulesets/sellsword/render';
import type { MatchRow, Store } from '../../store';
import { gameOf, type MatchEvent } from '../../match/match-state';
import { buttonRows, type Row } from '../prompts/prompt-components';
import { refuse } from '../../match/user-error';
import { shownNames } from '../../discord/text';
import { matchRecord } from '../../match/record';

/** Room for a page's lines under its title and roster, inside Discord's 2,000 characters. */
const PAGE_CHARS = 1500;

export interface LogView {
  readonly content: string;
  readonly components: Row[];
}

const entryText = (e: LogEntry): string => (e.kind === 'round' ? `**${e.text}**` : e.kind === 'turn' ? `__${e.text}__` : `• ${e.text}`);

/** Lines cut into pages; a page that starts inside a round says which round it is in. */
export function paginate(entries: readonly LogEntry[], limit = PAGE_CHARS): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let size = 0;
  for (const e of entries) {
    const text = entryText(e).slice(0, limit);
    if (size + text.length + 1 > limit && page.length > 0) {
      pages.push(page);
      page = e.kind === 'round' ? [] : [`**Round ${e.round}** (continued)`];
      size = page.reduce((n, l) => n + l.length + 1, 0);
    }
    page.push(text);
    size += text.length + 1;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

export interface LogRequest {
  readonly since: 'me' | null;
  /** 1-based; null for the newest page. */
  readonly page: number | null;
}

/** The page the reader asked for, with buttons to the older and newer ones. */
export async function logView(store: Store, row: MatchRow, reader: string, request: LogRequest): Promise<LogView> {
  const { setup, snapshot } = matchRecord(row);
  if (!setup?.start || !snapshot || !gameOf(snapshot)) refuse('still-setting-up', 'The battle has not begun yet: the log starts with its first round.');
  const events: GameEvent[] = (await store.matches.events<MatchEvent>(row.id)).flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  let from = 0;
  let note = '';
  if (request.since === 'me') {
    if (!row.players.includes(reader)) refuse('not-a-player', '`since_last_act` is for the players of this match; the whole log is `/skirmish log`.');
    from = sinceLastAct(setup.start, events, reader);
    note = from === 0 ? ' · you have not acted yet, so all of it' : ' · since your last act';
  }
  // Read from where the cut's turn began, its earlier events read but not told (a reply declared there
  // is known when a drop loses it, R26).
  const read = sinceTurn(setup.start, events, from);
  // Names are escaped for Discord's markdown where they are shown (discord/text.ts).
  const names = shownNames(setup.names);
  const entries = matchLog(read.start, read.events, { names, you: reader, told: read.told });
  const pages = paginate(entries);
  if (pages.length === 0) return { content: `**Match log**${note}\nNothing has happened since.`, components: [] };
  const n = request.page === null ? pages.length : Math.min(Math.max(1, request.page), pages.length);
  const title = `**Match log** · page ${n} of ${pages.length}${note}`;
  const roster = `-# ${rosterLine(setup.start, names)}`.slice(0, 400);
  const content = [title, roster, ...pages[n - 1]!].join('\n');
  const tag = request.since === 'me' ? 'me' : 'all';
  const buttons = [
    ...(n > 1 ? [{ label: '◀ Older', arg: `${tag}.${n - 1}`, style: ButtonStyle.Secondary }] : []),
    ...(n < pages.length ? [{ label: 'Newer ▶', arg: `${tag}.${n + 1}`, style: ButtonStyle.Secondary }] : []),
  ];
  return { content, components: buttons.length > 0 ? buttonRows('log', row.id, row.seq, buttons) : [] };
}

/** A page button's argument: which log, which page. */
export function parseLogArg(arg: string): LogRequest {
  const [tag, page] = arg.split('.');
  const n = Number(page);
  return { since: tag === 'me' ? 'me' : null, page: Number.isInteger(n) && n > 0 ? n : null };
}
