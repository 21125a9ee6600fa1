/**
 * The organisers' tools: award or overturn a match's result with a reason, remove a player
 * (their open league matches are forfeited), extend a match's deadlines, and export a season. Each
 * is refused to anyone who does not organise the league, logged in league_log, and told in the
 * league channel (and the match thread where it touches a match), in one transaction.
 */
import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { rerate } from '../../league/ratings';
import type { MatchEnding } from '../../league/results';
import { standingsOf, standingsText } from '../../league/standings';
import { OPEN_STATUSES, storedNames, type LeagueSettingsRow, type MatchRow, type NewResult, type ResultWithPlayers } from '../../store';
import type { App } from '../app';
import { retirements } from '../../posts/announce';
import { HOUR } from '../../clock/clock-terms';
import { planWaits } from '../../clock/deadline-plan';
import { leagueHere, mustOrganise } from './league-access';
import { postInLeague, type LeaguePostBody } from '../../league/league-posts';
import { matchHere } from '../match-context';
import { closing } from '../../match/match-end';
import { recordEnding } from '../../match/ending';
import { save } from '../../match/saved';
import { displayName } from '../skirmish/skirmish-challenge';
import { enqueue } from '../../match/table';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';

const privately = { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;

/** The league of the match thread the command was typed in, and the match; refused elsewhere, and to non-organisers. */
async function leagueMatch(app: App, interaction: ChatInputCommandInteraction): Promise<{ row: MatchRow; settings: LeagueSettingsRow }> {
  const record = await matchHere(app, interaction.channelId);
  const row = (await app.store.matches.get(record.id))!;
  const settings = await app.store.leagueSettings.get(row.channelId);
  if (!settings) refuse('not-a-league', "This match's channel is not a league (`/league create` makes it one).");
  mustOrganise(interaction, settings);
  return { row, settings };
}

const nameOf = async (app: App, player: string) => shown((await app.store.players.get(player))?.name ?? player);

/** The pinned standings' redraw, when the league has one. */
const redraw = (settings: LeagueSettingsRow): LeaguePostBody[] =>
  settings.standingsPost !== null ? [{ kind: 'standings-edit', post: settings.standingsPost }] : [];

/** Ends an open match by an organiser's act (status, winner, why), with its thread's posts and deadlines, inside a transaction. */
async function endMatch(app: App, row: MatchRow, line: string, ending: MatchEnding, winner: string | null): Promise<void> {
  // A challenge not yet accepted was never a game: it is called off, with no result.
  const status = row.status === 'challenged' ? 'cancelled' : 'over';
  const done = await app.store.matches.act<unknown, never, never>(row.id, row.seq, (s) => ({
    ok: true,
    events: [],
    snapshot: s,
    status,
    winner,
    result: ending,
  }));
  if (!done.ok) throw new Error(`match ${row.id}: an organiser could not end it (${done.reason})`);
  await recordEnding(app, done.row);
  await enqueue(app, done.row, [{ kind: 'text', content: line, ping: [...row.players] }, ...(await retirements(app.store, done.row)), ...closing(done.row)]);
  await planWaits(app.store, app.now(), done.row);
}

/** An awarded result built on the match's standing one (its warbands and VP kept), or on the match alone. */
function awarded(row: MatchRow, standing: ResultWithPlayers | undefined, winner: string | null, by: string, reason: string, now: number): NewResult {
  const sides = standing?.players ?? row.players.map((player, seat) => ({ player, seat, warband: null, vpFor: 0, vpAgainst: 0 }));
  return {
    leagueId: row.channelId,
    seasonId: standing?.seasonId ?? null,
    pairingId: standing?.pairingId ?? null,
    matchId: row.id,
    way: 'awarded',
    winner,
    rounds: standing?.rounds ?? 0,
    duration: standing?.duration ?? Math.max(0, (row.ended ?? now) - row.created),
    ended: standing?.ended ?? now,
    by,
    reason,
    players: sides.map((p) => ({
      player: p.player,
      seat: p.seat,
      outcome: winner === null ? 'draw' : p.player === winner ? 'win' : 'loss',
      place: winner === null || p.player === winner ? 1 : 2,
      warband: p.warband,
      vpFor: p.vpFor,
      vpAgainst: p.vpAgainst,
    })),
  };
}

export async function award(interaction: ChatInputCommandInteraction, app: App, o: { winner?: string | undefined; reason: string }): Promise<void> {
  const { row, settings } = await leagueMatch(app, interaction);
  const winner = o.winner ?? null;
  if (winner !== null && !row.players.includes(winner)) refuse('not-a-player', `<@${winner}> does not play in this match.`);
  if (row.status === 'challenged') refuse('not-begun', 'This challenge has not been accepted: there is no match to award. Decline it instead.');
  const by = interaction.user.id;
  const org = `**${shown(displayName(interaction))}**`;
  const what = winner === null ? 'a draw' : `a win for **${await nameOf(app, winner)}**`;
  const line = `⚖️ ${org} awarded this match as ${what}: ${shown(o.reason)}`;
  const standing = await app.store.results.forMatch(row.id);
  const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: by, name: displayName(interaction) });
    // An open match ends now; its league result is recorded by its closing posts (league/results.ts).
    if (open) await endMatch(app, row, line, { organiser: { by, reason: o.reason } }, winner);
    else {
      await app.store.results.replace(standing?.id ?? null, awarded(row, standing, winner, by, o.reason, app.now()), { by, reason: o.reason, at: app.now() });
      await enqueue(app, row, [{ kind: 'text', content: line }]);
    }
    await app.store.leagueLog.add({
      leagueId: row.channelId,
      by,
      kind: 'award',
      subject: row.id,
      before: standing?.id ?? null,
      after: winner,
      reason: o.reason,
    });
    await postInLeague(app, row.channelId, [
      { kind: 'text', content: `⚖️ ${org} awarded <#${row.threadId}> as ${what}: ${shown(o.reason)}` },
      ...(open ? [] : redraw(settings)),
    ]);
  });
  if (!open) await rerate(app.store, row.channelId);
  app.outbox.kick(row.id);
  app.outbox.kickLeague?.();
  await interaction.reply({ content: `Awarded as ${what}. The standings and ratings count it.`, ...privately });
}

