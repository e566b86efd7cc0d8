import type { Alerts, ChatTarget } from "../../../alerts/index.js";
import { daysLeft, readStockSnapshot, salesPerDay } from "../../../alerts/index.js";
import type { LocalizedText, ProductDetail } from "../../../seller-api/index.js";
import { directoryKey } from "../../catalog.js";
import type { FeatureDeps } from "../../deps.js";
import { ignoreFailure } from "../../errors/ignored.js";

/** What a card shows beyond the detail view: list figures, directory names, the threshold. */
export interface CardFacts {
  /** The list's name `{rus, kaz}` (the detail view gives only `rus`). */
  name?: LocalizedText;
  stock?: { stock: number; sales: number; daysLeft?: number };
  /** Attribute id → name; value id → name (from the directories, where they carry ids). */
  attributeNames: Record<string, string>;
  valueNames: Record<string, string>;
  threshold?: { value: number; own: boolean };
}

const PAGE = 100;
const MAX_PAGES = 10;

/** Every attribute of the directory by id (the spec lists name, id and code). */
function attributesById(deps: FeatureDeps) {
  return deps.catalog.cached(directoryKey("attributes-by-id", "all"), async () => {
    const byId: Record<string, { code: string; name: string }> = {};
    for (let page = 1; page <= MAX_PAGES; page++) {
      const list = await deps.seller.attributes({ pageNumber: page, pageSize: PAGE });
      for (const a of list.items ?? [])
        if (a.id != null) byId[a.id] = { code: a.code, name: a.name ?? a.code };
      if ((list.items ?? []).length < PAGE) break;
    }
    return byId;
  });
}

/** Every attribute value by id: SKUs carry values of attributes the product does not list. */
function valuesById(deps: FeatureDeps) {
  return deps.catalog.cached(directoryKey("attribute-values-by-id", "all"), async () => {
    const byId: Record<string, string> = {};
    for (let page = 1; page <= MAX_PAGES; page++) {
      const list = await deps.seller.attributeValues({ pageNumber: page, pageSize: PAGE });
      const values = (list.data ?? []).flatMap((group) => group.values ?? []);
      for (const v of values) if (v.id != null) byId[v.id] = v.name ?? v.code;
      if (values.length < PAGE) break;
    }
    return byId;
  });
}

/** Why a card may show ids instead of names: the card itself matters more than its labels. */
const unnamed = (what: string) => `${what} names unreadable; the card shows their ids`;

async function directoryNames(deps: FeatureDeps, product: ProductDetail) {
  const [attributes, valueNames] = await Promise.all([
    attributesById(deps).catch((error: unknown) => {
      deps.logger.info({ err: (error as Error)?.name }, unnamed("attribute"));
      return {} as Record<string, { name: string }>;
    }),
    valuesById(deps).catch((error: unknown) => {
      deps.logger.info({ err: (error as Error)?.name }, unnamed("attribute value"));
      return {} as Record<string, string>;
    }),
  ]);
  const attributeNames: Record<string, string> = {};
  for (const a of product.attributes ?? []) {
    const known = attributes[a.id];
    if (known) attributeNames[a.id] = known.name;
  }
  return { attributeNames, valueNames };
}

/** The product's line in the list (stock, sales, both names): found by searching its name. */
async function listed(deps: FeatureDeps, product: ProductDetail) {
  const search = product.name?.rus?.trim();
  if (!search) return undefined;
  const list = await deps.seller.listProducts({
    pageNumber: 1,
    pageSize: 20,
    sortBy: "id",
    sortDirection: "Asc",
    filters: { search: search.slice(0, 100) },
  });
  return (list.products ?? []).find((p) => p.productId === product.productId);
}

async function stockOf(
  alerts: Alerts | undefined,
  product: ProductDetail,
  item: Awaited<ReturnType<typeof listed>>,
) {
  const entry = alerts ? (await readStockSnapshot(alerts))?.products[product.productId] : undefined;
  const stock = item?.totalWmsQuantity ?? entry?.stock;
  const sales = item?.salesCount ?? entry?.sales;
  if (stock == null || sales == null) return undefined;
  const now = alerts?.now() ?? Date.now();
  const left = entry ? daysLeft(stock, salesPerDay(entry.samples, now, sales)) : undefined;
  return { stock, sales, ...(left !== undefined ? { daysLeft: left } : {}) };
}

/** Looks up what the card adds to the detail view; a failed lookup leaves its part out. */
export async function cardFacts(
  deps: FeatureDeps,
  product: ProductDetail,
  target: ChatTarget,
): Promise<CardFacts> {
  const alerts = deps.alerts;
  const [item, names, own, chat] = await Promise.all([
    listed(deps, product).catch((error: unknown) => {
      ignoreFailure(deps.logger, "product list line not read; the card goes without it")(error);
      return undefined;
    }),
    directoryNames(deps, product),
    alerts?.store.productThresholds().then((all) => all[product.productId]),
    alerts?.store.chat(target),
  ]);
  const stock = await stockOf(alerts, product, item);
  const fallback = chat?.threshold ?? deps.config.alerts.stockThreshold;
  return {
    ...(item?.productName ? { name: item.productName } : {}),
    ...(stock ? { stock } : {}),
    ...names,
    ...(alerts ? { threshold: { value: own ?? fallback, own: own !== undefined } } : {}),
  };
}
