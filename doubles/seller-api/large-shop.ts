/**
 * The sandbox's large shop (`shop: "large"`): 5,000 products with 20,000 SKUs in 18 leaf
 * categories and 29 brands, and 100,000 order lines over the year before the seed's base date,
 * with cancels, full and partial returns across eight statuses. Made from a seeded PRNG, so
 * every run serves the same shop, in about a second and one pass over each list.
 *
 * Id ranges never overlap each other nor the small shop's: categories 1..431, brands 501..529,
 * attributes 1..10, attribute values 101..134, products 100001..105000, SKUs 200001..220000,
 * orders 1000001..1100000 (orderNumber 500000001..), shops 7001/7002.
 *
 * Money is as the marketplace reckons it, in tiyn and then tenge with 2 decimals: totalPrice =
 * price × quantity, totalCommissionAmount = totalPrice × commissionPercent / 100 rounded half
 * up, totalPayoutAmount = totalPrice − totalCommissionAmount (commissionAmount and
 * payoutAmount the same for one unit). A product's `salesCount` is the units of its lines not
 * cancelled, less the units returned.
 */
import { largeDirectories, TEMPLATES, type Template } from "./large-catalog.js";
import { instantsRecord } from "./order-instants.js";
import { isoKz, pad, SEED_BASE_DATE_MS } from "./seed.js";
import type { Seed, SeedAttributeValue, SeedOrder, SeedProduct, SeedSku } from "./types.js";

export const LARGE_SHOP = {
  products: 5000,
  skus: 20_000,
  orderLines: 100_000,
  days: 365,
  firstProductId: 100_001,
  firstSkuId: 200_001,
  firstOrderId: 1_000_001,
  firstOrderNumber: 500_000_001,
} as const;

/** The order statuses of the large shop: the small shop's five and three more. */
export const LARGE_SHOP_STATUSES = [
  { key: "NEW", label: "Новый" },
  { key: "ACCEPTED", label: "Принят продавцом" },
  { key: "DELIVERING", label: "Доставляется" },
  { key: "DELIVERED", label: "Доставлен" },
  { key: "COMPLETED", label: "Выполнен" },
  { key: "CANCELLED", label: "Отменён" },
  { key: "RETURN_REQUESTED", label: "Оформляется возврат" },
  { key: "RETURNED", label: "Возврат" },
] as const;
type StatusKey = (typeof LARGE_SHOP_STATUSES)[number]["key"];

const DAY_MS = 24 * 3600_000;
/** Asia/Almaty, where the seed's dates are written: UTC+05:00 all year. */
const KZ_OFFSET_MS = 5 * 3600_000;

/** mulberry32: a small, fast PRNG with a 32-bit seed (numbers in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** The EAN-13 check digit of 12 digits. */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * A valid EAN-13 for the k-th SKU, unique by construction (each form has its own prefix and an
 * injective number): most Kazakh (487…), every 29th a UPC-A read as EAN-13 (one leading zero),
 * every 97th two leading zeros.
 */
export function largeShopBarcode(k: number): string {
  const body =
    k % 97 === 3
      ? `00${pad(1_000_000_000 + ((k * 104_729) % 9_000_000_000), 10)}`
      : k % 29 === 5
        ? `0${pad(10_000_000_000 + ((k * 7919) % 90_000_000_000), 11)}`
        : `487${pad(100_000_000 + ((k * 7919) % 900_000_000), 9)}`;
  return `${body}${ean13CheckDigit(body)}`;
}

/** A price between `lo` and `hi` spread evenly on a log scale, ending in 90 tenge. */
function priceIn(rnd: Random, [lo, hi]: readonly [number, number]): number {
  const raw = Math.exp(Math.log(lo) + rnd() * (Math.log(hi) - Math.log(lo)));
  return Math.max(lo, Math.round(raw / 100) * 100 - 10);
}

/** How many SKUs each product gets: its template's range, then evened out to exactly `total`. */
function skuCounts(rnd: Random, templates: Template[], capacity: number[], total: number) {
  const counts = templates.map((t, i) => Math.min(capacity[i]!, int(rnd, t.skus[0], t.skus[1])));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % counts.length) {
    const t = templates[i]!;
    if (diff > 0 && counts[i]! < Math.min(capacity[i]!, t.skus[1] + 2)) {
      counts[i]!++;
      diff--;
    } else if (diff < 0 && counts[i]! > t.skus[0]) {
      counts[i]!--;
      diff++;
    }
  }
  return counts;
}

interface Names {
  rus: string;
  kaz: string;
}

