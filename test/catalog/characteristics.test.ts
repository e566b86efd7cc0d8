import { describe, expect, it } from "vitest";
import {
  characteristicsOf,
  codesOfNames,
  codesOfProductNames,
  namesIn,
} from "../../src/import/characteristics.js";
import type { EditRows } from "../../src/import/index.js";

/** A directory with the awkward names a real one has: shared, with commas, missing. */
const names = characteristicsOf({
  attributes: [
    { code: "weight", name: "Вес" },
    { code: "material", name: "Материал" },
    { code: "colour", name: "Цвет" },
    { code: "tone", name: "Цвет" },
    { code: "size" },
  ],
  values: [
    { attributeCode: "weight", code: "weight_250g", name: "250 г" },
    { attributeCode: "weight", code: "weight_500g", name: "500 г" },
    { attributeCode: "material", code: "mix", name: "Хлопок, лён" },
    { attributeCode: "material", code: "cotton", name: "Хлопок" },
    { attributeCode: "colour", code: "black", name: "Чёрный" },
    { attributeCode: "colour", code: "black2", name: "Чёрный" },
    { attributeCode: "tone", code: "dark", name: "Тёмный" },
    { attributeCode: "size", code: "s" },
  ],
});

const edits = (fields: string[], values: Record<string, string>): EditRows => ({
  fields,
  rows: [{ row: 2, productId: 1, skuId: 11, values: { ...values }, issues: [] }],
});

describe("characteristics by their names", () => {
  it("a preview names a SKU's value with its characteristic, the code where none is known", () => {
    expect(names.valueLabel("weight_250g")).toBe("Вес: 250 г");
    // Names shared or missing are still readable words in a preview (display only).
    expect(names.valueLabel("black")).toBe("Цвет: Чёрный");
    expect(names.valueLabel("s")).toBe("s");
    expect(names.valueLabel("unknown_code")).toBe("unknown_code");
  });

  it("the export writes a name only where it reads back as its code alone", () => {
    expect(names.attributeName("weight")).toBe("Вес");
    expect(names.valueName("weight", "weight_250g")).toBe("250 г");
    // Two characteristics named «Цвет», two values named «Чёрный»: their codes are written.
    expect(names.attributeName("colour")).toBeUndefined();
    expect(names.valueName("colour", "black")).toBeUndefined();
    // No name in the directory: the code.
    expect(names.attributeName("size")).toBeUndefined();
    expect(names.valueName("size", "s")).toBeUndefined();
  });

  it("reads names or codes back as codes, case and spacing aside; a comma inside a name is no separator", () => {
    const file = edits(["attributes.Вес", "attributes.material", "attributeValueCodes"], {
      "attributes.Вес": "250 Г|weight_500g",
      "attributes.material": "Хлопок, лён|Хлопок",
      attributeValueCodes: "Вес: 250г|s",
    });
    codesOfNames(file, names);
    expect(file.fields).toEqual([
      "attributes.weight",
      "attributes.material",
      "attributeValueCodes",
    ]);
    expect(file.rows[0]).toMatchObject({
      values: {
        "attributes.weight": "weight_250g|weight_500g",
        "attributes.material": "mix|cotton",
        attributeValueCodes: "weight_250g|s",
      },
      issues: [],
    });
  });

  it("names a name several share on its row, never guessing; a text the directory does not know stays for the service to judge", () => {
    const file = edits(["attributes.Цвет", "attributes.colour", "attributeValueCodes"], {
      "attributes.Цвет": "Тёмный",
      "attributes.colour": "Чёрный",
      attributeValueCodes: "Синий",
    });
    codesOfNames(file, names);
    const row = file.rows[0]!;
    expect(row.values).toEqual({ attributeValueCodes: "Синий" });
    expect(row.issues).toEqual([
      {
        field: "attributes.Цвет",
        code: "ambiguous-name",
        params: { value: "Цвет", codes: "colour, tone" },
      },
      {
        field: "attributes.colour",
        code: "ambiguous-name",
        params: { value: "Чёрный", codes: "black, black2" },
      },
    ]);
  });

  it("names a list of codes run together with commas", () => {
    const file = edits(["attributes.weight"], { "attributes.weight": "weight_250g,weight_500g" });
    codesOfNames(file, names);
    expect(file.rows[0]!.issues.map((i) => i.code)).toEqual(["list-separator"]);
  });
});

describe("new products' characteristics by their names", () => {
  it("a name one characteristic or value has goes out as its code; codes, shared names and unknown texts as written", () => {
    const products = [
      {
        categoryId: 1,
        brandId: 1,
        name: { rus: "Чехол" },
        description: { rus: "Чехол" },
        attributes: [
          { code: "Вес", valueCodes: ["250 г", "weight_500g"] },
          { code: "Цвет", valueCodes: ["Чёрный"] },
        ],
        skus: [{ price: 1, attributeValueCodes: ["Материал: Хлопок", "Синий", "s"] }],
      },
    ];
    expect(namesIn(products)).toBe(true);
    codesOfProductNames(products, names);
    expect(products[0]!.attributes).toEqual([
      { code: "weight", valueCodes: ["weight_250g", "weight_500g"] },
      // «Цвет» names two characteristics: left for the service to name.
      { code: "Цвет", valueCodes: ["Чёрный"] },
    ]);
    expect(products[0]!.skus[0]!.attributeValueCodes).toEqual(["cotton", "Синий", "s"]);
  });

  it("a file of codes asks the directories for nothing", () => {
    const product = {
      categoryId: 1,
      brandId: 1,
      name: { rus: "Кабель" },
      description: { rus: "Кабель" },
      attributes: [{ code: "color", valueCodes: ["color_black", "USB-C"] }],
      skus: [{ price: 1, attributeValueCodes: ["1m"] }],
    };
    expect(namesIn([product])).toBe(false);
  });
});
