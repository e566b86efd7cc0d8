/**
 * Deterministic seed of the sandbox: no randomness, a fixed base date, so every run answers the
 * same. Id ranges never overlap, so a client that mixes them up gets "not found":
 * categories 1..310, brands 501..515, attributes 1..8, attribute values 101..126,
 * products 10001..10042, SKUs 20001.., orders 300001..300057, shops 7001/7002, jobs 90001..
 */
import { createHash } from "node:crypto";
import type {
  Seed,
  SeedAttribute,
  SeedAttributeValue,
  SeedBrand,
  SeedCategory,
  SeedOrder,
  SeedProduct,
  SeedSku,
} from "./types.js";

/** 2026-11-20T18:00:00+05:00: the newest order is created at this instant. */
export const SEED_BASE_DATE_MS = Date.UTC(2026, 10, 20, 13, 0, 0);

export const LEAF_CATEGORY_IDS = [100, 101, 102, 110, 111, 200, 201, 210, 211, 300, 301, 310];

const CATEGORIES: [number, number, string, string][] = [
  [1, 0, "Электроника", "Электроника"],
  [2, 0, "Одежда", "Киім"],
  [3, 0, "Дом и сад", "Үй және бақ"],
  [10, 1, "Смартфоны и аксессуары", "Смартфондар және аксессуарлар"],
  [11, 1, "Компьютеры", "Компьютерлер"],
  [20, 2, "Женская одежда", "Әйелдер киімі"],
  [21, 2, "Мужская одежда", "Ерлер киімі"],
  [30, 3, "Кухня", "Ас үй"],
  [31, 3, "Сад", "Бақ"],
  [100, 10, "Смартфоны", "Смартфондар"],
  [101, 10, "Кабели и зарядные устройства", "Кабельдер мен зарядтағыштар"],
  [102, 10, "Чехлы", "Қаптар"],
  [110, 11, "Ноутбуки", "Ноутбуктер"],
  [111, 11, "Мыши и клавиатуры", "Тінтуірлер мен пернетақталар"],
  [200, 20, "Платья", "Көйлектер"],
  [201, 20, "Блузки", "Блузкалар"],
  [210, 21, "Футболки", "Футболкалар"],
  [211, 21, "Джинсы", "Джинсы"],
  [300, 30, "Посуда", "Ыдыс-аяқ"],
  [301, 30, "Кофеварки", "Кофе қайнатқыштар"],
  [310, 31, "Садовый инвентарь", "Бақ құралдары"],
];

const BRANDS = [
  "Samsung",
  "Apple",
  "Xiaomi",
  "Baseus",
  "Anker",
  "Lenovo",
  "Logitech",
  "Zara",
  "Mango",
  "Levi's",
  "Tefal",
  "Bosch",
  "Philips",
  "Gardena",
  "Qazaq Republic",
];

const CLOTHES = [200, 201, 210, 211];
const ATTRIBUTES: [string, string, number[], [string, string][]][] = [
  [
    "color",
    "Цвет",
    LEAF_CATEGORY_IDS,
    [
      ["black", "Чёрный"],
      ["white", "Белый"],
      ["red", "Красный"],
      ["blue", "Синий"],
      ["green", "Зелёный"],
    ],
  ],
  [
    "size",
    "Размер",
    CLOTHES,
    [
      ["s", "S"],
      ["m", "M"],
      ["l", "L"],
      ["xl", "XL"],
    ],
  ],
  [
    "memory",
    "Объём памяти",
    [100, 110],
    [
      ["128gb", "128 ГБ"],
      ["256gb", "256 ГБ"],
      ["512gb", "512 ГБ"],
    ],
  ],
  [
    "material",
    "Материал",
    [102, ...CLOTHES, 300],
    [
      ["cotton", "Хлопок"],
      ["denim", "Деним"],
      ["silicone", "Силикон"],
      ["steel", "Нержавеющая сталь"],
    ],
  ],
  [
    "length",
    "Длина кабеля",
    [101],
    [
      ["1m", "1 м"],
      ["2m", "2 м"],
    ],
  ],
  [
    "connector",
    "Разъём",
    [101],
    [
      ["usb_c", "USB-C"],
      ["lightning", "Lightning"],
      ["micro_usb", "Micro-USB"],
    ],
  ],
  [
    "power",
    "Мощность",
    [301, 310],
    [
      ["800w", "800 Вт"],
      ["1500w", "1500 Вт"],
    ],
  ],
  [
    "country",
    "Страна производства",
    LEAF_CATEGORY_IDS,
    [
      ["kz", "Казахстан"],
      ["cn", "Китай"],
      ["tr", "Турция"],
    ],
  ],
];

