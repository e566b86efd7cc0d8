import type { ImportProduct } from "../seller-api/index.js";
import { normalizeTitle } from "../sheets/index.js";
import type { EditRows } from "./types.js";

/** The characteristics and their values as the directories list them (names as given). */
export interface DirectoryListing {
  attributes: { code: string; name?: string }[];
  values: { attributeCode: string; code: string; name?: string }[];
}

/** How a seller's text names a characteristic or a value: one code, several, or none known. */
export type Named = { code: string } | { ambiguous: string[] } | { unknown: true };

/**
 * The names of characteristics and their values, both ways: what an export writes for a code
 * (a name only where it reads back as that code alone, else the code) and the code a seller's
 * text names (a code as it is, or a name; a name of several is never guessed).
 */
export interface Characteristics {
  attributeName(code: string): string | undefined;
  valueName(attributeCode: string, valueCode: string): string | undefined;
  attribute(text: string): Named;
  value(attributeCode: string, text: string): Named;
  /** A value of any characteristic (a SKU's, written without its characteristic). */
  anyValue(text: string): Named;
  /**
   * How a seller reads a value code of any characteristic (a SKU's): «Цвет: Чёрный», the code
   * where the directories give no name or list it under several characteristics. Display only.
   */
  valueLabel(valueCode: string): string;
}

/** Names compared without case and spacing: `250 г` = `250г`. */
const key = (name: string) => normalizeTitle(name) || name.trim().toLowerCase();
/** A name a cell can hold and give back: none of the separators of a cell's list. */
const writable = (name: string | undefined, colon: boolean) =>
  name !== undefined && name.trim() !== "" && !/[|;]/.test(name) && !(colon && name.includes(":"));

function push<K, V>(map: Map<K, V[]>, k: K, v: V) {
  const list = map.get(k);
  if (!list) map.set(k, [v]);
  else if (!list.includes(v)) list.push(v);
}

const named = (codes: readonly string[] | undefined): Named =>
  !codes || codes.length === 0
    ? { unknown: true }
    : codes.length === 1
      ? { code: codes[0]! }
      : { ambiguous: [...codes] };

export function characteristicsOf(listing: DirectoryListing): Characteristics {
  const attributeNames = new Map<string, string>();
  const attributesByName = new Map<string, string[]>();
  const attributeCodes = new Set<string>();
  for (const a of listing.attributes) {
    attributeCodes.add(a.code);
    if (a.name === undefined) continue;
    attributeNames.set(a.code, a.name);
    push(attributesByName, key(a.name), a.code);
  }
  /** attribute code → value code → name; and name → value codes, per attribute and overall. */
  const valueNames = new Map<string, Map<string, string>>();
  const valuesByName = new Map<string, string[]>();
  const anyByName = new Map<string, string[]>();
  const valueCodes = new Map<string, Set<string>>();
  const anyCodes = new Set<string>();
  /** Value code → the characteristics that list it. */
  const listedUnder = new Map<string, string[]>();
  for (const v of listing.values) {
    anyCodes.add(v.code);
    push(listedUnder, v.code, v.attributeCode);
    const codes = valueCodes.get(v.attributeCode) ?? new Set();
    codes.add(v.code);
    valueCodes.set(v.attributeCode, codes);
    if (v.name === undefined) continue;
    const names = valueNames.get(v.attributeCode) ?? new Map<string, string>();
    names.set(v.code, v.name);
    valueNames.set(v.attributeCode, names);
    push(valuesByName, `${v.attributeCode}\0${key(v.name)}`, v.code);
    push(anyByName, key(v.name), v.code);
  }
  const attribute = (text: string): Named => {
    const t = text.trim();
    if (attributeCodes.has(t)) return { code: t };
    return named(attributesByName.get(key(t)));
  };
  const value = (attributeCode: string, text: string): Named => {
    const t = text.trim();
    if (valueCodes.get(attributeCode)?.has(t)) return { code: t };
    return named(valuesByName.get(`${attributeCode}\0${key(t)}`));
  };
  return {
    attributeName(code) {
      const name = attributeNames.get(code);
      if (!writable(name, true)) return undefined;
      const back = attribute(name!);
      return "code" in back && back.code === code ? name : undefined;
    },
    valueName(attributeCode, valueCode) {
      const name = valueNames.get(attributeCode)?.get(valueCode);
      if (!writable(name, false)) return undefined;
      const back = value(attributeCode, name!);
      return "code" in back && back.code === valueCode ? name : undefined;
    },
    attribute,
    value,
    anyValue(text) {
      const t = text.trim();
      if (anyCodes.has(t)) return { code: t };
      return named(anyByName.get(key(t)));
    },
    valueLabel(valueCode) {
      const under = listedUnder.get(valueCode);
      const attributeCode = under?.length === 1 ? under[0]! : undefined;
      const name = attributeCode && valueNames.get(attributeCode)?.get(valueCode)?.trim();
      if (!attributeCode || !name) return valueCode;
      return `${attributeNames.get(attributeCode)?.trim() || attributeCode}: ${name}`;
    },
  };
}

