/**
 * Sellsword at the table: the words and choices its commands, prompts and suggestions show, and its
 * prompts' answers, as plain data. Reached by the application's Sellsword commands (those listed in
 * .dependency-cruiser.cjs `sellswordImporters`), which give them Discord's form, until Sellsword is
 * played through the boundary's `TableRules`.
 */
export { cardAltText } from './card-alt';
export { attacksAt, attacksWithOdds, attackToRefuse } from './attack-at';
export { chargeInstead, chargeRefused } from './charge-instead';
export { inMapLabels, unitName } from './map-labels';
export { strikableOnSquare, strikableOnSquareFor } from './square-target';
export { PROMPT_BUTTONS } from './prompt-buttons';
export type { Answered, PlainButton, PlainOption, PlainPart, PlainPrompt } from './prompt-plain';
export { gamePromptAnswer, gamePromptPost, rerollRecord } from './prompt-game';
export { setupPromptAnswer, setupPromptPost, setupRerollRecord } from './prompt-setup';
export { promptMapFile, promptPicture } from './prompt-recoil';
export { replyFacts, woundFacts } from './prompt-facts';
export { burstPreviewWords } from './burst-preview';
export { reachDamageWords } from './reach-words';
export { chanceWhy, oddsHead, oddsWords, woundWords } from './odds-words';
export { readTargetValue, targetValue } from './target-value';
export {
  attackChoices,
  attackIdTyped,
  soleAttack,
  chargeTargetValue,
  damagingWounds,
  fitName,
  type Memo,
  type Names,
  notYoursWhy,
  squareChoices,
  squareWords,
  targetChoices,
  tokenChoices,
  unitChoiceName,
  unitChoices,
  viewAttackChoices,
  viewTargetChoices,
} from './act-suggestions';
export { traitChoices, traitTargetChoices } from './trait-suggestions';
export { ACT_WORDS, openActHint, UNIT_ONLY_ACTS } from './act-words';
export { ORDER_CHOICES, ORDERS_DESCRIPTION } from './order-words';
export {
  BOX_KINDS,
  type BoxKind,
  describeOrders,
  gameAnswer,
  ORDER_FIELDS,
  type Orders,
  setupAnswer,
  splitWords,
  woundSplit,
} from './standing-orders';