export const LONG_PRODUCT_NAME =
  "Кофеварка капельная Philips HD7462/00 Daily Collection с функцией поддержания температуры, " +
  "стеклянным кувшином на 1,2 литра, съёмным фильтром многоразового использования, защитой от " +
  "протекания, автоматическим отключением через 30 минут, индикатором уровня воды, подставкой " +
  "для чашки и увеличенной гарантией производителя 24 месяца (цвет чёрный, мощность 1000 Вт)";

/** [rus, kaz ("" = not translated), categoryId, brand index, base price, SKU axis attribute] */
const PRODUCTS: [string, string, number, number, number, string][] = [
  ["Смартфон Samsung Galaxy A55", "Samsung Galaxy A55 смартфоны", 100, 0, 189990, "memory"],
  ["Смартфон Apple iPhone 15", "Apple iPhone 15 смартфоны", 100, 1, 449990, "memory"],
  ["Смартфон Xiaomi Redmi Note 13", "Xiaomi Redmi Note 13 смартфоны", 100, 2, 109990, "memory"],
  ["Смартфон Samsung Galaxy S24", "", 100, 0, 399990, "memory"],
  ["Смартфон Xiaomi 14T", "Xiaomi 14T смартфоны", 100, 2, 279990, "memory"],
  ['Кабель <USB-C> & "Lightning" 1 м', 'Кабель <USB-C> & "Lightning" 1 м', 101, 3, 3490, "length"],
  ["Зарядное устройство Anker 65 Вт", "Anker 65 Вт зарядтағыш", 101, 4, 14990, "connector"],
  ["Кабель Apple USB-C 2 м", "", 101, 1, 11990, "length"],
  [
    "Автомобильное зарядное устройство Baseus",
    "Baseus көлік зарядтағышы",
    101,
    3,
    5990,
    "connector",
  ],
  ['Чехол "Прозрачный" для <iPhone 15>', '"Мөлдір" қап <iPhone 15> үшін', 102, 3, 2990, "color"],
  [
    "Чехол-книжка для Samsung Galaxy A55",
    "Samsung Galaxy A55 үшін кітап-қап",
    102,
    0,
    4490,
    "color",
  ],
  ["Силиконовый чехол Xiaomi", "", 102, 2, 1990, "color"],
  ["Ноутбук Lenovo IdeaPad 5", "Lenovo IdeaPad 5 ноутбугы", 110, 5, 349990, "memory"],
  ["Ноутбук Apple MacBook Air 13 M3", "Apple MacBook Air 13 M3 ноутбугы", 110, 1, 649990, "memory"],
  ["Ноутбук Lenovo ThinkPad E14", "Lenovo ThinkPad E14 ноутбугы", 110, 5, 429990, "memory"],
  ["Мышь Logitech MX Master 3S", "", 111, 6, 49990, "color"],
  ["Клавиатура Logitech K380", "Logitech K380 пернетақтасы", 111, 6, 19990, "color"],
  ["Мышь беспроводная Xiaomi", "Xiaomi сымсыз тінтуірі", 111, 2, 6990, "color"],
  ["Платье летнее Zara", "Zara жазғы көйлегі", 200, 7, 24990, "size"],
  ["Платье-рубашка Mango", "", 200, 8, 29990, "size"],
  ['Платье вечернее "Алма"', '"Алма" кешкі көйлегі', 200, 14, 45990, "size"],
  ["Блузка шёлковая Mango", "Mango жібек блузкасы", 201, 8, 19990, "size"],
  ["Блузка Zara с принтом", "Zara принтті блузкасы", 201, 7, 15990, "size"],
  ["Футболка 'Qazaq' & Co", "", 210, 14, 8990, "size"],
  ["Футболка базовая Zara", "Zara базалық футболкасы", 210, 7, 6990, "size"],
  [
    "Футболка оверсайз Qazaq Republic",
    "Qazaq Republic оверсайз футболкасы",
    210,
    14,
    11990,
    "size",
  ],
  ["Футболка поло Levi's", "Levi's поло футболкасы", 210, 9, 17990, "size"],
  ["Джинсы Levi's 501 Original", "", 211, 9, 39990, "size"],
  ["Джинсы Mango slim fit", "Mango slim fit джинсысы", 211, 8, 27990, "size"],
  ["Джинсы Zara straight", "Zara straight джинсысы", 211, 7, 22990, "size"],
  [
    'Набор посуды "Шеф & Повар" <12 предметов>',
    '"Шеф & Аспаз" ыдыс жиынтығы',
    300,
    10,
    59990,
    "color",
  ],
  ["Сковорода Tefal 28 см", "", 300, 10, 18990, "color"],
  ["Кастрюля Tefal 5 л", "Tefal 5 л кастрюлі", 300, 10, 21990, "color"],
  ["Чайник стальной Bosch", "Bosch болат шәйнегі", 300, 11, 16990, "color"],
  [LONG_PRODUCT_NAME, "Philips HD7462/00 тамшылы кофе қайнатқышы", 301, 12, 89990, "power"],
  ["Кофемашина Bosch VeroCafe", "", 301, 11, 249990, "power"],
  ["Кофеварка капельная Bosch", "Bosch тамшылы кофе қайнатқышы", 301, 11, 29990, "power"],
  ["Кофемашина Philips LatteGo", "Philips LatteGo кофемашинасы", 301, 12, 199990, "power"],
  ["Секатор Gardena", "Gardena секаторы", 310, 13, 12990, "color"],
  ["Шланг садовый Gardena 20 м", "", 310, 13, 15990, "color"],
  ["Газонокосилка Bosch ARM 37", "Bosch ARM 37 шөп шапқышы", 310, 11, 119990, "power"],
  ["Лейка садовая 10 л", "10 л бақ суарғышы", 310, 13, 3990, "color"],
];

