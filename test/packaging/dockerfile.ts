/**
 * The Dockerfile read as instructions, for the packaging tests: its stages, each a list of
 * instructions with their arguments (continuation lines joined, comments dropped), JSON forms parsed.
 */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly from: string;
  readonly name: string | undefined;
  readonly steps: readonly Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: { from: string; name: string | undefined; steps: Instruction[] }[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from, name, steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`The Dockerfile has ${keyword} before its first FROM.`);
    stage.steps.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
  }
  return stages;
}

/** An exec-form argument (`["node", "dist/start.js"]`) as its list. */
export const execForm = (args: string): string[] => JSON.parse(args) as string[];

/** ENV's `KEY=value` pairs (the form this Dockerfile uses). */
export function envPairs(args: string): Record<string, string> {
  return Object.fromEntries(args.split(' ').map((pair) => pair.split('=', 2) as [string, string]));
}

/** COPY's options, sources and destination. */
export function copyParts(args: string): { from: string | undefined; sources: string[]; dest: string } {
  const words = args.split(' ');
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
}
