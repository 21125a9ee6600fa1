/**
 * Sellsword at the table: the words and choices its commands, prompts and suggestions show, reached by
 * the application's Sellsword commands (those listed in .dependency-cruiser.cjs `sellswordImporters`)
 * until Sellsword is played through the boundary's `TableRules`.
 */
export { cardAltText } from './card-alt';
export { chargeInstead } from './charge-instead';
export { PROMPT_BUTTONS } from './prompt-buttons';
