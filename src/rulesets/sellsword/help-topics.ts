/**
 * Sellsword's `/help` topics: getting a match going, taking a turn and the out-of-turn buttons, in the
 * words a new player needs, and its acts for the "Every command" topic (commands/help/help-topics.ts
 * puts every game's topics together). The rules themselves are `/rules` (rules-topics.ts beside it).
 */
import type { GameHelp } from '../ruleset';

export const SELLSWORD_HELP: GameHelp = {
  topics: [
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
        '`/move unit:kn to:C5` · `/maneuver` (one careful step, no replies) · `/attack unit:kn target:… attack:…` (`attack` only when the unit has more than one; add `charge:true`, and `path:` to choose its two squares; for a burst, `target` is the square, or unit, it is centred on) · `/rest token:react` (one act: take back a spent token; no Vigor, no status ends) · `/crow` (one act, once a round, after the unit dropped an enemy this turn: +5 Vigor) · `/trait` (use a trait its card has) · and `/end unit:kn` to finish early.',
        'Units are named by the labels on the map (`kn`, `gh2`). Type `/` and the bot suggests only what the rules allow, with what each leads to: squares with their cost and a warning when the path passes an enemy that may reply (or damaging ground); targets with who may strike back first ("GH ⚠ SK may reply"), then the chance to hit and the wounds a hit and a critical deal after immunity (a charge is named "charge GH", with who may reply where it ends, who pays its Vigor: "KN pays 5 Vigor", and later the two squares it steps through: "by E9 → E10"). When nothing fits, the suggestion says why.',
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
        '• **Order:** you won the tactics check; choose the order of players for the round. Everyone takes turns in every phase; the order says who goes first in each (the first in phase 1, the next in phase 2, and so on round the order).',
        '• **Reroll:** use a Warleader die to reroll a lost tactics check or a failed recovery roll.',
        '• **Recover:** choose which status your unit tries to shake off.',
        'A button that has passed says so when clicked; nothing happens twice.',
      ].join('\n'),
    },
  ],
  acts: '`/move` `/maneuver` `/attack` `/rest` `/crow` `/trait` `/end`',
};
