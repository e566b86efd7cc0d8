import { setImmediate as nextTurn } from "node:timers/promises";
import type { EditRow, EditRows } from "../import/index.js";
import { type Planned, planApply } from "./apply.js";
import { type Basis, type Change, changeOrder, type Diff, diffEdits } from "./diff.js";
import type { LiveCard } from "./fields.js";

/**
 * Products compared (or planned) between two turns of the event loop: a return of 20,000 SKUs
 * is about half a second of work for each, which would hold every other chat of the process.
 */
const PRODUCTS_AT_ONCE = 500;

/** `items` in runs of whole products, in the order each product first comes. */
function byProducts<T>(items: readonly T[], productOf: (item: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(productOf(item));
    if (group) group.push(item);
    else groups.set(productOf(item), [item]);
  }
  const runs: T[][] = [];
  let run: T[] = [];
  let products = 0;
  for (const group of groups.values()) {
    run.push(...group);
    if (++products % PRODUCTS_AT_ONCE === 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0 || runs.length === 0) runs.push(run);
  return runs;
}

/**
 * Parts worked apart as one: each list joined in order, each count added. Every part shares
 * the same shape (the same function made them), so whatever they hold is joined.
 */
function joined<T extends object>(parts: readonly T[]): T {
  const [first, ...rest] = parts as Record<string, unknown>[];
  const whole = { ...first! };
  for (const part of rest) {
    for (const [key, value] of Object.entries(part)) {
      const held = whole[key];
      if (Array.isArray(held) && Array.isArray(value)) whole[key] = [...held, ...value];
      else if (typeof held === "number" && typeof value === "number") whole[key] = held + value;
    }
  }
  return whole as T;
}

/** `diffEdits`, a few hundred products a turn: the same difference, in the same order. */
export async function diffInTurns(
  edits: EditRows,
  cards: ReadonlyMap<number, LiveCard>,
  basis: Basis,
): Promise<Diff> {
  const parts: Diff[] = [];
  for (const rows of byProducts<EditRow>(edits.rows, (row) => row.productId)) {
    if (parts.length > 0) await nextTurn();
    parts.push(diffEdits({ ...edits, rows }, cards, basis));
  }
  const diff = joined(parts);
  // Each part in the preview's order; as one, in it again (rows unread in the file's order).
  diff.changes.sort(changeOrder);
  diff.unreadable.sort((a, b) => a.row - b.row);
  return diff;
}

/** `planApply`, a few hundred products a turn: the same cards, in the same order. */
export async function planInTurns(
  diff: Diff,
  changes: readonly Change[],
  cards: ReadonlyMap<number, LiveCard>,
): Promise<Planned> {
  // The products in planApply's own order: those changed, then those only given new SKUs.
  const ids = [
    ...new Set([...changes.map((c) => c.productId), ...diff.newSkus.map((n) => n.productId)]),
  ];
  const parts: Planned[] = [];
  for (const run of byProducts(ids, (id) => id)) {
    if (parts.length > 0) await nextTurn();
    const chosen = new Set(run);
    const own = { ...diff, newSkus: diff.newSkus.filter((n) => chosen.has(n.productId)) };
    parts.push(
      planApply(
        own,
        changes.filter((c) => chosen.has(c.productId)),
        cards,
      ),
    );
  }
  return joined(parts);
}
