/**
 * /help [topic] and /rules topic: how to use the bot, and the rules in the project's own words, with
 * autocomplete over the topics. Private unless `share` is set, so looking things up fills no thread.
 */
import { MessageFlags } from 'discord.js';
import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { findTopicIn } from '../../formats/rules-topic';
import { RULESETS, type Ruleset } from '../../rulesets';
import { choice, suggest, type CommandModule } from '../command';
import { HELP_TOPICS } from './help-topics';
import { booleanOption, choiceOption, optionSet, textOption } from '../option-spec';
import { refuse } from '../../match/user-error';
import { rulesetHere } from '../ruleset-here';

const share = booleanOption({ name: 'share', description: 'Post it for everyone to see', default: false });
const helpArgs = optionSet(
  textOption({ name: 'topic', description: 'What you want to know', max: 40, choices: HELP_TOPICS.map((t) => ({ name: t.title, value: t.id })) }),
  share,
);
const rulesArgs = optionSet(
  textOption({ name: 'topic', description: 'The rule (type to search)', required: true, autocomplete: true, max: 60 }),
  choiceOption({
    name: 'ruleset',
    description: `The game (default: this match's or league's game, else ${RULESETS[0]!.name})`,
    choices: RULESETS.map((r) => ({ name: r.name, value: r.id })),
  }),
  share,
);
const visibility = (share: boolean) =>
  share ? { allowedMentions: { parse: [] } } : { flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };

export const helpCommand: CommandModule = {
  data: {
    name: 'help',
    description: 'How to play with the bot: getting a match going, taking a turn, the buttons',
    options: helpArgs.json,
  },
  async run(interaction, _app, options) {
    const o = helpArgs.parse(options.values);
    const topic = HELP_TOPICS.find((t) => t.id === o.topic);
    const content = topic
      ? `**${topic.title}**\n${topic.text}`
      : [
          '**Sellsword Table** runs skirmishes of *Sellsword*, a tabletop miniatures game, in this server: two to four players, each with a warband, take turns on a square map whenever they have a minute, and the bot enforces every rule.',
          ...HELP_TOPICS.map((t) => `• \`/help topic:${t.id}\`: ${t.title}`),
          "• `/rules topic:…`: the rules by topic (replies, the rule of three, wounds, cover…); in another game's match or league, or with `ruleset:`, that game's own topics",
        ].join('\n');
    await interaction.reply({ content, ...visibility(o.share) });
  },
};

/** The game's topics a player's typing finds: by title, id, or another word for it. */
function topicChoices(rules: Ruleset, typed: string): ApplicationCommandOptionChoiceData[] {
  const all = rules.rules.map((t) => choice(t.title, t.id));
  if (typed === '') return all.slice(0, 25);
  // A word a player knows ("flank") finds its topic even when the title says "Compromised".
  return rules.rules
    .filter((t) => t.title.toLowerCase().includes(typed) || t.id.includes(typed) || t.also.some((a) => a.includes(typed)))
    .map((t) => choice(t.title, t.id))
    .slice(0, 25);
}

export const rulesCommand: CommandModule = {
  data: {
    name: 'rules',
    description: 'Look up a rule of your game: replies, wounds, cover, charging, diagonals…',
    options: rulesArgs.json,
  },
  async run(interaction, app, options) {
    const o = rulesArgs.parse(options.values);
    const game = await rulesetHere(app, interaction.channelId, o.ruleset);
    const topic = findTopicIn(game.rules, o.topic);
    if (!topic) {
      const near = suggest(
        game.rules.map((t) => choice(t.title, t.id)),
        o.topic.split(/\s+/)[0],
      ).map((c) => `\`${String(c.value)}\``);
      const other = game === RULESETS[0] ? '' : ` (${game.name})`;
      refuse(
        'unknown-topic',
        `There is no rules topic "${o.topic}"${other}.${near.length > 0 ? ` Did you mean ${near.slice(0, 5).join(', ')}?` : ''} Start typing and pick one from the list.`,
      );
    }
    // The default game's topics read as they always have; another game's say whose rules they are.
    const title = game === RULESETS[0] ? topic.title : `${game.name}: ${topic.title}`;
    await interaction.reply({ content: `**${title}**\n${topic.text}`, ...visibility(o.share) });
  },
  async autocomplete(interaction, app, options) {
    const typed = String(options.values.topic ?? '')
      .trim()
      .toLowerCase();
    return topicChoices(await rulesetHere(app, interaction.channelId, options.values.ruleset), typed);
  },
};
