import { z } from "zod";
import {
  type ImportProduct,
  importPhotoSchema,
  importProductSchema,
  importSkuSchema,
} from "../../seller-api/index.js";
import { currencyOfText } from "../../sheets/index.js";
import { ISSUE_CODES, type IssueCode } from "../types.js";
import { isHttpUrl } from "./values.js";

/**
 * The API's strict import schema, narrowed for the file: `vat` must be one of the configured
 * rates and photo links must be http(s) URLs. Everything else is `importProductSchema` as is,
 * so there is one source of truth for what the API accepts. Custom checks carry the issue
 * code as their message.
 */
export function productSchemaFor(vatRates: readonly number[]) {
  const photo = importPhotoSchema.extend({
    mediaFile: importPhotoSchema.shape.mediaFile.refine(isHttpUrl, { message: "invalid-url" }),
  });
  const sku = importSkuSchema.extend({ photos: z.array(photo).nullish() });
  return importProductSchema.extend({
    vat: importProductSchema.shape.vat
      .unwrap()
      .refine(
        // A fractional VAT already fails `.int()`; do not report it twice.
        (v) => !Number.isInteger(v) || vatRates.includes(v),
        { message: "vat-not-allowed" },
      )
      .optional(),
    skus: z.array(sku).nullish(),
  });
}
export type ProductSchema = ReturnType<typeof productSchemaFor>;

/** A zod issue turned into the reader's vocabulary; `path` is where in the product it is. */
export interface MappedIssue {
  path: PropertyKey[];
  code: IssueCode;
  params?: Record<string, string | number>;
}

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let at = data;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

const EXPECTED: Record<string, IssueCode> = {
  number: "not-a-number",
  int: "not-an-integer",
  string: "not-a-string",
  array: "not-a-list",
  boolean: "not-a-boolean",
};

/**
 * JSON written by a script often quotes its numbers (`"price": "12345.50"`) or leaves a code
 * unquoted (`"barcode": 4870000000012`): the seller sees a number either way, so the problem
 * says what to change, with the value, rather than "must be a number" beside a number.
 */
function numberOfTheWrongKind(
  expected: string,
  input: unknown,
): Omit<MappedIssue, "path"> | undefined {
  if ((expected === "number" || expected === "int") && typeof input === "string") {
    const value = input.trim();
    if (/^-?\d+(?:\.\d+)?$/.test(value)) return { code: "number-in-quotes", params: { value } };
    // `"price": "2890 ₽"`: a sum in rubles, not tenge, whatever the quotes.
    const currency = currencyOfText(value);
    if (currency) {
      const params = { value, currency: currency.code, sign: currency.sign };
      return { code: "foreign-currency", params };
    }
  }
  // Past 2^53 the number read is not the one written: no value is shown for it.
  if (expected === "string" && typeof input === "number" && Number.isFinite(input)) {
    if (!Number.isInteger(input) || Number.isSafeInteger(input)) {
      return { code: "number-not-text", params: { value: String(input) } };
    }
  }
  return undefined;
}

function mapOne(
  issue: z.core.$ZodIssue,
  data: unknown,
  vatRates: readonly number[],
): MappedIssue[] {
  const path = issue.path;
  switch (issue.code) {
    case "invalid_type": {
      const input = valueAt(data, path);
      if (input === undefined || input === null) return [{ path, code: "required" }];
      const kind = numberOfTheWrongKind(issue.expected, input);
      if (kind) return [{ path, ...kind }];
      if (issue.expected === "int" && typeof input !== "number") {
        return [{ path, code: "not-a-number" }];
      }
      return [{ path, code: EXPECTED[issue.expected] ?? "wrong-type" }];
    }
    case "too_small": {
      if (issue.origin === "string" || issue.origin === "array")
        return [{ path, code: "required" }];
      const min = Number(issue.minimum);
      if (min === 0 || min === 1) return [{ path, code: "not-positive" }];
      return [{ path, code: "too-small", params: { min } }];
    }
    case "too_big": {
      if (issue.origin === "string")
        return [{ path, code: "too-long", params: { max: Number(issue.maximum) } }];
      const max = Number(issue.maximum);
      return [
        Number.isSafeInteger(max)
          ? { path, code: "too-big", params: { max } }
          : { path, code: "too-big" },
      ];
    }
    case "unrecognized_keys":
      return issue.keys.map((key) => ({ path: [...path, key], code: "unknown-field" as const }));
    case "custom": {
      const code = (ISSUE_CODES as readonly string[]).includes(issue.message)
        ? (issue.message as IssueCode)
        : "invalid";
      if (code === "vat-not-allowed")
        return [{ path, code, params: { allowed: vatRates.join(", ") } }];
      if (code === "invalid-url") {
        return [{ path, code, params: { value: String(valueAt(data, path)).slice(0, 200) } }];
      }
      return [{ path, code }];
    }
    default:
      // No library wording reaches the seller: the field is named, the reason is ours.
      return [{ path, code: "invalid" }];
  }
}

export type Validated = { ok: true; product: ImportProduct } | { ok: false; issues: MappedIssue[] };

/**
 * Validates one product and returns every issue (zod reports them all), deduplicated per
 * path and code: zod may report the same bound twice (e.g. int64 range).
 */
export function validateProduct(
  schema: ProductSchema,
  data: unknown,
  vatRates: readonly number[],
): Validated {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, product: result.data as ImportProduct };
  const seen = new Set<string>();
  const issues: MappedIssue[] = [];
  for (const issue of result.error.issues) {
    for (const mapped of mapOne(issue, data, vatRates)) {
      const key = `${mapped.path.map(String).join("\u0000")}\u0001${mapped.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(mapped);
    }
  }
  return { ok: false, issues };
}

/**
 * A JSON value as the seller sees it in the file: a string as written, anything else as JSON
 * (`12`, `null`, `{"rus": …}`); a missing property is empty.
 */
export function jsonShown(value: unknown): string {
  if (value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.trim().slice(0, 200);
}

/** `skus[0].photos[1].mediaFile`: how JSON issues name a field. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}
