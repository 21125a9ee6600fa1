/**
 * The permission bits the fake guild hands out, and how a member's total is worked out. Discord sends
 * permissions as decimal strings of a bitfield, so everything here is a bigint until it leaves.
 */
export const Permission = {
  CreateInstantInvite: 1n << 0n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  UseExternalEmojis: 1n << 18n,
  ChangeNickname: 1n << 26n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
} as const;

/** Discord gives an administrator every permission; the bits past the known ones are harmless. */
export const ALL_PERMISSIONS = (1n << 53n) - 1n;

const any = (...bits: bigint[]): bigint => bits.reduce((sum, bit) => sum | bit, 0n);

export const EVERYONE_PERMISSIONS = any(
  Permission.CreateInstantInvite,
  Permission.AddReactions,
  Permission.ViewChannel,
  Permission.SendMessages,
  Permission.EmbedLinks,
  Permission.AttachFiles,
  Permission.ReadMessageHistory,
  Permission.UseExternalEmojis,
  Permission.ChangeNickname,
  Permission.UseApplicationCommands,
  Permission.CreatePublicThreads,
  Permission.SendMessagesInThreads,
);

export const ORGANISER_PERMISSIONS = any(
  Permission.Administrator,
  Permission.ManageGuild,
  Permission.ManageChannels,
  Permission.ManageMessages,
  Permission.ManageThreads,
);

export const BOT_PERMISSIONS = any(EVERYONE_PERMISSIONS, Permission.ManageMessages, Permission.ManageThreads, Permission.CreatePrivateThreads);

/** A member's permissions from their roles (channel overwrites are not modelled). */
export function totalPermissions(rolePermissions: readonly bigint[]): bigint {
  const total = any(...rolePermissions);
  return (total & Permission.Administrator) !== 0n ? ALL_PERMISSIONS : total;
}

/**
 * Whether a member may see a command with these `default_member_permissions`. `null` means everyone;
 * `"0"` means administrators only, which the rule below gives for free.
 */
export function mayUseCommand(memberPermissions: bigint, required: string | null | undefined): boolean {
  if (required === null || required === undefined) return true;
  if ((memberPermissions & Permission.Administrator) !== 0n) return true;
  const needed = BigInt(required);
  return needed !== 0n && (memberPermissions & needed) === needed;
}
