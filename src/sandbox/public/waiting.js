// Who a channel waits on: the bot's ping that asks one player to act, until a later post ends it.
// Kept free of the page's DOM so tests can import it.

/**
 * The player a message waits for, or null: a prompt (buttons or a menu) that pings one player, or a
 * ping that asks them ("<@bob>, it's your turn…", "<@bob>, go on with…"). A mention that only names
 * someone ("<@bob> concedes.", the result's "<@bob>" after the score) waits for nobody.
 */
export function waitsOn(message) {
  if (message.ephemeral || message.mentions.length !== 1) return null;
  const player = message.mentions[0];
  const prompt = (message.components ?? []).length > 0;
  const asks = typeof message.content === 'string' && message.content.includes(`<@${player}>,`);
  return prompt || asks ? player : null;
}

/**
 * The message the channel waits on: the bot's latest message that names players, if it waits for
 * someone. A later post that names players without asking anything (a match's result) ends the wait,
 * so a finished match waits on nobody.
 * @param {any[]} messages the channel's messages, oldest first
 * @param {string} botId
 * @returns {any | undefined}
 */
export function latestPing(messages, botId) {
  const addressed = messages.filter((m) => m.author.id === botId && !m.ephemeral && m.mentions.length > 0).at(-1);
  return addressed && waitsOn(addressed) ? addressed : undefined;
}
