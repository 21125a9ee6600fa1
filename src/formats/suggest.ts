/** "Did you mean …?" for mistyped ids: the closest known id within a small edit distance. */

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Math.max(2, Math.floor(word.length / 4)) + 1;
  for (const k of known) {
    const d = editDistance(word, k);
    if (d < bestScore) [best, bestScore] = [k, d];
  }
  return best;
}

export function didYouMean(word: string, known: Iterable<string>): string {
  const hit = closest(word, known);
  return hit === undefined ? '' : ` (did you mean "${hit}"?)`;
}
