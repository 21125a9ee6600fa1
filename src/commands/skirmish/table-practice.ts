/**
 * A practice match of a game played at the table (`/skirmish practice ruleset:`): the player's army
 * against the game's practice opponent (its ruleset's `practice`), which the bot plays at once with
 * what any player sees (clock/deadline-actions.ts `tableBotAct`). As in a Sellsword practice match,
 * the match begins in the act that makes it: nothing to accept, and the dice are committed with this
 * interaction's id as the entropy nobody chose.
 */
import type { ChatInputCommandInteraction, TextChannel } from 'discord.js';
import type { ArmyOffer, MapOffer, Ruleset, TableRules } from '../../rulesets';
import { newMatchRules } from '../../rulesets';
import { shown } from '../../discord/text';
import { commitmentOf } from '../../match/dice-proof';
import { beginTable } from '../../match/table-begin';
import { submittedMapDocuments } from '../../match/table-maps';
import { matchRecord, type Terms } from '../../match/record';
import { PRACTICE_OPPONENT_NAME } from '../../match/practice-seat';
import { save } from '../../match/saved';
import { enqueue } from '../../match/table';
import { refuse } from '../../match/user-error';
import { threadName } from '../../match/setup';
import { planWaits } from '../../clock/deadline-plan';
import { planTablePosts } from '../../posts/table-posts';
import { tableGameOf } from '../../match/table-change';
import type { RuleError } from '../../engine';
import type { App } from '../app';
import { displayName, refuseAcceptance, threadFor } from './challenge-parts';
import { armyNamed, committedArmy, mapOf } from './table-challenge';

export interface TablePractice {
  readonly channel: TextChannel;
  readonly guildId: string;
  readonly warband: string;
  /** The bot's army, by name or id; absent: the army of another faction nearest the player's in points. */
  readonly opponent: string | undefined;
  /** The map chosen with `map:`; absent: the game's first (its default). */
  readonly map?: MapOffer;
}

/** The army the bot brings when the player names none: another faction's, nearest in points (else the same army). */
function opponentArmy(table: TableRules, mine: ArmyOffer): ArmyOffer {
  const others = table.armies().filter((a) => a.faction !== mine.faction);
  return others.sort((a, b) => Math.abs(a.points - mine.points) - Math.abs(b.points - mine.points) || a.name.localeCompare(b.name))[0] ?? mine;
}

export async function practiceAtTable(interaction: ChatInputCommandInteraction, app: App, rules: Ruleset, table: TableRules, p: TablePractice): Promise<void> {
  if (!rules.practice)
    refuse('no-practice-opponent', `${rules.name} has no practice opponent yet: challenge a player with \`/skirmish challenge ruleset:\` instead.`);
  const bot = app.client.user ?? refuse('bot-not-ready', 'The bot is still starting; try again in a moment.');
  const me = interaction.user.id;
  const mine = armyNamed(table, rules, p.warband);
  const theirs = p.opponent !== undefined ? armyNamed(table, rules, p.opponent) : opponentArmy(table, mine);
  const myName = displayName(interaction);
  await app.store.players.upsert({ id: me, name: myName });
  await app.store.players.upsert({ id: bot.id, name: PRACTICE_OPPONENT_NAME });
  await interaction.deferReply();
  const number = (await app.store.matches.countIn(p.channel.id)) + 1;
  const secret = app.mintSecret();
  const terms: Terms = {
    points: Math.max(mine.points, theirs.points),
    target: null,
    map: p.map?.id ?? null,
    accepted: { [me]: committedArmy(mine), [bot.id]: committedArmy(theirs) },
    dice: { secret, commitment: commitmentOf(secret), entropy: [interaction.id] },
    practice: { seat: bot.id },
    thread: { name: threadName([myName, PRACTICE_OPPONENT_NAME], number) },
  };
  const intro = [
    `🤖 **${rules.name} practice match.** <@${me}> plays **${shown(mine.name)}** (${mine.faction}, ${mine.points} points) against **${PRACTICE_OPPONENT_NAME}**: **${shown(theirs.name)}** (${theirs.faction}, ${theirs.points} points), on **${shown(mapOf(table, p.map).name)}**.`,
    'The bot gives its orders at once, with what any player can see. A practice match counts in no standings; `/skirmish concede` ends it whenever you like. Orders are given with `/order`.',
    `-# 🎲 Dice commitment \`${terms.dice!.commitment}\`: \`/skirmish verify\` checks every roll once the match is over.`,
  ].join('\n');
  // Read before the act, whose step is synchronous; the setup keeps the map it is played on.
  const submitted = await submittedMapDocuments(app, rules, terms, p.guildId);
  const row = await save(app, interaction, async () => {
    await app.store.leagues.ensure(p.guildId, p.channel.id, p.channel.name);
    const created = await app.store.matches.create({
      id: app.mintId(),
      guildId: p.guildId,
      channelId: p.channel.id,
      players: [me, bot.id],
      terms,
      ...newMatchRules(rules.id),
    });
    await app.store.follows.add(created.id, me);
    await enqueue(app, created, [{ kind: 'text', content: intro }]);
    const game = tableGameOf(created)!;
    const done = await app.store.matches.act<unknown, unknown, RuleError>(created.id, created.seq, (_snapshot, current) =>
      beginTable(app, game, current, matchRecord(current).terms, submitted),
    );
    if (!done.ok) return refuseAcceptance(done);
    const change = { row: done.row, setup: done.row.setup, before: game.rules.match.replay(done.row.setup, []), after: done.snapshot, events: done.events };
    await enqueue(app, done.row, await planTablePosts(app.store, game.rules, game.table, change, { by: me }));
    const waits = await planWaits(app.store, app.now(), done.row, done.events);
    // The bot's own first wait (deploying first, say) is due at once: the scheduler plays it now.
    if (waits.some((d) => d.due <= app.now())) app.dueNow?.();
    return done.row;
  });
  const thread = await threadFor(app, row.id, 'practice match');
  const where = thread ? `is in <#${thread}>` : 'is saved, and its thread opens as soon as Discord answers';
  await interaction
    .editReply({ content: `Your ${rules.name} practice match against the bot ${where}.`, allowedMentions: { parse: [] } })
    .catch(() => undefined);
}
