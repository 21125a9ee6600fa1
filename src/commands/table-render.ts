/**
 * The posts of a game played through its ruleset's table rules, made at delivery from the match as
 * stored: the table's picture after a player turn (the game's table view, drawn by render/table-picture.ts,
 * with its alt text), and its open prompt with buttons from the one codec.
 */
import { ButtonStyle } from 'discord-api-types/v10';
import type { MatchRow, Store } from '../store';
import { renderTable } from '../render/table-picture';
import { tableGameOf } from '../match/table-change';
import { boldNames } from '../posts/table-posts';
import type { PostBody } from '../posts/post-body';
import { storedNames } from '../store';
import { buttonRows } from './prompts/prompt-components';
import type { Post } from './thread';

/** What post-render.ts makes of these bodies: a new message (a prompt with its record), or nothing. */
type TableRendered =
  | { readonly to: 'create'; readonly post: Post; readonly prompt?: { readonly seq: number; readonly player: string; readonly kind: string } }
  | { readonly to: 'skip'; readonly reason: string };

const STYLE = { primary: ButtonStyle.Primary, secondary: ButtonStyle.Secondary, danger: ButtonStyle.Danger } as const;

/** The table as it was after event `seq`, with the turn that ended there (from the last turn's start) marked. */
async function picture(store: Store, row: MatchRow, seq: number): Promise<{ png: Buffer; alt: string } | null> {
  const game = tableGameOf(row);
  const view = game?.rules.view;
  if (!game || !view || row.setup === null) return null;
  const events = (await store.matches.events(row.id, 0, seq)).map((e) => e.event);
  let start = events.length - 1;
  while (start > 0 && !game.rules.match.startsTurn(events[start])) start--;
  const before = game.rules.match.replay(row.setup, events.slice(0, start));
  const after = game.rules.match.replay(row.setup, events);
  const plain = await storedNames(store, row.players);
  const names = Object.fromEntries(row.players.map((p) => [p, plain(p)]));
  return renderTable(view.table(row.setup, after, { lastTurn: events.slice(start), before, names }));
}

export async function renderTableBody(store: Store, row: MatchRow, body: Extract<PostBody, { kind: 'table' | 'table-prompt' }>): Promise<TableRendered> {
  if (body.kind === 'table') {
    const drawn = await picture(store, row, body.seq);
    const files = drawn ? [{ png: drawn.png, name: `table-${body.seq}.png`, alt: drawn.alt }] : [];
    return { to: 'create', post: { content: body.content, files } };
  }
  const game = tableGameOf(row);
  if (!game || row.seq !== body.seq || row.snapshot === null) return { to: 'skip', reason: 'the match moved past this prompt before it was posted' };
  const made = game.table.prompt(row.setup, row.snapshot, await boldNames(store, row.players));
  if (!made) return { to: 'skip', reason: 'no prompt is open' };
  const components = buttonRows(
    'answer',
    row.id,
    row.seq,
    made.buttons.map((b) => ({ label: b.label, arg: b.arg, style: STYLE[b.style ?? 'primary'] })),
  );
  return {
    to: 'create',
    post: { content: made.text.replace(/^/, `<@${made.player}> `), components, ping: [made.player] },
    prompt: { seq: row.seq, player: made.player, kind: made.kind },
  };
}