export async function overturn(interaction: ChatInputCommandInteraction, app: App, o: { reason: string }): Promise<void> {
  const { row, settings } = await leagueMatch(app, interaction);
  const standing = await app.store.results.forMatch(row.id);
  if (!standing) refuse('no-result', 'This match has no result to overturn.');
  const by = interaction.user.id;
  const org = `**${shown(displayName(interaction))}**`;
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: by, name: displayName(interaction) });
    await app.store.results.overturn(standing.id, { by, reason: o.reason, at: app.now(), replacedBy: null });
    await app.store.leagueLog.add({ leagueId: row.channelId, by, kind: 'overturn', subject: String(standing.id), reason: o.reason });
    await enqueue(app, row, [{ kind: 'text', content: `⚖️ ${org} overturned this match's result: ${shown(o.reason)}. It no longer counts.` }]);
    await postInLeague(app, row.channelId, [
      { kind: 'text', content: `⚖️ ${org} overturned the result of <#${row.threadId}>: ${shown(o.reason)}. It no longer counts for the standings or ratings.` },
      ...redraw(settings),
    ]);
  });
  await rerate(app.store, row.channelId);
  app.outbox.kick(row.id);
  app.outbox.kickLeague?.();
  await interaction.reply({ content: 'Overturned. The standings and ratings no longer count it.', ...privately });
}

export async function removePlayer(interaction: ChatInputCommandInteraction, app: App, o: { player: string; reason: string }): Promise<void> {
  const league = await leagueHere(app, interaction);
  mustOrganise(interaction, league.settings);
  const season = await app.store.seasons.open(league.id);
  const entry = season ? await app.store.seasons.entry(season.id, o.player) : undefined;
  const open = (await app.store.matches.forPlayer(o.player, { status: OPEN_STATUSES })).filter((m) => m.channelId === league.id);
  if (open.length === 0 && (!entry || entry.removed !== null))
    refuse('nothing-to-remove', `<@${o.player}> has no open match in this league and is not signed up for its season.`);
  const by = interaction.user.id;
  const org = `**${shown(displayName(interaction))}**`;
  const who = `**${await nameOf(app, o.player)}**`;
  await save(app, interaction, async () => {
    await app.store.players.upsert({ id: by, name: displayName(interaction) });
    for (const row of open) {
      const others = row.players.filter((p) => p !== o.player);
      await endMatch(
        app,
        row,
        `⚖️ ${org} removed ${who} from the league (${shown(o.reason)}), so ${who} forfeits this match.`,
        { forfeited: o.player, forfeit: 'withdrawn', organiser: { by, reason: o.reason } },
        others.length === 1 ? others[0]! : null,
      );
    }
    if (season && entry && entry.removed === null) await app.store.seasons.removeEntry(season.id, o.player, app.now());
    await app.store.leagueLog.add({ leagueId: league.id, by, kind: 'remove', subject: o.player, after: open.map((m) => m.id), reason: o.reason });
    await postInLeague(app, league.id, [
      {
        kind: 'text',
        content: `⚖️ ${org} removed ${who} from the league: ${shown(o.reason)}. ${open.length === 0 ? 'They had no open match.' : `They forfeit ${open.length} open match${open.length === 1 ? '' : 'es'}.`}`,
      },
    ]);
  });
  for (const row of open) app.outbox.kick(row.id);
  app.outbox.kickLeague?.();
  await interaction.reply({ content: `Removed. ${open.length} open match${open.length === 1 ? '' : 'es'} forfeited.`, ...privately });
}

