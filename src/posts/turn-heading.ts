/**
 * The heading of a unit's turn as its post (or the result post) tells it: "**Alice**'s turn with KN
 * (Knight) is over." A turn taken early for greater advantage says so, as its act lines do
 * (post-pictures.ts takenEarly tells which); the practice bot's turns start with 🤖, as its other lines do.
 */
export const turnOver = (player: string, who: string, early = false, bot = false): string =>
  `${bot ? '🤖 ' : ''}**${player}**'s turn with ${who}${early ? ', taken early for greater advantage,' : ''} is over.`;
