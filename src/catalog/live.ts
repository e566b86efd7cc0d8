import { type Characteristics, characteristicsOf, type DirectoryListing } from "../import/index.js";
import { createLimit, type Limit } from "../limit.js";
import {
  type ProductDetail,
  type ProductListItem,
  type ProductListRequest,
  pagingEnd,
  type SellerApi,
} from "../seller-api/index.js";
import type { LiveCard, LiveSku } from "./fields.js";

/** The Seller API calls the catalog reads with. */
export type CatalogSeller = Pick<
  SellerApi,
  "listProducts" | "productDetails" | "attributes" | "attributeValues" | "importProducts"
>;

/** products/details takes at most this many ids per call (the import's own batch size). */
export const DETAILS_BATCH = 30;
/** Detail calls in flight at once. */
export const DETAILS_CONCURRENCY = 3;
const LIST_PAGE_SIZE = 100;
/** List pages in flight at once (the same limit as details). */
const LIST_CONCURRENCY = 3;
/** A bound on one reading: 500 pages of 100 products. */
const MAX_LIST_PAGES = 500;
const DIRECTORY_PAGE_SIZE = 100;
const MAX_DIRECTORY_PAGES = 200;

/** Id → code translations the directories give (ids beside codes); maybe none. */
export interface Codes {
  attributes: Map<number, string>;
  values: Map<number, string>;
  /** Value id → the code of the attribute whose group lists it. */
  valueAttributes: Map<number, string>;
  /** Value id → its name as the directory gives it (a SKU's variant, «128 ГБ»). */
  valueNames: Map<number, string>;
  /** Every characteristic and value the directories list, with its name where they give one. */
  listed: DirectoryListing;
  /** Their names both ways (read once every page is in). */
  names: Characteristics;
}

const unlimited: Limit = (task) => task();

/** Every page of the attribute and attribute-value directories, ids to codes where given. */
export async function readCodes(seller: CatalogSeller, limit: Limit = unlimited): Promise<Codes> {
  const attributes = new Map<number, string>();
  const values = new Map<number, string>();
  const valueAttributes = new Map<number, string>();
  const valueNames = new Map<number, string>();
  const listed = new Set<string>();
  const listing: DirectoryListing = { attributes: [], values: [] };
  const ended = pagingEnd();
  for (let page = 1; page <= MAX_DIRECTORY_PAGES; page++) {
    const got = await limit(() =>
      seller.attributes({ pageNumber: page, pageSize: DIRECTORY_PAGE_SIZE }),
    );
    const items = got.items ?? [];
    const before = listed.size;
    for (const a of items) {
      if (!listed.has(a.code)) listing.attributes.push({ code: a.code, ...named(a.name) });
      listed.add(a.code);
      if (a.id != null) attributes.set(a.id, a.code);
    }
    const fresh = listed.size > before;
    if (ended({ page, count: items.length, fresh, totalCount: got.totalCount })) break;
  }
  const codes = { attributes, values, valueAttributes, valueNames, listed: listing };
  const read = await readValues(seller, undefined, codes, limit);
  // A directory that lists values only per attribute: asked attribute by attribute.
  if (read === 0) for (const code of listed) await readValues(seller, code, codes, limit);
  return { ...codes, names: characteristicsOf(listing) };
}

/** Pages of attribute values (all, or one attribute's), ids to codes where given; how many. */
async function readValues(
  seller: CatalogSeller,
  attributeCode: string | undefined,
  into: Pick<Codes, "values" | "valueAttributes" | "valueNames" | "listed">,
  limit: Limit,
): Promise<number> {
  let seen = 0;
  const known = new Set<string>();
  const ended = pagingEnd();
  for (let page = 1; page <= MAX_DIRECTORY_PAGES; page++) {
    const got = await limit(() =>
      seller.attributeValues({
        pageNumber: page,
        pageSize: DIRECTORY_PAGE_SIZE,
        ...(attributeCode && { attributeCode }),
      }),
    );
    let count = 0;
    let fresh = false;
    for (const group of got.data ?? []) {
      for (const v of group.values ?? []) {
        count++;
        const key = `${group.attributeCode}\u0000${v.code}`;
        if (!known.has(key)) {
          fresh = true;
          const { attributeCode } = group;
          into.listed.values.push({ attributeCode, code: v.code, ...named(v.name) });
        }
        known.add(key);
        if (v.id == null) continue;
        into.values.set(v.id, v.code);
        into.valueAttributes.set(v.id, group.attributeCode);
        if (v.name?.trim()) into.valueNames.set(v.id, v.name.trim());
      }
    }
    seen += count;
    if (ended({ page, count, fresh, totalCount: got.totalCount })) break;
  }
  return seen;
}

