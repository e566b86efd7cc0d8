/**
 * Row and position numbers as a seller reads them: `3, 5–7, 9`, at most `maxRuns` runs then
 * `…`. Shared by the import's problem lists and the watcher's summaries.
 */
export function compactNumbers(numbers: readonly number[], maxRuns = 6): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return runs.length > maxRuns ? `${runs.slice(0, maxRuns).join(", ")}, …` : runs.join(", ");
}
