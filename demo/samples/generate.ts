/**
 * Writes the demo's sample files (`npx tsx demo/samples/generate.ts`). Every id is one the
 * sandbox Seller API seeds: leaf categories 102/210/300/301, brands 504 Baseus, 511 Tefal,
 * 513 Philips, 515 Qazaq Republic, value codes such as color_black; barcodes are new.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import writeExcelFile from "write-excel-file/node";
import { encodeCp1251 } from "../../doubles/files/encode.js";
import { attributeTitle, columnTitle } from "../../src/sheets/index.js";

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** The fields of the columns, in order; the files title them as the export does (`title`). */
const HEADER = [
  "productKey",
  "categoryId",
  "brandId",
  "isLocalMade",
  "name.rus",
  "name.kaz",
  "description.rus",
  "description.kaz",
  "vat",
  "attributes.color",
  "attributes.country",
  "attributeValueCodes",
  "price",
  "barcode",
];

/** A field's column title in Russian, from the sheets' vocabulary (a characteristic by its code). */
const title = (field: string) =>
  field.startsWith("attributes.")
    ? attributeTitle(field.slice("attributes.".length), "ru")
    : columnTitle(field, "ru");

/** Three products (one of two SKUs) with Kazakh texts: the UTF-8 CSV and the .xlsx. */
const PRODUCTS = [
  [
    "thermos",
    "300",
    "511",
    "false",
    "Термос Tefal 0,7 л",
    "Tefal термосы 0,7 л",
    "Термос из нержавеющей стали, держит тепло 12 часов.",
    "Тот баспайтын болаттан жасалған термос, жылуды 12 сағат сақтайды.",
    "12",
    "color_black",
    "country_cn",
    "color_black",
    "12990",
    "4870100000011",
  ],
  [
    "tshirt",
    "210",
    "515",
    "true",
    "Футболка Qazaq Republic «Дала»",
    "Qazaq Republic «Дала» футболкасы",
    "Хлопковая футболка с принтом «Дала».",
    "«Дала» принті бар мақта футболка.",
    "12",
    "color_white",
    "country_kz",
    "size_m",
    "9990",
    "4870100000028",
  ],
  ["tshirt", "", "", "", "", "", "", "", "", "", "", "size_l", "9990", "4870100000035"],
  [
    "",
    "102",
    "504",
    "false",
    "Чехол Baseus для Samsung Galaxy A55",
    "Samsung Galaxy A55 үшін Baseus қабы",
    "Противоударный чехол из силикона.",
    "Соққыға төзімді силикон қап.",
    "12",
    "color_blue",
    "country_cn",
    "color_blue",
    "3490,50",
    "4870100000042",
  ],
];

