/**
 * Request validation, strict as seller-api.md says. Nothing here knows the bot's schemas.
 *
 * - Order list (4.5, section 7 rules 1-2): errors keyed by the capitalized field name
 *   (`PageNumber`, `PageSize`, `SortBy`, `SortDirection`, `Filters.OrderStatus`, ...).
 * - Product list, product details, directories: the spec gives no rules; errors are keyed by the
 *   camelCase field / query name, errorCode `VALIDATION_ERROR`.
 * - Import (2.1, 4.1, 8): no unknown property in any request object; keys like
 *   `products[3].name.rus`.
 * Unknown properties are rejected in every JSON body (a typo in the client then fails loudly
 * instead of being silently ignored the way the real service might).
 */
import type { FieldErrors, ImportProduct } from "./types.js";

export type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);
const isInt32 = (v: unknown): v is number => isInt(v) && v >= -(2 ** 31) && v < 2 ** 31;

class Collector {
  readonly errors: FieldErrors = {};
  add(key: string, code: string, description: string): void {
    const list = this.errors[key] ?? [];
    list.push({ code, description });
    this.errors[key] = list;
  }
  unknown(obj: Obj, allowed: readonly string[], prefix: string, key = (k: string) => k): void {
    for (const k of Object.keys(obj)) {
      if (!allowed.includes(k)) {
        this.add(`${prefix}${key(k)}`, "UnknownProperty", `Property '${k}' is not allowed.`);
      }
    }
  }
  result<T>(value: T): Result<T> {
    return Object.keys(this.errors).length
      ? { ok: false, errors: this.errors }
      : { ok: true, value };
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (s: string) => cap(s).replace(/([a-z])([A-Z])/g, "$1 $2");

function stringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

// ---------------------------------------------------------------- order list

export const ORDER_SORT_FIELDS = ["orderNumber", "status", "createdDate"] as const;
export interface OrdersQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: (typeof ORDER_SORT_FIELDS)[number];
  desc: boolean;
  orderStatus: string[] | null;
  search: string | null;
}

/** Defaults: page 1, size 20, sortBy createdDate, direction desc (newest first). */
export function validateOrdersList(body: unknown): Result<OrdersQuery> {
  const c = new Collector();
  if (!isObj(body)) {
    c.add("Request", "InvalidType", "The request body must be a JSON object.");
    return c.result(null as never);
  }
  c.unknown(body, ["pageNumber", "pageSize", "sortBy", "sortDirection", "filters"], "", cap);
  const { pageNumber = null, pageSize = null, sortBy = null, sortDirection = null } = body;
  if (pageNumber !== null && (!isInt32(pageNumber) || pageNumber < 1)) {
    c.add("PageNumber", "GreaterThanValidator", "'Page Number' must be greater than '0'.");
  }
  if (pageSize !== null && (!isInt32(pageSize) || pageSize < 1 || pageSize > 100)) {
    c.add(
      "PageSize",
      "InclusiveBetweenValidator",
      `'Page Size' must be between 1 and 100. You entered ${JSON.stringify(pageSize)}.`,
    );
  }
  if (sortBy !== null && !ORDER_SORT_FIELDS.includes(sortBy as never)) {
    c.add(
      "SortBy",
      "PredicateValidator",
      "'Sort By' must be one of: orderNumber, status, createdDate.",
    );
  }
  if (sortDirection !== null && !["asc", "desc", "Asc", "Desc"].includes(sortDirection as string)) {
    c.add("SortDirection", "PredicateValidator", "'Sort Direction' must be 'asc' or 'desc'.");
  }
  let orderStatus: string[] | null = null;
  let search: string | null = null;
  const filters = body.filters ?? null;
  if (filters !== null && !isObj(filters)) {
    c.add("Filters", "InvalidType", "'Filters' must be an object.");
  } else if (filters) {
    c.unknown(filters, ["orderStatus", "search"], "Filters.", cap);
    const os = filters.orderStatus ?? null;
    if (os !== null && !stringArray(os)) {
      c.add("Filters.OrderStatus", "InvalidType", "'Order Status' must be an array of strings.");
    } else orderStatus = os;
    const s = filters.search ?? null;
    if (s !== null && typeof s !== "string") {
      c.add("Filters.Search", "InvalidType", "'Search' must be a string.");
    } else search = s;
  }
  return c.result({
    pageNumber: (pageNumber as number | null) ?? 1,
    pageSize: (pageSize as number | null) ?? 20,
    sortBy: (sortBy as OrdersQuery["sortBy"] | null) ?? "createdDate",
    desc: sortDirection === null ? true : String(sortDirection).toLowerCase() === "desc",
    orderStatus,
    search,
  });
}

// ---------------------------------------------------------------- product list / details

export interface ProductsQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: "id" | "name" | "status";
  desc: boolean;
  categoryIds: number[] | null;
  productStatus: string[] | null;
  moderationProductStatus: string[] | null;
  search: string | null;
  shopId: number | null;
}

