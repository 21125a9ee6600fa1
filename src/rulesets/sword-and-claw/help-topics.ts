/**
 * Sword and Claw's `/help` topic (what of the game is playable here and how), and its orders for the
 * "Every command" topic (commands/help/help-topics.ts puts every game's topics together).
 */
import type { GameHelp } from '../ruleset';
import { SC_NOT_YET } from './not-yet';

/** The help topic's sentence of what is not played yet, from the one list (not-yet.ts). */
export const SC_NOT_YET_SENTENCE = `Not yet: ${SC_NOT_YET.map((x) => x.words).join(', ')}.`;

export const SC_HELP: GameHelp = {
  topics: [
    {
      id: 'sword-and-claw',
      title: 'Sword and Claw: a second game (first slice)',
      text: [
        '*Sword and Claw* is a large skirmish game on a 1" grid: each side plays a whole turn in steps, giving orders to many troops. Most of it is playable here.',
        '**Start:** `/skirmish challenge opponent:@someone warband:Iron Company ruleset:Sword and Claw`; the opponent accepts with `/skirmish accept warband:Mire Raiders` (or the buttons). Each side brings one of the sample armies (Iron Company, Mire Raiders, Slagwall Foundry, Smeltworks Watch, Winter Moon Hunt, Night Snare Hunt, Reed Wardens; your own army lists cannot be submitted yet); `map:` picks Reed Ford (the default), Long Marsh or Reed River. Against the bot: `/skirmish practice ruleset:Sword and Claw`.',
        '**Deployment:** the roll-off names the attacker; each side rolls 1d6+3 for how deep it deploys from its edge. `/order deploy troop:… square:…` for each troop, then `/order done`.',
        '**Your turn:** the movement step: `/order move|run|slide troop:… to:…` once per troop (Move up to its Move, Run up to double and no melee, Slide one square free of opportunity attacks, `then:` a move on), or `/order charge` an enemy (double Move, a d6 for where it ends); `/order next` opens the ranged step (if a troop can shoot): `/order shoot` declares shots; then the melee step: `/order attack` declares strikes. `/order next` resolves a step’s attacks together. `/order end` closes every step left. A “Next:” line names the orders that fit; typing `/` suggests only legal ones, or says why none fit.',
        '**Opportunity attacks:** when a troop leaves the reach of your troop, you get buttons: attack (with the odds) or no attack; no answer in time means none.',
        `After every turn the bot posts the table. The match ends when a side is eliminated or concedes (\`/skirmish concede\`). ${SC_NOT_YET_SENTENCE} \`/league create ruleset:Sword and Claw\` makes a league of it.`,
        '`/rules topic:…` in a Sword and Claw thread or league (or with `ruleset:Sword and Claw` anywhere) looks up its own rules.',
      ].join('\n'),
    },
  ],
  acts: 'in a Sword and Claw match: `/order deploy|done|move|run|slide|aim|reload|shoot|attack|ready|next|end`',
};
