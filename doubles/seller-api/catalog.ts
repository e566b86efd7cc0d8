/** Live state (seed clone + what imports changed) and the read queries over it. */

import { instantsCopy } from "./order-instants.js";
import { arrivingOrder } from "./seed.js";
import type { Seed, SeedAttribute, SeedAttributeValue, SeedOrder, SeedProduct } from "./types.js";
import type { OrdersQuery, PageQuery, ProductsQuery } from "./validation.js";

export interface NewOrderOptions {
  /** Creation instant (ms since epoch). */
  at: number;
  /** Default: the first product. */
  productId?: number;
  quantity?: number;
  /** Unit price in tenge; default the SKU's price. */
  price?: number;
  statusKey?: string;
  /** The SKU of the product ordered, by its barcode (default the product's first SKU). */
  barcode?: string;
}

const collator = new Intl.Collator("ru", { sensitivity: "base", numeric: true });
const has = (text: string, needle: string) => text.toLowerCase().includes(needle.toLowerCase());
const pages = (total: number, size: number) => Math.ceil(total / size);
const slice = <T>(items: T[], q: PageQuery) =>
  items.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize);

export class Catalog {
  readonly products: SeedProduct[];
  readonly attributesByCode = new Map<string, SeedAttribute>();
  readonly valuesByCode = new Map<string, SeedAttributeValue>();
  private readonly leafIds: Set<number>;
  private nextProductId: number;
  private nextSkuId: number;

  /**
   * Whether the attribute-values directory gives each value's id beside its code (default) or
   * only `code` and `name`, as the spec shows (then detail value ids cannot be translated).
   */
  valueIds = true;
  /** At most this many products a list page, whatever is asked (see SellerSandboxOptions). */
  productPageCap: number | undefined;
  /** At most this many orders a list page, whatever is asked (see SellerSandboxOptions). */
  orderPageCap: number | undefined;
  /** At most this many attributes or attribute values a directory page (the same). */
  directoryPageCap: number | undefined;

  /** barcode → skuId, built on first use. */
  private barcodes: Map<string, number> | undefined;
  /** The orders sorted for each sort asked so far (`sortBy|desc`), kept as orders are added. */
  private readonly sorted = new Map<string, SeedOrder[]>();
  /** The last lists asked with filters (key: sort and filters), dropped when an order is added. */
  private readonly filtered = new Map<string, SeedOrder[]>();
  /** The highest orderId and orderNumber so far: an added order takes the next ones. */
  private lastOrderId = 0;
  private lastOrderNumber = 0;
  /** The seed's order count: arriving orders continue its guids. */
  private readonly seededOrders: number;
  /** Every order's real instant (ms) by orderId, added ones too (the seed's stay as served). */
  private readonly createdAt: Map<number, number>;

  constructor(readonly seed: Seed) {
    this.products = structuredClone(seed.products);
    for (const a of seed.attributes) this.attributesByCode.set(a.code, a);
    for (const v of seed.attributeValues) this.valuesByCode.set(v.code, v);
    const parents = new Set(seed.categories.map((c) => c.parentId));
    this.leafIds = new Set(seed.categories.filter((c) => !parents.has(c.id)).map((c) => c.id));
    let productId = 0;
    let skuId = 0;
    for (const p of this.products) {
      productId = Math.max(productId, p.productId);
      for (const s of p.skus) skuId = Math.max(skuId, s.skuId);
    }
    this.nextProductId = productId + 1;
    this.nextSkuId = skuId + 1;
    for (const o of seed.orders) this.noteOrderIds(o);
    this.seededOrders = seed.orders.length;
    this.createdAt = instantsCopy(seed.orderCreatedAt);
  }

  private noteOrderIds(o: SeedOrder): void {
    this.lastOrderId = Math.max(this.lastOrderId, o.orderId);
    this.lastOrderNumber = Math.max(this.lastOrderNumber, Number(o.orderNumber) || 0);
  }

