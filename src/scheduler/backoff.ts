/** How the delay between rounds grows. */
export interface BackoffPolicy {
  baseMs: number;
  /** Growth per round past `steadyRounds` (e.g. 1.5). */
  factor: number;
  maxMs: number;
  /** Rounds at `baseMs` before the delay grows (default 0). */
  steadyRounds?: number;
}

/** Delay after `rounds` rounds: the base for the first few, then ×factor per round, capped. */
export function backoffDelay(policy: BackoffPolicy, rounds: number): number {
  const grown = Math.max(0, rounds - (policy.steadyRounds ?? 0));
  const max = Math.max(policy.baseMs, policy.maxMs);
  return Math.min(max, Math.round(policy.baseMs * policy.factor ** grown));
}
