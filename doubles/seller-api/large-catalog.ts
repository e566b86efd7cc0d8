/**
 * What the large shop sells: its directories (the small shop's, with three more root
 * categories, more brands and two more attributes, every id the small shop has kept) and one
 * template per kind of product (names in Russian and Kazakh, prices, SKU axes, commission).
 */
import { seedDirectories } from "./seed.js";
import type { SeedAttribute, SeedAttributeValue, SeedBrand, SeedCategory } from "./types.js";

export interface Template {
  leaf: number;
  /** The product's type as a Russian name starts with it. */
  ru: string;
  /** The same as a Kazakh name ends with it (possessive), after brand and model. */
  kk: string;
  /** [brand name, model series] */
  series: readonly (readonly [string, string])[];
  /** Lowest and highest base price, tenge. */
  price: readonly [number, number];
  /** The SKUs vary along `axis`, then along `second` once the axis is used up. */
  axis: string;
  second: string;
  skus: readonly [number, number];
  /** The marketplace's commission in this category, percent. */
  percent: number;
  /** Share of the shop's products. */
  weight: number;
}

const CLOTHES = { axis: "size", second: "color", percent: 15 } as const;
const COLOURED = { axis: "color", second: "country" } as const;

export const TEMPLATES: readonly Template[] = [
  {
    leaf: 100,
    ru: "Смартфон",
    kk: "смартфоны",
    axis: "memory",
    second: "color",
    percent: 8,
    series: [
      ["Samsung", "Galaxy A"],
      ["Samsung", "Galaxy S"],
      ["Apple", "iPhone "],
      ["Xiaomi", "Redmi Note "],
      ["Xiaomi", "Poco X"],
      ["Huawei", "Nova "],
    ],
    price: [59_990, 899_990],
    skus: [2, 6],
    weight: 5,
  },
  {
    leaf: 101,
    ru: "Кабель",
    kk: "кабелі",
    axis: "length",
    second: "connector",
    percent: 12,
    series: [
      ["Baseus", "Cafule "],
      ["Anker", "PowerLine "],
      ["Apple", "USB-C "],
      ["Xiaomi", "Type-C "],
    ],
    price: [1_490, 12_990],
    skus: [2, 6],
    weight: 8,
  },
  {
    leaf: 101,
    ru: "Зарядное устройство",
    kk: "зарядтағышы",
    axis: "connector",
    second: "color",
    percent: 12,
    series: [
      ["Anker", "Nano "],
      ["Baseus", "GaN "],
      ["Samsung", "EP-T"],
    ],
    price: [4_990, 29_990],
    skus: [2, 5],
    weight: 4,
  },
  {
    leaf: 102,
    ru: "Чехол",
    kk: "қабы",
    ...COLOURED,
    percent: 15,
    series: [
      ["Baseus", "Crystal "],
      ["Samsung", "Silicone Cover "],
      ["Xiaomi", "Case "],
      ["Apple", "MagSafe "],
    ],
    price: [1_490, 19_990],
    skus: [3, 8],
    weight: 10,
  },
  {
    leaf: 110,
    ru: "Ноутбук",
    kk: "ноутбугы",
    axis: "memory",
    second: "color",
    percent: 7,
    series: [
      ["Lenovo", "IdeaPad "],
      ["Lenovo", "ThinkPad E"],
      ["Apple", "MacBook Air "],
      ["Asus", "VivoBook "],
      ["HP", "Pavilion "],
    ],
    price: [149_990, 1_199_990],
    skus: [1, 4],
    weight: 3,
  },
  {
    leaf: 111,
    ru: "Мышь беспроводная",
    kk: "сымсыз тінтуірі",
    ...COLOURED,
    percent: 12,
    series: [
      ["Logitech", "M"],
      ["Logitech", "MX Master "],
      ["Xiaomi", "Mi Mouse "],
      ["Asus", "ROG Gladius "],
    ],
    price: [3_990, 59_990],
    skus: [2, 5],
    weight: 4,
  },
  {
    leaf: 111,
    ru: "Клавиатура",
    kk: "пернетақтасы",
    ...COLOURED,
    percent: 12,
    series: [
      ["Logitech", "K"],
      ["Asus", "TUF K"],
      ["HP", "K"],
    ],
    price: [5_990, 89_990],
    skus: [1, 3],
    weight: 3,
  },
  {
    leaf: 200,
    ru: "Платье",
    kk: "көйлегі",
    ...CLOTHES,
    series: [
      ["Zara", "Linen "],
      ["Mango", "Midi "],
      ["Qazaq Republic", "Dala "],
      ["Alem", "Ажар "],
    ],
    price: [9_990, 59_990],
    skus: [4, 8],
    weight: 8,
  },
  {
    leaf: 201,
    ru: "Блузка",
    kk: "блузкасы",
    ...CLOTHES,
    series: [
      ["Mango", "Silk "],
      ["Zara", "Print "],
      ["Alem", "Сәуле "],
    ],
    price: [6_990, 29_990],
    skus: [4, 8],
    weight: 5,
  },
  {
    leaf: 210,
    ru: "Футболка",
    kk: "футболкасы",
    ...CLOTHES,
    series: [
      ["Zara", "Basic "],
      ["Qazaq Republic", "Oversize "],
      ["Levi's", "Logo "],
      ["Nike", "Dri-FIT "],
      ["Adidas", "Essentials "],
    ],
    price: [2_990, 19_990],
    skus: [4, 8],
    weight: 10,
  },
  {
    leaf: 211,
    ru: "Джинсы",
    kk: "джинсысы",
    ...CLOTHES,
    series: [
      ["Levi's", "50"],
      ["Mango", "Slim "],
      ["Zara", "Straight "],
    ],
    price: [12_990, 49_990],
    skus: [4, 8],
    weight: 6,
  },
  {
    leaf: 300,
    ru: "Сковорода",
    kk: "табасы",
    ...COLOURED,
    percent: 10,
    series: [
      ["Tefal", "Ingenio "],
      ["Tefal", "Unlimited "],
      ["Redmond", "RFP-"],
    ],
    price: [4_990, 39_990],
    skus: [1, 3],
    weight: 5,
  },
  {
    leaf: 300,
    ru: "Набор посуды",
    kk: "ыдыс жиынтығы",
    ...COLOURED,
    percent: 10,
    series: [
      ["Tefal", "Emotion "],
      ["Bosch", "Serie "],
    ],
    price: [19_990, 129_990],
    skus: [1, 3],
    weight: 2,
  },
  {
    leaf: 301,
    ru: "Кофемашина",
    kk: "кофемашинасы",
    axis: "power",
    second: "color",
    percent: 9.5,
    series: [
      ["Philips", "LatteGo "],
      ["Bosch", "VeroCafe "],
      ["Redmond", "RCM-"],
    ],
    price: [29_990, 599_990],
    skus: [1, 4],
    weight: 2,
  },
  {
    leaf: 310,
    ru: "Шланг садовый",
    kk: "бақ шлангісі",
    ...COLOURED,
    percent: 11,
    series: [
      ["Gardena", "Classic "],
      ["Gardena", "Comfort "],
    ],
    price: [3_990, 29_990],
    skus: [1, 3],
    weight: 3,
  },
  {
    leaf: 310,
    ru: "Газонокосилка",
    kk: "шөп шапқышы",
    axis: "power",
    second: "color",
    percent: 11,
    series: [
      ["Bosch", "ARM "],
      ["Gardena", "PowerMax "],
    ],
    price: [59_990, 349_990],
    skus: [1, 2],
    weight: 1,
  },
  {
    leaf: 400,
    ru: "Крем для лица",
    kk: "бет кремі",
    axis: "volume",
    second: "country",
    percent: 13.5,
    series: [
      ["Nivea", "Care "],
      ["Garnier", "Skin Naturals "],
      ["L'Oréal", "Revitalift "],
    ],
    price: [1_990, 24_990],
    skus: [2, 4],
    weight: 6,
  },
  {
    leaf: 401,
    ru: "Шампунь",
    kk: "сусабыны",
    axis: "volume",
    second: "country",
    percent: 13.5,
    series: [
      ["Garnier", "Fructis "],
      ["L'Oréal", "Elseve "],
      ["Nivea", "Men "],
    ],
    price: [1_490, 9_990],
    skus: [2, 4],
    weight: 5,
  },
  {
    leaf: 410,
    ru: "Гантели",
    kk: "гантельдері",
    axis: "weight",
    second: "color",
    percent: 12,
    series: [
      ["Demix", "Pro "],
      ["Nike", "Strength "],
    ],
    price: [4_990, 79_990],
    skus: [2, 4],
    weight: 2,
  },
  {
    leaf: 420,
    ru: "Палатка туристическая",
    kk: "туристік шатыры",
    ...COLOURED,
    percent: 12,
    series: [
      ["Tramp", "Lite "],
      ["Tramp", "Sol "],
      ["Demix", "Camp "],
    ],
    price: [19_990, 249_990],
    skus: [1, 3],
    weight: 2,
  },
  {
    leaf: 430,
    ru: "Конструктор",
    kk: "конструкторы",
    ...COLOURED,
    percent: 14,
    series: [
      ["Lego", "City "],
      ["Lego", "Technic "],
      ["Hasbro", "Play "],
    ],
    price: [3_990, 199_990],
    skus: [1, 2],
    weight: 4,
  },
  {
    leaf: 431,
    ru: "Мягкая игрушка",
    kk: "жұмсақ ойыншығы",
    ...COLOURED,
    percent: 14,
    series: [
      ["Hasbro", "Furby "],
      ["Alem", "Тедди "],
    ],
    price: [2_490, 24_990],
    skus: [2, 4],
    weight: 3,
  },
];

