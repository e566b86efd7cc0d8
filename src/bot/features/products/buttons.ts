import { callbackCodec } from "../../callback-data.js";

/** `prdp1:<query id>:<page>`: a page of the list. */
export const productsPageButton = callbackCodec("prdp1", [
  ["q", "key"],
  ["page", "int"],
] as const);
/** `prdo1:<query id>:<page>:<productId>`: a product's card, sent below the list. */
export const productOpenButton = callbackCodec("prdo1", [
  ["q", "key"],
  ["page", "int"],
  ["id", "int"],
] as const);
/** `prdb1:<query id>:<page>`: back from a card to the list page it was opened from. */
export const productBackButton = callbackCodec("prdb1", [
  ["q", "key"],
  ["page", "int"],
] as const);
