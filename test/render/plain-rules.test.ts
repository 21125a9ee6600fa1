/** Players read rules by topic: the engine's citations never reach them, and the bot's own text has none. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutRuleCodes } from '../../src/render/plain-rules';

describe('rule codes in player-facing text', () => {
  it('are taken out of engine messages', () => {
    expect(withoutRuleCodes('A Maneuver is exactly one step (R14).')).toBe('A Maneuver is exactly one step.');
    expect(withoutRuleCodes('push 2: into the pit at F5, caught the edge (§3.11)')).toBe('push 2: into the pit at F5, caught the edge');
    expect(withoutRuleCodes('may reply (RULINGS R25–R26). Reply?')).toBe('may reply. Reply?');
    expect(withoutRuleCodes('Immune 5 Cold (Spirit)')).toBe('Immune 5 Cold (Spirit)');
  });

  it('are not written in the strings of src/commands and src/render', () => {
    const offenders: string[] = [];
    for (const dir of ['src/commands', 'src/render']) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'plain-rules.ts')) {
        readFileSync(join(dir, file), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const code = line.replace(/\/\/.*$/, '').trim();
            if (code.startsWith('*') || code.startsWith('/*')) return;
            // Only text in quotes or template strings is said to players.
            const strings = code.match(/(['`"])(?:\\.|(?!\1).)*\1/g) ?? [];
            if (strings.some((s) => /\(R\d|§\d|\bR\d+\b.*\)|RULINGS/.test(s))) offenders.push(`${dir}/${file}:${i + 1}: ${code}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