const MORE_CATEGORIES: [number, number, string, string][] = [
  [4, 0, "Красота и здоровье", "Сұлулық және денсаулық"],
  [5, 0, "Спорт и отдых", "Спорт және демалыс"],
  [6, 0, "Детские товары", "Балалар тауарлары"],
  [40, 4, "Уход за кожей и волосами", "Тері мен шаш күтімі"],
  [41, 5, "Фитнес", "Фитнес"],
  [42, 5, "Туризм", "Туризм"],
  [43, 6, "Игрушки", "Ойыншықтар"],
  [400, 40, "Кремы для лица", "Бет кремдері"],
  [401, 40, "Шампуни", "Сусабындар"],
  [410, 41, "Гантели и гири", "Гантельдер мен гірлер"],
  [420, 42, "Палатки", "Шатырлар"],
  [430, 43, "Конструкторы", "Конструкторлар"],
  [431, 43, "Мягкие игрушки", "Жұмсақ ойыншықтар"],
];

const MORE_BRANDS = [
  "Huawei",
  "Asus",
  "HP",
  "Nike",
  "Adidas",
  "Redmond",
  "Nivea",
  "Garnier",
  "L'Oréal",
  "Demix",
  "Tramp",
  "Lego",
  "Hasbro",
  "Alem",
];

