/** Texts for chats: HTML escaping, shortening, localized values, formatters per locale. */

export { apiErrorText, fieldLabel, orderStatusName, orderStatusText } from "./fields.js";
export {
  createFormatters,
  type Formatters,
  formatDateTime,
  formatMoney,
  formatNumber,
  type LocaleFormatters,
  parseIsoInstant,
} from "./format.js";
export { escapeHtml } from "./html.js";
export { productStateKey } from "./states.js";
export {
  fitBlocks,
  fitBlocksCounted,
  htmlToText,
  localized,
  shorten,
  shortenText,
} from "./text.js";
export * from "./time.js";
