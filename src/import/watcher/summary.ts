import type { Translate } from "../../i18n.js";
import { apiErrorText, escapeHtml, fieldLabel, htmlToText, shorten } from "../../text/index.js";
import { compactNumbers } from "../refs.js";
import { csvReport, reportFileName } from "../report.js";
import type { SourceRef } from "../types.js";
import type { Problem, Tally } from "./results.js";
import type { WatchedDocument } from "./types.js";

/** Failures listed in the message itself; more come as an attached CSV report. */
export const MAX_LISTED_PROBLEMS = 10;
const MESSAGE_LIMIT = 4096;
const CAPTION_LIMIT = 1024;
/** An API text is cut at this length in the message (the report keeps it whole). */
const MAX_DESCRIPTION = 300;

export type Summary =
  | { kind: "text"; text: string }
  | { kind: "report"; caption: string; csv: Buffer; fileName: string };

/** "строка 7", "строки 7–9", "позиция 3" (in the chat's language) for one or more refs. */
export function formatPlace(refs: readonly SourceRef[], t: Translate): string {
  const rows = refs.flatMap((r) => (r.kind === "rows" ? r.rows : []));
  const positions = refs.flatMap((r) => (r.kind === "position" ? [r.position] : []));
  const parts: string[] = [];
  if (rows.length > 0) {
    const unique = new Set(rows);
    parts.push(
      unique.size === 1
        ? t("jobs-place-row", { row: String(rows[0]) })
        : t("jobs-place-rows", { rows: compactNumbers(rows) }),
    );
  }
  if (positions.length > 0) {
    const unique = new Set(positions);
    parts.push(
      unique.size === 1
        ? t("jobs-place-position", { position: String(positions[0]) })
        : t("jobs-place-positions", { positions: compactNumbers(positions) }),
    );
  }
  return parts.join(", ") || "—";
}

const firstNumber = (refs: readonly SourceRef[]) =>
  Math.min(...refs.map((r) => (r.kind === "rows" ? (r.rows[0] ?? 0) : r.position)));

const refsOf = (p: Problem): SourceRef[] =>
  p.kind === "result" || p.kind === "no-details" ? [p.ref] : p.refs;

/** A problem as plain cells: place, request, field, code, description (texts unescaped). */
function cellsOf(p: Problem, t: Translate, maxWatchHours: number, edit: boolean) {
  const place = formatPlace(refsOf(p), t);
  // The field in the seller's words; none for an error of the whole product.
  const label = (field: string) => (field.trim() ? htmlToText(fieldLabel(t, field)) : "");
  switch (p.kind) {
    case "result":
      return {
        place,
        batch: p.batch,
        field: label(p.field),
        code: p.code,
        description: apiErrorText(t, p),
      };
    case "no-details":
      return {
        place,
        batch: p.batch,
        field: "",
        code: p.status,
        description: t("jobs-problem-no-details"),
      };
    case "refused":
      return {
        place,
        batch: p.batch,
        field: label(p.field),
        code: p.code,
        description:
          p.code || p.description
            ? apiErrorText(t, p)
            : t("jobs-problem-refused", { batch: String(p.batch) }),
      };
    case "maybe-created":
      return {
        place,
        batch: p.batch,
        field: "",
        code: "",
        description: t(edit ? "jobs-problem-maybe-changed" : "jobs-problem-maybe-created", {
          batch: String(p.batch),
        }),
      };
    case "unfinished":
      return {
        place,
        batch: p.batch,
        field: "",
        code: "",
        description: t("jobs-problem-unfinished", { hours: maxWatchHours }),
      };
  }
}