/** Defaults: page 1, size 20, sortBy id, Asc. Bounds (not in the spec): pageSize 1..100. */
export function validateProductsList(body: unknown): Result<ProductsQuery> {
  const c = new Collector();
  if (!isObj(body)) {
    c.add("request", "InvalidType", "The request body must be a JSON object.");
    return c.result(null as never);
  }
  c.unknown(body, ["pageNumber", "pageSize", "sortBy", "sortDirection", "filters"], "");
  const { pageNumber = null, pageSize = null, sortBy = null, sortDirection = null } = body;
  if (pageNumber !== null && (!isInt32(pageNumber) || pageNumber < 1)) {
    c.add("pageNumber", "GreaterThanValidator", "'Page Number' must be greater than '0'.");
  }
  if (pageSize !== null && (!isInt32(pageSize) || pageSize < 1 || pageSize > 100)) {
    c.add("pageSize", "InclusiveBetweenValidator", "'Page Size' must be between 1 and 100.");
  }
  if (sortBy !== null && !["id", "name", "status"].includes(sortBy as string)) {
    c.add("sortBy", "PredicateValidator", "'Sort By' must be one of: id, name, status.");
  }
  if (sortDirection !== null && !["Asc", "Desc"].includes(sortDirection as string)) {
    c.add("sortDirection", "PredicateValidator", "'Sort Direction' must be 'Asc' or 'Desc'.");
  }
  const q: ProductsQuery = {
    pageNumber: (pageNumber as number | null) ?? 1,
    pageSize: (pageSize as number | null) ?? 20,
    sortBy: (sortBy as ProductsQuery["sortBy"] | null) ?? "id",
    desc: sortDirection === "Desc",
    categoryIds: null,
    productStatus: null,
    moderationProductStatus: null,
    search: null,
    shopId: null,
  };
  const filters = body.filters ?? null;
  if (filters !== null && !isObj(filters)) {
    c.add("filters", "InvalidType", "'Filters' must be an object.");
  } else if (filters) {
    const keys = ["categoryIds", "productStatus", "moderationProductStatus", "search", "shopId"];
    c.unknown(filters, keys, "filters.");
    const f = filters as Record<string, unknown>;
    const cat = f.categoryIds ?? null;
    if (cat !== null && !(Array.isArray(cat) && cat.every(isInt))) {
      c.add("filters.categoryIds", "InvalidType", "'Category Ids' must be an array of integers.");
    } else q.categoryIds = cat as number[] | null;
    for (const k of ["productStatus", "moderationProductStatus"] as const) {
      const v = f[k] ?? null;
      if (v !== null && !stringArray(v)) {
        c.add(`filters.${k}`, "InvalidType", `'${words(k)}' must be an array of strings.`);
      } else q[k] = v;
    }
    const s = f.search ?? null;
    if (s !== null && typeof s !== "string") {
      c.add("filters.search", "InvalidType", "'Search' must be a string.");
    } else q.search = s;
    const shop = f.shopId ?? null;
    if (shop !== null && !isInt(shop)) {
      c.add("filters.shopId", "InvalidType", "'Shop Id' must be an integer.");
    } else q.shopId = shop;
  }
  return c.result(q);
}

/** `{productIds: number[]}`, 0..100 ids. */
export function validateProductDetails(body: unknown): Result<number[]> {
  const c = new Collector();
  if (!isObj(body)) {
    c.add("request", "InvalidType", "The request body must be a JSON object.");
    return c.result([]);
  }
  c.unknown(body, ["productIds"], "");
  const ids = body.productIds;
  if (!Array.isArray(ids) || !ids.every(isInt)) {
    c.add("productIds", "InvalidType", "'Product Ids' must be an array of integers.");
  } else if (ids.length > 100) {
    c.add("productIds", "MaxItemsValidator", "'Product Ids' must contain at most 100 items.");
  }
  return c.result(ids as number[]);
}

// ---------------------------------------------------------------- directories (query string)

export interface PageQuery {
  pageNumber: number;
  pageSize: number;
}

/** Directory paging: default 1/50, pageSize 1..100 (spec: "not shown"). */
export function validatePageQuery(query: Record<string, string>): Result<PageQuery> {
  const c = new Collector();
  const num = (name: string, def: number, max: number, code: string): number => {
    const raw = query[name];
    if (raw === undefined || raw === "") return def;
    const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? "greater than '0'" : `between 1 and ${max}`;
      c.add(name, code, `'${words(name)}' must be ${range}. You entered '${raw}'.`);
    }
    return n;
  };
  const pageNumber = num("pageNumber", 1, Number.MAX_SAFE_INTEGER, "PageNumber");
  const pageSize = num("pageSize", 50, 100, "PageSize");
  return c.result({ pageNumber, pageSize });
}

