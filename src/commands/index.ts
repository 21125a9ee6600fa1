/** Every slash command the bot registers and routes: one list, so the two cannot disagree. */
import { InteractionContextType } from 'discord.js';
import { actCommands } from './play/acts';
import { catalogCommand } from './catalog/catalog';
import type { CommandModule } from './command';
import { helpCommand, rulesCommand } from './help/help';
import { mapCommand } from './map/map';
import { skirmishCommand } from './skirmish/skirmish';
import { warbandCommand } from './warband/warband';
import { gamesCommand } from './player/games';
import { ordersCommand } from './play/orders';
import { orderCommand } from './play/order';
import { notifyCommand, vacationCommand } from './player/vacation';
import { leagueCommand } from './league/league';
import { setupCommand } from './setup-check';

/**
 * Commands that also work in a DM with the bot: they read only the user who runs them. Every other
 * command needs a server (its channel, threads, members or league), so Discord shows it only there.
 */
const ALSO_IN_DMS: ReadonlySet<string> = new Set(['help', 'rules', 'games']);

const withContexts = (m: CommandModule): CommandModule => ({
  ...m,
  data: { ...m.data, contexts: ALSO_IN_DMS.has(m.data.name) ? [InteractionContextType.Guild, InteractionContextType.BotDM] : [InteractionContextType.Guild] },
});

export const commandModules: readonly CommandModule[] = [
  warbandCommand,
  catalogCommand,
  mapCommand,
  skirmishCommand,
  ...actCommands,
  helpCommand,
  rulesCommand,
  gamesCommand,
  ordersCommand,
  orderCommand,
  vacationCommand,
  notifyCommand,
  leagueCommand,
  setupCommand,
].map(withContexts);