export async function extend(interaction: ChatInputCommandInteraction, app: App, o: { hours: number; reason?: string | undefined }): Promise<void> {
  const { row } = await leagueMatch(app, interaction);
  if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) refuse('match-over', 'This match is over: it has no deadline to extend.');
  const by = interaction.user.id;
  const org = `**${shown(displayName(interaction))}**`;
  const why = o.reason ? `: ${shown(o.reason)}` : '';
  const moved = await save(app, interaction, async () => {
    const moved = await app.store.deadlines.extend(row.id, o.hours * HOUR);
    await app.store.leagueLog.add({ leagueId: row.channelId, by, kind: 'extend', subject: row.id, after: o.hours, reason: o.reason ?? null });
    await enqueue(app, row, [
      {
        kind: 'text',
        content: `⏳ ${org} gave this match ${o.hours} more hour${o.hours === 1 ? '' : 's'}${why}. Every deadline now waiting moves by that much.`,
      },
    ]);
    await postInLeague(app, row.channelId, [{ kind: 'text', content: `⏳ ${org} extended the deadlines of <#${row.threadId}> by ${o.hours} h${why}.` }]);
    return moved;
  });
  app.outbox.kick(row.id);
  app.outbox.kickLeague?.();
  await interaction.reply({ content: `Extended: ${moved} deadline${moved === 1 ? '' : 's'} moved by ${o.hours} h.`, ...privately });
}

const csvCell = (v: unknown) => {
  const t = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
};

export async function exportSeason(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const league = await leagueHere(app, interaction);
  mustOrganise(interaction, league.settings);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const season = (await app.store.seasons.open(league.id)) ?? (await app.store.seasons.latest(league.id));
  const results = season ? await app.store.results.ofSeason(league.id, season.id) : await app.store.results.ofSeason(league.id, null);
  const table = await standingsOf(app.store, league.id, season?.id);
  const name = await storedNames(
    app.store,
    results.flatMap((r) => r.players.map((p) => p.player)),
  );
  // Each season result's pairing: its round and table.
  const seated = new Map((season ? await app.store.seasons.pairings(season.id) : []).map((p) => [p.id, p]));
  const header = [
    'result',
    'match',
    'round',
    'table',
    'way',
    'ended_at',
    'rounds',
    'duration_hours',
    'player',
    'name',
    'outcome',
    'place',
    'warband',
    'vp_for',
    'vp_against',
    'overturned',
    'reason',
  ];
  const lines = results.flatMap((r) =>
    r.players.map((p) =>
      [
        r.id,
        r.matchId,
        r.pairingId !== null ? seated.get(r.pairingId)?.round : '',
        r.pairingId !== null ? seated.get(r.pairingId)?.table : '',
        r.way,
        new Date(r.ended).toISOString(),
        r.rounds,
        (r.duration / HOUR).toFixed(1),
        p.player,
        name(p.player),
        p.outcome,
        p.place,
        (p.warband as { name?: string } | null)?.name ?? '',
        p.vpFor,
        p.vpAgainst,
        r.overturned !== null ? 'yes' : '',
        r.overturnReason ?? r.reason ?? '',
      ]
        .map(csvCell)
        .join(','),
    ),
  );
  const csv = `${[header.join(','), ...lines].join('\n')}\n`;
  const json = JSON.stringify(
    {
      league: { id: league.id, name: league.name, settings: league.settings },
      season: season ?? null,
      standings: table.rows,
      results,
      log: await app.store.leagueLog.all(league.id),
    },
    null,
    2,
  );
  const stem = `${league.name.replace(/[^\w-]+/g, '-').toLowerCase()}${season ? `-season-${season.number}` : ''}`;
  await interaction.editReply({
    content: `${shown(league.name)}${season ? `, season ${season.number}` : ''}: ${results.length} result${results.length === 1 ? '' : 's'} (overturned ones marked), the standings and the organisers' log.\n${standingsText(table).split('\n').slice(0, 4).join('\n')}`,
    files: [
      { attachment: Buffer.from(csv), name: `${stem}.csv` },
      { attachment: Buffer.from(json), name: `${stem}.json` },
    ],
    allowedMentions: { parse: [] },
  });
}
