/**
 * Who organises a league: members with Manage Server, or with the role the league names
 * (`/league settings organiser_role`). Pure, so the rule is tested without Discord.
 */
export interface Member {
  /** Whether they have Manage Server in this channel. */
  readonly manageServer: boolean;
  /** Their role ids. */
  readonly roles: readonly string[];
}

export function isOrganiser(member: Member, organiserRole: string | null): boolean {
  return member.manageServer || (organiserRole !== null && member.roles.includes(organiserRole));
}
