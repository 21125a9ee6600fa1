/**
 * The one list of the permissions the bot needs in a league channel and its match threads: what the
 * check before a challenge, a practice match, `/league create` and a season round reads, what
 * `/setup check` shows, the invite link's permission integer, and what docs/deploy.md lists (a test
 * keeps the doc equal to this list).
 *
 * A thread takes its permissions from its channel, so the channel's are the threads' too. Manage Threads
 * is not on it: the bot renames, archives and unarchives only threads it made, which their maker may.
 */
import { PermissionFlagsBits, type PermissionsBitField, type Guild, type GuildBasedChannel, type GuildTextBasedChannel, type TextChannel } from 'discord.js';
import { refuse } from '../match/user-error';

export interface NeededPermission {
  /** discord.js's name of the flag. */
  readonly flag: keyof typeof PermissionFlagsBits;
  /** As Discord's permission settings show it. */
  readonly name: string;
  /** What the bot does with it. */
  readonly use: string;
  /** What happens without it. */
  readonly without: string;
  /**
   * Without it a match cannot run: challenges, practice matches, `/league create` and season rounds
   * are refused before anything is saved. Without one that is not required the bot carries on with less.
   */
  readonly required: boolean;
}

/** What the checks before saving do when a required permission is missing: said once, shared by the entries below. */
const REFUSED =
  "challenges, practice matches and `/league create` there are refused before anything is saved, with the permission's name and how to grant it; a season round's matches wait for their threads, tried again less and less often, its organiser is told after a few tries, and `/league round` says why";

const PAUSED = 'a running match whose thread refuses its posts is paused, its players told, and `/skirmish reopen` offered once it is fixed';

export const NEEDED_PERMISSIONS: readonly NeededPermission[] = [
  {
    flag: 'ViewChannel',
    name: 'View Channel',
    use: 'see this channel (where challenges are made) and its match threads',
    without: `Discord refuses everything the bot does there (50001 Missing Access): ${REFUSED}; ${PAUSED}; a league result the channel refuses is given up and the server's owner told.`,
    required: true,
  },
  {
    flag: 'SendMessages',
    name: 'Send Messages',
    use: 'post challenges, league news, results and standings in the channel',
    without: `${REFUSED}; a league result the channel refuses is given up and the server's owner told.`,
    required: true,
  },
  {
    flag: 'CreatePublicThreads',
    name: 'Create Public Threads',
    use: "open each match's thread",
    without: `${REFUSED}.`,
    required: true,
  },
  {
    flag: 'SendMessagesInThreads',
    name: 'Send Messages in Threads',
    use: 'post the maps, prompts and turns in match threads, and add the players to them',
    without: `${REFUSED}; ${PAUSED}.`,
    required: true,
  },
  {
    flag: 'ReadMessageHistory',
    name: 'Read Message History',
    use: 'find its own posts again: to update a prompt once it is answered, and after a restart to see what already went out, so nothing is posted twice',
    without: `${REFUSED}.`,
    required: true,
  },
  {
    flag: 'AttachFiles',
    name: 'Attach Files',
    use: 'post the map pictures, stat cards and replays',
    without:
      "matches go on: each post goes out as text, with its pictures' descriptions (their alt text) in their place; the first such post in a thread says why, and the server's owner is told once by DM.",
    required: false,
  },
];

/** The invite link's permission integer: every permission on the list. */
export const INVITE_PERMISSIONS: bigint = NEEDED_PERMISSIONS.reduce((sum, p) => sum | PermissionFlagsBits[p.flag], 0n);

/** The link that adds the bot to a server with every permission on the list. */
export const inviteUrl = (applicationId: string): string =>
  `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot%20applications.commands&permissions=${INVITE_PERMISSIONS}`;

/** The bot's permissions in a server channel (its threads have the same), or null when Discord has not told the bot who it is there. */
export async function botPermissionsIn(channel: GuildBasedChannel): Promise<Readonly<PermissionsBitField> | null> {
  const guild: Guild = channel.guild;
  const me = guild.members.me ?? (await guild.members.fetchMe().catch(() => null));
  if (!me) return null;
  const parent = channel.isThread() ? channel.parent : channel;
  return parent ? parent.permissionsFor(me, true) : null;
}

/** Which permissions of the list the bot lacks (all of them when it cannot tell: it is safer to ask). */
export function missingFrom(has: Readonly<PermissionsBitField> | null, list: readonly NeededPermission[] = NEEDED_PERMISSIONS): NeededPermission[] {
  return list.filter((p) => !has?.has(PermissionFlagsBits[p.flag], true));
}

/** How a server admin grants one permission in one channel. */
export const howToGrant = (names: readonly string[], channelId: string): string =>
  `A server admin can grant ${names.length === 1 ? 'it' : 'them'} in <#${channelId}>'s settings: Permissions → add the bot (or its role) → allow ${names.map((n) => `**${n}**`).join(', ')}.`;

/**
 * Refuses, naming every missing required permission and how to grant it, unless the bot has them all
 * in this channel. `what` is what could not be done ("open this match's thread"); call it before
 * anything is saved, so a refusal leaves nothing behind.
 */
export async function mustBeAbleIn(channel: GuildTextBasedChannel | TextChannel, what: string): Promise<void> {
  const missing = missingFrom(
    await botPermissionsIn(channel),
    NEEDED_PERMISSIONS.filter((p) => p.required),
  );
  if (missing.length === 0) return;
  refuse(
    'bot-missing-permission',
    `${permissionProblem(missing, channel.id, what)} Nothing was saved; try again once it is granted (\`/setup check\` shows what the bot can do here).`,
  );
}

/** The sentence a refusal or an organiser's notice says when the bot lacks permissions in a channel. */
export function permissionProblem(missing: readonly NeededPermission[], channelId: string, what: string): string {
  const names = missing.map((p) => p.name);
  return `The bot cannot ${what}: it is missing ${names.map((n) => `**${n}**`).join(', ')} in <#${channelId}>. ${howToGrant(names, channelId)}`;
}

/** The list as docs/deploy.md shows it (a test keeps the two equal). */
export function permissionsTable(): string {
  const rows = NEEDED_PERMISSIONS.map(
    (p) => `| ${p.name} | ${p.required ? 'yes' : 'no'} | To ${p.use}. | ${p.without.charAt(0).toUpperCase()}${p.without.slice(1)} |`,
  );
  return ['| Permission | Needed to start a match | What the bot does with it | Without it |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
