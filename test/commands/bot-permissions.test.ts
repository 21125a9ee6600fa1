/** The one list of the bot's permissions (commands/bot-permissions.ts) and the docs that show it. */
import { readFileSync } from 'node:fs';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { INVITE_PERMISSIONS, NEEDED_PERMISSIONS, inviteUrl, permissionsTable } from '../../src/commands/bot-permissions';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the permissions the bot needs', () => {
  it('are listed in docs/deploy.md exactly as the list says, with what the bot does without each', () => {
    expect(read('docs/deploy.md')).toContain(permissionsTable());
  });

  it('make the invite link of the README, whose words name each of them', () => {
    const readme = read('README.md');
    expect(readme).toContain(inviteUrl('YOUR_APPLICATION_ID'));
    expect(readme).toContain(`permission integer \`${INVITE_PERMISSIONS}\``);
    const step = readme.slice(readme.indexOf('2. **Invite it**'), readme.indexOf('3. **Run it:**')).replace(/\s+/g, ' ');
    for (const p of NEEDED_PERMISSIONS) expect(step).toContain(p.name);
  });

  it('are each a real Discord permission, listed once', () => {
    expect(new Set(NEEDED_PERMISSIONS.map((p) => p.flag)).size).toBe(NEEDED_PERMISSIONS.length);
    for (const p of NEEDED_PERMISSIONS) expect(typeof PermissionFlagsBits[p.flag]).toBe('bigint');
  });
});
