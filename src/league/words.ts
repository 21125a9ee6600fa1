/** Counted nouns in league and season words: "1 round", "3 rounds", "1 match", "2 matches". */
export function plural(n: number, one: string, many = one.endsWith('ch') || one.endsWith('s') ? `${one}es` : `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