export const ORDER_STATUSES = [
  { key: "NEW", label: "Новый" },
  { key: "DELIVERING", label: "Доставляется" },
  { key: "COMPLETED", label: "Выполнен" },
  { key: "CANCELLED", label: "Отменён" },
  { key: "RETURNED", label: "Возврат" },
];
const STATUS_CYCLE = [0, 1, 2, 2, 0, 3, 2, 1, 4, 2];

export const ORDER_COUNT = 57;
/** orderNumber of the order whose createdDate/receivedDate are "20.11.2026 16:25"-like strings. */
export const UNPARSEABLE_DATE_ORDER_NUMBER = String(7100001 + ORDER_COUNT - 1);
export const LEADING_ZERO_BARCODE = "0004600000001";

export function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** ISO with the +05:00 offset of Kazakhstan, e.g. "2026-11-20T14:03:00+05:00". */
export function isoKz(ms: number): string {
  const d = new Date(ms + 5 * 3600_000);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+05:00`
  );
}

function dottedKz(ms: number): string {
  const d = new Date(ms + 5 * 3600_000);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function guid(seed: string): string {
  const h = createHash("sha1").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** tiyn (1/100 tenge) -> tenge */
const tg = (tiyn: number): number => tiyn / 100;

export function buildSeed(): Seed {
  const { categories, brands, attributes, attributeValues } = seedDirectories();
  const products = seedProducts(attributes, attributeValues);
  const { orders, orderCreatedAt } = seedOrders(products);
  return {
    orders,
    orderCreatedAt,
    products,
    categories,
    brands,
    attributes,
    attributeValues,
    shopIds: [7001, 7002],
    orderStatuses: ORDER_STATUSES,
  };
}

/** Categories, brands, attributes and their values, ids in the order they are listed. */
export function seedDirectories() {
  const categories: SeedCategory[] = CATEGORIES.map(([id, parentId, rus, kaz]) => ({
    id,
    parentId,
    name: { rus, kaz },
  }));
  const brands: SeedBrand[] = BRANDS.map((name, i) => ({ id: 501 + i, name }));
  const attributes: SeedAttribute[] = [];
  const attributeValues: SeedAttributeValue[] = [];
  let valueId = 101;
  ATTRIBUTES.forEach(([code, name, categoryIds, values], i) => {
    attributes.push({ id: i + 1, code, name, categoryIds });
    for (const [suffix, valueName] of values) {
      attributeValues.push({
        id: valueId++,
        attributeId: i + 1,
        attributeCode: code,
        code: `${code}_${suffix}`,
        name: valueName,
      });
    }
  });
  return { categories, brands, attributes, attributeValues };
}

/** The shop's products: 1 to 4 SKUs each along one attribute, every third without photos. */
function seedProducts(
  attributes: SeedAttribute[],
  attributeValues: SeedAttributeValue[],
): SeedProduct[] {
  const valuesOf = (code: string) => attributeValues.filter((v) => v.attributeCode === code);
  const colors = valuesOf("color");
  const countries = valuesOf("country");
  const materials = valuesOf("material");

  let skuId = 20001;
  return PRODUCTS.map(([rus, kaz, categoryId, brandIdx, base, axis], i) => {
    const productId = 10001 + i;
    const hasPhoto = i % 3 !== 2;
    const axisValues = valuesOf(axis);
    const skuCount = 1 + (i % 4);
    const step = Math.max(10, Math.round(base / 100) * 10);
    const skus: SeedSku[] = [];
    for (let j = 0; j < skuCount; j++) {
      const id = skuId++;
      const valueIds = [axisValues[j % axisValues.length]!.id];
      if (axis !== "color" && skuCount > axisValues.length) {
        valueIds.push(colors[Math.floor(j / axisValues.length)]!.id);
      } else if (axis === "color" && j >= axisValues.length) {
        valueIds.push(countries[0]!.id);
      }
      skus.push({
        skuId: id,
        attributeValueIds: valueIds,
        price: base + j * step,
        skuBarcode: id === 20001 ? LEADING_ZERO_BARCODE : `4870000${pad(id, 6)}`,
        photos: hasPhoto
          ? [
              { url: `https://cdn.example.kz/p/${productId}/${id}-1.jpg`, order: 1 },
              ...(j === 0
                ? [{ url: `https://cdn.example.kz/p/${productId}/${id}-2.jpg`, order: 2 }]
                : []),
            ]
          : [],
      });
    }
    const attrs = [{ id: 8, valueIds: [countries[i % countries.length]!.id] }];
    const materialAttr = attributes[3]!;
    if (materialAttr.categoryIds.includes(categoryId)) {
      attrs.push({ id: materialAttr.id, valueIds: [materials[i % materials.length]!.id] });
    }
    return {
      productId,
      shopId: i % 2 === 0 ? 7001 : 7002,
      categoryId,
      brandId: 501 + brandIdx,
      isLocalMade: brandIdx === 14 || i % 6 === 0,
      name: { rus, kaz },
      description: {
        rus: `<p>${rus}.</p><p>Официальная гарантия <b>12 месяцев</b>.</p>`,
        kaz: kaz ? `<p>${kaz}.</p>` : "",
      },
      vat: i % 8 === 7 ? 0 : 12,
      productStatus: i % 7 === 6 ? "Inactive" : i % 10 === 9 ? "Archived" : "Active",
      moderationStatus: i % 13 === 12 ? "Rejected" : i % 5 === 4 ? "OnModeration" : "Approved",
      totalWmsQuantity: (i * 37) % 120,
      salesCount: (i * 53) % 300,
      photoUrl: hasPhoto ? `https://cdn.example.kz/p/${productId - 10000}.jpg` : null,
      attributes: attrs,
      skus,
    };
  });
}

