import { callbackCodec } from "../../callback-data.js";

/**
 * `capp1:<preview id>:<mode>`: apply a preview. Mode: the safe changes, and with them the
 * risky ones (bit 1), the conflicts (bit 2), those nobody can tell whose they are (bit 4);
 * 9 cancel.
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
export const MODE_RISKY = 1;
export const MODE_CONFLICTS = 2;
export const MODE_UNVERIFIED = 4;
export const selectionOf = (mode: number) => ({
  risky: (mode & MODE_RISKY) !== 0,
  conflicts: (mode & MODE_CONFLICTS) !== 0,
  unverified: (mode & MODE_UNVERIFIED) !== 0,
});
