import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { cellText, type SheetRow } from "../../src/sheets/read/table.js";
import { openWorkbook } from "../../src/sheets/read/xlsx.js";
import { listZipEntries } from "../../src/sheets/read/zip.js";

/**
 * Every sheet of an .xlsx as LibreOffice (headless) shows it, saved as CSV: cells as shown
 * (number formats applied, in LibreOffice's own en-US locale), by sheet name. One start of
 * LibreOffice (seconds of CPU) for all sheets.
 */
export function libreOfficeSheets(bytes: Uint8Array): Map<string, string[][]> {
  const dir = mkdtempSync(join(tmpdir(), "sheets-lo-"));
  try {
    writeFileSync(join(dir, "book.xlsx"), bytes);
    const out = join(dir, "out");
    // Filter options: `,` and `"`, UTF-8 (76), from line 1, ..., cells as shown (9th: true),
    // every sheet to a file of its own (12th: -1), named book-<sheet>.csv.
    const csv = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1";
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${join(dir, "profile")}`,
        "--headless",
        "--convert-to",
        csv,
        "--outdir",
        out,
        join(dir, "book.xlsx"),
      ],
      { stdio: "pipe", timeout: 90_000 },
    );
    const sheets = new Map<string, string[][]>();
    for (const file of readdirSync(out)) {
      const name = file.replace(/^book-/, "").replace(/\.csv$/, "");
      sheets.set(name, parse(readFileSync(join(out, file), "utf8"), { relax_column_count: true }));
    }
    return sheets;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A sheet as the bot's own reader reads it: each non-empty row's cells as shown. */
export interface ReadSheet {
  name: string;
  hidden: boolean;
  rows: { row: number; shown: string[]; cells: SheetRow["cells"] }[];
}

/** Every sheet of an .xlsx as the bot's reader (src/import/read) reads a file sent to it. */
export function readWithOwnReader(bytes: Uint8Array): ReadSheet[] {
  const limits = {
    maxPartBytes: 256 * 1024 * 1024,
    maxEntryBytes: 256 * 1024 * 1024,
    maxTotalBytes: 512 * 1024 * 1024,
    maxEntries: 100,
    maxRows: 1_000_000,
    maxCells: 50_000_000,
    maxColumn: 16_384,
    maxRowIndex: 1_048_576,
  };
  const entries = listZipEntries(bytes, limits);
  if (!entries) throw new Error("not a zip archive the reader takes");
  const book = openWorkbook(bytes, entries, limits);
  const all = [
    ...book.sheets.map((s) => ({ s, hidden: false })),
    ...book.hiddenSheets.map((s) => ({ s, hidden: true })),
  ].sort((a, b) => a.s.index - b.s.index);
  return all.map(({ s, hidden }) => ({
    name: s.name,
    hidden,
    rows: s.read().rows.map((r) => ({
      row: r.row,
      shown: Array.from(r.cells, cellText),
      cells: r.cells,
    })),
  }));
}
