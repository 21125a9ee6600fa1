/** Every slash command the bot registers and routes: one list, so the two cannot disagree. */
import { actCommands } from './acts';
import { catalogCommand } from './catalog';
import type { CommandModule } from './command';
import { helpCommand, rulesCommand } from './help';
import { mapCommand } from './map';
import { skirmishCommand } from './skirmish';
import { warbandCommand } from './warband';
import { gamesCommand } from './games';
import { ordersCommand } from './orders';
import { notifyCommand, vacationCommand } from './vacation';
import { leagueCommand } from './league';
import { setupCommand } from './setup-check';

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
  vacationCommand,
  notifyCommand,
  leagueCommand,
  setupCommand,
];
