/**
 * `/help` topics: how to use the bot, in the words a new player needs. Each game owns its own topics
 * (`Ruleset.help`): the default game's come first (getting a match going, a turn, the buttons), then
 * following a match and every command, then the other games', then leagues. The rules themselves are
 * `/rules` (each game's `Ruleset.rules`); docs/playing.md says the same at more length.
 */
import { RULESETS } from '../../rulesets';
import type { HelpTopic } from '../../rulesets/ruleset';

export type { HelpTopic } from '../../rulesets/ruleset';

const [first, ...others] = RULESETS;

export const HELP_TOPICS: readonly HelpTopic[] = [
  ...first!.help.topics,
  {
    id: 'follow',
    title: 'Following and catching up',
    text: [
      '`/skirmish status` says where the match stands and who it waits for. `/skirmish log` shows what happened. `/skirmish view unit:… overlay:reach|sight|preview` shows you, privately, where a unit can go, what it sees, or the odds of an attack; with a burst as `attack` and a square as `target`, the squares it would cover and everyone it would catch, allies too.',
      'Spectators: `/skirmish follow` in the match thread.',
      '`/skirmish replay` plays the match back as an animation, one frame per turn; `/skirmish replay turn:N` shows you one turn with its log and buttons to step through.',
    ].join('\n'),
  },
  {
    id: 'commands',
    title: 'Every command',
    text: [
      '**Warbands:** `/warband submit|show|list|remove` · **Cards:** `/catalog units|card` · **Maps:** `/map list|show|submit`',
      '**Matches:** `/skirmish challenge|practice|accept|decline|status|log|view|follow|entry|concede|check|verify|export|replay`',
      `**Acts:** ${RULESETS.map((r) => r.help.acts).join(' · ')}`,
      '**Leagues:** `/league standings|profile|settings show` · organisers: `/league create|settings|award|overturn|remove|extend|export` · `/setup check`',
      '**Help:** `/help topic:…` · `/rules topic:…` (the rules by topic: replies, the rule of three, wounds, cover…)',
    ].join('\n'),
  },
  ...others.flatMap((r) => r.help.topics),
  {
    id: 'leagues',
    title: 'Leagues: standings, ratings and organisers',
    text: [
      'An organiser (Manage Server, or the league’s organiser role) makes a channel a league with `/league create name:…` and sets its rules with `/league settings` (points, VP target, deadlines, maps, catalog version, free challenges or pairings only); every change is posted in the channel.',
      'A match played in the league’s channel counts: its result is posted there with how the standings moved. `/league standings` shows the table (played, won, drawn, lost, forfeits, VP difference, rating); `/league profile player:@…` a player’s record, rating trend, favourite units and share of deadlines met.',
      'Ratings are OpenSkill’s conservative estimate: they start at 0 and rise as you win and the bot grows sure of you.',
      'Organisers can award or overturn a result (in the match’s thread, with a reason), remove a player, extend a match’s deadlines and export the season.',
      '`/setup check` shows organisers what the bot can and cannot do in a channel and its threads (open threads, post, attach pictures…), and how to grant what is missing.',
    ].join('\n'),
  },
];
