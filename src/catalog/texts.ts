import { setImmediate as nextTurn } from "node:timers/promises";
import type { Locale, Translate } from "../i18n.js";
import { issueReason } from "../import/index.js";
import { columnTitle, createWorkbook, NUMBER_FORMAT } from "../sheets/index.js";
import {
  escapeHtml,
  fieldLabel,
  formatMoney,
  htmlToText,
  productStateKey,
  shorten,
} from "../text/index.js";
import { COST_FIELD, type CostChange } from "./costs.js";
import type { Change, Diff } from "./diff.js";
import type { ExportTexts } from "./export-file.js";

/** The export's titles, cell words and instruction sheet in the chat's language. */
export function exportTexts(t: Translate, locale: Locale): ExportTexts {
  return {
    language: locale,
    sheet: t("catalog-sheet-products"),
    instructionSheet: t("catalog-sheet-help"),
    instructions: t("catalog-help-lines").split("\n"),
    stock: t("catalog-col-stock"),
    sales: t("catalog-col-sales"),
    productStatus: t("catalog-col-status"),
    moderationStatus: t("catalog-col-moderation"),
    note: t("catalog-col-note"),
    codesUnknown: t("catalog-note-codes-unknown"),
    cost: columnTitle(COST_FIELD, locale),
    status: (value) => {
      const key = productStateKey(value);
      return key ? t(key) : value;
    },
  };
}

const MAX_LISTED = 8;

const kindOf = (field: string) =>
  field === "price"
    ? "price"
    : field.startsWith("name.")
      ? "name"
      : field.startsWith("description.")
        ? "description"
        : field === "barcode"
          ? "barcode"
          : field === "photos"
            ? "photos"
            : field.startsWith("attributes.") || field === "attributeValueCodes"
              ? "attributes"
              : "other";

const place = (c: { productId: number; skuId?: number }) =>
  c.skuId === undefined ? String(c.productId) : `${c.productId} / ${c.skuId}`;

/** A value as the preview shows it: a price as every amount is (`3 990 ₸`), the rest as typed. */
const shown = (field: string, value: string | undefined) => {
  if (value === undefined || value === "") return "—";
  const amount = field === "price" ? Number(value) : Number.NaN;
  return Number.isFinite(amount) ? formatMoney(amount) : escapeHtml(shorten(value, 40));
};

/** A change's field as the seller reads it: a characteristic by its name where known. */
const changeField = (t: Translate, c: Change) =>
  c.words?.field !== undefined
    ? t("field-attribute-code", { code: escapeHtml(shorten(c.words.field, 40)) })
    : fieldTitle(t, c.field);

function changeLine(t: Translate, c: Change, names: Record<string, string>): string {
  const name = names[c.productId] ? ` «${escapeHtml(shorten(names[c.productId]!, 30))}»` : "";
  return t("catalog-preview-change", {
    place: place(c),
    name,
    field: changeField(t, c),
    was: shown(c.field, c.words ? c.words.was : c.was),
    will: shown(c.field, c.words ? c.words.will : c.will),
  });
}

function countLines(t: Translate, changes: Change[]): string[] {
  const by = (kind: string) => changes.filter((c) => kindOf(c.field) === kind);
  const prices = by("price");
  const up = prices.filter((c) => Number(c.will) > Number(c.was ?? 0)).length;
  const lines = [
    t("catalog-preview-products", {
      products: new Set(changes.map((c) => c.productId)).size,
      skus: new Set(changes.filter((c) => c.skuId !== undefined).map((c) => c.skuId)).size,
    }),
  ];
  if (prices.length > 0) lines.push(t("catalog-preview-prices", { up, down: prices.length - up }));
  for (const kind of ["name", "description", "barcode", "photos", "attributes", "other"]) {
    const count = by(kind).length;
    if (count > 0) lines.push(t(`catalog-preview-count-${kind}`, { count }));
  }
  return lines;
}

/** Largest price changes first (by ratio). */
function largestPrices(changes: Change[]): Change[] {
  const ratio = (c: Change) => Math.abs(Math.log((Number(c.will) || 1) / (Number(c.was) || 1)));
  return changes.filter((c) => c.field === "price" && !c.risk).sort((a, b) => ratio(b) - ratio(a));
}

/** The first rows, and "…" when there are more: the count beside them says how many. */
const firstRows = (items: readonly { row: number }[] | readonly number[]) =>
  items
    .slice(0, 10)
    .map((i) => (typeof i === "number" ? i : i.row))
    .join(", ") + (items.length > 10 ? ", …" : "");

/** A column in the seller's words (HTML): the cost price's, the barcode of a cost list, any field. */
const fieldTitle = (t: Translate, field: string, costList = false) =>
  field === COST_FIELD
    ? t("catalog-col-cost")
    : costList && field === "barcode"
      ? t("catalog-col-barcode")
      : fieldLabel(t, field);

/** A cost as the seller reads it (`1 200,5 ₸`), or "none". */
const costShown = (t: Translate, locale: Locale, tiyn: number | undefined) =>
  tiyn === undefined ? t("catalog-preview-cost-none") : formatMoney(tiyn / 100, locale);