const named = (name: string | null | undefined) => (name?.trim() ? { name: name.trim() } : {});

/** The directories' characteristics with their names (the import of new products asks for them). */
export const readCharacteristics = async (seller: CatalogSeller): Promise<Characteristics> =>
  (await readCodes(seller)).names;

/** Products of a category, of a search, or these ids (a stock alert's), read from the list. */
export type ListFilter = { categoryId?: number; search?: string; productIds?: readonly number[] };

/** A list page as it comes: its products, its number, the products read and the total known. */
export type OnListPage = (
  products: ProductListItem[],
  page: number,
  read: number,
  total: number,
) => void;

/**
 * Every product of the list (whole catalog, one category or a search): the first page gives
 * the total, the other pages are then asked for at once through `limit` (3 in flight unless a
 * reading shares its own). Products in page order, each once; `onPage` as each page comes.
 */
export async function listAll(
  seller: CatalogSeller,
  filter: ListFilter,
  onPage?: OnListPage,
  limit: Limit = createLimit(LIST_CONCURRENCY),
): Promise<ProductListItem[]> {
  const filters: ProductListRequest["filters"] = {
    ...(filter.categoryId !== undefined && { categoryIds: [filter.categoryId] }),
    ...(filter.search && { search: filter.search }),
  };
  const pages: ProductListItem[][] = [];
  let read = 0;
  let total = 0;
  // The list has no id filter: its pages are read whole and only these ids kept.
  const only = filter.productIds && new Set(filter.productIds);
  const kept = (products: ProductListItem[]) =>
    only ? products.filter((p) => only.has(p.productId)) : products;
  const readPage = async (page: number) => {
    const got = await limit(() =>
      seller.listProducts({
        pageNumber: page,
        pageSize: LIST_PAGE_SIZE,
        sortBy: "id",
        sortDirection: "Asc",
        filters,
      }),
    );
    const products = got.products ?? [];
    pages[page - 1] = kept(products);
    read += products.length;
    total = Math.max(total, got.totalCount ?? read);
    const shown = only ? pages.flat().length : read;
    onPage?.(pages[page - 1]!, page, shown, only ? only.size : Math.max(total, read));
    return products.length;
  };
  let asked = 1;
  let last = await readPage(1);
  // The service may give fewer a page than asked (the spec names no bound): its pages are
  // numbered at the size it keeps to, the first page's.
  const size = last;
  // The total may grow while the pages are read: while the last page came full, on to it.
  while (size > 0 && last === size && asked < MAX_LIST_PAGES) {
    const upTo = Math.min(MAX_LIST_PAGES, Math.ceil(total / size));
    if (upTo <= asked) break;
    const next = Array.from({ length: upTo - asked }, (_, i) => asked + 1 + i);
    asked = upTo;
    last = (await Promise.all(next.map(readPage))).at(-1)!;
  }
  // A product moved between pages while paging would come twice: once is enough.
  const seen = new Set<number>();
  return pages.flat().filter((p) => !seen.has(p.productId) && seen.add(p.productId));
}

function skuOf(sku: NonNullable<ProductDetail["skus"]>[number], codes: Codes): LiveSku {
  const valueIds = sku.attributeValueIds ?? [];
  const mapped = valueIds.map((id) => codes.values.get(id));
  const names = valueIds.map((id) => codes.valueNames.get(id));
  const photos = [...(sku.photos ?? [])]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((p) => p.url ?? "")
    .filter(Boolean);
  const valueCodes = mapped.every((c) => c !== undefined) ? (mapped as string[]) : undefined;
  const labels = valueCodes?.map((code, i) => {
    const attribute = codes.valueAttributes.get(valueIds[i]!);
    const name = attribute === undefined ? undefined : codes.names.valueName(attribute, code);
    if (name === undefined) return code;
    return `${codes.names.attributeName(attribute!) ?? attribute}: ${name}`;
  });
  return {
    skuId: sku.skuId,
    valueIds,
    valueCodes,
    ...(labels?.some((l, i) => l !== valueCodes![i]) && { valueLabels: labels }),
    ...(names.length > 0 &&
      names.every((n) => n !== undefined) && { valueNames: names as string[] }),
    price: sku.price ?? 0,
    barcode: sku.skuBarcode ?? "",
    photos,
  };
}

