import { callbackCodec } from "../../callback-data.js";

/**
 * `capp1:<preview id>:<mode>`: apply a preview. Mode: 0 the safe changes, 1 with the risky
 * ones, 2 with the conflicts, 3 everything; 9 cancel.
 */
export const applyButton = callbackCodec("capp1", [
  ["id", "key"],
  ["mode", "int"],
] as const);
/** `cund1:<undo id>`: put back what an apply changed. */
export const undoButton = callbackCodec("cund1", [["id", "key"]] as const);
/** `cprs1:<productId>:<skuId>`: the SKU whose price to change. */
export const priceSkuButton = callbackCodec("cprs1", [
  ["id", "int"],
  ["sku", "int"],
] as const);

export const MODE_CANCEL = 9;
export const selectionOf = (mode: number) => ({
  risky: (mode & 1) === 1,
  conflicts: (mode & 2) === 2,
});
