/** The "Rules by topic" part of docs/playing.md, made from the same topics `/rules` shows. */
import type { RulesTopic } from '../formats/rules-topic';

export const RULES_START = '<!-- rules by topic: made by `npm run docs:rules` from the topics /rules shows -->';
export const RULES_END = '<!-- end of rules by topic -->';

/** Discord's lines as Markdown: bullets become list items, and every other line its own paragraph. */
function markdownOf(text: string): string {
  const lines = text.split('\n').map((l) => (l.startsWith('• ') ? `- ${l.slice(2)}` : l));
  return lines.reduce((out, line, i) => {
    if (i === 0) return line;
    const list = line.startsWith('- ') || /^\d+\. /.test(line);
    const prevList = lines[i - 1]!.startsWith('- ') || /^\d+\. /.test(lines[i - 1]!);
    return `${out}${list && prevList ? '\n' : '\n\n'}${line}`;
  }, '');
}

export function rulesMarkdown(topics: readonly RulesTopic[]): string {
  return topics.map((t) => `### ${t.title}\n\n${markdownOf(t.text)}\n\n_In the bot: \`/rules topic:${t.id}\`._`).join('\n\n');
}

/** The document with its generated part replaced by `topics` (the default game's `/rules` topics). */
export function withRules(doc: string, topics: readonly RulesTopic[]): string {
  const start = doc.indexOf(RULES_START);
  const end = doc.indexOf(RULES_END);
  if (start < 0 || end < start) throw new Error('docs/playing.md has lost its rules markers');
  return `${doc.slice(0, start + RULES_START.length)}\n\n${rulesMarkdown(topics)}\n\n${doc.slice(end)}`;
}