/**
 * The cost prices a file changes, apart from the cards: how many are new, changed and removed,
 * and the first of them; kept by the bot, never sent to the Seller API.
 */
function costLines(
  t: Translate,
  locale: Locale,
  costs: readonly CostChange[],
  names: Record<string, string>,
  listed: number,
): string {
  const added = costs.filter((c) => c.was === undefined).length;
  const removed = costs.filter((c) => c.will === undefined).length;
  const counts = { count: costs.length, added, removed, changed: costs.length - added - removed };
  const lines = [t("catalog-preview-costs", counts)];
  for (const c of costs.slice(0, listed)) {
    const name = c.productId !== undefined ? names[c.productId] : undefined;
    lines.push(
      t("catalog-preview-cost-line", {
        barcode: escapeHtml(c.barcode),
        name: name ? ` «${escapeHtml(shorten(name, 30))}»` : "",
        was: costShown(t, locale, c.was),
        will: costShown(t, locale, c.will),
      }),
    );
  }
  if (costs.length > listed)
    lines.push(t("catalog-preview-more", { count: costs.length - listed }));
  return lines.join("\n");
}

/** Cells that cannot be sent: each with its row, its value as seen and what to do. */
function unreadableLines(
  t: Translate,
  cells: Diff["unreadable"],
  listed: number,
  costList = false,
): string {
  const lines = [t("catalog-preview-unreadable", { count: cells.length })];
  for (const cell of cells.slice(0, listed)) {
    const reason = issueReason(t, cell);
    const field = fieldTitle(t, cell.field, costList);
    lines.push(t("catalog-preview-unreadable-line", { row: cell.row, field, reason }));
  }
  if (cells.length > listed)
    lines.push(t("catalog-preview-unreadable-more", { count: cells.length - listed }));
  return lines.join("\n");
}

/** The preview's closing facts: rows left alone, new SKUs, products gone or blocked, cells unread. */
function factLines(t: Translate, diff: Diff, listed: number): string[] {
  const facts: string[] = [];
  if (diff.unchanged > 0) facts.push(t("catalog-preview-unchanged", { count: diff.unchanged }));
  if (diff.keptLive > 0) facts.push(t("catalog-preview-kept-live", { count: diff.keptLive }));
  if (diff.newSkus.length > 0)
    facts.push(t("catalog-preview-new-skus", { count: diff.newSkus.length }));
  if (diff.goneProducts.length > 0) {
    const count = new Set(diff.goneProducts.map((g) => g.productId)).size;
    facts.push(t("catalog-preview-gone-products", { count, rows: firstRows(diff.goneProducts) }));
  }
  if (diff.goneSkus.length > 0) {
    const count = diff.goneSkus.length;
    facts.push(t("catalog-preview-gone-skus", { count, rows: firstRows(diff.goneSkus) }));
  }
  for (const b of diff.blocked.slice(0, listed)) {
    facts.push(
      t("catalog-preview-blocked", { product: String(b.productId), rows: firstRows(b.rows) }),
    );
  }
  if (diff.blocked.length > listed)
    facts.push(t("catalog-preview-blocked-more", { count: diff.blocked.length - listed }));
  if (diff.unreadable.length > 0) facts.push(unreadableLines(t, diff.unreadable, listed));
  return facts;
}

/** The preview listing at most `listed` changes of each kind (and products left unchanged). */
function previewWith(
  t: Translate,
  locale: Locale,
  fileName: string,
  diff: Diff,
  names: Record<string, string>,
  listed: number,
): string {
  const file = escapeHtml(shorten(fileName, 60));
  if (diff.costList) return costListWith(t, locale, file, diff, names, listed);
  const out = [t("catalog-preview-title", { file })];
  const unverified = diff.changes.filter((c) => c.unverified);
  if (!diff.snapshot) out.push(t("catalog-preview-no-snapshot"));
  else if (unverified.length > 0) {
    const rows = [...new Set(unverified.flatMap((c) => c.rows))].sort((a, b) => a - b);
    out.push(t("catalog-preview-unconfirmed-rows", { rows: firstRows(rows) }));
  }
  const list = (items: Change[]) => {
    const lines = items.slice(0, listed).map((c) => changeLine(t, c, names));
    if (items.length > listed)
      lines.push(t("catalog-preview-more", { count: items.length - listed }));
    return lines.join("\n");
  };
  const risky = diff.changes.filter((c) => c.risk);
  if (risky.length > 0) {
    out.push(
      `${t("catalog-preview-risky", { count: risky.length })}\n${risky
        .slice(0, listed)
        .map((c) => `${changeLine(t, c, names)} — ${t(`catalog-risk-${c.risk}`)}`)
        .join("\n")}`,
    );
  }
  const conflicts = diff.changes.filter((c) => c.conflict);
  if (conflicts.length > 0)
    out.push(`${t("catalog-preview-conflicts", { count: conflicts.length })}\n${list(conflicts)}`);
  if (unverified.length > 0) {
    const count = unverified.length;
    out.push(`${t("catalog-preview-unverified", { count })}\n${list(unverified)}`);
  }
  if (diff.changes.length > 0) {
    out.push(countLines(t, diff.changes).join("\n"));
    const others = diff.changes.filter((c) => !c.risk && !c.conflict && !c.unverified);
    const prices = largestPrices(others);
    const rest = others.filter((c) => c.field !== "price");
    out.push(list([...prices, ...rest]));
  } else if ((diff.costs ?? []).length === 0) out.push(t("catalog-preview-nothing"));
  else out.push(t("catalog-preview-cards-nothing"));
  if ((diff.costs ?? []).length > 0) out.push(costLines(t, locale, diff.costs!, names, listed));
  const facts = factLines(t, diff, listed);
  if (facts.length > 0) out.push(facts.join("\n"));
  out.push(t("catalog-preview-empty-keeps"));
  return out.filter((block) => block !== "").join("\n\n");
}