const csv = (rows: string[][], sep: string) =>
  rows.map((r) => r.map((c) => (/[;",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(sep));

// 1. UTF-8 with BOM, comma-separated.
writeFileSync(
  here("products-utf8.csv"),
  `\uFEFF${csv([HEADER.map(title), ...PRODUCTS], ",").join("\n")}\n`,
);

// 2. As Russian Excel saves "CSV (разделители — точки с запятой)": Windows-1251, `;`, CRLF,
// decimal commas, ИСТИНА/ЛОЖЬ; no Kazakh columns (Windows-1251 has no Kazakh letters).
const EXCEL_HEADER = HEADER.filter((h) => !h.endsWith(".kaz"));
// Windows-1251 has no ₸ either: «Цена, тг», as a seller would title it.
const title1251 = (field: string) => title(field).replace("₸", "тг");
const EXCEL_ROWS = [
  [
    "",
    "301",
    "513",
    "ЛОЖЬ",
    "Кофеварка Philips HD7432",
    "Капельная кофеварка, 1000 Вт, колба 0,6 л.",
    "12",
    "color_black",
    "country_cn",
    "power_800w",
    "24990,00",
    "4870100000103",
  ],
  [
    "",
    "300",
    "511",
    "ЛОЖЬ",
    "Сковорода Tefal Ingenio 24 см",
    "Съёмная ручка, антипригарное покрытие.",
    "12",
    "color_red",
    "country_cn",
    "color_red",
    "15 490,50",
    "4870100000110",
  ],
  [
    "kettle",
    "300",
    "512",
    "ИСТИНА",
    "Чайник Bosch «Сталь» 1,7 л",
    "Корпус из нержавеющей стали; автоотключение.",
    "12",
    "color_white",
    "country_kz",
    "color_white",
    "17990",
    "4870100000127",
  ],
  ["kettle", "", "", "", "", "", "", "", "", "color_black", "18490", "4870100000134"],
];
writeFileSync(
  here("products-excel-1251.csv"),
  encodeCp1251(`${csv([EXCEL_HEADER.map(title1251), ...EXCEL_ROWS], ";").join("\r\n")}\r\n`),
);

// 3. The same three products as the UTF-8 CSV, as an Excel workbook (other barcodes).
const cell = (value: string, column: string) =>
  value === ""
    ? null
    : ["categoryId", "brandId", "price", "vat"].includes(column) && /^\d+$/.test(value)
      ? { type: Number, value: Number(value) }
      : { type: String, value };
const xlsxRows = [
  HEADER.map((h) => ({ type: String, value: title(h) })),
  ...PRODUCTS.map((row) =>
    row.map((v, i) =>
      cell(HEADER[i] === "barcode" ? v.replace("48701000000", "48701000002") : v, HEADER[i]!),
    ),
  ),
];
writeFileSync(here("products.xlsx"), await writeExcelFile(xlsxRows as never).toBuffer());

// 4. The API's own JSON request.
const json = {
  products: [
    {
      categoryId: 102,
      brandId: 504,
      isLocalMade: false,
      name: { rus: "Чехол Baseus для iPhone 15", kaz: "iPhone 15 үшін Baseus қабы" },
      description: {
        rus: "Прозрачный чехол с усиленными углами.",
        kaz: "Бұрыштары күшейтілген мөлдір қап.",
      },
      vat: 12,
      attributes: [{ code: "color", valueCodes: ["color_white"] }],
      skus: [
        {
          attributeValueCodes: ["color_white"],
          price: 4990,
          barcode: "4870100000301",
          photos: [{ mediaFile: "https://cdn.example.kz/p/demo/case-1.jpg", order: 1 }],
        },
        { attributeValueCodes: ["color_black"], price: 4990, barcode: "4870100000318" },
      ],
    },
    {
      categoryId: 301,
      brandId: 513,
      name: { rus: "Кофемолка Philips", kaz: "Philips кофе ұнтақтағышы" },
      description: {
        rus: "Жерновая кофемолка, 12 степеней помола.",
        kaz: "Диірменді кофе ұнтақтағыш, 12 деңгей.",
      },
      vat: 12,
      attributes: [{ code: "power", valueCodes: ["power_800w"] }],
      skus: [{ attributeValueCodes: ["power_800w"], price: 32990, barcode: "4870100000325" }],
    },
  ],
};
writeFileSync(here("products.json"), `${JSON.stringify(json, null, 2)}\n`);

// 5. A file with mistakes: two rows the bot refuses (no price; VAT 7 %), one the Seller API
// refuses (brand 599 does not exist), three good ones.
const ERRORS = [
  [
    "",
    "300",
    "511",
    "false",
    "Кастрюля Tefal 3 л",
    "Tefal кастрюлі 3 л",
    "Кастрюля с крышкой.",
    "Қақпағы бар кастрюль.",
    "12",
    "color_red",
    "country_cn",
    "color_red",
    "14990",
    "4870100000400",
  ],
  [
    "",
    "300",
    "511",
    "false",
    "Сотейник Tefal 24 см",
    "Tefal сотейнигі 24 см",
    "Глубокая сковорода.",
    "Терең таба.",
    "12",
    "color_black",
    "country_cn",
    "color_black",
    "",
    "4870100000417",
  ],
  [
    "",
    "210",
    "515",
    "true",
    "Футболка Qazaq Republic «Тау»",
    "Qazaq Republic «Тау» футболкасы",
    "Хлопок.",
    "Мақта.",
    "7",
    "color_green",
    "country_kz",
    "size_s",
    "8990",
    "4870100000424",
  ],
  [
    "",
    "210",
    "599",
    "false",
    "Футболка без бренда",
    "Брендсіз футболка",
    "Хлопок.",
    "Мақта.",
    "12",
    "color_white",
    "country_tr",
    "size_m",
    "4990",
    "4870100000431",
  ],
  [
    "",
    "102",
    "504",
    "false",
    "Чехол Baseus для Xiaomi 14T",
    "Xiaomi 14T үшін Baseus қабы",
    "Силикон.",
    "Силикон.",
    "12",
    "color_green",
    "country_cn",
    "color_green",
    "2990",
    "4870100000448",
  ],
  [
    "",
    "301",
    "513",
    "false",
    "Капучинатор Philips",
    "Philips капучинаторы",
    "Вспениватель молока.",
    "Сүт көпірткіш.",
    "12",
    "color_white",
    "country_cn",
    "power_800w",
    "9990",
    "4870100000455",
  ],
];
writeFileSync(
  here("products-with-errors.csv"),
  `\uFEFF${csv([HEADER.map(title), ...ERRORS], ",").join("\n")}\n`,
);
