/**
 * Sword and Claw's `/rules` topics: the first slice as it is played here, in players' words (a square
 * is an inch). Rules are named by topic; the rulebook's sections and rulings are in `cites` only.
 */
import type { RulesTopic } from '../ruleset';

export const SC_RULES_TOPICS: readonly RulesTopic[] = [
  {
    id: 'winning',
    title: 'Winning',
    also: ['victory', 'end', 'score', 'elimination', 'concede', 'round limit', 'last round'],
    cites: ['SC Sequence', 'SC Troops', 'SC32'],
    text: [
      'The match ends when every troop of one side has been removed, or when a player concedes (`/skirmish concede`).',
      '• Each side scores the Point Value of the enemy troops it removed; the score is shown with the result.',
      '• A league may set a last round: when its second turn ends, the side with the higher score wins (equal scores: a draw).',
    ].join('\n'),
  },
  {
    id: 'deployment',
    title: 'Deployment',
    also: ['setup', 'deploy', 'roll-off', 'attacker', 'defender', 'zone', 'edge'],
    cites: ['SC Set-up 4', 'SC Set-up 5', 'SC Set-up 7', 'SC9', 'SC10', 'SC11'],
    text: [
      'Before the first turn each side sets up its troops.',
      '• **Attacker and defender:** each player rolls a d6 (ties roll again); the higher roll attacks. The defender takes one short edge of the map, the attacker the other.',
      '• **Zone:** each side rolls a d6 and adds 3: its troops deploy within that many squares of its own edge, every square of a troop inside the zone, none on hard blocking terrain or on another troop.',
      '• The attackers deploy first, then the defenders: `/order deploy troop: square:` for each troop, `/order done` when all are placed. If time runs out, the troops left are placed on the free squares nearest the edge.',
      '• Then the attackers play the first turn.',
    ].join('\n'),
  },
  {
    id: 'turn',
    title: 'Your turn: steps',
    also: ['steps', 'sequence', 'round', 'next', 'end turn'],
    cites: ['SC Sequence', 'SC Reset a', 'SC Saving Throws a', 'SC21'],
    text: [
      'A side plays its whole turn, giving orders to many troops, in steps: first **movement**, then **ranged** attacks (passed when none of your troops can shoot), then **melee** (spellcasting is not played here yet).',
      '• `/order next` closes the step you are in; `/order end` ends your turn. Each troop gets one movement order a turn.',
      '• When both sides have played a turn, the round is over.',
    ].join('\n'),
  },
  {
    id: 'movement',
    title: 'Movement: Move, Run, Slide',
    also: ['move', 'run', 'slide', 'diagonal', 'diagonals', '1-2-1-2', 'inches', 'corner', 'corners'],
    cites: ['SC Movement a', 'SC Movement c', 'SC8', 'SC12'],
    text: [
      'In the movement step each troop may take one order: **Move** (up to its Move in inches), **Run** (double its Move, but it may not fight in the melee step), or **Slide** (1 inch, 2 for Large and Huge troops). A troop that slides may then move, but that counts as a run.',
      '• **Diagonals:** a straight step costs 1. Diagonal steps count 1, 2, 1, 2…: every second diagonal in a move costs 2.',
      '• A troop may never enter an enemy’s square or hard blocking terrain, and a diagonal step may not cut the corner of hard blocking terrain or squeeze between two enemies.',
      '• A troop may pass through friends (their squares count as difficult terrain unless the two are two sizes apart) but may not end on them.',
      '• The suggestions for `to:` list only squares the troop can reach, with what each costs.',
    ].join('\n'),
  },
  {
    id: 'charge',
    title: 'Charge',
    also: ['charge', 'charging', 'nimble', "can't run", 'charge only'],
    cites: ['SC Movement a', 'SC33', 'SC34', 'SC35', 'SC36'],
    text: [
      '`/order charge troop: target:` sends a troop up to double its Move straight at an enemy, by the cheapest way to a square next to it. Then a d6: on 1–2 it has one inch less (a step back if it used them all), on 3–4 it stays, on 5–6 it goes one space further.',
      '• A troop that charged may fight in the melee step, with its Charge Only attacks too, but not shoot, and not with attacks that come from it like a shot (cones, lines, auras, fans).',
      '• A troop that cannot run charges only its Move. A Nimble Charger may first move up to its Move any way (`via:`), then charge with the inches left.',
    ].join('\n'),
  },
  {
    id: 'difficult-terrain',
    title: 'Difficult terrain',
    also: ['difficult', 'terrain', 'brush', 'rough'],
    cites: ['SC Difficult Terrain', 'SC12'],
    text: [
      'Each square of difficult terrain a troop enters costs 1 inch more.',
      '• A Large troop ignores one such square each step and a Huge troop two, so big troops cross rough ground more easily.',
    ].join('\n'),
  },
  {
    id: 'templates',
    title: 'Cones, fans, lines and auras',
    also: ['cone', 'fan', 'line', 'aura', 'template', 'templates', 'breath', 'projected'],
    cites: ['SC Melee c', 'SC App. B Cone', 'SC App. B Fan', 'SC App. B Line', 'SC App. B Aura', 'SC45', 'SC46', 'SC47', 'SC48'],
    text: [
      'An attack with a **Cone**, **Fan**, **Line** or **Aura** comes from the troop like a shot and is made in the melee step: `/order attack troop: attack: target:` aims it from the centre of the troop at the enemy you name, next to it or not; the suggestions say whom it would cover, yours included.',
      '• A Cone is a 45° wedge and a Fan a 90° one, reaching their length in inches past the troop; each square at least half under them is covered. A Line covers its length in squares along the line through the target. An Aura covers every square within its size in inches around the troop, wherever it is aimed.',
      '• Every troop under it, friend or foe, is rolled against on its own: a d10 plus the skill against its Ranged Defense, with −1 for a Hurt attacker and the cover between (no range, Aim, fight or flank modifiers). A wall that hides a troop keeps it off; other troops only give it cover.',
      '• One that hits automatically rolls no d10, and a shield then adds 1 to To Wound. Not after a charge, and never as an opportunity attack.',
    ].join('\n'),
  },
  {
    id: 'sweep',
    title: 'Sweep',
    also: ['sweep', 'tail', 'clockwise', 'counterclockwise'],
    cites: ['SC App. B Sweep', 'SC Opportunity Attacks', 'SC49', 'SC50'],
    text: [
      'A **Sweep** attack (Sweep 5: five squares) is declared at an enemy next to the troop: `/order attack troop: attack: target: turn: squares:`. It strikes square by square round the troop from that enemy, `clockwise` unless you say `counterclockwise`, corner squares included.',
      '• Every troop in those squares, yours too, gets its own roll to hit and damage. You may stop short with `squares:`, never skip one.',
      '• As opportunity attacks it strikes only the mover, but the troop may make as many a round as its sweep’s size.',
    ].join('\n'),
  },
  {
    id: 'melee',
    title: 'The melee step',
    also: ['attack', 'fight', 'strike', 'melee step', 'declare'],
    cites: [
      'SC Melee a',
      'SC Melee b',
      'SC Melee d',
      'SC Troops',
      'SC App. B Automatically hits',
      'SC App. B Number of attacks equals health',
      'SC App. B Slow',
      'SC App. B Reach',
      'SC6',
      'SC7',
      'SC27',
      'SC28',
      'SC29',
    ],
    text: [
      'In the melee step your troops next to an enemy declare their attacks: `/order attack troop: attack: target:`, as many as the troop’s attacks allow (a card’s “Or” attacks are one choice or the other).',
      '• Nothing happens until you close the step with `/order next`: then every declared attack is rolled, in the order declared.',
      '• The damage is applied only after all have been rolled, so a troop removed in the step still strikes back in it.',
      '• A troop that ran this turn may not fight.',
      '• Some attacks strike once for each wound the troop has left (or half of them, rounded up), and some hit automatically: no roll to hit, but a Hurt attacker rolls its damage at −2. A Slow attack is made only by a troop that has not moved this turn (Aim and Reload do not count as moving). A Reach attack (a pike) strikes a target one square further, past a troop but not through a wall.',
    ].join('\n'),
  },
  {
    id: 'ranged',
    title: 'The ranged step',
    also: ['shoot', 'shot', 'shots', 'ranged step', 'range', 'bow', 'crossbow', 'ranged defense', 'aim', 'area', 'deviate', 'deviation', 'scatter'],
    cites: ['SC Ranged a', 'SC Ranged c', 'SC Ranged d', 'SC Ranged f', 'SC Ranged h', 'SC Area attacks', 'SC18', 'SC20', 'SC22', 'SC24', 'SC25', 'SC26'],
    text: [
      'In the ranged step your troops declare their shots: `/order shoot troop: attack: target:`. A troop that ran, slid or charged, or has an enemy next to it, may not shoot.',
      '• The target must be an enemy the troop sees, within the Long number of the weapon’s range (Short/Medium/Long, like 6/12/18), counted like a move in the open.',
      '• `/order next` rolls every shot in the order declared; the wounds land after the last one.',
      '• **Aim** (`/order aim`) is a movement order: the troop stays put and gets +1 on its first shot this turn.',
      '• A crossbow (Requires Reload) must be reloaded after it fires: `/order reload`, as the troop’s movement order or instead of shooting, never with an enemy next to it.',
      '• To hit: a d10 plus the skill against the target’s Ranged Defense; −1 at Medium range, −2 at Long, −1 when the shooter is Hurt, cover as in Line of sight, and −2 when the target stands next to your own troops: a shot that misses only by that −2 hits a troop next to the target instead.',
      '• An **Area** attack (Area 2 covers 2×2 squares) lands on the target’s square and needs only 5, with no −2 for a fight; every troop under it, yours too, rolls its own damage, and a shield adds 1 to To Wound. A miss drifts as many squares as it missed 5 by (no more than half the range), in the direction a d8 gives (1 north, then clockwise); landing past Long range halves the damage, off the table it hits nobody.',
    ].join('\n'),
  },
  {
    id: 'sight',
    title: 'Line of sight and cover',
    also: ['sight', 'line of sight', 'los', 'see', 'cover', 'light cover', 'trees', 'blocking'],
    cites: ['SC Line of Sight', 'SC Cover', 'SC Ranged e', 'SC16', 'SC17', 'SC19'],
    text: [
      'From any point of the shooter’s space, lines are drawn to the four corners of the target’s space: the target is seen when one of them passes no wall, hill or troop (running along one’s side counts as passing it).',
      '• When two or more of the lines meet walls or troops, the target is in **cover**: −1 to hit for each inch of it. Trees give −1 for every two inches and never block.',
      '• A troop shorter than the shooter or the target is shot over once there is an inch of space between it and the shooter (two if it is a size larger than the shooter, three if two sizes).',
      '• The bot picks the point that sees best; the target suggestions of `/order shoot` say when a target is in cover.',
    ].join('\n'),
  },
  {
    id: 'to-hit',
    title: 'To hit',
    also: ['hit', 'd10', 'defense', 'defence', 'melee defense', 'skill'],
    cites: ['SC To-Hit', 'SC Attacks 1', 'SC Attacks 2', 'SC App. A Skeleton'],
    text: [
      'Roll a d10 and add the attack’s To-hit (minus 1 if the attacker is Hurt).',
      '• A melee attack hits when the total reaches the target’s Melee Defense, a ranged attack its Ranged Defense (see The ranged step). A Skeleton’s Ranged Defense is 1 more than its card says.',
    ].join('\n'),
  },
  {
    id: 'to-wound',
    title: 'Damage and To-Wound',
    also: ['damage', 'wound', 'wounds', 'd6', 'to wound', 'removed', 'removal'],
    cites: ['SC Attacks 3', 'SC Attacks 4', 'SC Troops', 'SC App. A Dispersed', 'SC5', 'SC30'],
    text: [
      'A hit rolls a d6 and adds the attack’s damage bonus.',
      '• The target’s card lists its **To Wound** numbers: each number the damage reaches is one wound. A “+x” after the last number adds another wound for every x more.',
      '• A troop whose wounds reach its Wounds is removed from the table.',
      '• A **Dispersed** troop (a swarm) takes at most 1 wound a hit, except from an Area attack.',
    ].join('\n'),
  },
  {
    id: 'hurt',
    title: 'Hurt',
    also: ['hurt', 'half', 'wounded'],
    cites: ['SC Hurt'],
    text: [
      'A troop that has taken wounds equal to half its Wounds or more is **Hurt**: it takes −1 on its rolls to hit.',
      '• The picture marks it with an H badge.',
    ].join('\n'),
  },
  {
    id: 'opportunity',
    title: 'Opportunity attacks',
    also: ['opportunity', 'free attack', 'leaving', 'disengage'],
    cites: ['SC Opportunity Attacks', 'SC13', 'SC14', 'SC15'],
    text: [
      'When a troop moves out of a square next to an enemy (other than by a Slide), that enemy’s player is asked whether it attacks, with buttons.',
      '• Each enemy may attack a moving troop once per move, and makes no more opportunity attacks in a round than it has attacks.',
      '• The attack is rolled at once: a moving troop that is removed stops there. If the player does not answer in time, there is no attack.',
      '• Sliding away is the safe way out of a fight.',
    ].join('\n'),
  },
];