/** The preview of a list of barcodes and costs: the costs it changes and the rows named. */
function costListWith(
  t: Translate,
  locale: Locale,
  file: string,
  diff: Diff,
  names: Record<string, string>,
  listed: number,
): string {
  const costs = diff.costs ?? [];
  const out = [t("catalog-costs-title", { file })];
  out.push(
    costs.length > 0 ? costLines(t, locale, costs, names, listed) : t("catalog-costs-nothing"),
  );
  if (diff.unreadable.length > 0) out.push(unreadableLines(t, diff.unreadable, listed, true));
  out.push(t("catalog-costs-empty-removes"));
  return out.join("\n\n");
}

/** What one message may hold: under Telegram's 4096 characters, as `fitMessage` keeps it. */
const PREVIEW_MAX_CHARS = 4000;

/**
 * The preview message (HTML) in the chat's language. However large the return, it is whole:
 * with risky changes, conflicts, ordinary ones and blocked products each listed 8 at most, a
 * return of thousands can pass one message (long names, escaped characters), and a cut message
 * would lose its closing facts; then each kind is listed shorter, the counts always in full.
 */
export function previewText(
  t: Translate,
  fileName: string,
  diff: Diff,
  names: Record<string, string>,
  locale: Locale = "ru",
): string {
  let text = "";
  for (const listed of [MAX_LISTED, 5, 3, 1, 0]) {
    text = previewWith(t, locale, fileName, diff, names, listed);
    if (text.length <= PREVIEW_MAX_CHARS) break;
  }
  return text;
}

/** Rows of the difference file written between two turns of the event loop. */
const DIFF_ROWS_AT_ONCE = 1000;

/**
 * The full difference as an .xlsx: product, name, SKU, field, was, will be, rows, note. Written
 * by the one XLSX writer a thousand rows a turn (deflated on libuv's threads): a return of
 * 20,000 changes held the bot's thread for seconds in one piece.
 */
export async function diffWorkbook(
  t: Translate,
  diff: Diff,
  names: Record<string, string>,
): Promise<Buffer> {
  const book = createWorkbook();
  // Values as the seller typed them: text cells, so "0012" or "1e5" is shown as it is.
  const text = book.style({ numFmt: NUMBER_FORMAT.text });
  const sheet = book.sheet({
    name: t("catalog-diff-sheet"),
    frozen: { rows: 1 },
    columns: [12, 36, 12, 20, 30, 30, 12, 30].map((width) => ({ width })),
  });
  sheet.row(
    [
      t("catalog-diff-product"),
      t("catalog-diff-name"),
      "SKU",
      t("catalog-diff-field"),
      t("catalog-diff-was"),
      t("catalog-diff-will"),
      t("catalog-diff-rows"),
      t("catalog-diff-note"),
    ],
    { style: book.style({ bold: true }) },
  );
  for (const [i, c] of diff.changes.entries()) {
    if (i > 0 && i % DIFF_ROWS_AT_ONCE === 0) {
      // Another chat's turn, and the deflating keeps up (pieces are not heaped in memory).
      await nextTurn();
      await book.drained();
    }
    const note = [
      c.risk && t(`catalog-risk-${c.risk}`),
      c.conflict && t("catalog-diff-conflict"),
      c.unverified && t("catalog-diff-unverified"),
    ]
      .filter(Boolean)
      .join("; ");
    sheet.row([
      c.productId,
      names[c.productId],
      c.skuId,
      htmlToText(changeField(t, c)),
      { value: c.words ? c.words.was : c.was, style: text },
      { value: c.words ? c.words.will : c.will, style: text },
      c.rows.join(", "),
      note,
    ]);
  }
  for (const c of diff.costs ?? []) {
    const tenge = (tiyn: number | undefined) => (tiyn === undefined ? undefined : tiyn / 100);
    sheet.row([
      c.productId,
      c.productId !== undefined ? names[c.productId] : undefined,
      c.skuId,
      t("catalog-col-cost"),
      tenge(c.was),
      tenge(c.will),
      c.rows.join(", "),
      t("catalog-diff-cost-note", { barcode: c.barcode }),
    ]);
  }
  return book.finish();
}
