/**
 * The actions Sellsword's prompts put in their buttons' and menus' component ids (commands/codec.ts):
 * each in-game prompt's kind, and the setup's chooser, map and entry. Ids are stored on posted messages,
 * so these words never change: a button posted before must still decode.
 */
export const PROMPT_BUTTONS = ['reply', 'wounds', 'order', 'reroll', 'recover', 'recoil', 'chooser', 'map', 'entry'] as const;
