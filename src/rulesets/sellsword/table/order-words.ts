/**
 * Sellsword's standing orders in the words `/orders` shows them with (table/standing-orders.ts holds
 * what they answer): the command's description and its choice options, each named as its order,
 * in the order Discord lists them (replies, wound splits, rerolls, where a forced move ends).
 */
export const ORDERS_DESCRIPTION = 'Standing orders: answer replies, wound splits, rerolls and recoils without being asked';

export const ORDER_CHOICES = [
  {
    name: 'replies',
    description: 'Reply prompts',
    choices: [
      { name: 'reply when the chance to hit is at least the chance option', value: 'at' },
      { name: 'never reply', value: 'never' },
      { name: 'ask me', value: 'ask' },
    ],
  },
  {
    name: 'wounds',
    description: 'Wound splits (Mortal is marked only when nothing else is left)',
    choices: [
      { name: 'spend Vigor first', value: 'vigor' },
      { name: 'mark boxes first, keep Vigor', value: 'boxes' },
      { name: 'ask me', value: 'ask' },
    ],
  },
  {
    name: 'rerolls',
    description: 'Warleader rerolls of a lost tactics check or a failed recovery',
    choices: [
      { name: 'reroll when losing', value: 'losing' },
      { name: 'never reroll', value: 'never' },
      { name: 'ask me', value: 'ask' },
    ],
  },
  {
    name: 'recoil',
    description: 'Where your unit recoils to when several squares are as far from the attacker',
    choices: [
      { name: 'the usual square (farthest in a straight line)', value: 'usual' },
      { name: 'out of damaging terrain if it can, else the usual', value: 'safe' },
      { name: 'ask me', value: 'ask' },
    ],
  },
] as const;
