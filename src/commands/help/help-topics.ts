/**
 * `/help` topics: how to use the bot, in the words a new player needs. The rules themselves are
 * `/rules` (content/rules-topics.ts); docs/playing.md says the same at more length.
 */
export interface HelpTopic {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'start',
    title: 'Getting a match going',
    text: [
      '1. **Bring a warband:** `/warband submit` with a file, or in one line: `name | faction | map | card, card+mod, …` (for example `Hrolf’s Watch | valor | mill-crossing | valor-knight+valor-banner, valor-guard, valor-squire`: a Knight carrying the Banner of the Watch, a Town Guard and a Squire). `/catalog units` lists the cards.',
      '2. **Challenge** from a league channel: `/skirmish challenge opponent:@someone warband:…` (up to three opponents). The match gets its own thread.',
      '3. **Accept** in that thread: `/skirmish accept warband:…` (or `/skirmish decline`).',
      'No opponent at hand? `/skirmish practice warband:…` plays a match against the bot, which takes the other side itself.',
      '4. **Setup** runs as buttons in the thread: the setup roll, who picks the map and the map (with one map on offer, who goes first), and where each player’s entry tile goes.',
    ].join('\n'),
  },
  {
    id: 'turn',
    title: 'Taking a turn',
    text: [
      'When the bot pings you, pick a unit that has not acted this round and give it up to 3 acts, one command each:',
      '`/move unit:kn to:C5` · `/maneuver` (one careful step, no replies) · `/attack unit:kn attack:… target:…` (add `charge:true`, and `path:` to choose its two squares; or `origin:` for a burst) · `/rest token:react` · `/crow` · `/trait` · and `/end unit:kn` to finish early.',
      'Units are named by the labels on the map (`kn`, `gh2`). Type `/` and the bot suggests only what the rules allow, with what each leads to: squares with their cost and a warning when the path passes an enemy that may reply (or damaging ground); targets with the chance to hit and the wounds a hit and a critical deal after immunity (a charge names its target and the two squares it steps through: "charge GH by E9 → E10"). When nothing fits, the suggestion says why.',
      'After the turn the bot posts the map and what happened, and pings whoever goes next.',
    ].join('\n'),
  },
  {
    id: 'prompts',
    title: 'Choices out of turn (buttons)',
    text: [
      'Some choices belong to another player, mid-turn. The bot posts them in the thread with buttons, mentioning the one player who must choose; only that player can click.',
      '• **Reply:** an enemy next to your unit moved away or attacked. Reply with an attack (it spends the react token), or let it pass. A reply to a move comes before the step; a reply to an attack resolves after the attack (before a slow one), and is lost if the attack drops your unit.',
      '• **Wounds:** your unit was hit. Choose how much Vigor to spend and which injury boxes to mark; the prompt says what each box does (every box −1 to rolls; mobility −1 Move, defensive −2 to defences, a trait box loses it) and what each choice leaves.',
      '• **Order:** you won the tactics check; choose the order of players for the round (the first goes first in phase 1, the next in phase 2…).',
      '• **Reroll:** use a Warleader die to reroll a lost tactics check or a failed recovery roll.',
      '• **Recover:** choose which status your unit tries to shake off.',
      'A button that has passed says so when clicked; nothing happens twice.',
    ].join('\n'),
  },
  {
    id: 'follow',
    title: 'Following and catching up',
    text: [
      '`/skirmish status` says where the match stands and who it waits for. `/skirmish log` shows what happened. `/skirmish view unit:… overlay:reach|sight|preview` shows you, privately, where a unit can go, what it sees, or the odds of an attack.',
      'Spectators: `/skirmish follow` in the match thread.',
      '`/skirmish replay` plays the match back as an animation, one frame per turn; `/skirmish replay turn:N` shows you one turn with its log and buttons to step through.',
    ].join('\n'),
  },
  {
    id: 'commands',
    title: 'Every command',
    text: [
      '**Warbands:** `/warband submit|show|list|remove` · **Cards:** `/catalog units|card` · **Maps:** `/map list|show|submit`',
      '**Matches:** `/skirmish challenge|practice|accept|decline|status|log|view|follow|entry|concede|check|verify|export|replay`',
      '**Acts:** `/move` `/maneuver` `/attack` `/rest` `/crow` `/trait` `/end` · in a Sword and Claw match: `/order deploy|done|move|run|slide|attack|next|end`',
      '**Leagues:** `/league standings|profile|settings show` · organisers: `/league create|settings|award|overturn|remove|extend|export` · `/setup check`',
      '**Help:** `/help topic:…` · `/rules topic:…` (the rules by topic: replies, the rule of three, wounds, cover…)',
    ].join('\n'),
  },
  {
    id: 'sword-and-claw',
    title: 'Sword and Claw: a second game (first slice)',
    text: [
      '*Sword and Claw* is a large skirmish game on a 1" grid: each side plays a whole turn in steps, giving orders to many troops. Part of it is playable here; the rest is not yet.',
      '**Start:** `/skirmish challenge opponent:@someone warband:Iron Company ruleset:Sword and Claw`; the opponent accepts with `/skirmish accept warband:Mire Raiders` (or the buttons). For now each side brings one of the two sample armies (Iron Company, Mire Raiders; your own army lists cannot be submitted yet) and plays on the sample map Reed Ford, two players.',
      '**Deployment:** the roll-off names the attacker; each side rolls 1d6+3 for how deep it deploys from its edge. `/order deploy troop:… square:…` for each troop, then `/order done`.',
      '**Your turn:** the movement step: `/order move|run|slide troop:… to:…` once per troop (Move up to its Move, Run up to double and no melee, Slide one square without opportunity attacks, optionally `then:` a move on); `/order next` opens the melee step: `/order attack troop:… attack:… target:…` declares strikes, and `/order next` resolves them all (d10 to hit against Melee Defense, d6 against To-Wound). `/order end` closes every step left. Type `/` and the bot suggests only legal orders, or says why none fit.',
      '**Opportunity attacks:** when a troop leaves the reach of your troop, you get buttons: attack (with the odds) or no attack; no answer in time means none.',
      'After every turn the bot posts the table with what happened. The match ends when a side is eliminated or concedes (`/skirmish concede`). Not yet: saving throws, spellcasting, ranged attacks, charges, reserves, Readied attacks, qualities, flight, water, conditions, spells, practice against the bot. `/league create ruleset:Sword and Claw` makes a league of it.',
      '`/rules topic:…` in a Sword and Claw thread or league (or with `ruleset:Sword and Claw` anywhere) looks up its own rules.',
    ].join('\n'),
  },
  {
    id: 'leagues',
    title: 'Leagues: standings, ratings and organisers',
    text: [
      'An organiser (Manage Server, or the league’s organiser role) makes a channel a league with `/league create name:…` and sets its rules with `/league settings` (points, VP target, deadlines, maps, catalog version, free challenges or pairings only); every change is posted in the channel.',
      'A match played in the league’s channel counts: its result is posted there with how the standings moved. `/league standings` shows the table (played, won, drawn, lost, forfeits, VP difference, rating); `/league profile player:@…` a player’s record, rating trend, favourite units and share of deadlines met.',
      'Ratings are OpenSkill’s conservative estimate: they start at 0 and rise as you win and the bot grows sure of you.',
      'Organisers can award or overturn a result (in the match’s thread, with a reason), remove a player, extend a match’s deadlines and export the season.',
      '`/setup check` shows organisers what the bot can and cannot do in a channel and its threads (open threads, post, attach pictures…), and how to grant what is missing.',
    ].join('\n'),
  },
];
