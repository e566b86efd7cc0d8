/**
 * Import jobs: results are decided when the job is accepted, applied to the live catalog at
 * once, and revealed by `GET .../products/import/info` after `jobSteps` "not finished" polls.
 *
 * Progress (polls 1..jobSteps): every product and SKU status is not final. Poll p uses the
 * status "Pending", "Processing", "In Progress" for p = 1, 2, 3, 4... (cycling), and on odd polls
 * a job of more than one product lists only the first ceil(n/2) products (fewer than received:
 * also "not finished"). productId/skuId are the request's ids or 0 while not final.
 * `index` is the 0-based position in the request (products) / in the product's `skus`.
 *
 * Final result (full text in IMPORT_FAILURE_RULES below), per product, in this order:
 *   productId unknown -> productId/PRODUCT_NOT_FOUND; shopId not 7001/7002 -> shopId/SHOP_NOT_FOUND;
 *   categoryId unknown -> categoryId/CATEGORY_NOT_FOUND, not a leaf -> categoryId/CATEGORY_NOT_LEAF;
 *   brandId unknown -> brandId/BRAND_NOT_FOUND; attribute code unknown ->
 *   attributes[i].code/ATTRIBUTE_NOT_FOUND; value not of that attribute ->
 *   attributes[i].valueCodes[j]/ATTRIBUTE_VALUE_NOT_FOUND.
 *   Per SKU: skuId not of the edited product -> skuId/SKU_NOT_FOUND; unknown value code ->
 *   attributeValueCodes[j]/ATTRIBUTE_VALUE_NOT_FOUND; price <= 0 -> price/INVALID_PRICE; barcode of
 *   another existing SKU or of an earlier SKU in the job -> barcode/DUPLICATE_BARCODE.
 *   Any SKU error makes the product "Error" (its own errors may be empty); all SKUs of a failed
 *   product are "Error". Success: fresh productId/skuIds, applied to the live catalog.
 * An edit REPLACES the whole card: a field, attribute or SKU the request leaves out is lost.
 */
import type { Catalog } from "./catalog.js";
import type {
  ImportErrorItem,
  ImportProduct,
  JobRecord,
  ProductResult,
  SeedProduct,
  SeedSku,
  SkuResult,
} from "./types.js";

export const IMPORT_FAILURE_RULES = `Deterministic outcome of every product of an accepted import (checked in this order):
- productId given but not an existing product -> product Error, field "productId", code "PRODUCT_NOT_FOUND".
- shopId given but not 7001/7002 -> product Error, field "shopId", code "SHOP_NOT_FOUND".
- categoryId unknown -> field "categoryId", code "CATEGORY_NOT_FOUND"; a category with children -> "CATEGORY_NOT_LEAF".
- brandId unknown -> field "brandId", code "BRAND_NOT_FOUND".
- attributes[i].code null/unknown -> field "attributes[i].code", code "ATTRIBUTE_NOT_FOUND";
  attributes[i].valueCodes[j] not a value of that attribute -> field "attributes[i].valueCodes[j]", code "ATTRIBUTE_VALUE_NOT_FOUND".
- SKU errors (SKU status "Error"; the product then is "Error" too, with its own errors possibly empty):
  skuId given but not a SKU of the edited product (or the product is new) -> field "skuId", code "SKU_NOT_FOUND";
  attributeValueCodes[j] unknown -> field "attributeValueCodes[j]", code "ATTRIBUTE_VALUE_NOT_FOUND";
  price <= 0 -> field "price", code "INVALID_PRICE";
  barcode held by another existing SKU (seeded or created by an earlier import) or by an earlier SKU of
  the same job (whatever that SKU's outcome) -> field "barcode", code "DUPLICATE_BARCODE".
- A SKU without own errors inside a failed product: status "Error", errors [], skuId = request skuId or 0.
- Failed product: productId = request productId or 0. Successful product: status "Success", a fresh
  productId (new) or its own (edit), fresh skuIds for new SKUs; the change is applied to the catalog
  (new products: productStatus "Active", moderationStatus "OnModeration", stock 0).
- An edit replaces the whole card: name and description (kaz too), VAT, isLocalMade, attributes and
  the SKUs are exactly what the request holds; a field, attribute or SKU left out is lost (a SKU
  left out is removed). Shop, statuses, stock and sales stay.`;

const PENDING = ["Pending", "Processing", "In Progress"];

const err = (field: string, code: string, description: string): ImportErrorItem => ({
  code,
  description,
  field,
});