/** `ORDER_COUNT` orders over the 30 days before the base date, statuses in a fixed cycle. */
function seedOrders(products: SeedProduct[]) {
  const orders: SeedOrder[] = [];
  const orderCreatedAt: Record<number, number> = {};
  const percents = [8, 10, 12.5, 5];
  for (let i = 0; i < ORDER_COUNT; i++) {
    const product = products[(i * 5) % products.length]!;
    const sku = product.skus[i % product.skus.length]!;
    const status = ORDER_STATUSES[STATUS_CYCLE[i % STATUS_CYCLE.length]!]!;
    const last = i === ORDER_COUNT - 1;
    // spread over 30 days back from the base date, not in orderNumber order
    const created = SEED_BASE_DATE_MS - (last ? 95 : (i * 7937) % 43200) * 60_000;
    const received = created + (7 + (i % 5)) * 60_000;
    const fmt = (ms: number) =>
      last ? dottedKz(ms) : i % 9 === 4 ? new Date(ms).toISOString() : isoKz(ms);
    const quantity = 1 + (i % 3);
    const pct = percents[i % percents.length]!;
    const price = sku.price * 100;
    const commission = Math.round((price * pct) / 100);
    const orderId = 300001 + i;
    orderCreatedAt[orderId] = created;
    orders.push({
      orderId,
      orderGuid: guid(`sandbox-order-${i}`),
      orderNumber: String(7100001 + i),
      createdDate: fmt(created),
      receivedDate: fmt(received),
      statusKey: status.key,
      statusLabel: status.label,
      barcode: sku.skuBarcode,
      productName: product.name.rus,
      quantity,
      quantityReturned: status.key === "RETURNED" ? quantity : 0,
      commissionPercent: pct,
      price: tg(price),
      originalPrice: tg(i % 4 === 0 ? Math.round((price * 1.15) / 1000) * 1000 : price),
      commissionAmount: tg(commission),
      payoutAmount: tg(price - commission),
      totalPrice: tg(price * quantity),
      totalCommissionAmount: tg(commission * quantity),
      totalPayoutAmount: tg((price - commission) * quantity),
    });
  }
  return { orders, orderCreatedAt };
}