  category(id: number) {
    return this.seed.categories.find((c) => c.id === id);
  }
  isLeaf(id: number): boolean {
    return this.leafIds.has(id);
  }
  brandExists(id: number): boolean {
    return this.seed.brands.some((b) => b.id === id);
  }
  product(id: number): SeedProduct | undefined {
    return this.products.find((p) => p.productId === id);
  }
  /** skuId of the SKU holding a barcode, if any. */
  /** The first SKU (in catalog order) holding the barcode. */
  skuOfBarcode(barcode: string): number | undefined {
    if (!this.barcodes) {
      this.barcodes = new Map();
      for (const p of this.products) this.indexBarcodes(p);
    }
    return this.barcodes.get(barcode);
  }
  /** A product was added at the end (its barcodes are indexed) or edited (the index is rebuilt). */
  productChanged(added?: SeedProduct): void {
    if (added && this.barcodes) this.indexBarcodes(added);
    else this.barcodes = undefined;
  }
  private indexBarcodes(p: SeedProduct): void {
    for (const s of p.skus)
      if (!this.barcodes!.has(s.skuBarcode)) this.barcodes!.set(s.skuBarcode, s.skuId);
  }
  newProductId(): number {
    return this.nextProductId++;
  }
  newSkuId(): number {
    return this.nextSkuId++;
  }

  // ------------------------------------------------------------ orders

  private arrived = 0;

  /** A new order placed at `createdMs` (the demo's arriving orders); listed from now on. */
  addArrivingOrder(createdMs: number): SeedOrder {
    const order = arrivingOrder(this.arrived++, this.products, createdMs, {
      index: this.seededOrders,
      orderId: this.lastOrderId + 1,
      orderNumber: this.lastOrderNumber + 1,
    });
    this.placed(order, createdMs);
    return order;
  }

  /** A new order is listed from now on: the sorted lists take it in their place. */
  private placed(order: SeedOrder, at: number): void {
    this.seed.orders.push(order);
    this.createdAt.set(order.orderId, at);
    this.noteOrderIds(order);
    this.filtered.clear();
    for (const [key, list] of this.sorted) {
      const compare = this.orderComparator(key);
      let lo = 0;
      for (let hi = list.length; lo < hi; ) {
        const mid = (lo + hi) >> 1;
        if (compare(list[mid]!, order) <= 0) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, order);
    }
  }

  /**
   * Test knob: a new order of a product's SKU (its first unless `barcode` names another), created
   * at `at` (ms), listed from then on like the seeded ones (createdDate in Kazakhstan time with its
   * +05:00 offset).
   */
  addOrder(opts: NewOrderOptions): SeedOrder {
    const product = this.product(opts.productId ?? this.products[0]!.productId);
    if (!product) throw new Error(`no product ${opts.productId}`);
    const sku = product.skus.find((k) => k.skuBarcode === opts.barcode) ?? product.skus[0]!;
    const orderId = this.lastOrderId + 1;
    const quantity = opts.quantity ?? 1;
    const price = opts.price ?? sku.price;
    const commission = Math.round(price * 0.1 * 100) / 100;
    const kz = new Date(opts.at + 5 * 3600_000).toISOString().slice(0, 19);
    const order: SeedOrder = {
      orderId,
      orderGuid: `00000000-0000-4000-8000-${String(orderId).padStart(12, "0")}`,
      orderNumber: String(this.lastOrderNumber + 1),
      createdDate: `${kz}+05:00`,
      receivedDate: `${kz}+05:00`,
      statusKey: opts.statusKey ?? "NEW",
      statusLabel:
        this.seed.orderStatuses.find((s) => s.key === (opts.statusKey ?? "NEW"))?.label ?? "Новый",
      barcode: sku.skuBarcode,
      productName: product.name.rus,
      quantity,
      quantityReturned: 0,
      commissionPercent: 10,
      price,
      originalPrice: price,
      commissionAmount: commission,
      payoutAmount: price - commission,
      totalPrice: price * quantity,
      totalCommissionAmount: commission * quantity,
      totalPayoutAmount: (price - commission) * quantity,
    };
    this.placed(order, opts.at);
    return { ...order };
  }

  /** Test knob: a product's warehouse stock and/or sales count from now on. */
  setStock(productId: number, change: { stock?: number; sales?: number }): void {
    const product = this.product(productId);
    if (!product) throw new Error(`no product ${productId}`);
    if (change.stock !== undefined) product.totalWmsQuantity = change.stock;
    if (change.sales !== undefined) product.salesCount = change.sales;
  }

