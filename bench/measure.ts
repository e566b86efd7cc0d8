/** What every measure of `npm run bench` returns: rows of one table, each beside its bound. */
export type Verdict = "met" | "missed" | "info" | "not run";

export interface Row {
  /** The measure's number and what the row shows, e.g. "1 overhead: /orders p99". */
  measure: string;
  /** The figure as printed (with its unit) and as a number for results.json. */
  figure: string;
  value: number | null;
  /** The bound it is compared with, measured in the same run where it can be. */
  bound: string;
  /** figure / bound, where a ratio means something. */
  ratio: number | null;
  /** The target, e.g. "≤ 1.25×" or "0". */
  target: string;
  verdict: Verdict;
  /** Why a measure did not run, or what else to know (load, counts scaled down). */
  note?: string;
}

export interface BenchEnv {
  /** A redis-server of the run's own (started from PATH), shared by the measures. */
  redisUrl: string;
  /** A key prefix nobody else in this run uses. */
  prefix(name: string): string;
}

export interface Measure {
  /** The name `npm run bench -- NAME` selects it by. */
  name: string;
  number: number;
  title: string;
  /** Set when the measure cannot apply to this checkout (reported as "not run", not a failure). */
  skip?: () => string | undefined;
  /** Its time limit, when it needs more than the run's default (BENCH_MEASURE_TIMEOUT_MS). */
  timeLimitMs?: number;
  run(env: BenchEnv): Promise<Row[]>;
}

/** A row whose figure must stay at or under `bound × maxRatio` (or equal `bound` for counts). */
export function judged(
  measure: string,
  value: number,
  unit: string,
  bound: { value: number; label: string } | null,
  target: { maxRatio?: number; max?: number; min?: number; label: string },
  note?: string,
): Row {
  const ratio = bound && bound.value > 0 ? value / bound.value : null;
  let met = true;
  if (target.maxRatio !== undefined) met &&= ratio !== null && ratio <= target.maxRatio;
  if (target.max !== undefined) met &&= value <= target.max;
  if (target.min !== undefined) met &&= value >= target.min;
  return {
    measure,
    figure: `${format(value)}${unit}`,
    value,
    bound: bound?.label ?? "—",
    ratio: ratio === null ? null : Math.round(ratio * 100) / 100,
    target: target.label,
    verdict: met ? "met" : "missed",
    ...(note ? { note } : {}),
  };
}

/** A figure shown for what it tells, with no target of its own. */
export function info(measure: string, value: number, unit: string, note?: string): Row {
  return {
    measure,
    figure: `${format(value)}${unit}`,
    value,
    bound: "—",
    ratio: null,
    target: "—",
    verdict: "info",
    ...(note ? { note } : {}),
  };
}

export function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100 || Number.isInteger(value)) return String(Math.round(value));
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

/** The value below which a share `q` of the samples lies. */
export const quantile = (xs: number[], q: number) =>
  xs.length === 0
    ? Number.NaN
    : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/** A seeded generator (the same figures on every run). */
export function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` (polled every 20 ms), or fails after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}