/** A product's names: type, brand, series, model number and variant; some with no Kazakh. */
function productNames(rnd: Random, t: Template, n: number, i: number): Names & { brand: string } {
  const [brand, series] = pick(rnd, t.series);
  const variant = pick(rnd, ["", "", " Pro", " Lite", " Plus", " Max", " 2026"]);
  const model = `${series}${n}${variant}`;
  let rus = `${t.ru} ${brand} ${model}`;
  let kaz = `${brand} ${model} ${t.kk}`;
  if (i % 250 === 7) {
    // Names as sellers write them: quotes, angle brackets and ampersands.
    rus = `${t.ru} ${brand} "${model}" <комплект> & подарок`;
    kaz = `${brand} "${model}" <жиынтық> & сыйлық ${t.kk}`;
  }
  if (i === 4242) {
    rus +=
      " с расширенной гарантией производителя 24 месяца, официальной поставкой в Казахстан, " +
      "русско-казахской инструкцией, фирменной упаковкой, сертификатом соответствия и " +
      "бесплатной доставкой по Алматы и Астане в течение двух рабочих дней после оплаты";
  }
  if (rnd() < 0.12) kaz = "";
  return { rus, kaz, brand };
}

const DESCRIPTION_LINES = [
  "Официальная гарантия <b>12 месяцев</b>.",
  "Доставка по Казахстану от 1 дня.",
  "Оригинальная продукция, сертификат соответствия.",
  "В комплекте инструкция на русском и казахском языках.",
  "Подходит для подарка.",
];

/** The SKUs of one product: along the template's axis, then its second attribute. */
function productSkus(
  rnd: Random,
  ctx: { t: Template; valuesOf: (code: string) => SeedAttributeValue[] },
  ids: { productId: number; firstSku: number; firstIndex: number },
  count: number,
  photo: boolean,
): SeedSku[] {
  const axis = ctx.valuesOf(ctx.t.axis);
  const second = ctx.valuesOf(ctx.t.second);
  const base = priceIn(rnd, ctx.t.price);
  const priced = ["memory", "power", "volume", "weight", "length"].includes(ctx.t.axis);
  const step = Math.max(100, Math.round((base * 0.15) / 100) * 100);
  return Array.from({ length: count }, (_, j) => {
    const skuId = ids.firstSku + j;
    const valueIds = [axis[j % axis.length]!.id];
    if (count > axis.length) valueIds.push(second[Math.floor(j / axis.length)]!.id);
    return {
      skuId,
      attributeValueIds: valueIds,
      price: base + (priced ? (j % axis.length) * step : 0),
      skuBarcode: largeShopBarcode(ids.firstIndex + j),
      photos: photo
        ? Array.from({ length: j === 0 ? int(rnd, 1, 3) : 1 }, (_, k) => ({
            url: `https://cdn.example.kz/p/${ids.productId}/${skuId}-${k + 1}.jpg`,
            order: k + 1,
          }))
        : [],
    };
  });
}

/** Status, stock and the other list fields of one product. */
function productFacts(rnd: Random) {
  const s = rnd();
  const m = rnd();
  const k = rnd();
  return {
    productStatus: s < 0.9 ? "Active" : s < 0.96 ? "Inactive" : "Archived",
    moderationStatus: m < 0.92 ? "Approved" : m < 0.97 ? "OnModeration" : "Rejected",
    totalWmsQuantity: k < 0.06 ? 0 : k < 0.16 ? int(rnd, 1, 5) : int(rnd, 6, 400),
    shopId: rnd() < 0.7 ? 7001 : 7002,
    vat: rnd() < 0.85 ? 12 : 0,
    isLocalMade: rnd() < 0.1,
  };
}

