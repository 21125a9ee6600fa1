/**
 * A challenge to a game played through its ruleset's table rules (`/skirmish challenge ruleset:`):
 * each player brings one of the game's armies (`warband:` names it; the game's sample armies until its
 * players can submit their own), the match is two players on the map `map:` names (the game's first
 * when it names none), and when the opponent
 * accepts the game's setup begins at once from the dice proof's seed. Leagues do not count these
 * matches yet.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction, TextChannel } from 'discord.js';
import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import type { RuleError } from '../../engine';
import type { ArmyOffer, MapOffer, Ruleset, TableRules } from '../../rulesets';
import { newMatchRules } from '../../rulesets';
import { shown } from '../../discord/text';
import { commitmentOf } from '../../match/dice-proof';
import { beginTable } from '../../match/table-begin';
import { submittedMapDocuments } from '../../match/table-maps';
import { matchRecord, type CommittedWarband, type Terms } from '../../match/record';
import { challengeTaker } from '../../match/challenge-taker';
import { save } from '../../match/saved';
import { enqueue } from '../../match/table';
import { refuse } from '../../match/user-error';
import { threadName } from '../../match/setup';
import { lateAct, planWaits } from '../../clock/deadline-plan';
import { clockLine, clockOf, type ClockTerms } from '../../clock/clock-terms';
import { planTablePosts } from '../../posts/table-posts';
import { tableGameOf } from '../../match/table-change';
import type { MatchRow } from '../../store';
import type { App } from '../app';
import { choice, nothingToChoose, suggest } from '../command';
import { answerOwn } from '../own-answer';
import { displayName, refuseAcceptance, threadFor } from './challenge-parts';

/** An army by its name or id, any case; refused with the armies there are. */
export function armyNamed(table: TableRules, rules: Ruleset, typed: string): ArmyOffer {
  const t = typed.trim().toLowerCase();
  const all = table.armies();
  const found = all.find((a) => a.id === t || a.name.toLowerCase() === t);
  if (found) return found;
  return refuse('unknown-army', `${rules.name} has no army "${shown(typed)}". Its armies: ${all.map((a) => `**${shown(a.name)}**`).join(', ')}.`);
}

/** The game's armies as suggestions for `warband:`. */
export function armyChoices(table: TableRules, typed: unknown): ApplicationCommandOptionChoiceData[] {
  const all = table.armies().map((a) => choice(`${a.name} (${a.faction}, ${a.points} points)`, a.name));
  const fit = suggest(all, typed);
  return fit.length > 0 ? fit : [nothingToChoose(`No army matches "${String(typed ?? '')}".`, String(typed ?? ''))];
}

/** The map a match is played on: the one chosen, else the game's first. */
export const mapOf = (table: TableRules, chosen: MapOffer | undefined): MapOffer => chosen ?? table.maps()[0]!;

/** Where the challenge is played, in its post: the map named, one of the league's drawn at the accept, or the game's first. */
function mapWords(table: TableRules, c: Pick<TableChallenge, 'map' | 'pool'>): string {
  if (c.map || !c.pool || c.pool.length === 0) return `**${shown(mapOf(table, c.map).name)}**`;
  if (c.pool.length === 1) return `**${shown(c.pool[0]!.name)}**`;
  return `one of the league's maps, drawn when the challenge is accepted (${c.pool.map((m) => `**${shown(m.name)}**`).join(', ')})`;
}

/** An army as the terms keep it: its name, faction and points, and which army it is. */
export const committedArmy = (a: ArmyOffer): CommittedWarband & { readonly army: string } => ({
  name: a.name,
  faction: a.faction,
  points: a.points,
  units: [],
  map: '',
  army: a.id,
});

export interface TableChallenge {
  readonly channel: TextChannel;
  readonly guildId: string;
  readonly invited: readonly string[];
  readonly warband: string;
  /** The map chosen with `map:`; absent: one of `pool`, else the game's first (its default). */
  readonly map?: MapOffer;
  /** The league's maps (`/league settings maps`), when it sets them: a match that names none is played on one drawn from these (match/table-begin.ts). */
  readonly pool?: readonly MapOffer[];
  readonly clock: Partial<ClockTerms> | undefined;
  readonly names: readonly string[];
  /** The league's round limit (ruling SC32), when the challenge is in a league that sets one. */
  readonly roundLimit?: number;
}

