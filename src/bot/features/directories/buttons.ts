import { pageButtonCodec } from "../../lists/paged-list.js";

/** `catp1:<query id>:<page>`, `brdp1:…`, `atrp1:…`: a page of a directory lookup. */
export const categoriesPageButton = pageButtonCodec("catp1");
export const brandsPageButton = pageButtonCodec("brdp1");
export const attributesPageButton = pageButtonCodec("atrp1");