/**
 * An order placed "now" (the demo's arriving orders): the n-th after the seed (n from 0), status
 * NEW, for a product of the live catalog; ids continue the shop's (`next`: the seed's order
 * count, then the next free orderId and orderNumber).
 */
export function arrivingOrder(
  n: number,
  products: SeedProduct[],
  createdMs: number,
  next = { index: ORDER_COUNT, orderId: 300001 + ORDER_COUNT, orderNumber: 7100001 + ORDER_COUNT },
): SeedOrder {
  const product = products[(n * 7 + 3) % products.length]!;
  const sku = product.skus[n % product.skus.length]!;
  const quantity = 1 + (n % 2);
  const price = Math.round(sku.price * 100);
  const pct = 10;
  const commission = Math.round((price * pct) / 100);
  const i = next.index + n;
  return {
    orderId: next.orderId,
    orderGuid: guid(`sandbox-order-${i}`),
    orderNumber: String(next.orderNumber),
    createdDate: isoKz(createdMs),
    receivedDate: isoKz(createdMs),
    statusKey: "NEW",
    statusLabel: "Новый",
    barcode: sku.skuBarcode,
    productName: product.name.rus,
    quantity,
    quantityReturned: 0,
    commissionPercent: pct,
    price: tg(price),
    originalPrice: tg(price),
    commissionAmount: tg(commission),
    payoutAmount: tg(price - commission),
    totalPrice: tg(price * quantity),
    totalCommissionAmount: tg(commission * quantity),
    totalPayoutAmount: tg((price - commission) * quantity),
  };
}