  /** Orders before or after each other in a sort (`sortBy|desc`); ties by orderId ascending. */
  private orderComparator(sort: string): (a: SeedOrder, b: SeedOrder) => number {
    const [sortBy, desc] = sort.split("|");
    const at = this.createdAt;
    const key: (o: SeedOrder) => number | string =
      sortBy === "createdDate"
        ? (o) => at.get(o.orderId)!
        : sortBy === "status"
          ? (o) => o.statusKey
          : (o) => o.orderNumber;
    const dir = desc === "true" ? -1 : 1;
    return (a, b) => {
      const ka = key(a);
      const kb = key(b);
      const c = ka < kb ? -1 : ka > kb ? 1 : 0;
      return c * dir || a.orderId - b.orderId;
    };
  }

  /** Each order's searched fields in lower case, made once (a year of orders is searched often). */
  private readonly searchText = new WeakMap<SeedOrder, string>();

  /** Whether the order's number, product name or barcode contains `needle` (any case). */
  private orderMatches(o: SeedOrder, needle: string): boolean {
    const n = needle.toLowerCase();
    if (n.includes("\u0000"))
      return [o.orderNumber, o.productName, o.barcode].some((t) => has(t, n));
    let text = this.searchText.get(o);
    if (text === undefined) {
      text = `${o.orderNumber}\u0000${o.productName}\u0000${o.barcode}`.toLowerCase();
      this.searchText.set(o, text);
    }
    return text.includes(n);
  }

  /**
   * The orders a list asks for, sorted. A sort is made once and kept (an added order is put in
   * its place), and the last few filtered lists too: a year of orders is paged without sorting
   * it again for every page.
   */
  private ordersFor(q: OrdersQuery): SeedOrder[] {
    const sort = `${q.sortBy}|${q.desc}`;
    let all = this.sorted.get(sort);
    if (!all) {
      all = [...this.seed.orders].sort(this.orderComparator(sort));
      this.sorted.set(sort, all);
    }
    const s = q.search?.trim();
    if (!q.orderStatus?.length && !s) return all;
    const key = JSON.stringify([sort, q.orderStatus, s]);
    let items = this.filtered.get(key);
    if (!items) {
      items = all;
      if (q.orderStatus?.length) items = items.filter((o) => q.orderStatus!.includes(o.statusKey));
      if (s) items = items.filter((o) => this.orderMatches(o, s));
      if (this.filtered.size >= 8) this.filtered.delete(this.filtered.keys().next().value!);
      this.filtered.set(key, items);
    }
    return items;
  }

  /**
   * Sorting uses the real instant of the order (so the order with an unparseable createdDate
   * string still sorts by its time); ties are broken by orderId ascending.
   */
  listOrders(q: OrdersQuery) {
    q = { ...q, pageSize: Math.min(q.pageSize, this.orderPageCap ?? q.pageSize) };
    const items = this.ordersFor(q);
    return {
      orders: slice(items, q).map((o) => ({ ...o })),
      totalCount: items.length,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      totalPages: pages(items.length, q.pageSize),
    };
  }

  // ------------------------------------------------------------ products

  /** categoryIds also match products of descendant categories. */
  listProducts(q: ProductsQuery) {
    let items = this.products;
    if (q.categoryIds?.length) {
      const ids = new Set(q.categoryIds);
      let grew = true;
      while (grew) {
        grew = false;
        for (const c of this.seed.categories) {
          if (ids.has(c.parentId) && !ids.has(c.id)) {
            ids.add(c.id);
            grew = true;
          }
        }
      }
      items = items.filter((p) => ids.has(p.categoryId));
    }
    if (q.productStatus?.length)
      items = items.filter((p) => q.productStatus!.includes(p.productStatus));
    if (q.moderationProductStatus?.length) {
      items = items.filter((p) => q.moderationProductStatus!.includes(p.moderationStatus));
    }
    if (q.shopId !== null) items = items.filter((p) => p.shopId === q.shopId);
    const s = q.search?.trim();
    if (s) items = items.filter((p) => has(p.name.rus, s) || has(p.name.kaz, s));
    const dir = q.desc ? -1 : 1;
    items = [...items].sort((a, b) => {
      const c =
        q.sortBy === "name"
          ? collator.compare(a.name.rus, b.name.rus)
          : q.sortBy === "status"
            ? a.productStatus.localeCompare(b.productStatus)
            : a.productId - b.productId;
      return c * dir || a.productId - b.productId;
    });
    const pageSize = Math.min(q.pageSize, this.productPageCap ?? q.pageSize);
    q = { ...q, pageSize };
    return {
      products: slice(items, q).map((p) => {
        const cat = this.category(p.categoryId);
        return {
          productId: p.productId,
          productName: { ...p.name },
          categoryId: p.categoryId,
          categoryName: cat ? { ...cat.name } : { rus: "", kaz: "" },
          productStatus: p.productStatus,
          moderationStatus: p.moderationStatus,
          totalWmsQuantity: p.totalWmsQuantity,
          salesCount: p.salesCount,
          photo: p.photoUrl ? { url: p.photoUrl } : null,
        };
      }),
      totalCount: items.length,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      totalPages: pages(items.length, q.pageSize),
    };
  }

