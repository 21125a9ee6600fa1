/**
 * /help [topic] and /rules topic: how to use the bot, and the rules in the project's own words, with
 * autocomplete over the topics. Private unless `share` is set, so looking things up fills no thread.
 */
import { MessageFlags } from 'discord.js';
import { findTopic, RULES_TOPICS } from '../../content/rules-topics';
import { choice, suggest, type CommandModule } from '../command';
import { HELP_TOPICS } from './help-topics';
import { booleanOption, optionSet, textOption } from '../option-spec';
import { refuse } from '../../match/user-error';

const share = booleanOption({ name: 'share', description: 'Post it for everyone to see', default: false });
const helpArgs = optionSet(
  textOption({ name: 'topic', description: 'What you want to know', max: 40, choices: HELP_TOPICS.map((t) => ({ name: t.title, value: t.id })) }),
  share,
);
const rulesArgs = optionSet(textOption({ name: 'topic', description: 'The rule (type to search)', required: true, autocomplete: true, max: 60 }), share);
const ruleChoices = RULES_TOPICS.map((t) => choice(t.title, t.id));
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
          '• `/rules topic:…`: the rules by topic (replies, the rule of three, wounds, cover…)',
        ].join('\n');
    await interaction.reply({ content, ...visibility(o.share) });
  },
};

export const rulesCommand: CommandModule = {
  data: {
    name: 'rules',
    description: 'Look up a rule: replies, the rule of three, wounds, cover, charging…',
    options: rulesArgs.json,
  },
  async run(interaction, _app, options) {
    const o = rulesArgs.parse(options.values);
    const topic = findTopic(o.topic);
    if (!topic) {
      const near = suggest(ruleChoices, o.topic.split(/\s+/)[0]).map((c) => `\`${String(c.value)}\``);
      refuse(
        'unknown-topic',
        `There is no rules topic "${o.topic}".${near.length > 0 ? ` Did you mean ${near.slice(0, 5).join(', ')}?` : ''} Start typing and pick one from the list.`,
      );
    }
    await interaction.reply({ content: `**${topic.title}**\n${topic.text}`, ...visibility(o.share) });
  },
  autocomplete(_interaction, _app, options) {
    const typed = String(options.values.topic ?? '')
      .trim()
      .toLowerCase();
    if (typed === '') return ruleChoices.slice(0, 25);
    // A word a player knows ("flank") finds its topic even when the title says "Compromised".
    return RULES_TOPICS.filter((t) => t.title.toLowerCase().includes(typed) || t.id.includes(typed) || t.also.some((a) => a.includes(typed)))
      .map((t) => choice(t.title, t.id))
      .slice(0, 25);
  },
};