function largeProducts(rnd: Random, directories: ReturnType<typeof largeDirectories>) {
  const { attributes, attributeValues } = directories;
  const byCode = new Map<string, SeedAttributeValue[]>();
  for (const v of attributeValues)
    byCode.set(v.attributeCode, [...(byCode.get(v.attributeCode) ?? []), v]);
  const valuesOf = (code: string) => byCode.get(code)!;
  const brandId = new Map(directories.brands.map((b) => [b.name, b.id]));
  const material = attributes.find((a) => a.code === "material")!;
  const country = attributes.find((a) => a.code === "country")!;
  const totalWeight = TEMPLATES.reduce((s, t) => s + t.weight, 0);
  const templates = Array.from({ length: LARGE_SHOP.products }, () => {
    let r = rnd() * totalWeight;
    for (const t of TEMPLATES) {
      r -= t.weight;
      if (r < 0) return t;
    }
    return TEMPLATES.at(-1)!;
  });
  const capacity = templates.map((t) => valuesOf(t.axis).length * valuesOf(t.second).length);
  const counts = skuCounts(rnd, templates, capacity, LARGE_SHOP.skus);
  const numbers = new Map<Template, number>();
  let skuIndex = 0;
  return templates.map((t, i): SeedProduct => {
    const productId = LARGE_SHOP.firstProductId + i;
    const n = (numbers.get(t) ?? 10) + 1;
    numbers.set(t, n);
    const names = productNames(rnd, t, n, i);
    const photo = rnd() < 0.85;
    const ids = { productId, firstSku: LARGE_SHOP.firstSkuId + skuIndex, firstIndex: skuIndex };
    const skus = productSkus(rnd, { t, valuesOf }, ids, counts[i]!, photo);
    skuIndex += skus.length;
    const attrs = [{ id: country.id, valueIds: [pick(rnd, valuesOf("country")).id] }];
    if (material.categoryIds.includes(t.leaf))
      attrs.push({ id: material.id, valueIds: [pick(rnd, valuesOf("material")).id] });
    const lines = [DESCRIPTION_LINES[i % 5]!, DESCRIPTION_LINES[(i + 2) % 5]!];
    return {
      productId,
      categoryId: t.leaf,
      brandId: brandId.get(names.brand)!,
      name: { rus: names.rus, kaz: names.kaz },
      description: {
        rus: `<p>${names.rus}.</p><p>${lines.join(" ")}</p>`,
        kaz: names.kaz ? `<p>${names.kaz}.</p>` : "",
      },
      ...productFacts(rnd),
      salesCount: 0,
      photoUrl: photo ? `https://cdn.example.kz/p/${productId}.jpg` : null,
      attributes: attrs,
      skus,
    };
  });
}

// ------------------------------------------------------------------ orders

/** Orders a local hour gets, relative to each other (few at night, most in the evening). */
const HOUR_WEIGHTS = [
  1, 0.5, 0.3, 0.2, 0.2, 0.3, 0.6, 1.2, 2, 3, 3.5, 3.8, 4, 4, 3.8, 3.6, 3.6, 3.8, 4.2, 4.6, 4.8,
  4.2, 3, 2,
];
/** Monday first. */
const WEEKDAY_WEIGHTS = [1, 1, 1, 1.05, 1.15, 1.2, 0.95];

/** A local day's weight: the shop grows over the year; weekdays; the sales of the calendar. */
function dayWeight(localMidnightMs: number, ageDays: number): number {
  const d = new Date(localMidnightMs);
  const month = d.getUTCMonth() + 1;
  const date = d.getUTCDate();
  let w =
    (0.6 + (0.4 * (LARGE_SHOP.days - ageDays)) / LARGE_SHOP.days) *
    WEEKDAY_WEIGHTS[(d.getUTCDay() + 6) % 7]!;
  if (month === 12 && date >= 15) w *= 1.5; // New Year's gifts
  if (month === 3 && date <= 7) w *= 1.4; // the 8th of March
  if (month === 11 && date === 11) w *= 1.8; // 11.11
  return w;
}

/**
 * Every order line's instant, oldest first, the last exactly at `baseMs`: the lines are shared
 * out among the local days by weight (the base date's day only up to its hour), and within a
 * day among the hours.
 */
