/**
 * Who may run a league's organiser commands (league/organisers.ts has the rule), read from the
 * interaction: Manage Server in the channel, or the league's organiser role.
 */
import { PermissionFlagsBits, type ChatInputCommandInteraction } from 'discord.js';
import { isOrganiser } from '../../league/organisers';
import type { LeagueSettingsRow } from '../../store';
import type { App } from '../app';
import { refuse } from '../../match/user-error';

export function memberOf(interaction: ChatInputCommandInteraction): { manageServer: boolean; roles: string[] } {
  const manageServer = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  const m = interaction.member;
  // A cached GuildMember keeps its roles in a manager; the raw API member lists their ids.
  const roles = !m ? [] : Array.isArray(m.roles) ? [...m.roles] : [...m.roles.cache.keys()];
  return { manageServer, roles };
}

/** The league of the channel the command was typed in; refused when it is not one. */
export async function leagueHere(
  app: App,
  interaction: ChatInputCommandInteraction,
): Promise<{ id: string; name: string; ruleset: string; settings: LeagueSettingsRow }> {
  const id = interaction.channelId;
  const settings = await app.store.leagueSettings.get(id);
  const league = await app.store.leagues.get(id);
  if (!settings || !league)
    refuse('not-a-league', 'This channel is not a league. An organiser makes it one with `/league create name:…`; league commands are typed in its channel.');
  return { id, name: league.name, ruleset: league.ruleset, settings };
}

/** Refuses anyone who does not organise the league. */
export function mustOrganise(interaction: ChatInputCommandInteraction, settings: LeagueSettingsRow | null): void {
  if (!isOrganiser(memberOf(interaction), settings?.organiserRole ?? null))
    refuse(
      'not-an-organiser',
      settings?.organiserRole
        ? `Only the league's organisers may do that: members with Manage Server or the <@&${settings.organiserRole}> role.`
        : "Only the league's organisers may do that: members with Manage Server (or a role set with `/league settings organiser_role`).",
    );
}