const MORE_ATTRIBUTES: [string, string, number[], [string, string][]][] = [
  [
    "volume",
    "Объём",
    [400, 401],
    [
      ["50ml", "50 мл"],
      ["100ml", "100 мл"],
      ["250ml", "250 мл"],
      ["400ml", "400 мл"],
    ],
  ],
  [
    "weight",
    "Вес",
    [410],
    [
      ["1kg", "1 кг"],
      ["2kg", "2 кг"],
      ["5kg", "5 кг"],
      ["10kg", "10 кг"],
    ],
  ],
];

/** The small shop's directories and the large shop's additions (new ids after the old ones). */
export function largeDirectories(): {
  categories: SeedCategory[];
  brands: SeedBrand[];
  attributes: SeedAttribute[];
  attributeValues: SeedAttributeValue[];
} {
  const small = seedDirectories();
  const categories = [
    ...small.categories,
    ...MORE_CATEGORIES.map(([id, parentId, rus, kaz]) => ({ id, parentId, name: { rus, kaz } })),
  ];
  const brands = [
    ...small.brands,
    ...MORE_BRANDS.map((name, i) => ({ id: 501 + small.brands.length + i, name })),
  ];
  const parents = new Set(categories.map((c) => c.parentId));
  const leaves = categories.filter((c) => !parents.has(c.id)).map((c) => c.id);
  // Colour and country apply to every leaf, the new ones too (new arrays: the small shop's stay).
  const attributes = small.attributes.map((a) =>
    a.code === "color" || a.code === "country" ? { ...a, categoryIds: leaves } : { ...a },
  );
  const attributeValues = [...small.attributeValues];
  let valueId = Math.max(...attributeValues.map((v) => v.id)) + 1;
  for (const [code, name, categoryIds, values] of MORE_ATTRIBUTES) {
    const id = attributes.length + 1;
    attributes.push({ id, code, name, categoryIds });
    for (const [suffix, valueName] of values)
      attributeValues.push({
        id: valueId++,
        attributeId: id,
        attributeCode: code,
        code: `${code}_${suffix}`,
        name: valueName,
      });
  }
  return { categories, brands, attributes, attributeValues };
}
