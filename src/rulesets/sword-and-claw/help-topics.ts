/**
 * Sword and Claw's `/help` topic (what of the game is playable here and how), and its orders for the
 * "Every command" topic (commands/help/help-topics.ts puts every game's topics together).
 */
import type { GameHelp } from '../ruleset';

export const SC_HELP: GameHelp = {
  topics: [
    {
      id: 'sword-and-claw',
      title: 'Sword and Claw: a second game (first slice)',
      text: [
        '*Sword and Claw* is a large skirmish game on a 1" grid: each side plays a whole turn in steps, giving orders to many troops. Part of it is playable here; the rest is not yet.',
        '**Start:** `/skirmish challenge opponent:@someone warband:Iron Company ruleset:Sword and Claw`; the opponent accepts with `/skirmish accept warband:Mire Raiders` (or the buttons). For now each side brings one of the sample armies (Iron Company, Mire Raiders, Slagwall Foundry, Winter Moon Hunt; your own army lists cannot be submitted yet) and plays on the sample map Reed Ford, two players. Against the bot: `/skirmish practice ruleset:Sword and Claw`.',
        '**Deployment:** the roll-off names the attacker; each side rolls 1d6+3 for how deep it deploys from its edge. `/order deploy troop:… square:…` for each troop, then `/order done`.',
        '**Your turn:** the movement step: `/order move|run|slide troop:… to:…` once per troop (Move up to its Move, Run up to double and no melee, Slide one square without opportunity attacks, optionally `then:` a move on); `/order next` opens the ranged step (if a troop can shoot): `/order shoot` declares shots; then the melee step: `/order attack` declares strikes. `/order next` resolves the attacks of a step together (d10 to hit, d6 against To-Wound). `/order end` closes every step left. Type `/` and the bot suggests only legal orders, or says why none fit.',
        '**Opportunity attacks:** when a troop leaves the reach of your troop, you get buttons: attack (with the odds) or no attack; no answer in time means none.',
        'After every turn the bot posts the table with what happened. The match ends when a side is eliminated or concedes (`/skirmish concede`). Not yet: spellcasting, reserves, Readied attacks, qualities, flight, water, conditions, spells. `/league create ruleset:Sword and Claw` makes a league of it.',
        '`/rules topic:…` in a Sword and Claw thread or league (or with `ruleset:Sword and Claw` anywhere) looks up its own rules.',
      ].join('\n'),
    },
  ],
  acts: 'in a Sword and Claw match: `/order deploy|done|move|run|slide|aim|reload|shoot|attack|next|end`',
};