/** What a file wrote in place of a code, and what it could name (for the row's problem). */
type Issue = EditRows["rows"][number]["issues"][number];

const ambiguity = (field: string, value: string, codes: readonly string[]): Issue => ({
  field,
  code: "ambiguous-name",
  params: { value, codes: codes.join(", ") },
});

/** A SKU's piece `Вес: 250 г`, `250 г` or a code, as a value code. */
function skuValue(names: Characteristics, piece: string): Named {
  const whole = names.anyValue(piece);
  if (!("unknown" in whole)) return whole;
  const colon = piece.indexOf(":");
  if (colon <= 0) return whole;
  const attribute = names.attribute(piece.slice(0, colon));
  if (!("code" in attribute)) return attribute;
  return names.value(attribute.code, piece.slice(colon + 1));
}

/**
 * The characteristics of a returned file as codes: columns titled by a characteristic's name
 * (`attributes.Вес`) become its code's, and each cell's names (`250 г`, a SKU's `Вес: 250 г`)
 * their codes, `|` between them, as the export's record and the live cards hold them. A code
 * stays as it is, and so does a text the directories do not know (the service names it); a
 * name of several characteristics or values is named for its row, never guessed.
 */
export function codesOfNames(edits: EditRows, names: Characteristics): void {
  const renamed = new Map<string, string>();
  const ambiguousColumns = new Map<string, string[]>();
  for (const field of edits.fields) {
    if (!field.startsWith("attributes.")) continue;
    const text = field.slice("attributes.".length);
    const got = names.attribute(text);
    if ("code" in got && got.code !== text) renamed.set(field, `attributes.${got.code}`);
    if ("ambiguous" in got) ambiguousColumns.set(field, got.ambiguous);
  }
  edits.fields = [...new Set(edits.fields.map((f) => renamed.get(f) ?? f))];
  for (const row of edits.rows) {
    for (const [field, raw] of Object.entries(row.values)) {
      const product = field.startsWith("attributes.");
      if (!product && field !== "attributeValueCodes") continue;
      const columnCodes = ambiguousColumns.get(field);
      if (columnCodes) {
        delete row.values[field];
        row.issues.push(ambiguity(field, field.slice("attributes.".length), columnCodes));
        continue;
      }
      const target = renamed.get(field) ?? field;
      const attributeCode = target.slice("attributes.".length);
      const codes: string[] = [];
      let issue: Issue | undefined;
      for (const piece of raw.split("|")) {
        const got = product ? names.value(attributeCode, piece) : skuValue(names, piece);
        if ("code" in got) codes.push(got.code);
        else if ("ambiguous" in got) issue ??= ambiguity(field, piece, got.ambiguous);
        else if (/[,;]/.test(piece))
          issue ??= { field, code: "list-separator", params: { value: raw } };
        else codes.push(piece);
      }
      if (target !== field) delete row.values[field];
      if (issue) {
        delete row.values[target];
        row.issues.push(issue);
      } else row.values[target] = codes.join("|");
    }
  }
}

/** A text that can only be a code: no space, no letter outside Latin, no `:`. */
const CODE_LIKE = /^[A-Za-z0-9_.\-/+]+$/;

/** Whether a product's characteristics hold a text that may be a name (a space, a Cyrillic letter, `:`). */
export function namesIn(products: readonly ImportProduct[]): boolean {
  const named = (text: string) => !CODE_LIKE.test(text);
  return products.some(
    (p) =>
      (p.attributes ?? []).some((a) => named(a.code) || a.valueCodes?.some(named)) ||
      (p.skus ?? []).some((s) => s.attributeValueCodes?.some(named)),
  );
}

/**
 * New products' characteristics written by names (a file started from an export) made codes,
 * in place: a name one characteristic or value has becomes its code; a code, a name several
 * share and a text the directories do not know stay as written (the service answers for them:
 * a name is never guessed).
 */
export function codesOfProductNames(products: ImportProduct[], names: Characteristics): void {
  const one = (got: Named, text: string) => ("code" in got ? got.code : text);
  for (const p of products) {
    for (const a of p.attributes ?? []) {
      a.code = one(names.attribute(a.code), a.code);
      if (a.valueCodes) a.valueCodes = a.valueCodes.map((v) => one(names.value(a.code, v), v));
    }
    for (const s of p.skus ?? []) {
      if (s.attributeValueCodes)
        s.attributeValueCodes = s.attributeValueCodes.map((v) => one(skuValue(names, v), v));
    }
  }
}
