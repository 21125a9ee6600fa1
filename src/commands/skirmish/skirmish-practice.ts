/**
 * /skirmish practice: a match against the bot itself, to try a warband before a league. It
 * opens a thread like a challenge, but the bot accepts at once with its warband (a house warband, or
 * one of the player's own) and plays its seat with the AI (practice-seat.ts). Setup begins in the
 * same transaction that makes the match, so there is nothing to accept and no deadline for the player
 * to start. The dice are committed and revealed as in any match, with this interaction's id (minted
 * by Discord) as the entropy nobody chose.
 */
import { ChannelType, type ChatInputCommandInteraction } from 'discord.js';
import type { App } from '../app';
import { aboutMatch } from '../../match/services';
import { mustBeAbleIn } from '../bot-permissions';
import { planPosts } from '../../posts/announce';
import { gridmapNamed, tableMapNamed } from '../map/map-library';
import { pregameStart, type MatchSnapshot } from '../../match/match-state';
import { botWarband } from './practice-warbands';
import { save } from '../../match/saved';
import { PRACTICE_OPPONENT_NAME } from '../../match/practice-seat';
import { checkPoints, readForSetup, committed, displayName, threadFor } from './skirmish-challenge';
import { beginSetup, DEFAULT_POINTS, seats, threadName, vpTargetWhy } from '../../match/setup';
import { settle } from '../../match/submit';
import { enqueue } from '../../match/table';
import { commitmentOf } from '../../match/dice-proof';
import { matchRecord, type Terms } from '../../match/record';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { loadWarband } from '../warband/warband-library';
import { newMatchRules, RULESETS, rulesetOf, type RulesetId } from '../../rulesets';
import { practiceAtTable } from './table-practice';

export interface PracticeOptions {
  readonly warband: string;
  readonly opponent_warband?: string | undefined;
  readonly points?: number | undefined;
  readonly map?: string | undefined;
  readonly ruleset?: RulesetId | undefined;
}

export async function practice(interaction: ChatInputCommandInteraction, app: App, o: PracticeOptions): Promise<void> {
  const channel = interaction.channel;
  if (!interaction.guildId || !channel || channel.type !== ChannelType.GuildText)
    refuse('not-a-league-channel', 'Start a practice match from a server text channel: it gets its own thread there.');
  const game = rulesetOf(o.ruleset ?? RULESETS[0]!.id);
  if (game.ok && game.ruleset.table) {
    if (o.points !== undefined) refuse('not-for-this-game', `${game.ruleset.name} is played with its own armies: leave \`points\` out.`);
    const chosen = o.map === undefined ? undefined : await tableMapNamed(app, game.ruleset, game.ruleset.table, o.map, interaction.guildId);
    await mustBeAbleIn(channel, 'open a thread for this practice match here');
    return practiceAtTable(interaction, app, game.ruleset, game.ruleset.table, {
      channel,
      guildId: interaction.guildId,
      warband: o.warband,
      opponent: o.opponent_warband,
      ...(chosen ? { map: chosen } : {}),
    });
  }
  const bot = app.client.user ?? refuse('bot-not-ready', 'The bot is still starting; try again in a moment.');
  const me = interaction.user.id;
  const points = o.points ?? DEFAULT_POINTS;
  const mine = await loadWarband(app, me, o.warband);
  checkPoints(mine, points);
  const theirs = await botWarband(app, me, committed(mine), points, o.opponent_warband);
  if (theirs.points > points)
    refuse(
      'over-cap',
      `**${shown(theirs.name)}** costs ${theirs.points} points; this match allows ${points}. Raise \`points\` or pick a smaller warband for the bot.`,
    );
  let map: string | null = null;
  if (o.map !== undefined) {
    const chosen = await gridmapNamed(app, o.map, interaction.guildId);
    if (seats(chosen) < 2) refuse('map-too-small', `${shown(chosen.name)} has no start area for a second player.`);
    map = chosen.id;
  }
  await mustBeAbleIn(channel, 'open a thread for this practice match here');
  const myName = displayName(interaction);
  await app.store.players.upsert({ id: me, name: myName });
  // The seat's name, not the bot's: the bot also referees the match, and its posts carry its own name.
  await app.store.players.upsert({ id: bot.id, name: PRACTICE_OPPONENT_NAME });
  await interaction.deferReply();
  const number = (await app.store.matches.countIn(channel.id)) + 1;
  const secret = app.mintSecret();
  const terms: Terms = {
    points,
    target: o.points ?? null,
    map,
    accepted: { [me]: committed(mine), [bot.id]: theirs },
    dice: { secret, commitment: commitmentOf(secret), entropy: [interaction.id] },
    practice: { seat: bot.id },
    thread: { name: threadName([myName, PRACTICE_OPPONENT_NAME], number) },
  };
  const intro = [
    `🤖 **Practice match.** <@${me}> plays **${shown(mine.row.name)}** (${mine.faction}, ${mine.points} points) against **${PRACTICE_OPPONENT_NAME}**, the bot's side: **${shown(theirs.name)}** (${theirs.faction}, ${theirs.points} points).`,
    `The bot plays its side at once, with what any player can see. A practice match counts in no standings; \`/skirmish concede\` ends it whenever you like.`,
    `-# 🎲 Dice commitment \`${terms.dice!.commitment}\`: \`/skirmish verify\` checks every roll once the match is over.`,
  ].join('\n');
  const row = await save(app, interaction, async () => {
    await app.store.leagues.ensure(interaction.guildId!, channel.id, channel.name);
    const created = await app.store.matches.create({
      id: app.mintId(),
      guildId: interaction.guildId!,
      channelId: channel.id,
      players: [me, bot.id],
      terms,
      ...newMatchRules(),
    });
    await app.store.follows.add(created.id, me);
    await enqueue(app, created, [{ kind: 'text', content: intro }]);
    const reads = await readForSetup(app, created);
    const done = await app.store.matches.act(created.id, created.seq, (_snapshot: MatchSnapshot | null, current) =>
      beginSetup(app, current, matchRecord(current).terms, reads),
    );
    if (!done.ok)
      return refuse(
        done.reason === 'refused' ? done.error.code : 'not-started',
        done.reason === 'refused' ? done.error.message : 'The practice match could not start; try again.',
      );
    const setup = matchRecord(done.row).setup!;
    const submitted = { row: done.row, setup, before: { stage: 'pregame' as const, pregame: pregameStart(setup) }, after: done.snapshot, events: done.events };
    const posts = await enqueue(app, done.row, await planPosts(app.store, submitted, { by: me }));
    await settle(app, { ...submitted, posts });
    return done.row;
  });
  const thread = await threadFor(app, row.id, 'practice match');
  const where = thread ? `is in <#${thread}>` : 'is saved, and its thread opens as soon as Discord answers';
  const record = matchRecord(row);
  const goal = `first to **${record.setup?.options.vpTarget ?? points} VP** wins${record.setup ? vpTargetWhy(record.terms, record.setup.warbands) : ''}`;
  await interaction
    .editReply({ content: `Your practice match against the bot ${where}: ${goal}. Set it up and play it there.`, allowedMentions: { parse: [] } })
    .catch((error: unknown) => app.log('could not answer a practice command; its thread has it', error, aboutMatch(row)));
}