  /** Detail view (2.5): `name`/`description` carry only `rus`, as the spec shows. */
  productDetails(ids: number[]) {
    const wanted = new Set(ids);
    return {
      products: this.products
        .filter((p) => wanted.has(p.productId))
        .map((p) => ({
          productId: p.productId,
          categoryId: p.categoryId,
          brandId: p.brandId,
          isLocalMade: p.isLocalMade,
          name: { rus: p.name.rus },
          description: { rus: p.description.rus },
          vat: p.vat,
          attributes: p.attributes.map((a) => ({ id: a.id, valueIds: [...a.valueIds] })),
          skus: p.skus.map((s) => ({
            skuId: s.skuId,
            attributeValueIds: [...s.attributeValueIds],
            price: s.price,
            skuBarcode: s.skuBarcode,
            photos: s.photos.map((ph) => ({ ...ph })),
          })),
        })),
    };
  }

  // ------------------------------------------------------------ directories

  categories(q: PageQuery, search: string | null, parentId: number | null) {
    let items = this.seed.categories;
    if (parentId !== null) items = items.filter((c) => c.parentId === parentId);
    if (search) items = items.filter((c) => has(c.name.rus, search) || has(c.name.kaz, search));
    return this.paged(
      items.map((c) => ({ id: c.id, parentId: c.parentId, name: c.name.rus })),
      q,
    );
  }

  brands(q: PageQuery, search: string | null) {
    const items = this.seed.brands.filter((b) => !search || has(b.name, search));
    return this.paged(
      items.map((b) => ({ id: b.id, name: b.name })),
      q,
    );
  }

  /**
   * The spec shows the attribute directory as "a single object with code and name"; the sandbox
   * answers the paged envelope of the other directories: `{items:[{code,name}], totalCount,
   * pageNumber, pageSize, totalPages}`. `categoryId` keeps the attributes of that category.
   */
  attributes(q: PageQuery, search: string | null, categoryId: number | null) {
    q = { ...q, pageSize: Math.min(q.pageSize, this.directoryPageCap ?? q.pageSize) };
    const items = this.seed.attributes.filter(
      (a) =>
        (categoryId === null || a.categoryIds.includes(categoryId)) &&
        (!search || has(a.name, search) || has(a.code, search)),
    );
    return this.paged(
      items.map((a) => ({ id: a.id, code: a.code, name: a.name })),
      q,
    );
  }

  /**
   * Paging runs over the flat list of values (totalCount = number of values); the page is then
   * grouped by attribute: `{data:[{attributeCode, values:[{code,name}]}], totalCount, pageNumber,
   * pageSize}` (no totalPages, as the spec shows).
   */
  attributeValues(q: PageQuery, search: string | null, attributeCode: string | null) {
    q = { ...q, pageSize: Math.min(q.pageSize, this.directoryPageCap ?? q.pageSize) };
    const items = this.seed.attributeValues.filter(
      (v) =>
        (!attributeCode || v.attributeCode === attributeCode) &&
        (!search || has(v.name, search) || has(v.code, search)),
    );
    const data: { attributeCode: string; values: { id?: number; code: string; name: string }[] }[] =
      [];
    for (const v of slice(items, q)) {
      let group = data.find((g) => g.attributeCode === v.attributeCode);
      if (!group) {
        group = { attributeCode: v.attributeCode, values: [] };
        data.push(group);
      }
      group.values.push(
        this.valueIds ? { id: v.id, code: v.code, name: v.name } : { code: v.code, name: v.name },
      );
    }
    return { data, totalCount: items.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
  }

  private paged<T>(items: T[], q: PageQuery) {
    return {
      items: slice(items, q),
      totalCount: items.length,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      totalPages: pages(items.length, q.pageSize),
    };
  }
}