/** An optional integer query parameter (`categoryId`, `parentId`). */
export function validateIntQuery(
  query: Record<string, string>,
  name: string,
): Result<number | null> {
  const c = new Collector();
  const raw = query[name];
  if (raw === undefined || raw === "") return c.result(null);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    c.add(name, "InvalidType", `'${words(name)}' must be an integer. You entered '${raw}'.`);
  }
  return c.result(Number(raw));
}

/** `jobId` of import/info: required integer. */
export function validateJobIdQuery(query: Record<string, string>): Result<number> {
  const c = new Collector();
  const raw = query.jobId;
  if (raw === undefined || raw === "") {
    c.add("jobId", "NotEmptyValidator", "'Job Id' must not be empty.");
  } else if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    c.add("jobId", "InvalidType", `'Job Id' must be an integer. You entered '${raw}'.`);
  }
  return c.result(Number(raw));
}

// ---------------------------------------------------------------- import

export const MAX_IMPORT_PRODUCTS = 30;
const PRODUCT_KEYS = [
  "shopId",
  "productId",
  "categoryId",
  "brandId",
  "isLocalMade",
  "name",
  "description",
  "vat",
  "attributes",
  "skus",
] as const;
const SKU_KEYS = ["skuId", "attributeValueCodes", "price", "barcode", "photos"] as const;

export function validateImport(body: unknown): Result<ImportProduct[]> {
  const c = new Collector();
  if (!isObj(body)) {
    c.add("request", "InvalidType", "The request body must be a JSON object with 'products'.");
    return c.result([]);
  }
  c.unknown(body, ["products"], "");
  const products = body.products ?? null;
  if (products === null) {
    c.add("products", "NotEmptyValidator", "'Products' must not be empty.");
    return c.result([]);
  }
  if (!Array.isArray(products)) {
    c.add("products", "InvalidType", "'Products' must be an array.");
    return c.result([]);
  }
  if (products.length === 0)
    c.add("products", "NotEmptyValidator", "'Products' must not be empty.");
  if (products.length > MAX_IMPORT_PRODUCTS) {
    c.add(
      "products",
      "MaxItemsValidator",
      `'Products' must contain at most ${MAX_IMPORT_PRODUCTS} items. You sent ${products.length}.`,
    );
  }
  products.forEach((p, i) => {
    validateImportProduct(c, p, `products[${i}]`);
  });
  return c.result(products as ImportProduct[]);
}

function optionalInt(c: Collector, o: Obj, key: string, at: string, nullable: boolean): void {
  const v = o[key];
  if (v === undefined || (nullable && v === null)) return;
  if (!isInt(v)) c.add(`${at}.${key}`, "InvalidType", `'${words(key)}' must be an integer.`);
}

function requiredInt(c: Collector, o: Obj, key: string, at: string): void {
  const v = o[key];
  if (v === undefined || v === null) {
    c.add(`${at}.${key}`, "NotEmptyValidator", `'${words(key)}' must not be empty.`);
  } else if (!isInt(v)) {
    c.add(`${at}.${key}`, "InvalidType", `'${words(key)}' must be an integer.`);
  }
}

function multiLang(c: Collector, o: Obj, key: string, at: string): void {
  const v = o[key];
  const here = `${at}.${key}`;
  if (v === undefined || v === null) {
    c.add(`${here}.rus`, "NotEmptyValidator", `'${words(key)} Rus' must not be empty.`);
    return;
  }
  if (!isObj(v)) {
    c.add(here, "InvalidType", `'${words(key)}' must be an object with 'rus' and 'kaz'.`);
    return;
  }
  c.unknown(v, ["rus", "kaz"], `${here}.`);
  if (v.rus !== undefined && v.rus !== null && typeof v.rus !== "string") {
    c.add(`${here}.rus`, "InvalidType", `'${words(key)} Rus' must be a string.`);
  } else if (typeof v.rus !== "string" || v.rus.trim() === "") {
    c.add(`${here}.rus`, "NotEmptyValidator", `'${words(key)} Rus' must not be empty.`);
  }
  if (v.kaz !== undefined && v.kaz !== null && typeof v.kaz !== "string") {
    c.add(`${here}.kaz`, "InvalidType", `'${words(key)} Kaz' must be a string.`);
  }
}

function nullableStringArray(c: Collector, o: Obj, key: string, at: string): void {
  const v = o[key];
  if (v === undefined || v === null) return;
  if (!stringArray(v)) {
    c.add(`${at}.${key}`, "InvalidType", `'${words(key)}' must be an array of strings.`);
  }
}

function nullableArray(c: Collector, o: Obj, key: string, at: string): unknown[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    c.add(`${at}.${key}`, "InvalidType", `'${words(key)}' must be an array.`);
    return [];
  }
  return v;
}

