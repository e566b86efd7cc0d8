import { FileRejected, megabytes } from "../../sheets/index.js";
import type { FileRejection } from "../types.js";

const OBJECT_COST = 8;

/**
 * What a result costs the bot's thread, in characters: the worker hands the result over by
 * copy, and a copy writes out every reference to a string. One long shared string (or shared
 * formula) named by thousands of cells costs the worker one string but the bot one copy per
 * cell (an 18 KB .xlsx became 2 GB there); a CSV row of a million untitled cells becomes a
 * million issues. Each object or array counts as `OBJECT_COST`; keys are shared, not counted.
 * Stops counting past `max`.
 */
export function resultCost(value: unknown, max: number): number {
  let total = 0;
  const stack: object[] = [];
  /** Strings counted where they are met; only objects and arrays wait on the stack. */
  const meet = (item: unknown) => {
    if (typeof item === "string") total += item.length;
    else if (typeof item === "object" && item !== null) stack.push(item);
  };
  meet(value);
  while (stack.length > 0 && total <= max) {
    const item = stack.pop()!;
    total += OBJECT_COST;
    // `for…in` rather than Object.values: no array made for every object counted.
    if (Array.isArray(item)) for (const field of item) meet(field);
    else for (const key in item) meet((item as Record<string, unknown>)[key]);
  }
  return total;
}

/** What a result may cost: twice the text the largest CSV or JSON could hold. */
export const resultTextLimit = (maxBytes: number) => 2 * maxBytes;

/**
 * The refusal of a result past `max` characters, as the bot's thread would see it (see
 * `resultCost`).
 */
export const tooMuchText = (max: number) =>
  new FileRejected<FileRejection>("too-much-text", { max: megabytes(max) });

/**
 * Counts what the issues noted so far will cost, and refuses the file as soon as they alone pass
 * `max`: a CSV row of a million untitled cells is refused after the issues that pass it, not
 * after a million issues made, sorted and then counted.
 */
export class IssueBudget {
  private spent = 0;
  constructor(private readonly max = Number.POSITIVE_INFINITY) {}

  spend(issue: unknown): void {
    // No limit given (a reading whose result is only checked whole): nothing to count.
    if (this.max === Number.POSITIVE_INFINITY) return;
    this.spent += resultCost(issue, this.max);
    if (this.spent > this.max) throw tooMuchText(this.max);
  }
}
