import type { ImportProduct } from "../seller-api/index.js";
import { attributeTitle, BOOLEAN_WORDS, columnTitle, type SheetLanguage } from "../sheets/index.js";
import { PRODUCT_COLUMNS, SKU_COLUMNS } from "./read/columns.js";

/**
 * Ready-to-fill import templates in the import format: a CSV with the header and a sample
 * product of two SKUs (UTF-8 with BOM and `;`, so Excel in a Russian or Kazakh locale opens
 * it as columns) titled in the chat's language as the export titles its columns, and the same
 * product as the API's own JSON import request (for integrators, who read field names). The sample
 * uses ids that exist in the marketplace's directories (a leaf category, a brand, attribute
 * codes), so the template imports as it is.
 */

export const CSV_TEMPLATE_NAME = "import-template.csv";
export const JSON_TEMPLATE_NAME = "import-template.json";

/**
 * Fields of the CSV template's columns, in order: the reader's own columns, two characteristics
 * between. Characteristics stay codes (title and cells): a code imports whatever the directory
 * names it, a name only where the directory gives that very name.
 */
export const TEMPLATE_COLUMNS = [
  "productKey",
  ...PRODUCT_COLUMNS,
  "attributes.color",
  "attributes.connector",
  ...SKU_COLUMNS,
] as const;

/** The VAT rate of the sample: the highest accepted one (0 would look like a mistake). */
function sampleVat(vatRates: readonly number[]): number {
  return vatRates.length > 0 ? Math.max(...vatRates) : 0;
}

/** The sample product, as the API receives it. */
export function sampleProduct(vatRates: readonly number[]): ImportProduct {
  return {
    productId: null,
    shopId: null,
    categoryId: 101,
    brandId: 504,
    isLocalMade: false,
    name: { rus: "Кабель Baseus USB-C — Lightning", kaz: "Baseus USB-C — Lightning кабелі" },
    description: {
      rus: "Кабель для быстрой зарядки iPhone, 20 Вт, нейлоновая оплётка.",
      kaz: "iPhone-ды жылдам зарядтауға арналған кабель, 20 Вт, нейлон өрім.",
    },
    vat: sampleVat(vatRates),
    attributes: [
      { code: "color", valueCodes: ["black"] },
      { code: "connector", valueCodes: ["lightning"] },
    ],
    skus: [
      {
        skuId: null,
        attributeValueCodes: ["1m"],
        price: 2990,
        barcode: "2000000000015",
        photos: [
          { mediaFile: "https://example.com/photos/baseus-cable-1m-1.jpg", order: 1 },
          { mediaFile: "https://example.com/photos/baseus-cable-1m-2.jpg", order: 2 },
        ],
      },
      {
        skuId: null,
        attributeValueCodes: ["2m"],
        price: 3490.5,
        barcode: "2000000000022",
        photos: [{ mediaFile: "https://example.com/photos/baseus-cable-2m-1.jpg", order: 1 }],
      },
    ],
  };
}

/** A cell for a `;` CSV: quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const UTF8_BOM = "\uFEFF";

/** Rows → a CSV text Excel opens as it is: BOM, `;`, CRLF. */
export function toExcelCsv(rows: readonly (readonly string[])[]): string {
  return `${UTF8_BOM}${rows.map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

/** Prices as Russian Excel writes them: decimal comma. */
const excelNumber = (n: number) => String(n).replace(".", ",");

/** A column's title in `language`: the vocabulary's, `Характеристика: color` for a characteristic. */
function templateTitle(column: (typeof TEMPLATE_COLUMNS)[number], language: SheetLanguage) {
  const attribute = /^attributes\.(.+)$/.exec(column);
  return attribute ? attributeTitle(attribute[1]!, language) : columnTitle(column, language);
}

export function csvTemplate(vatRates: readonly number[], language: SheetLanguage): string {
  const p = sampleProduct(vatRates);
  const skus = p.skus ?? [];
  const rows = skus.map((sku, i) => {
    const first = i === 0;
    const productCell = (value: string) => (first ? value : "");
    const cells: Record<(typeof TEMPLATE_COLUMNS)[number], string> = {
      productKey: "baseus-cable",
      productId: "",
      shopId: "",
      categoryId: productCell(String(p.categoryId)),
      brandId: productCell(String(p.brandId)),
      isLocalMade: productCell(BOOLEAN_WORDS[language][p.isLocalMade ? "yes" : "no"]),
      "name.rus": productCell(p.name.rus),
      "name.kaz": productCell(p.name.kaz ?? ""),
      "description.rus": productCell(p.description.rus),
      "description.kaz": productCell(p.description.kaz ?? ""),
      vat: productCell(String(p.vat ?? "")),
      "attributes.color": productCell("black"),
      "attributes.connector": productCell("lightning"),
      skuId: "",
      attributeValueCodes: (sku.attributeValueCodes ?? []).join("|"),
      price: excelNumber(sku.price),
      barcode: sku.barcode ?? "",
      photos: (sku.photos ?? []).map((photo) => photo.mediaFile).join("|"),
    };
    return TEMPLATE_COLUMNS.map((column) => cells[column]);
  });
  const titles = TEMPLATE_COLUMNS.map((column) => templateTitle(column, language));
  return toExcelCsv([titles, ...rows]);
}

export function jsonTemplate(vatRates: readonly number[]): string {
  return `${JSON.stringify({ products: [sampleProduct(vatRates)] }, null, 2)}\n`;
}