function validateImportProduct(c: Collector, p: unknown, at: string): void {
  if (!isObj(p)) {
    c.add(at, "InvalidType", "A product must be a JSON object.");
    return;
  }
  c.unknown(p, PRODUCT_KEYS, `${at}.`);
  optionalInt(c, p, "shopId", at, true);
  optionalInt(c, p, "productId", at, true);
  requiredInt(c, p, "categoryId", at);
  requiredInt(c, p, "brandId", at);
  if (p.isLocalMade !== undefined && typeof p.isLocalMade !== "boolean") {
    c.add(`${at}.isLocalMade`, "InvalidType", "'Is Local Made' must be true or false.");
  }
  multiLang(c, p, "name", at);
  multiLang(c, p, "description", at);
  if (p.vat !== undefined) {
    if (!isInt32(p.vat)) c.add(`${at}.vat`, "InvalidType", "'Vat' must be an integer.");
    else if (p.vat !== 0 && p.vat !== 12) {
      c.add(`${at}.vat`, "PredicateValidator", `'Vat' must be 0 or 12. You entered ${p.vat}.`);
    }
  }
  nullableArray(c, p, "attributes", at).forEach((a, i) => {
    const here = `${at}.attributes[${i}]`;
    if (!isObj(a)) {
      c.add(here, "InvalidType", "An attribute must be a JSON object.");
      return;
    }
    c.unknown(a, ["code", "valueCodes"], `${here}.`);
    if (a.code !== undefined && a.code !== null && typeof a.code !== "string") {
      c.add(`${here}.code`, "InvalidType", "'Code' must be a string.");
    }
    nullableStringArray(c, a, "valueCodes", here);
  });
  nullableArray(c, p, "skus", at).forEach((s, i) => {
    const here = `${at}.skus[${i}]`;
    if (!isObj(s)) {
      c.add(here, "InvalidType", "A SKU must be a JSON object.");
      return;
    }
    c.unknown(s, SKU_KEYS, `${here}.`);
    optionalInt(c, s, "skuId", here, true);
    nullableStringArray(c, s, "attributeValueCodes", here);
    if (s.price === undefined || s.price === null) {
      c.add(`${here}.price`, "NotEmptyValidator", "'Price' must not be empty.");
    } else if (typeof s.price !== "number" || !Number.isFinite(s.price)) {
      c.add(`${here}.price`, "InvalidType", "'Price' must be a number.");
    }
    if (s.barcode !== undefined && s.barcode !== null && typeof s.barcode !== "string") {
      c.add(`${here}.barcode`, "InvalidType", "'Barcode' must be a string.");
    }
    nullableArray(c, s, "photos", here).forEach((ph, k) => {
      const pat = `${here}.photos[${k}]`;
      if (!isObj(ph)) {
        c.add(pat, "InvalidType", "A photo must be a JSON object.");
        return;
      }
      c.unknown(ph, ["mediaFile", "order"], `${pat}.`);
      if (ph.mediaFile !== undefined && ph.mediaFile !== null && typeof ph.mediaFile !== "string") {
        c.add(`${pat}.mediaFile`, "InvalidType", "'Media File' must be a string.");
      }
      if (ph.order === undefined || ph.order === null) {
        c.add(`${pat}.order`, "NotEmptyValidator", "'Order' must not be empty.");
      } else if (!isInt32(ph.order)) {
        c.add(`${pat}.order`, "InvalidType", "'Order' must be an integer.");
      }
    });
  });
}

// ---------------------------------------------------------------- messenger link

export interface ConfirmBody {
  token: string;
  chatId: number;
  userName: string;
  languageCode: string;
}

/** Returns a problem `detail` string on failure. */
export function validateConfirm(body: unknown): ConfirmBody | string {
  if (!isObj(body)) return "The request body must be a JSON object.";
  const extra = Object.keys(body).filter(
    (k) => !["token", "chatId", "userName", "languageCode"].includes(k),
  );
  if (extra.length) return `Unknown properties: ${extra.join(", ")}.`;
  const bad: string[] = [];
  for (const k of ["token", "userName", "languageCode"] as const) {
    if (typeof body[k] !== "string") bad.push(`'${k}' must be a string`);
  }
  if (!isInt(body.chatId)) bad.push("'chatId' must be an integer");
  if (bad.length) return `${bad.join("; ")}.`;
  return body as unknown as ConfirmBody;
}

export function validateStatus(body: unknown): number | string {
  if (!isObj(body)) return "The request body must be a JSON object.";
  const extra = Object.keys(body).filter((k) => k !== "chatId");
  if (extra.length) return `Unknown properties: ${extra.join(", ")}.`;
  if (!isInt(body.chatId)) return "'chatId' must be an integer.";
  return body.chatId;
}
