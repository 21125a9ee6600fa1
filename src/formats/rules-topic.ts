/**
 * One `/rules` topic of a game, in the project's own words: what each game's topics list holds
 * (rulesets/ruleset.ts `Ruleset.rules`). Players read `title` and `text`, so they name rules by topic,
 * never by a rulebook section or ruling number; `cites` keeps those for people checking the text.
 */
export interface RulesTopic {
  readonly id: string;
  readonly title: string;
  /** Other words a player might type for it. */
  readonly also: readonly string[];
  readonly text: string;
  /** Rulebook sections and rulings the text follows (for contributors, never shown to players). */
  readonly cites: readonly string[];
}

/** The topic typed (its id, its title, or another word for it), or undefined. */
export function findTopicIn(topics: readonly RulesTopic[], typed: string): RulesTopic | undefined {
  const q = typed.trim().toLowerCase();
  return topics.find((t) => t.id === q || t.title.toLowerCase() === q) ?? topics.find((t) => t.also.includes(q));
}