/** Counts and request-level lines, shared by the message and the report's caption. */
function headLines(
  doc: WatchedDocument,
  tally: Tally,
  t: Translate,
  expired: boolean,
  maxWatchHours: number,
) {
  const file = escapeHtml(shorten(doc.fileName, 80));
  const title = doc.edit ? "jobs-summary-title-edit" : "jobs-summary-title";
  const lines = [t(expired ? `${title}-expired` : title, { file })];
  if (tally.accepted > 0) {
    lines.push(
      t("jobs-summary-products", { succeeded: tally.succeeded, failed: tally.failed }),
      t("jobs-summary-skus", { succeeded: tally.skusSucceeded, failed: tally.skusFailed }),
    );
  }
  if (tally.unfinished > 0) {
    lines.push(t("jobs-summary-unfinished", { count: tally.unfinished, hours: maxWatchHours }));
  }
  if (tally.refused > 0) {
    lines.push(
      t("jobs-summary-refused", {
        count: tally.refused,
        batches: compactNumbers(tally.refusedBatches),
      }),
    );
  }
  if (tally.maybeCreated > 0) {
    lines.push(
      t(doc.edit ? "jobs-summary-maybe-changed" : "jobs-summary-maybe-created", {
        count: tally.maybeCreated,
        batches: compactNumbers(tally.maybeBatches),
      }),
    );
  }
  if (doc.skippedInvalid > 0) {
    lines.push(t("jobs-summary-skipped", { count: doc.skippedInvalid }));
  }
  // The bot stopped while sending: the rest of the file may not have gone out.
  if (doc.sending) lines.push(t("jobs-summary-interrupted"));
  if (doc.note) lines.push(doc.note);
  return lines;
}

/**
 * The one summary of a document, in its locale: a message with every failure when there are
 * few, else a short caption with the counts on an attached CSV report.
 */
export function buildSummary(
  doc: WatchedDocument,
  tally: Tally,
  t: Translate,
  opts: { expired: boolean; maxWatchHours: number },
): Summary {
  const problems = [...tally.problems].sort(
    (a, b) => firstNumber(refsOf(a)) - firstNumber(refsOf(b)) || a.batch - b.batch,
  );
  const head = headLines(doc, tally, t, opts.expired, opts.maxWatchHours);
  const cells = problems.map((p) => cellsOf(p, t, opts.maxWatchHours, doc.edit === true));

  if (problems.length === 0) {
    const allOk = t(doc.edit ? "jobs-summary-all-ok-edit" : "jobs-summary-all-ok");
    const text = doc.sending ? head.join("\n") : [...head, "", allOk].join("\n");
    return { kind: "text", text };
  }
  if (problems.length <= MAX_LISTED_PROBLEMS) {
    const lines = cells.map((c) => {
      let line = `• ${escapeHtml(c.place)}`;
      if (c.field) line += ` · ${escapeHtml(c.field)}`;
      return `${line}: ${escapeHtml(shorten(c.description, MAX_DESCRIPTION))}`;
    });
    const text = [...head, "", t("jobs-summary-problems"), ...lines].join("\n");
    if (text.length <= MESSAGE_LIMIT) return { kind: "text", text };
  }
  const header = [
    t("jobs-report-place"),
    t("jobs-report-batch"),
    t("jobs-report-field"),
    t("jobs-report-description"),
  ];
  // No code column: the API's codes are no seller's words (the description says it all).
  const rows = cells.map((c) => [c.place, c.batch, c.field, c.description]);
  let caption = [...head, "", t("jobs-summary-see-report", { count: problems.length })].join("\n");
  if (caption.length > CAPTION_LIMIT) {
    // Only a very long file name gets here: keep the first lines that fit.
    const kept: string[] = [];
    for (const line of caption.split("\n")) {
      if ([...kept, line].join("\n").length > CAPTION_LIMIT) break;
      kept.push(line);
    }
    caption = kept.join("\n");
  }
  return {
    kind: "report",
    caption,
    csv: csvReport(header, rows),
    fileName: reportFileName(doc.fileName),
  };
}

/** Progress text while watching: products finished so far of the accepted ones. */
export function progressText(doc: WatchedDocument, finished: number, total: number, t: Translate) {
  return t(doc.edit ? "jobs-progress-waiting-edit" : "jobs-progress-waiting", {
    file: escapeHtml(shorten(doc.fileName, 80)),
    finished,
    total,
  });
}
