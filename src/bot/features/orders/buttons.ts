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
/** `ordx1:<query id>`: the period menu of an Excel export of that list (its filter and search). */
export const ordersExportButton = callbackCodec("ordx1", [["q", "key"]] as const);
/** `ordxp1:<query id>:<days>`: export the last 1, 7 or 30 days; 0: ask for dates. */
export const ordersExportPeriodButton = callbackCodec("ordxp1", [
  ["q", "key"],
  ["d", "int"],
] as const);
