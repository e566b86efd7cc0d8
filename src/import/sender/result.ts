import type { Translate } from "../../i18n.js";
import type { SellerApiErrorKind } from "../../seller-api/index.js";
import { apiErrorLine, fitMessage, refsText } from "../problems.js";
import type { FailedBatch, SentBatch } from "../watcher/types.js";
import type { PlacedFieldError } from "./requests.js";

/** API errors of refused requests listed in the message (the summary has them all). */
const API_ERROR_LINES = 10;

export interface SendReport {
  total: number;
  sent: SentBatch[];
  failed: FailedBatch[];
  /** Field errors of refused requests, already placed in the file, by request number. */
  placed: { batch: number; errors: PlacedFieldError[] }[];
  skipped: number;
  warnings: string[];
  /** Edits of existing cards: unanswered requests may have changed them, created nothing. */
  edit?: boolean;
}

/** A refused request with its field errors, as many as the message still has room for. */
function refusedLines(
  t: Translate,
  errors: PlacedFieldError[],
  room: number,
  vars: Record<string, string | number>,
) {
  const shown = errors.slice(0, Math.max(0, room));
  const lines = [t("import-batch-refused", vars), ...shown.map((e) => apiErrorLine(t, e))];
  if (shown.length < errors.length) {
    lines.push(t("import-api-errors-more", { count: errors.length - shown.length }));
  }
  return { text: lines.join("\n"), shown: shown.length };
}

/** What the seller reads once every request has its answer: accepted, refused, uncertain. */
export function resultText(
  t: Translate,
  r: SendReport,
  failureKey: (kind: SellerApiErrorKind) => string,
): string {
  const blocks: string[] = [];
  if (r.sent.length > 0) {
    const products = r.sent.reduce((n, b) => n + b.products.length, 0);
    const accepted = r.edit ? "import-accepted-edit" : "import-accepted";
    const head = [t(accepted, { products, requests: r.sent.length })];
    if (r.skipped > 0) head.push(t("import-skipped", { count: r.skipped }));
    blocks.push(head.join("\n"));
  }
  let linesLeft = API_ERROR_LINES;
  let uncertain = false;
  for (const f of [...r.failed].sort((a, b) => a.batch - b.batch)) {
    const where = refsText(
      t,
      f.products.map((p) => p.ref),
    );
    const vars = { batch: f.batch, total: r.total, where };
    if (f.error.maybeProcessed) {
      uncertain = true;
      blocks.push(t(r.edit ? "import-batch-uncertain-edit" : "import-batch-uncertain", vars));
    } else if (f.error.kind === "invalid" && f.error.fieldErrors.length > 0) {
      const errors = r.placed.find((p) => p.batch === f.batch)?.errors ?? [];
      const refused = refusedLines(t, errors, linesLeft, vars);
      linesLeft -= refused.shown;
      blocks.push(refused.text);
    } else {
      blocks.push(t("import-batch-failed", { ...vars, reason: t(failureKey(f.error.kind)) }));
    }
  }
  if (uncertain) blocks.push(t(r.edit ? "import-check-products-edit" : "import-check-products"));
  if (r.sent.length > 0)
    blocks.push(t(r.edit ? "import-summary-follows-edit" : "import-summary-follows"));
  blocks.push(...r.warnings);
  return fitMessage(blocks);
}
