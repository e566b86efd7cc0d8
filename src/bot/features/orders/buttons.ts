import { callbackCodec } from "../../callback-data.js";

/** `ordp1:<query id>:<page>`: a page of the list. */
export const ordersPageButton = callbackCodec("ordp1", [
  ["q", "key"],
  ["page", "int"],
] as const);
/** `ordo1:<query id>:<page>:<orderId>`: one order's details, back to that page. */
export const orderOpenButton = callbackCodec("ordo1", [
  ["q", "key"],
  ["page", "int"],
  ["id", "int"],
] as const);
/** `ordf1:<query id>:<page>`: the status filter menu, opened from that page. */
export const ordersFilterButton = callbackCodec("ordf1", [
  ["q", "key"],
  ["page", "int"],
] as const);
/** `ords1:<menu query id>:<choice>`: a status of the menu (-1: all statuses). */
export const ordersStatusButton = callbackCodec("ords1", [
  ["q", "key"],
  ["i", "int"],
] as const);
