/**
 * The rules in the project's own words, by topic, for `/rules` and docs/playing.md ("Rules by topic",
 * generated from this list and checked by a test). Players read these, so they name rules by topic
 * ("reply", "rule of three"), never by the rulebook's section or ruling numbers; `cites` keeps those
 * for people checking the text against the rulebook.
 */
import { findTopicIn, type RulesTopic } from '../../formats/rules-topic';

export type { RulesTopic } from '../../formats/rules-topic';

export const RULES_TOPICS: readonly RulesTopic[] = [
  {
    id: 'winning',
    title: 'Winning',
    also: ['victory', 'vp', 'score', 'points', 'objective'],
    cites: ['§2.0', 'R2', 'R3', 'R4', 'R50', 'R52'],
    text: [
      'You win the moment your score reaches the match’s VP target (the challenge says what it is).',
      '• **Dropping an enemy** scores its points (card plus mod) for the player whose unit caused the wounds, when its Mortal box is marked. Lingering wounds (a Recurring status) count for whoever inflicted the status.',
      '• Wounds from terrain or from the Mortal roll go to the opponent in a two-player match, and to nobody with more players.',
      '• **Objectives:** at the end of each round you score 5 VP for each objective area that holds at least one of your units and none of an opponent’s.',
      '• A player whose units are all dropped is out; the last player left wins. Players who reach the target together: the higher score wins, equal scores draw.',
    ].join('\n'),
  },
  {
    id: 'warbands',
    title: 'Warbands',
    also: ['warband', 'army', 'list', 'mods', 'points cap', 'fantasy', 'fantasy rating'],
    cites: ['§2.1', 'R1'],
    text: [
      'A warband is the units you bring, all from one faction.',
      '• Its cost (each card plus its mod) must be at most the match’s point cap (121 unless the challenge says otherwise), with at most 8 units and no unit above fantasy rating 2.',
      '• A card’s **Fantasy** rating (0–3, on its stat card) says how much magic and how many fantastic races its world has: 0 only humans and no magic, 1 fantastic races but rare magic, 2 uncommon magic, 3 common magic. It matters only when the warband is built; in play it does nothing.',
      '• A unit may carry one mod of its own faction, if the card’s mod-use marks allow that mod.',
      '• The same card may appear more than once. A warband also names its map.',
      'Submit one with `/warband submit`; `/catalog units` lists the cards and their costs.',
    ].join('\n'),
  },
  {
    id: 'setup',
    title: 'Setting up a match',
    also: ['entry', 'entry tile', 'map choice', 'reserve', 'deploy'],
    cites: ['§2.1', 'R5', 'R6'],
    text: [
      '1. Everyone rolls a tactics check (a d20). A player who loses may reroll once per point of their best Warleader. The winner is the advantaged player.',
      '2. The advantaged player names who chooses the map (with only one map on offer, who goes first instead). That player picks it and places their 2×2 **entry tile** in one of their start areas; then the others place theirs.',
      '3. Units start **in reserve**. A reserve unit enters with a move or a maneuver whose first square is on its own entry tile, and can do nothing else until it has entered.',
    ].join('\n'),
  },
  {
    id: 'rounds',
    title: 'Rounds, phases and the order of play',
    also: ['round', 'phase', 'order', 'tactics check', 'advantage', 'greater advantage', 'initiative'],
    cites: ['§2.2', 'R6', 'R7', 'R50', 'R51'],
    text: [
      'Each round starts with a **tactics check**: every player rolls a d20 (minus 1 per injury on their best Warleader). The highest is the advantaged player, who chooses the order of players for the round.',
      '• Play goes in **phases**. In each phase every player, in order, takes one turn with one unit that has not yet had a turn this round. The first player changes each phase, rotating through the order.',
      '• When only one player has units left to go, they take all their remaining turns in a row.',
      "• **Greater advantage:** winning the check by 10 or more lets the advantaged player take one unit's turn early, before phase 1; that is the unit's turn for this round, not an extra one.",
      '• At the end of the round, objectives score.',
    ].join('\n'),
  },
  {
    id: 'turn',
    title: 'A unit’s turn and the rule of three',
    also: ['acts', 'act', 'rule of three', 'rule of 3', 'end turn', 'start of turn', 'end of turn'],
    cites: ['§2.4', 'Box 5', 'R8', 'R9', 'R10', 'R44'],
    text: [
      'On its turn a unit has **3 acts** (2 if Shaken, 1 if Stunned, none if Helpless). An act is one of: attack (a charge included), basic move, maneuver, rest, crow, or use a trait.',
      '• **Rule of three:** a unit may not use the same kind of act three times in one turn, unless its card says otherwise. A 2-act attack uses two attack acts.',
      '• **Start of turn:** damaging terrain it stands in, then the Mortal roll, then rolls for Enraged or Glamyred.',
      '• **End of turn:** lingering (Recurring) wounds, then one recovery roll for one status.',
      'End a turn early with `/end`.',
    ].join('\n'),
  },
  {
    id: 'move',
    title: 'Moving',
    also: ['basic move', 'movement', 'diagonal', 'move points', 'chaining'],
    cites: ['§3.1', '§3.12', 'R11', 'R12', 'R13'],
    text: [
      'A **basic move** gives the unit its Move score in movement points (minus 1 per Mobility injury). Each square costs 1 point, more on hard ground (see terrain).',
      '• The **second diagonal step** of a unit’s turn costs 1 extra; later diagonals do not.',
      '• No cutting across a wall’s corner diagonally.',
      '• A unit may pass through allies but never through enemies, and must end on empty ground it may stand on.',
      '• **Chaining:** a second basic move straight after the first adds its points to what was left. At most two basic moves a turn.',
      '• Leaving a square next to an enemy lets that enemy **reply** (see reply).',
    ].join('\n'),
  },
  {
    id: 'maneuver',
    title: 'Maneuvering',
    also: ['maneuver', 'manoeuvre', 'step', 'careful step'],
    cites: ['§3.3', 'R14'],
    text: 'A **maneuver** is one careful step with 2 movement points to pay for it. It never lets an enemy reply, so it is how a unit slips away from an enemy next to it. At most two maneuvers a turn; they can be combined with basic moves.',
  },
  {
    id: 'terrain',
    title: 'Terrain',
    also: ['walls', 'brush', 'smoke', 'fire', 'damaging', 'pit', 'obstructing', 'low cover', 'sliding wall', 'challenging'],
    cites: ['§3.11', '§3.12', 'R12', 'R19', 'R45', 'R49'],
    text: [
      '• **Challenging:** +1 to enter.',
      '• **Brush:** challenging, and it hides: cover when every line passes through brush, invisible when every line crosses two brush sides.',
      '• **Smoke:** costs nothing extra, but hides like brush.',
      '• **Damaging:** 5 wounds of the map’s damage type (the map key names it: “damaging (fire)”, “damaging (cold)”) each time a unit enters it, pushed in or not, and at the start of a turn in it. A move stops there to take them, then goes on. A flyer takes them only where its move ends.',
      '• **Low cover:** +1 to cross; gives cover unless next to the attacker.',
      '• **Obstructing:** +1 to enter, gives cover, and no unit may end its move there.',
      '• **Pit:** cannot be entered; a unit pushed in catches the edge and lands on the nearest open square, Shaken.',
      '• **Sliding wall** (a door on the map): a unit may move into it, unlike a wall. While empty it blocks sight as a wall does; while a unit stands in it, it is open ground.',
      '• **Walls** block movement, sight and distance counting.',
    ].join('\n'),
  },
  {
    id: 'distance',
    title: 'Counting distance and adjacency',
    also: ['range', 'adjacent', 'counting', 'distance'],
    cites: ['§4.2', 'R15', 'R16'],
    text: [
      'Count squares in any of the 8 directions, going around walls (no cutting a wall’s corner, except on the very first step). The **second diagonal counts 2**, every other step 1. Terrain costs do not matter; low cover does not lengthen it.',
      'On open ground that is the larger of the two differences, plus 1 when both are at least 2.',
      '**Adjacent** means touching at an edge or a corner with no wall completely between.',
    ].join('\n'),
  },
  {
    id: 'sight',
    title: 'Line of sight, cover and invisible targets',
    also: ['line of sight', 'los', 'cover', 'invisible', 'see', 'visibility'],
    cites: ['§4.1', 'R17', 'R18'],
    text: [
      'A unit **sees** a target if some straight line from the edge of its own space reaches a point inside the target’s space without crossing a wall. The bot checks corners, edge midpoints and centres of the squares involved.',
      '• **Cover** (−2 to hit, −4 at range 12 or more): no clear line reaches the **centre** of the target (walls, blocking squares, low cover, and **any unit in between**, whatever its size), or every line passes through brush.',
      '• **Invisible** (−4 to hit, and the range must be below the attacker’s Wits): every line crosses two sides of brush or smoke, or the target is invisible by a trait. The roll says which: “LO seen through brush or smoke −4” even when LO stands in the open and only the lines cross brush.',
      '• A square holding a unit bigger than the target blocks sight to it.',
      '`/skirmish view overlay:sight` shows what a unit sees: each enemy marked CLEAR, COVER, INVISIBLE or NO SIGHT with its range, and the squares out of its sight greyed and struck through.',
    ].join('\n'),
  },
  {
    id: 'attack',
    title: 'Attacking',
    also: ['attack', 'hit', 'roll', 'critical', 'crit', 'glancing blow', 'natural 20', 'natural 1', 'to hit'],
    cites: ['§4', '§4.3', '§4.34', 'R20', 'R21', 'R37'],
    text: [
      'Roll a d20, add the attack’s bonus and modifiers; reaching the target’s stat (usually Armor) hits.',
      '• Modifiers: −1 per injury of the attacker, cover −2 (−4 at long range), invisible −4, target Compromised +2, charge +2.',
      '• A natural 1 always misses. A natural 20 always hits and is **critical**, and so is beating the target by 10: +10 to the first wound the attack lists.',
      '• **Glancing blow:** a natural 13 that hits is never critical and deals 5 fewer wounds.',
      '• Effects apply in order: an **AND** effect always applies on a hit, a **THEN** effect only if the one before it wounded (wounds its Vigor absorbs count; wounds immunity or toughness take away do not).',
      'An attack with a coloured star costs that token. `/skirmish view overlay:preview` shows the odds.',
    ].join('\n'),
  },
  {
    id: 'charge',
    title: 'Charging',
    also: ['charge', 'charging'],
    cites: ['§4.5', 'R23', 'R35', 'R39'],
    text: 'A **charge** is an attack act: pay 5 Vigor, move exactly 2 squares, each bringing the unit closer to a visible enemy that was not adjacent, ending next to it (extra terrain costs ignored, no pits or obstructions), then make a single-act attack of range 3 or less at +2 to hit and +5 wounds. The charge’s movement lets nobody reply; replies to the attack itself still happen. Exhausted (0 Vigor) or Pinned units cannot charge. Pick a target offered as "charge GH … · by E9 → E10", or add `charge:true` to `/attack`: the bot charges by the squares the suggestion names (or those you choose with `path:`), and its reply says them.',
  },
  {
    id: 'special-attacks',
    title: 'Burst and slow attacks',
    also: ['burst', 'slow', 'area', 'origin'],
    cites: ['§4.5', 'R24', 'R43'],
    text: [
      '• **Burst:** aim at a square (the origin) whose centre the attacker can see, within range. Every unit within the burst’s reach of that square is attacked, allies too, but never the attacker. Cover comes from the origin square. In `/attack`, give that square (or a unit on it) as the `target`: its suggestions list the squares the burst can be centred on, whom each catches and the chance to hit each, your own units included. To see it first, `/skirmish view overlay:preview` with the burst as `attack` and the square as `target` shades its squares and names everyone it would catch, with the odds and wounds, and changes nothing. The turn’s picture shades the squares the burst covered in orange, with a solid orange edge round them and its centre square outlined, tagged BURST; the key under the map names the burst and its centre.',
      '• **Slow:** a reply to a slow attack happens before it, and can stop it by dropping the attacker.',
    ].join('\n'),
  },
  {
    id: 'wounds',
    title: 'Wounds, Vigor and injuries',
    also: ['wounds', 'injury', 'injuries', 'vigor', 'avoid', 'mortal', 'mobility', 'defensive', 'immunity', 'vulnerability', 'toughness', 'split'],
    cites: ['§4.30', '§4.4', 'R22', 'R36', 'R47'],
    text: [
      'Wounds come in fives. For each wound effect: **immunity** takes away, **vulnerability** adds, **toughness** ignores the first 5 of the round. Then the wounded unit’s owner chooses, five at a time, between:',
      '• spending **5 Vigor** to avoid 5 wounds (at 0 Vigor the unit is Exhausted), and',
      '• marking one **injury box** per 5 wounds. Every injury is −1 to the unit’s rolls, and each box has its own effect: **Mobility** −1 Move (no flying), **Defensive** −2 to all defences, a **trait** box loses that trait, and **Mortal** scores the unit’s points for the opponent at once and rolls every turn: a natural 20 drops it.',
      'Marking the last box drops the unit. Vigor never rises above the card’s starting Vigor plus its mod’s.',
    ].join('\n'),
  },
  {
    id: 'crow',
    title: 'Crowing',
    also: ['crow', 'crowing', 'regain vigor'],
    cites: ['§4.41', 'R30'],
    text: 'In a turn in which a unit dropped an enemy and still has an act, it may **crow**: one act, +5 Vigor (up to its cap). Once a round per unit. `/crow`.',
  },
  {
    id: 'reply',
    title: 'Replies (reactions)',
    also: ['reply', 'react', 'reaction', 'react token', 'attack of opportunity'],
    cites: ['§5', 'R25', 'R26', 'R27', 'R35', 'R40'],
    text: [
      'An enemy next to a unit may **reply** out of turn by spending its react token on a single-act attack:',
      '• **to a move:** when a unit leaves a square next to it during a basic move, before the step is taken. (A maneuver never allows this.)',
      '• **to an attack:** enemies next to the attacker, the target included, reply after the attack (before it, if the attack is slow). A replier dropped by the attack loses its reply.',
      'Nobody replies to a reply. Helpless units cannot reply. The bot asks the replier’s owner with buttons; a unit regains its react token by resting.',
      'A reply pays a react token on top of what its attack costs: an attack that itself costs a react token needs two to be a reply.',
    ].join('\n'),
  },
  {
    id: 'tokens',
    title: 'Tokens and resting',
    also: ['rest', 'token', 'react token', 'blue', 'red', 'action pool'],
    cites: ['§2.3', 'R31', 'R46'],
    text: 'Each unit starts with tokens: **react** (replies, and some attacks and traits), **blue** and **red** (stronger attacks and traits). **Rest** is an act that regains one react token, or a blue or red one where the card says so, never above the starting pool. Resting with a full pool is refused. `/rest`.',
  },
  {
    id: 'statuses',
    title: 'Statuses and recovery',
    also: ['status', 'recover', 'recovery', 'shaken', 'stunned', 'helpless', 'pinned', 'hobbled', 'controlled', 'glamyred', 'enraged', 'recurring'],
    cites: ['§6', '§6.1', '§6.2', 'R28', 'R33', 'R34', 'R39', 'R40'],
    text: [
      '• **Shaken** −1 act. **Stunned** −2 acts, Compromised, no replies. **Helpless** no acts, Compromised, no replies, and an adjacent attack hits critically.',
      '• **Pinned** no moves, maneuvers or charges; Compromised. **Hobbled** +1 to enter every square.',
      '• **Recurring** X wounds at the end of each of its turns.',
      '• **Controlled** an opponent gives its one act. **Glamyred** rolls at the start of its turn; a failure hands it to the opponent for that turn, and until its next turn it is Compromised and cannot react. **Enraged** rolls at the start of its turn, like a recovery roll against Wits; a failure means it must end that turn next to the nearest enemy if it can, or lose 5 Vigor and fail to recover.',
      '**Recovery:** at the end of its turn a unit rolls for one status: d20 plus 1 per injury, lower than the stat in brackets recovers; a natural 20 fails. A status the card that gives it writes with an asterisk (Pinned*) also ends when its source is no longer adjacent; any other, recurring wounds too, stays until recovered, even after its source is gone.',
    ].join('\n'),
  },
  {
    id: 'compromised',
    title: 'Compromised (flanking)',
    also: ['flank', 'flanking', 'compromised'],
    cites: ['§6.2', 'R29'],
    text: 'Attacks against a **Compromised** unit get +2. A unit is Compromised by some statuses (Pinned, Stunned, Helpless, Glamyred after a failed roll), when an attacker it cannot see sees it, or when **flanked**: a small or medium unit next to two enemies that are exactly 2 squares apart and each next to no other enemy (3 apart for a big unit).',
  },
  {
    id: 'forced-movement',
    title: 'Push, pull, move and recoil',
    also: ['push', 'pull', 'recoil', 'shove', 'forced movement', 'knockback'],
    cites: ['§4.6', 'R41', 'R42', 'R49', 'R57'],
    text: [
      '• **Move X:** the attacker moves the target up to X squares, ignoring terrain costs. **Push/Pull X:** the same, each square further from (nearer to) the attacker.',
      '• **Recoil X:** the target’s owner moves it with X movement points, paying terrain, and must end as far away as they allow. When several squares are that far, the owner is asked which; left to itself it takes the one farthest in a straight line.',
      'Entering damaging terrain this way still wounds; a pit catches the unit on the nearest open square, Shaken unless it flies.',
    ].join('\n'),
  },
  {
    id: 'traits',
    title: 'Traits',
    also: ['trait', 'fly', 'flying', 'ghostly', 'shield', 'stealthy', 'toughness', 'warleader', 'see invisible', 'aura'],
    cites: ['§4.7', '§3.2', 'R32', 'R38'],
    text: [
      '• **Fly:** over pits, obstructions and non-flying enemies, no extra cost on hard ground (lost with a Mobility injury). **Ghostly:** through walls, pits and enemies.',
      '• **Shield:** +2 Armor against attackers that are not adjacent. **Stealthy:** invisible to an enemy it has cover from, while no enemy is adjacent. **Toughness:** ignores its first 5 wounds each round.',
      '• **Warleader X:** X rerolls a round, for a lost tactics check or, spending a react token, an adjacent ally’s failed recovery roll.',
      '• Other traits are written on the card. A trait used as an act that would reach no unit is refused, and costs nothing. `/trait`.',
    ].join('\n'),
  },
];

/** The topic a player typed: its id, title, or one of its other words, ignoring case. */
export function findTopic(typed: string): RulesTopic | undefined {
  return findTopicIn(RULES_TOPICS, typed);
}
