/**
 * Players read rules by topic ("reply", "rule of three"), not by the rulebook's section numbers or the
 * rulings' codes, which they cannot look up. The engine cites them for the people who check it
 * ("(R23)", "(§3.11)"); this takes those citations out of any text a player will read.
 */
const CODE = String.raw`(?:RULINGS\s+)?(?:R\d+[a-z]?|§\s?\d+(?:\.\d+)*)`;
const CITATION = new RegExp(String.raw`\s*\(${CODE}(?:\s*(?:[–,-]|and)\s*${CODE})*\)`, 'g');

export function withoutRuleCodes(text: string): string {
  return text.replace(CITATION, '');
}
