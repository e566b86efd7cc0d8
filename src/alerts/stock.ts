import { type LocalizedText, type ProductListItem, pagingEnd } from "../seller-api/index.js";
import type { AlertContext, AlertRound } from "./context.js";
import { addSample, daysLeft, type SalesSamples, salesPerDay } from "./estimate.js";
import { authPause } from "./health.js";
import { type ChatAlertSettings, chatKeyOf } from "./settings.js";

export type StockLevel = "ok" | "soon" | "low";
const RANK: Record<StockLevel, number> = { ok: 0, soon: 1, low: 2 };

/** What the last stock round saw of a product (also read by the product card and digest). */
export interface StockEntry {
  stock: number;
  sales: number;
  samples: SalesSamples;
  name: LocalizedText;
}
export interface StockSnapshot {
  at: number;
  products: Record<string, StockEntry>;
}

export interface StockAlert {
  productId: number;
  name: LocalizedText;
  stock: number;
  threshold: number;
  daysLeft: number | null;
  level: "soon" | "low";
}

interface LevelRecord {
  level: StockLevel;
  /** When the level last changed: a new episode (and a new alert id) after each re-arm. */
  since: number;
}

const SNAPSHOT = "stock:snapshot";
const PAGE_SIZE = 100;
/**
 * A stop for a list that never ends: 50,000 products. (It was 50 pages: a shop of 5,000
 * products filled them, and its 5,001st product was never watched.)
 */
const MAX_PAGES = 500;

export const readStockSnapshot = (ctx: Pick<AlertContext, "store">) =>
  ctx.store.get<StockSnapshot>(SNAPSHOT);

/** Every product, page by page, to the list's end (`pagingEnd`). */
async function listAll(ctx: AlertContext): Promise<ProductListItem[]> {
  const all = new Map<number, ProductListItem>();
  const ended = pagingEnd();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await ctx.seller.listProducts({
      pageNumber: page,
      pageSize: PAGE_SIZE,
      sortBy: "id",
      sortDirection: "Asc",
    });
    const products = list.products ?? [];
    const before = all.size;
    for (const product of products) all.set(product.productId, product);
    const fresh = all.size > before;
    if (ended({ page, count: products.length, fresh, totalPages: list.totalPages })) break;
  }
  return [...all.values()];
}

/** The product's days left at the pace measured so far. */
export function daysLeftOf(entry: StockEntry | undefined, at: number): number | undefined {
  if (!entry) return undefined;
  return daysLeft(entry.stock, salesPerDay(entry.samples, at, entry.sales));
}

export function levelOf(
  stock: number,
  threshold: number,
  days: number | undefined,
  warnDays: number,
) {
  if (stock <= threshold) return "low";
  if (days !== undefined && days <= warnDays) return "soon";
  return "ok";
}

/**
 * One stock round: reads every product's stock and sales, keeps a week of sales samples for
 * the days-left estimate, and per chat announces a product once when it crosses its threshold
 * (or is about to run out), re-armed only once it is back above.
 */
export async function runStockRound(ctx: AlertContext, round: AlertRound) {
  const now = round.now();
  const next = { nextAt: now + ctx.settings.stockPollMs };
  // Refused credentials: the new-order poll alone tries, seldom, until they work again.
  if ((await authPause(ctx, now)) !== undefined) return next;
  let products: ProductListItem[];
  try {
    products = await listAll(ctx);
  } catch (error) {
    ctx.logger.warn({ err: error }, "stock poll failed");
    return next;
  }
  const previous = (await readStockSnapshot(ctx))?.products ?? {};
  const snapshot: StockSnapshot = { at: now, products: {} };
  for (const p of products) {
    const stock = p.totalWmsQuantity ?? 0;
    const sales = p.salesCount ?? 0;
    const samples = addSample(previous[p.productId]?.samples ?? [], now, sales);
    snapshot.products[p.productId] = { stock, sales, samples, name: p.productName };
  }
  const thresholds = await ctx.store.productThresholds();
  for (const chat of await ctx.store.chats()) {
    if (!chat.enabled.stock) continue;
    await checkChat(ctx, chat, snapshot, thresholds, now);
  }
  await ctx.store.set(SNAPSHOT, snapshot);
  return next;
}

async function checkChat(
  ctx: AlertContext,
  chat: ChatAlertSettings,
  snapshot: StockSnapshot,
  thresholds: Record<string, number>,
  now: number,
) {
  const chatKey = chatKeyOf(chat);
  const levelsName = `stock:levels:${chatKey}`;
  const stored = await ctx.store.get<Record<string, LevelRecord>>(levelsName);
  // A chat's first round only notes the levels: what was already low is in the digest.
  const baseline = stored === undefined;
  const levels = stored ?? {};
  const nextLevels: Record<string, LevelRecord> = {};
  for (const [id, entry] of Object.entries(snapshot.products)) {
    const threshold = thresholds[id] ?? chat.threshold;
    const days = daysLeftOf(entry, now);
    const level = levelOf(entry.stock, threshold, days, ctx.settings.warnDays);
    const before = levels[id] ?? { level: "ok", since: 0 };
    if (!baseline && RANK[level] > RANK[before.level]) {
      const alert: StockAlert = {
        productId: Number(id),
        name: entry.name,
        stock: entry.stock,
        threshold,
        daysLeft: days ?? null,
        level: level as "soon" | "low",
      };
      await ctx.store.enqueue({
        id: `s:${id}:${level}:${before.since}:${chatKey}`,
        chatKey,
        kind: "stock",
        at: now,
        data: alert,
      });
    }
    nextLevels[id] = level === before.level ? before : { level, since: now };
  }
  await ctx.store.set(levelsName, nextLevels);
}
