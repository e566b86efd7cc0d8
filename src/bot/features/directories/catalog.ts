import type { SellerApi } from "../../../seller-api/client.js";
import type { Attribute, Brand, Category, DirectoryQuery } from "../../../seller-api/schemas.js";
import type { KeyValueStore } from "../../../storage/index.js";
import { cachedDirectory, directoryKey } from "./cache.js";

/** Directory pages read at once when a whole directory is needed (category paths, brand names). */
const BULK_PAGE_SIZE = 100;
/** A bound on a whole-directory read: 5 000 entries. */
const MAX_BULK_PAGES = 50;

interface Paged<T> {
  items?: T[] | null;
  totalCount?: number | null;
  totalPages?: number | null;
}

/** Every page of a directory: the first, then the rest in parallel. */
async function readAll<T>(read: (query: DirectoryQuery) => Promise<Paged<T>>): Promise<T[]> {
  const first = await read({ pageNumber: 1, pageSize: BULK_PAGE_SIZE });
  const total = first.totalCount ?? first.items?.length ?? 0;
  const pages = Math.min(MAX_BULK_PAGES, first.totalPages ?? Math.ceil(total / BULK_PAGE_SIZE));
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      read({ pageNumber: i + 2, pageSize: BULK_PAGE_SIZE }),
    ),
  );
  return [first, ...rest].flatMap((page) => page.items ?? []);
}

/** The whole category tree, read once per TTL: paths to the root need every ancestor. */
export function allCategories(api: SellerApi, kv: KeyValueStore): Promise<Category[]> {
  return cachedDirectory(kv, directoryKey("categories", "all"), () =>
    readAll((q) => api.categories(q)),
  );
}

/** Every brand, read once per TTL, for naming a product's brand. */
export function allBrands(api: SellerApi, kv: KeyValueStore): Promise<Brand[]> {
  return cachedDirectory(kv, directoryKey("brands", "all"), () => readAll((q) => api.brands(q)));
}

export interface DirectoryPage<T> {
  items: T[];
  total: number;
}

export function brandsPage(
  api: SellerApi,
  kv: KeyValueStore,
  query: { search?: string; page: number; pageSize: number },
): Promise<DirectoryPage<Brand>> {
  return cachedDirectory(kv, directoryKey("brands", query), async () => {
    const page = await api.brands({
      pageNumber: query.page,
      pageSize: query.pageSize,
      ...(query.search ? { search: query.search } : {}),
    });
    const items = page.items ?? [];
    return { items, total: page.totalCount ?? items.length };
  });
}

export function attributesPage(
  api: SellerApi,
  kv: KeyValueStore,
  query: { search?: string; categoryId?: number; page: number; pageSize: number },
): Promise<DirectoryPage<Attribute>> {
  return cachedDirectory(kv, directoryKey("attributes", query), async () => {
    const page = await api.attributes({
      pageNumber: query.page,
      pageSize: query.pageSize,
      ...(query.search ? { search: query.search } : {}),
      ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
    });
    const items = page.items ?? [];
    return { items, total: page.totalCount ?? items.length };
  });
}

export interface AttributeValues {
  values: { code: string; name: string }[];
  total: number;
}

/** The first value codes of one attribute (enough to show; the total says how many more). */
export function attributeValues(
  api: SellerApi,
  kv: KeyValueStore,
  code: string,
): Promise<AttributeValues> {
  return cachedDirectory(kv, directoryKey("attribute-values", code), async () => {
    const page = await api.attributeValues({
      attributeCode: code,
      pageNumber: 1,
      pageSize: BULK_PAGE_SIZE,
    });
    const values = (page.data ?? [])
      .filter((group) => group.attributeCode === code)
      .flatMap((group) => group.values ?? [])
      .map((v) => ({ code: v.code, name: v.name ?? "" }));
    return { values, total: Math.max(page.totalCount ?? 0, values.length) };
  });
}

/** Category lookups: leaves (usable for products) and the path from the root. */
export function categoryTree(categories: Category[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const parents = new Set(categories.map((c) => c.parentId).filter((id) => id != null));
  return {
    byId,
    isLeaf: (id: number) => !parents.has(id),
    /** Names from the root down; a broken or cyclic parent chain just stops. */
    path(id: number): string[] {
      const names: string[] = [];
      const seen = new Set<number>();
      let current = byId.get(id);
      while (current && !seen.has(current.id) && names.length < 12) {
        seen.add(current.id);
        names.unshift(current.name ?? String(current.id));
        current = current.parentId ? byId.get(current.parentId) : undefined;
      }
      return names;
    },
  };
}
export type CategoryTree = ReturnType<typeof categoryTree>;
