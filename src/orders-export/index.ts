/** Orders to Excel: the period, the pages of orders in it, and the streamed sheet. */
export * from "./collect.js";
export * from "./period.js";
export * from "./sheet.js";