export class JobStore {
  readonly jobs: JobRecord[] = [];
  private nextJobId = 90001;

  constructor(
    private readonly catalog: Catalog,
    private readonly steps: number,
    /** When set, a job is final from this time on (ms) instead of after `steps` polls. */
    private readonly doneAt?: (job: JobRecord) => number,
  ) {}

  create(products: ImportProduct[]): JobRecord {
    const jobBarcodes = new Set<string>();
    const result = products.map((p, i) => this.process(p, i, jobBarcodes));
    const job: JobRecord = {
      jobId: this.nextJobId++,
      products,
      polls: 0,
      createdAt: Date.now(),
      result,
    };
    this.jobs.push(job);
    return job;
  }

  get(jobId: number): JobRecord | undefined {
    // Ids are handed out in order from the first: the index is the id's offset.
    const job = this.jobs[jobId - 90001];
    return job?.jobId === jobId ? job : this.jobs.find((j) => j.jobId === jobId);
  }

  /** Counts the poll and answers the status the client sees now. */
  poll(job: JobRecord): { products: ProductResult[] } {
    job.polls++;
    const final = this.doneAt ? Date.now() >= this.doneAt(job) : job.polls > this.steps;
    if (final) return { products: structuredClone(job.result) };
    const status = PENDING[(job.polls - 1) % PENDING.length]!;
    const n = job.products.length;
    const shown = job.polls % 2 === 1 && n > 1 ? Math.ceil(n / 2) : n;
    return {
      products: job.products.slice(0, shown).map((p, index) => ({
        index,
        productId: p.productId ?? 0,
        status,
        errors: [],
        skus: (p.skus ?? []).map((s, k) => ({ index: k, skuId: s.skuId ?? 0, status, errors: [] })),
      })),
    };
  }

  private process(p: ImportProduct, index: number, jobBarcodes: Set<string>): ProductResult {
    const c = this.catalog;
    const existing = p.productId != null ? c.product(p.productId) : undefined;
    const errors = this.cardErrors(p, existing);
    const attributes = this.attributesOf(p, errors);

    const skuResults: SkuResult[] = [];
    const skus: SeedSku[] = [];
    let skuFailed = false;
    (p.skus ?? []).forEach((s, k) => {
      const { result, sku } = this.skuOf(s, k, existing, jobBarcodes);
      if (result.errors.length) skuFailed = true;
      skuResults.push(result);
      skus.push(sku);
    });

    if (errors.length || skuFailed) {
      for (const r of skuResults) r.status = "Error";
      return { index, productId: p.productId ?? 0, status: "Error", errors, skus: skuResults };
    }

    // success: assign ids and apply to the catalog
    skus.forEach((s, k) => {
      if (!s.skuId) s.skuId = c.newSkuId();
      skuResults[k]!.skuId = s.skuId;
    });
    // An edit replaces the whole card (the spec does not say it merges): whatever card field
    // the request leaves out is lost (kaz texts, VAT, attributes, SKUs not sent). Only what is
    // not part of the card (shop, statuses, stock, sales) stays.
    const base: Omit<SeedProduct, "productId"> = {
      shopId: p.shopId ?? existing?.shopId ?? c.seed.shopIds[0]!,
      categoryId: p.categoryId,
      brandId: p.brandId,
      isLocalMade: p.isLocalMade ?? false,
      name: { rus: p.name.rus, kaz: p.name.kaz ?? "" },
      description: { rus: p.description.rus, kaz: p.description.kaz ?? "" },
      vat: p.vat ?? 12,
      productStatus: existing?.productStatus ?? "Active",
      moderationStatus: "OnModeration",
      totalWmsQuantity: existing?.totalWmsQuantity ?? 0,
      salesCount: existing?.salesCount ?? 0,
      photoUrl: skus[0]?.photos[0]?.url ?? null,
      attributes,
      skus,
    };
    if (existing) {
      Object.assign(existing, base);
      c.productChanged();
      return { index, productId: existing.productId, status: "Success", errors, skus: skuResults };
    }
    const productId = c.newProductId();
    const added = { productId, ...base };
    c.products.push(added);
    c.productChanged(added);
    return { index, productId, status: "Success", errors, skus: skuResults };
  }