export async function challengeAtTable(
  interaction: ChatInputCommandInteraction,
  app: App,
  rules: Ruleset,
  table: TableRules,
  c: TableChallenge,
): Promise<void> {
  if (c.invited.length !== 1) refuse('two-players', `${rules.name} is played by two players: name one opponent.`);
  const me = interaction.user.id;
  const army = armyNamed(table, rules, c.warband);
  await app.store.players.upsert({ id: me, name: displayName(interaction) });
  await interaction.deferReply();
  const number = (await app.store.matches.countIn(c.channel.id)) + 1;
  const secret = app.mintSecret();
  const terms: Terms = {
    points: army.points,
    target: null,
    map: c.map?.id ?? null,
    accepted: { [me]: committedArmy(army) },
    dice: { secret, commitment: commitmentOf(secret), entropy: [] },
    ...(c.clock ? { clock: c.clock } : {}),
    ...(c.roundLimit ? { roundLimit: c.roundLimit } : {}),
    ...(c.pool && !c.map ? { allowedMaps: c.pool.map((m) => m.id) } : {}),
    thread: { name: threadName(c.names, number) },
  };
  const them = `<@${c.invited[0]}>`;
  const armies = table
    .armies()
    .map((a) => `**${shown(a.name)}**`)
    .join(', ');
  const content = `⚔️ ${them}: **${shown(c.names[0]!)}** challenges you to **${rules.name}** with **${shown(army.name)}** (${army.faction}, ${army.points} points) on ${mapWords(table, c)}.\nAccept with an army (${armies}) or decline with the buttons (or \`/skirmish accept warband:\`, \`/skirmish decline\`). Orders are given with \`/order\`; \`/help\` says what of ${rules.name} is playable.\n${clockLine(clockOf(terms), { table: true })}\n-# 🎲 Dice commitment \`${terms.dice!.commitment}\`: the dice come from a secret with this SHA-256 and the accept; the secret is shown when the match ends, and \`/skirmish verify\` checks every roll.`;
  const row = await save(app, interaction, async () => {
    const league = await app.store.leagueSettings.get(c.channel.id);
    if (!league) await app.store.leagues.ensure(c.guildId, c.channel.id, c.channel.name);
    const row = await app.store.matches.create({
      id: app.mintId(),
      guildId: c.guildId,
      channelId: c.channel.id,
      players: [me, ...c.invited],
      terms,
      ...newMatchRules(rules.id),
    });
    await app.store.follows.add(row.id, me);
    await enqueue(app, row, [{ kind: 'challenge', content, ping: [...c.invited] }]);
    await planWaits(app.store, app.now(), row);
    return row;
  });
  const thread = await threadFor(app, row.id, 'challenge');
  const where = thread ? `the match is in <#${thread}>` : 'the match is saved, and its thread opens as soon as Discord answers';
  await interaction
    .editReply({ content: `**${shown(c.names[0]!)}** challenged ${them} to ${rules.name}: ${where}.`, allowedMentions: { parse: [] } })
    .catch(() => undefined);
}

export async function acceptAtTable(
  interaction: ChatInputCommandInteraction | StringSelectMenuInteraction | ButtonInteraction,
  app: App,
  stored: MatchRow,
  warband: string,
): Promise<void> {
  const game = tableGameOf(stored)!;
  const row = matchRecord(stored);
  const me = interaction.user.id;
  challengeTaker(row, me, 'use `/skirmish decline`');
  const army = armyNamed(game.table, game.rules, warband);
  await app.store.players.upsert({ id: me, name: displayName(interaction) });
  const line = `**${shown(displayName(interaction))}** accepts with **${shown(army.name)}** (${army.faction}, ${army.points} points).`;
  // Read before the act, whose step is synchronous; the setup keeps the map it is played on.
  const submitted = await submittedMapDocuments(app, game.rules, row.terms, stored.guildId);
  const { done, posts } = await save(app, interaction, async () => {
    const late = await lateAct(app.store, app.now(), row.id, me, false);
    if (late) refuse(late.code, late.message);
    const done = await app.store.matches.act<unknown, unknown, RuleError>(row.id, row.seq, (snapshot, current) => {
      const fresh = matchRecord(current).terms;
      if (snapshot || current.status !== 'challenged') return { ok: false, error: { code: 'not-open', message: 'This challenge is no longer open.' } };
      const dice = fresh.dice ? { ...fresh.dice, entropy: [...fresh.dice.entropy, interaction.id] } : undefined;
      return beginTable(app, game, current, { ...fresh, accepted: { ...fresh.accepted, [me]: committedArmy(army) }, ...(dice ? { dice } : {}) }, submitted);
    });
    if (!done.ok) return { done, posts: [] };
    await app.store.follows.add(row.id, me);
    const change = { row: done.row, setup: done.row.setup, before: game.rules.match.replay(done.row.setup, []), after: done.snapshot, events: done.events };
    const planned = await planTablePosts(app.store, game.rules, game.table, change, { by: me, reply: line });
    const posts = await enqueue(app, done.row, planned, interaction);
    await planWaits(app.store, app.now(), done.row, done.events);
    return { done, posts };
  });
  if (!done.ok) refuseAcceptance(done);
  await answerOwn(app, interaction, posts);
}
