import { callbackCodec } from "../../callback-data.js";
import { pageButtonCodec } from "../../lists/paged-list.js";

/** `prdp1:<query id>:<page>`: a page of the list. */
export const productsPageButton = pageButtonCodec("prdp1");
/** `prdo1:<query id>:<page>:<productId>`: a product's card, sent below the list. */
export const productOpenButton = callbackCodec("prdo1", [
  ["q", "key"],
  ["page", "int"],
  ["id", "int"],
] as const);
/** `prdb1:<query id>:<page>`: back from a card to the list page it was opened from. */
export const productBackButton = pageButtonCodec("prdb1");
