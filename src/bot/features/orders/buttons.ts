import { callbackCodec } from "../../callback-data.js";
import { pageButtonCodec } from "../../lists/paged-list.js";

/** `ordp1:<query id>:<page>`: a page of the list. */
export const ordersPageButton = pageButtonCodec("ordp1");
/** `ordo1:<query id>:<page>:<orderId>`: one order's details, back to that page. */
export const orderOpenButton = callbackCodec("ordo1", [
  ["q", "key"],
  ["page", "int"],
  ["id", "int"],
] as const);
/** `ordf1:<query id>:<page>`: the status filter menu, opened from that page. */
export const ordersFilterButton = pageButtonCodec("ordf1");
/** `ords1:<menu query id>:<choice>`: a status of the menu (-1: all statuses). */
export const ordersStatusButton = callbackCodec("ords1", [
  ["q", "key"],
  ["i", "int"],
] as const);
