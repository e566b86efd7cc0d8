import type { AlertCallbacks } from "../../../alerts/index.js";
import { exportButton } from "../../buttons/codecs.js";
import { callbackCodec } from "../../callback-data.js";

/** `alo1:<orderId>:<orderNumber>`: an alerted order's details (found by its number). */
export const alertOrderButton = callbackCodec("alo1", [
  ["id", "int"],
  ["num", "key"],
] as const);
/** `alol1`: the newest orders, from a grouped order alert. */
export const alertOrdersButton = callbackCodec("alol1", []);
/** `alp1:<productId>`: the card of an alerted product. */
export const alertProductButton = callbackCodec("alp1", [["id", "int"]] as const);
/** `als1:<op>:<value>`: a change in /settings (the value to set, so a double tap is harmless). */
export const settingsButton = callbackCodec("als1", [
  ["op", "key"],
  ["v", "int"],
] as const);
/** `alth1:<productId>:<value>`: a product's threshold (-1: back to the chat's default). */
export const thresholdSetButton = callbackCodec("alth1", [
  ["id", "int"],
  ["v", "int"],
] as const);

/** The callback data the alert messages carry (src/alerts knows nothing of codecs). */
export const alertCallbacks: AlertCallbacks = {
  order: (id, num) =>
    alertOrderButton.encode({ id, num: /^[A-Za-z0-9_.-]{1,40}$/.test(num) ? num : "" }),
  orders: () => alertOrdersButton.encode({}),
  product: (id) => alertProductButton.encode({ id }),
  // Answered by the catalog's export button (kind "stock": the products kept under `key`).
  stockExport: (key) => exportButton.encode({ kind: "stock", arg: key }),
};