  /** The card's own problems: the product, shop, category and brand it names. */
  private cardErrors(p: ImportProduct, existing: SeedProduct | undefined): ImportErrorItem[] {
    const c = this.catalog;
    const errors: ImportErrorItem[] = [];
    if (p.productId != null && !existing) {
      errors.push(err("productId", "PRODUCT_NOT_FOUND", `Product ${p.productId} does not exist.`));
    }
    if (p.shopId != null && !c.seed.shopIds.includes(p.shopId)) {
      errors.push(err("shopId", "SHOP_NOT_FOUND", `Shop ${p.shopId} does not exist.`));
    }
    if (!c.category(p.categoryId)) {
      errors.push(
        err("categoryId", "CATEGORY_NOT_FOUND", `Category ${p.categoryId} does not exist.`),
      );
    } else if (!c.isLeaf(p.categoryId)) {
      errors.push(
        err("categoryId", "CATEGORY_NOT_LEAF", `Category ${p.categoryId} is not a leaf category.`),
      );
    }
    if (!c.brandExists(p.brandId)) {
      errors.push(err("brandId", "BRAND_NOT_FOUND", `Brand ${p.brandId} does not exist.`));
    }
    return errors;
  }

  /** The card's attributes as the catalog keeps them; each unknown code or value is an error. */
  private attributesOf(p: ImportProduct, errors: ImportErrorItem[]): SeedProduct["attributes"] {
    const c = this.catalog;
    const attributes: SeedProduct["attributes"] = [];
    (p.attributes ?? []).forEach((a, i) => {
      const attr = a.code ? c.attributesByCode.get(a.code) : undefined;
      if (!attr) {
        const what = a.code ? `Attribute '${a.code}' does not exist.` : "Attribute code is empty.";
        errors.push(err(`attributes[${i}].code`, "ATTRIBUTE_NOT_FOUND", what));
        return;
      }
      const valueIds: number[] = [];
      (a.valueCodes ?? []).forEach((code, j) => {
        const v = c.valuesByCode.get(code);
        if (!v || v.attributeCode !== attr.code) {
          errors.push(
            err(
              `attributes[${i}].valueCodes[${j}]`,
              "ATTRIBUTE_VALUE_NOT_FOUND",
              `Value '${code}' does not belong to attribute '${attr.code}'.`,
            ),
          );
        } else valueIds.push(v.id);
      });
      attributes.push({ id: attr.id, valueIds });
    });
    return attributes;
  }

  /** One SKU of the request: its result, and the SKU as the catalog would keep it. */
  private skuOf(
    s: NonNullable<ImportProduct["skus"]>[number],
    k: number,
    existing: SeedProduct | undefined,
    jobBarcodes: Set<string>,
  ): { result: SkuResult; sku: SeedSku } {
    const c = this.catalog;
    const sErrors: ImportErrorItem[] = [];
    const own = s.skuId != null ? existing?.skus.find((x) => x.skuId === s.skuId) : undefined;
    if (s.skuId != null && !own) {
      sErrors.push(err("skuId", "SKU_NOT_FOUND", `SKU ${s.skuId} is not a SKU of this product.`));
    }
    const valueIds: number[] = [];
    (s.attributeValueCodes ?? []).forEach((code, j) => {
      const v = c.valuesByCode.get(code);
      if (v) valueIds.push(v.id);
      else {
        const text = `Attribute value '${code}' does not exist.`;
        sErrors.push(err(`attributeValueCodes[${j}]`, "ATTRIBUTE_VALUE_NOT_FOUND", text));
      }
    });
    if (!(s.price > 0)) {
      sErrors.push(err("price", "INVALID_PRICE", `Price must be greater than 0, got ${s.price}.`));
    }
    if (s.barcode) {
      const holder = c.skuOfBarcode(s.barcode);
      if (jobBarcodes.has(s.barcode) || (holder !== undefined && holder !== s.skuId)) {
        const text = `Barcode '${s.barcode}' is already used by another SKU.`;
        sErrors.push(err("barcode", "DUPLICATE_BARCODE", text));
      }
      jobBarcodes.add(s.barcode);
    }
    return {
      result: {
        index: k,
        skuId: s.skuId ?? 0,
        status: sErrors.length ? "Error" : "Success",
        errors: sErrors,
      },
      sku: {
        skuId: s.skuId ?? 0,
        attributeValueIds: valueIds,
        price: s.price,
        skuBarcode: s.barcode ?? "",
        photos: (s.photos ?? [])
          .filter((ph) => ph.mediaFile)
          .map((ph) => ({ url: ph.mediaFile!, order: ph.order })),
      },
    };
  }
}