/** A detail (and its list item, when read) as a live card with codes where they are known. */
export function cardOf(detail: ProductDetail, codes: Codes, item?: ProductListItem): LiveCard {
  const attributes = (detail.attributes ?? []).map((a) => {
    const mapped = (a.valueIds ?? []).map((id) => codes.values.get(id));
    // An attributes directory without ids: the attribute is the group its values are listed in.
    const byValue = (a.valueIds ?? []).map((id) => codes.valueAttributes.get(id))[0];
    const code = codes.attributes.get(a.id) ?? byValue;
    const valueCodes = mapped.every((c) => c !== undefined) ? (mapped as string[]) : undefined;
    const name = code === undefined ? undefined : codes.names.attributeName(code);
    const labels = valueCodes?.map((v) => codes.names.valueName(code!, v) ?? v);
    return {
      id: a.id,
      code,
      valueCodes,
      ...(name !== undefined && { name }),
      ...(labels?.some((l, i) => l !== valueCodes![i]) && { valueLabels: labels }),
    };
  });
  const skus = (detail.skus ?? []).map((s) => skuOf(s, codes));
  const codesKnown =
    attributes.every((a) => a.code !== undefined && a.valueCodes !== undefined) &&
    skus.every((s) => s.valueCodes !== undefined);
  // Kazakh texts: the detail view shows none by the spec; taken from it where a service gives
  // them anyway, else the name from the list.
  const kaz = detail.name?.kaz || item?.productName?.kaz || undefined;
  const descriptionKaz = detail.description?.kaz || undefined;
  return {
    productId: detail.productId,
    categoryId: detail.categoryId ?? item?.categoryId ?? 0,
    brandId: detail.brandId ?? 0,
    isLocalMade: detail.isLocalMade ?? undefined,
    name: { rus: detail.name?.rus ?? item?.productName?.rus ?? "", ...(kaz && { kaz }) },
    description: {
      rus: detail.description?.rus ?? "",
      ...(descriptionKaz && { kaz: descriptionKaz }),
    },
    vat: detail.vat ?? undefined,
    attributes,
    skus,
    codesKnown,
    ...(item?.totalWmsQuantity != null && { stock: item.totalWmsQuantity }),
    ...(item?.salesCount != null && { sales: item.salesCount }),
    ...(item?.productStatus && { productStatus: item.productStatus }),
    ...(item?.moderationStatus && { moderationStatus: item.moderationStatus }),
  };
}

/** Details of `ids` in batches of at most 30, a few batches at once; missing ids are absent. */
export async function readDetails(
  seller: CatalogSeller,
  ids: readonly number[],
  limit: Limit = createLimit(DETAILS_CONCURRENCY),
  onBatch?: (details: ProductDetail[]) => void,
): Promise<ProductDetail[]> {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += DETAILS_BATCH) batches.push(ids.slice(i, i + DETAILS_BATCH));
  const results = await Promise.all(
    batches.map(async (batch) => {
      const got = (await limit(() => seller.productDetails(batch))).products ?? [];
      onBatch?.(got);
      return got;
    }),
  );
  return results.flat();
}

/**
 * Live cards of `ids` (the return and the apply read them): details plus the Kazakh names of
 * the list (the detail view has none), read from the list of those products' categories, with
 * ids translated to codes by the directories. One limit of 3 requests in flight for all of
 * them, as the export's: a category's list is asked for as soon as a details answer names it,
 * so no category waits for the one before (thousands of products span many categories). A
 * failed request fails the reading, and the requests not yet sent are not sent.
 */
export async function readCards(
  seller: CatalogSeller,
  ids: readonly number[],
  /** The directories as read (a return makes codes of the names in its file with them). */
  onCodes?: (codes: Codes) => void,
): Promise<Map<number, LiveCard>> {
  const limit = createLimit(DETAILS_CONCURRENCY);
  let failure: unknown;
  const guarded: Limit = (task) =>
    limit(() => (failure === undefined ? task() : Promise.reject(failure)));
  const started: Promise<unknown>[] = [];
  const start = <T>(work: Promise<T>) => {
    started.push(work);
    work.catch((error: unknown) => {
      failure ??= error; // awaited below; not left unhandled meanwhile
    });
    return work;
  };
  const codes = start(readCodes(seller, guarded));
  const items = new Map<number, ProductListItem>();
  const categories = new Set<number>();
  const listCategory = (categoryId: number) => {
    if (categories.has(categoryId)) return;
    categories.add(categoryId);
    start(listAll(seller, { categoryId }, undefined, guarded)).then((list) => {
      for (const item of list) items.set(item.productId, item);
    }, ignoreHere);
  };
  const details = start(
    readDetails(seller, ids, guarded, (got) => {
      for (const d of got) if (d.categoryId != null) listCategory(d.categoryId);
    }),
  );
  // Every list is asked for once the last details answer is in; all of them awaited after.
  await details;
  await Promise.all(started);
  const known = await codes;
  onCodes?.(known);
  return new Map(
    (await details).map((d) => [d.productId, cardOf(d, known, items.get(d.productId))]),
  );
}

/** A failure already recorded where the work was started (and thrown where it is awaited). */
const ignoreHere = () => {};
