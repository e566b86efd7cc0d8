import type { InvalidProduct, ParsedProduct, ProductIssue } from "../types.js";
import { FileRejected } from "./reject.js";
import type { Assembled } from "./rows.js";
import { jsonPath, type ProductSchema, validateProduct } from "./validate.js";

/** An import request nests 7 levels deep (request, products, product, skus, sku, photos, photo). */
const MAX_DEPTH = 64;

/**
 * Finds the nesting depth without parsing, so `[[[[…` 100 000 deep is refused before
 * JSON.parse (or anything after it) recurses that deep. Brackets inside strings do not count.
 */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** Line of a JSON.parse error ("... at position 123 ..."), to point the seller at it. */
function errorLine(text: string, error: unknown): number | undefined {
  const match = /position (\d+)/.exec(String((error as Error)?.message));
  if (!match) return undefined;
  const position = Number(match[1]);
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads `{"products": [...]}` or a bare array of products (seller-api.md 2.1). Positions are
 * 1-based, fields are JSON paths inside the product (`skus[0].price`). Properties of the
 * request object other than `products` are reported on the first product, like CSV's
 * unknown columns.
 */
export function readJson(
  text: string,
  schema: ProductSchema,
  vatRates: readonly number[],
  maxProducts: number,
): Assembled {
  if (exceedsDepth(text, MAX_DEPTH)) {
    throw new FileRejected("bad-json", { detail: "too deep" }, "json");
  }
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    const line = errorLine(text, error);
    throw new FileRejected("bad-json", line ? { line } : undefined, "json");
  }
  const expected = { expected: '{"products": [...]} or [...]' };
  let list: unknown;
  const extraKeys: string[] = [];
  if (Array.isArray(root)) list = root;
  else if (isObject(root) && "products" in root) {
    list = root.products ?? [];
    extraKeys.push(...Object.keys(root).filter((k) => k !== "products"));
  } else throw new FileRejected("not-product-list", expected, "json");
  if (!Array.isArray(list)) throw new FileRejected("not-product-list", expected, "json");
  if (list.length === 0) throw new FileRejected("empty", undefined, "json");
  if (!list.some(isObject)) throw new FileRejected("not-product-list", expected, "json");
  if (list.length > maxProducts)
    throw new FileRejected("too-many-rows", { max: maxProducts }, "json");

  const products: ParsedProduct[] = [];
  const invalid: InvalidProduct[] = [];
  list.forEach((item, i) => {
    const ref = { kind: "position", position: i + 1 } as const;
    const issues: ProductIssue[] =
      i === 0 ? extraKeys.map((field) => ({ ref, field, code: "unknown-field" as const })) : [];
    const result = validateProduct(schema, item, vatRates);
    if (result.ok && issues.length === 0) {
      const skuRefs = (result.product.skus ?? []).map(() => ref);
      products.push({ ref, product: result.product, skuRefs });
      return;
    }
    if (!result.ok) {
      for (const mapped of result.issues) {
        const params = mapped.params ? { params: mapped.params } : {};
        issues.push({ ref, field: jsonPath(mapped.path), code: mapped.code, ...params });
      }
    }
    invalid.push({ ref, issues });
  });
  return { products, invalid, warnings: [] };
}
