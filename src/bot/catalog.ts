import { createHash } from "node:crypto";
import type { Attribute, Brand, Category, DirectoryQuery, SellerApi } from "../seller-api/index.js";
import { KEY_PREFIX, type KeyValueStore } from "../storage/index.js";

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

/** Directories change rarely; a lookup older than this is read again. */
export const DIRECTORY_TTL_MS = 10 * 60_000;

export function directoryKey(kind: string, query: unknown): string {
  const hash = createHash("sha1").update(JSON.stringify(query)).digest("base64url").slice(0, 20);
  return `${KEY_PREFIX.cache}dir:${kind}:${hash}`;
}

export interface DirectoryPage<T> {
  items: T[];
  total: number;
}

export interface AttributeValues {
  values: { code: string; name: string }[];
  total: number;
}

type PageQuery = { search?: string; categoryId?: number; page: number; pageSize: number };

/** One page of a directory lookup, in the shape the screens show. */
const pageOf = <T>(page: { items?: T[] | null; totalCount?: number | null }) => {
  const items = page.items ?? [];
  return { items, total: page.totalCount ?? items.length };
};

const requestOf = (query: PageQuery) => ({
  pageNumber: query.page,
  pageSize: query.pageSize,
  ...(query.search ? { search: query.search } : {}),
  ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
});

/**
 * The directories an import needs, from the store (Redis when configured) or, once per TTL,
 * from the API. Concurrent misses of one key share a single call; that map belongs to this
 * catalog (one per bot), so two bots in one process share nothing.
 */
export function createCatalog(seller: SellerApi, kv: KeyValueStore) {
  const inFlight = new Map<string, Promise<unknown>>();
  const cached = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = await kv.get<T>(key);
    if (hit !== undefined) return hit;
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const task = (async () => {
      try {
        const value = await load();
        await kv.set(key, value, DIRECTORY_TTL_MS);
        return value;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, task);
    return task;
  };

  return {
    /** Any directory-derived value under `key`, read once per TTL (e.g. names by id for cards). */
    cached,
    /** The whole category tree, read once per TTL: paths to the root need every ancestor. */
    allCategories: (): Promise<Category[]> =>
      cached(directoryKey("categories", "all"), () => readAll((q) => seller.categories(q))),
    /** Every brand, read once per TTL, for naming a product's brand. */
    allBrands: (): Promise<Brand[]> =>
      cached(directoryKey("brands", "all"), () => readAll((q) => seller.brands(q))),
    brandsPage: (query: Omit<PageQuery, "categoryId">): Promise<DirectoryPage<Brand>> =>
      cached(directoryKey("brands", query), async () =>
        pageOf(await seller.brands(requestOf(query))),
      ),
    attributesPage: (query: PageQuery): Promise<DirectoryPage<Attribute>> =>
      cached(directoryKey("attributes", query), async () =>
        pageOf(await seller.attributes(requestOf(query))),
      ),
    /** The first value codes of one attribute (enough to show; the total says how many more). */
    attributeValues: (code: string): Promise<AttributeValues> =>
      cached(directoryKey("attribute-values", code), async () => {
        const page = await seller.attributeValues({
          attributeCode: code,
          pageNumber: 1,
          pageSize: BULK_PAGE_SIZE,
        });
        const values = (page.data ?? [])
          .filter((group) => group.attributeCode === code)
          .flatMap((group) => group.values ?? [])
          .map((v) => ({ code: v.code, name: v.name ?? "" }));
        return { values, total: Math.max(page.totalCount ?? 0, values.length) };
      }),
  };
}
export type Catalog = ReturnType<typeof createCatalog>;

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
