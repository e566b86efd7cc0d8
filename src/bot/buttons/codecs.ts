import { callbackCodec } from "../callback-data.js";

/**
 * Codecs of buttons that one feature shows and another answers. They live here so that
 * neither feature imports the other: the product card carries the threshold button, the
 * alerts feature answers it.
 */

/** `altm1:<productId>`: the threshold menu of a product (from its card). */
export const thresholdMenuButton = callbackCodec("altm1", [["id", "int"]] as const);

/** `cprc1:<productId>`: change a price from the product card (the catalog feature answers it). */
export const priceMenuButton = callbackCodec("cprc1", [["id", "int"]] as const);
/**
 * `cexp1:<kind>:<arg>`: an export of the catalog (`all`, `csv`, `cat` id, `q` list query id,
 * `stock` the key of a stock alert's products).
 */
export const exportButton = callbackCodec("cexp1", [
  ["kind", "key"],
  ["arg", "key"],
] as const);
/** `lngm1`: the language picker (the private /settings screen's "language" button). */
export const languageMenuButton = callbackCodec("lngm1", []);
