import type { Translate } from "../../../i18n.js";
import type { FileRejection } from "../../../import/types.js";
import { callbackCodec } from "../../callback-data.js";
import { escapeHtml } from "../../helpers/html.js";

/** "Import the valid ones" / "Cancel" of one read document. */
export const importChoice = callbackCodec("imp1", [
  ["action", "key"],
  ["draft", "key"],
] as const);

/** The texts of a file that is not a product list: what is wrong, what was expected. */
export function rejectionText(
  t: Translate,
  reason: FileRejection,
  params: Record<string, string | number> = {},
): string {
  const value = (key: string, fallback = "—") =>
    params[key] === undefined ? fallback : escapeHtml(String(params[key]));
  const lines = [
    t(`import-file-${reason}`, {
      max: value("max"),
      type: value("type"),
      expected: value("expected"),
    }),
  ];
  if ((reason === "bad-csv" || reason === "bad-json") && params.line !== undefined) {
    lines.push(t("import-file-at-line", { line: value("line") }));
  }
  lines.push(t("import-file-expected"));
  return lines.join("\n");
}
