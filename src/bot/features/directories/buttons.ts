import { callbackCodec } from "../../callback-data.js";

/** `catp1:<query id>:<page>`, `brdp1:…`, `atrp1:…`: a page of a directory lookup. */
export const categoriesPageButton = callbackCodec("catp1", [
  ["q", "key"],
  ["page", "int"],
] as const);
export const brandsPageButton = callbackCodec("brdp1", [
  ["q", "key"],
  ["page", "int"],
] as const);
export const attributesPageButton = callbackCodec("atrp1", [
  ["q", "key"],
  ["page", "int"],
] as const);
