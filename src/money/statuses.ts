/**
 * What an order line's status means for the money figures. The spec lists no statuses (2.9):
 * which `statusKey`s mean cancelled, returned or a sale is a setting (MONEY_*_STATUSES), and a
 * status in none of them is `unknown`, counted apart and named, never taken as a sale.
 */
import { type MoneyConfig, normalizeStatus } from "../config.js";

/**
 * - `sale`: a sale (new, on its way, delivered…);
 * - `returned`: a sale that came back (every unit of it, unless `quantityReturned` says how many);
 * - `cancelled`: not a sale;
 * - `unknown`: a status the settings do not name.
 */
export type LineClass = "sale" | "returned" | "cancelled" | "unknown";

export type StatusWords = MoneyConfig["statuses"];

/** Whether a line of this class is a sale (its units were sold, some may have come back). */
export const isSold = (cls: LineClass) => cls === "sale" || cls === "returned";

/** The class of a `statusKey`; cancelled wins over returned, returned over sale. */
export function statusClassifier(
  words: StatusWords,
): (statusKey: string | null | undefined) => LineClass {
  const cancelled = new Set(words.cancelled.map(normalizeStatus));
  const returned = new Set(words.returned.map(normalizeStatus));
  const sale = new Set(words.sale.map(normalizeStatus));
  return (statusKey) => {
    const key = normalizeStatus(statusKey ?? "");
    if (key === "") return "unknown";
    if (cancelled.has(key)) return "cancelled";
    if (returned.has(key)) return "returned";
    return sale.has(key) ? "sale" : "unknown";
  };
}
export type Classify = ReturnType<typeof statusClassifier>;