export function orderInstants(rnd: Random, baseMs: number, count: number): Float64Array {
  const baseLocal = baseMs + KZ_OFFSET_MS;
  const lastMidnight = baseLocal - (baseLocal % DAY_MS);
  const hourCum: number[] = [];
  HOUR_WEIGHTS.reduce((s, w, h) => (hourCum[h] = s + w), 0);
  const lastHour = Math.floor((baseLocal - lastMidnight) / 3600_000);
  const weights = Array.from({ length: LARGE_SHOP.days }, (_, i) => {
    const age = LARGE_SHOP.days - 1 - i;
    const w = dayWeight(lastMidnight - age * DAY_MS, age);
    return age === 0 ? (w * (hourCum[lastHour - 1] ?? 0)) / hourCum[23]! : w;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const perDay = weights.map((w) => Math.floor((w / sum) * count));
  for (let i = 0, left = count - perDay.reduce((a, b) => a + b, 0); left > 0; i++, left--)
    perDay[LARGE_SHOP.days - 1 - (i % LARGE_SHOP.days)]!++;
  const out = new Float64Array(count);
  let k = 0;
  perDay.forEach((n, i) => {
    const midnight = lastMidnight - (LARGE_SHOP.days - 1 - i) * DAY_MS - KZ_OFFSET_MS;
    const hours = i === LARGE_SHOP.days - 1 ? lastHour : 24;
    const day = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const r = rnd() * hourCum[hours - 1]!;
      let hour = 0;
      while (hourCum[hour]! <= r) hour++;
      day[j] = midnight + hour * 3600_000 + Math.floor(rnd() * 3600) * 1000;
    }
    day.sort();
    for (const at of day) out[k++] = Math.min(at, baseMs);
  });
  out[count - 1] = baseMs;
  return out;
}

/** [share up to which, status], by the line's age: newest first. */
const STATUS_BY_AGE: [maxAgeDays: number, table: [number, StatusKey][]][] = [
  [
    0.5,
    [
      [0.7, "NEW"],
      [0.92, "ACCEPTED"],
      [1, "CANCELLED"],
    ],
  ],
  [
    2,
    [
      [0.06, "NEW"],
      [0.41, "ACCEPTED"],
      [0.91, "DELIVERING"],
      [1, "CANCELLED"],
    ],
  ],
  [
    6,
    [
      [0.35, "DELIVERING"],
      [0.9, "DELIVERED"],
      [1, "CANCELLED"],
    ],
  ],
  [
    14,
    [
      [0.3, "DELIVERED"],
      [0.85, "COMPLETED"],
      [0.94, "CANCELLED"],
      [0.98, "RETURN_REQUESTED"],
      [1, "RETURNED"],
    ],
  ],
  [
    Infinity,
    [
      [0.89, "COMPLETED"],
      [0.97, "CANCELLED"],
      [1, "RETURNED"],
    ],
  ],
];
const STATUS = new Map(LARGE_SHOP_STATUSES.map((s) => [s.key as StatusKey, s]));

/**
 * A line's status by how long ago it was placed, and what came back of it: a return is whole
 * or partial, and a completed line may have had part of it returned (its status unchanged).
 */
function statusOf(rnd: Random, ageDays: number, quantity: number) {
  const r = rnd();
  const table = STATUS_BY_AGE.find(([max]) => ageDays < max)![1];
  const key = table.find(([p]) => r < p)![1];
  let returned = 0;
  if (key === "RETURNED")
    returned = quantity > 1 && rnd() < 0.25 ? int(rnd, 1, quantity - 1) : quantity;
  else if (key === "COMPLETED" && quantity > 1 && rnd() < 0.15)
    returned = int(rnd, 1, quantity - 1);
  return { status: STATUS.get(key)!, returned };
}

const tenge = (tiyn: number) => tiyn / 100;
/** A share of tiyn at a percent with one decimal, rounded half up (all amounts are positive). */
const percentOf = (tiyn: number, percent: number) =>
  Math.round((tiyn * Math.round(percent * 10)) / 1000);

/**
 * The string made flat: a string built of pieces is a tree of them in V8 (about 250 bytes for a
 * date), reading a character joins it into one (about 60). A year of orders holds 300,000.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => pad(n));
/** Local dates (`2026-11-20T`) by day number: a year of orders has 365 of them. */
const DATE_PARTS = new Map<number, string>();

/** `2026-11-20T14:03:00+05:00` (Kazakhstan's time, flat; as `isoKz` writes it, sooner). */
function kzTime(ms: number): string {
  const local = ms + KZ_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  let date = DATE_PARTS.get(day);
  if (date === undefined) {
    date = isoKz(ms).slice(0, 11);
    DATE_PARTS.set(day, date);
  }
  const seconds = Math.floor((local - day * DAY_MS) / 1000);
  const [h, m, sec] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return flat(`${date}${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[sec]}+05:00`);
}

const hex8 = (rnd: Random) =>
  Math.floor(rnd() * 2 ** 32)
    .toString(16)
    .padStart(8, "0");

/** A version-4 GUID from the PRNG. */
function guid(rnd: Random): string {
  const [a, b, c, d] = [hex8(rnd), hex8(rnd), hex8(rnd), hex8(rnd)];
  return flat(`${a}-${b.slice(0, 4)}-4${b.slice(5)}-a${c.slice(1, 4)}-${c.slice(4)}${d}`);
}

/** How many of a SKU one line buys: cheap things more often by several. */
function quantityOf(rnd: Random, unitPrice: number): number {
  const q = rnd();
  if (unitPrice < 5000) return q < 0.6 ? 1 : q < 0.85 ? 2 : q < 0.95 ? 3 : int(rnd, 4, 6);
  return q < 0.88 ? 1 : q < 0.98 ? 2 : 3;
}

/**
 * A line's unit price in tiyn: a quarter sold at a discount of 5–30 %, most of those rounded
 * to 10 tenge, a third to the tiyn (their commission then needs rounding).
 */
function unitPrice(rnd: Random, listTenge: number): number {
  if (rnd() >= 0.25) return listTenge * 100;
  const share = 1 - int(rnd, 5, 30) / 100;
  if (rnd() < 1 / 3) return Math.round(listTenge * 100 * share);
  return Math.max(10, Math.round((listTenge * share) / 10) * 10) * 100;
}

/** One order line: the money of `unitTenge` × `quantity` at `percent`. */
function orderLine(
  rnd: Random,
  i: number,
  at: number,
  sold: { product: SeedProduct; sku: SeedSku; percent: number; ageDays: number },
): SeedOrder {
  const { product, sku, percent } = sold;
  const quantity = quantityOf(rnd, sku.price);
  const price = unitPrice(rnd, sku.price);
  const total = price * quantity;
  const { status, returned } = statusOf(rnd, sold.ageDays, quantity);
  // Most dates in Kazakhstan's time with its offset, some in UTC (the spec gives no format).
  const fmt = (ms: number) => (i % 37 === 11 ? new Date(ms).toISOString() : kzTime(ms));
  return {
    orderId: LARGE_SHOP.firstOrderId + i,
    orderGuid: guid(rnd),
    orderNumber: String(LARGE_SHOP.firstOrderNumber + i),
    createdDate: fmt(at),
    receivedDate: fmt(at + int(rnd, 2, 15) * 60_000),
    statusKey: status.key,
    statusLabel: status.label,
    barcode: sku.skuBarcode,
    productName: product.name.rus,
    quantity,
    quantityReturned: returned,
    commissionPercent: percent,
    price: tenge(price),
    originalPrice: sku.price,
    commissionAmount: tenge(percentOf(price, percent)),
    payoutAmount: tenge(price - percentOf(price, percent)),
    totalPrice: tenge(total),
    totalCommissionAmount: tenge(percentOf(total, percent)),
    totalPayoutAmount: tenge(total - percentOf(total, percent)),
  };
}

/**
 * The year's order lines, oldest first. A few products sell most (a long tail, as in any shop):
 * product ranks are drawn with weights 1 / (rank + 20).
 */
function largeOrders(rnd: Random, products: SeedProduct[], baseMs: number) {
  const instants = orderInstants(rnd, baseMs, LARGE_SHOP.orderLines);
  // The ranks in an order of their own (Knuth's multiplicative hash), not the catalog's.
  const ranked = products
    .map((p, i) => ({ p, key: (i * 2654435761) % 4294967296 }))
    .sort((a, b) => a.key - b.key);
  const cum = new Float64Array(ranked.length);
  ranked.reduce((s, _, r) => (cum[r] = s + 1 / (r + 20)), 0);
  const total = cum[cum.length - 1]!;
  const percentOfLeaf = new Map(TEMPLATES.map((t) => [t.leaf, t.percent]));
  const orders: SeedOrder[] = [];
  const orderCreatedAt = new Map<number, number>();
  for (let i = 0; i < instants.length; i++) {
    const x = rnd() * total;
    let lo = 0;
    for (let hi = cum.length - 1; lo < hi; ) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    const product = ranked[lo]!.p;
    const sku = product.skus[rnd() < 0.4 ? 0 : int(rnd, 0, product.skus.length - 1)]!;
    const at = instants[i]!;
    const ageDays = (baseMs - at) / DAY_MS;
    const percent = percentOfLeaf.get(product.categoryId)!;
    const order = orderLine(rnd, i, at, { product, sku, percent, ageDays });
    orders.push(order);
    orderCreatedAt.set(order.orderId, at);
    if (order.statusKey !== "CANCELLED")
      product.salesCount += order.quantity - order.quantityReturned;
  }
  return { orders, orderCreatedAt: instantsRecord(orderCreatedAt) };
}

/** The large shop, the same on every call; its newest order is placed at `baseMs`. */
export function buildLargeSeed(baseMs: number = SEED_BASE_DATE_MS): Seed {
  const rnd = seededRandom(40_2026);
  const directories = largeDirectories();
  const products = largeProducts(rnd, directories);
  const { orders, orderCreatedAt } = largeOrders(rnd, products, baseMs);
  return {
    orders,
    orderCreatedAt,
    products,
    ...directories,
    shopIds: [7001, 7002],
    orderStatuses: LARGE_SHOP_STATUSES.map((s) => ({ ...s })),
  };
}
