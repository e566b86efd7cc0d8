import type { Locale } from "../../i18n.js";
import type { FileFormat } from "../types.js";
import type { ProgressState } from "./progress.js";

/** A read document the seller confirmed, on its way to the API; plain data. */
export interface ImportJob {
  draftId: string;
  chatId: number;
  locale: Locale;
  fileName: string;
  format: FileFormat;
  /** Valid products, kept in the draft. */
  valid: number;
  /** Invalid products, not sent. */
  skipped: number;
  /** Texts of the file's warnings, added to the result message. */
  warnings: string[];
  /**
   * The status message the sender goes on to edit (the catalog's press started it); absent, the
   * sender starts its own below the offer, so the chat reads offer, progress, summary in order.
   */
  progress?: ProgressState;
  /** A button under the summary (the catalog edit's undo): its text and callback data. */
  button?: { text: string; data: string };
  /** A line the summary ends its counts with (the status message's lines are edited away). */
  note?: string;
  /**
   * Edits of existing cards (the catalog's apply and undo): an unanswered request may have
   * changed them, not created anything.
   */
  edit?: boolean;
}
