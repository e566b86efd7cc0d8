/**
 * The one XLSX writer (src/sheets), read by programs that are not the bot's: openpyxl (values,
 * number formats, styles, hidden sheets, frozen panes, filters, formulas and the values stored
 * beside them), LibreOffice (what each cell shows) and the bot's own reader.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkbook, createWorkbookFile, NUMBER_FORMAT } from "../../src/sheets/index.js";
import { hasLibreOffice, inspectWithOpenpyxl } from "../support/catalog.js";
import { libreOfficeSheets, readWithOwnReader } from "../support/sheets.js";

const SALES = "Продажи";
const HELP = "Справка";
const RECORD = "Служебный";
/** What the sanitised name of "a/b:c*?[d] очень длинное имя листа для Excel" must be. */
const ODD = "a_b_c___d_ очень длинное имя ли";

/** 20.11.2026 17:05 on the seller's wall clock (a spreadsheet has no zones). */
const CREATED = new Date(Date.UTC(2026, 10, 20, 17, 5));

/**
 * A workbook that uses every part of the writer: four sheets added out of their tab order
 * (a hidden one first, one discarded), every kind of cell and the number formats the bot's
 * workbooks use, a bold filled header, a frozen row and column, a filter, bold totals by
 * formula with their values.
 */
function sample(): Promise<Buffer> {
  const book = createWorkbook();
  const header = book.style({ bold: true, fill: "FFE8EEF7", wrap: true, vertical: "center" });
  const format = (numFmt: string) => book.style({ numFmt });
  const record = book.sheet({ name: RECORD, hidden: true, place: 3 });
  record.row(["secret", 1]);
  const sales = book.sheet({
    name: SALES,
    place: 0,
    frozen: { rows: 1, columns: 1 },
    autoFilter: true,
    columns: [
      { width: 12, style: format(NUMBER_FORMAT.text) },
      { width: 40 },
      { width: 16, style: format(NUMBER_FORMAT.tenge) },
      { width: 8, style: format(NUMBER_FORMAT.integer) },
      { width: 10, style: format(NUMBER_FORMAT.percent1) },
      { width: 18, style: format(NUMBER_FORMAT.dateTime) },
      { width: 12, style: format(NUMBER_FORMAT.date) },
      { width: 6 },
    ],
  });
  sales.row(["Штрихкод", "Товар", "Сумма, ₸", "Кол-во", "Доля", "Создан", "День", "Есть"], {
    style: header,
  });
  sales.row([
    "0012345",
    "Қызыл күрте «A&B» <x>\u0007",
    1234567.5,
    3,
    0.125,
    CREATED,
    new Date(Date.UTC(2026, 10, 20)),
    true,
  ]);
  sales.row([null, "  пробелы  ", -0.5, 0, 1, "вчера", undefined, false]);
  sales.row(
    ["Итого", null, { formula: "SUM(C2:C3)", value: 1234567 }, { formula: "SUM(D2:D3)", value: 3 }],
    { style: book.style({ bold: true }) },
  );
  const help = book.sheet({ name: HELP, place: 1, columns: [{ width: 110 }] });
  help.row(["x", { formula: 'A1&"!"', value: "x!" }, { formula: "1>0", value: true }]);
  book.sheet({ name: "a/b:c*?[d] очень длинное имя листа для Excel", place: 2 }).row([1]);
  const gone = book.sheet({ name: "Удалить" });
  gone.row([1]);
  gone.discard();
  return book.finish();
}

const OPENPYXL = `
import datetime
def val(v):
    if isinstance(v, datetime.datetime): return "date " + v.isoformat()
    return v
def cell(c):
    fill = c.fill.fgColor.rgb if c.fill.fill_type == "solid" else None
    return [val(c.value), c.number_format, bool(c.font.b), fill]
def sheet(ws):
    return {
        "state": ws.sheet_state,
        "freeze": ws.freeze_panes,
        "filter": ws.auto_filter.ref,
        "widths": {k: d.width for k, d in ws.column_dimensions.items() if d.customWidth},
        "rows": [[cell(c) for c in r] for r in ws.iter_rows()],
    }
print(json.dumps({"active": wb.active.title, "sheets": {ws.title: sheet(ws) for ws in wb.worksheets}}, ensure_ascii=False))
`;
type Seen = [unknown, string, boolean, string | null];
interface OpenpyxlBook {
  active: string;
  sheets: Record<
    string,
    {
      state: string;
      freeze: string | null;
      filter: string | null;
      widths: Record<string, number>;
      rows: Seen[][];
    }
  >;
}

/** openpyxl's view: with `data_only`, the values stored beside the formulas. */
async function openpyxl(bytes: Buffer, dataOnly: boolean): Promise<OpenpyxlBook> {
  const load = `wb = openpyxl.load_workbook(sys.argv[1], data_only=${dataOnly ? "True" : "False"})`;
  // inspectWithOpenpyxl loads the workbook plainly first; the second load is the one read.
  return (await inspectWithOpenpyxl(bytes, `${load}\n${OPENPYXL}`)) as OpenpyxlBook;
}

let file: Buffer;
beforeAll(async () => {
  file = await sample();
});

describe("a workbook from the writer, read by openpyxl", () => {
  it("has its sheets in tab order, hidden ones hidden, the discarded one gone, the first selected", async () => {
    const book = await openpyxl(file, false);
    expect(Object.keys(book.sheets)).toEqual([SALES, HELP, ODD, RECORD]);
    expect(Object.values(book.sheets).map((s) => s.state)).toEqual([
      "visible",
      "visible",
      "visible",
      "hidden",
    ]);
    expect(book.active).toBe(SALES);
    expect(book.sheets[RECORD]!.rows).toEqual([
      [
        ["secret", "General", false, null],
        [1, "General", false, null],
      ],
    ]);
  });

  it("holds every kind of cell in its format, the header bold on its fill, panes frozen, a filter, widths", async () => {
    const sales = (await openpyxl(file, false)).sheets[SALES]!;
    expect(sales.freeze).toBe("B2");
    expect(sales.filter).toBe("A1:H4");
    expect(sales.widths).toEqual({ A: 12, B: 40, C: 16, D: 8, E: 10, F: 18, G: 12, H: 6 });
    const [header, first, second] = sales.rows;
    expect(header!.every(([, , bold, fill]) => bold && fill === "FFE8EEF7")).toBe(true);
    expect(header![2]).toEqual(["Сумма, ₸", '#,##0.00 "₸"', true, "FFE8EEF7"]);
    expect(first).toEqual([
      // a text cell keeps its leading zeros
      ["0012345", "@", false, null],
      // XML's specials escaped, a control character XML cannot hold dropped
      ["Қызыл күрте «A&B» <x>", "General", false, null],
      [1234567.5, '#,##0.00 "₸"', false, null],
      [3, "0", false, null],
      [0.125, "0.0%", false, null],
      ["date 2026-11-20T17:05:00", "dd.mm.yyyy hh:mm", false, null],
      ["date 2026-11-20T00:00:00", "dd.mm.yyyy", false, null],
      [true, "General", false, null],
    ]);
    // spaces kept; text in a date column stays text; empty cells keep their column's format
    expect(second!.slice(0, 7)).toEqual([
      [null, "@", false, null],
      ["  пробелы  ", "General", false, null],
      [-0.5, '#,##0.00 "₸"', false, null],
      [0, "0", false, null],
      [1, "0.0%", false, null],
      ["вчера", "dd.mm.yyyy hh:mm", false, null],
      [null, "dd.mm.yyyy", false, null],
    ]);
  });

  it("stores each formula with its value: bold totals in their columns' formats", async () => {
    const [withFormulas, withValues] = await Promise.all([
      openpyxl(file, false),
      openpyxl(file, true),
    ]);
    const totals = withFormulas.sheets[SALES]!.rows[3]!;
    expect(totals.slice(0, 4)).toEqual([
      ["Итого", "@", true, null],
      [null, "General", true, null],
      ["=SUM(C2:C3)", '#,##0.00 "₸"', true, null],
      ["=SUM(D2:D3)", "0", true, null],
    ]);
    // the row's bold reaches every column, each in its own format
    expect(totals.every(([, , bold]) => bold)).toBe(true);
    expect(totals[5]![1]).toBe("dd.mm.yyyy hh:mm");
    expect(withValues.sheets[SALES]!.rows[3]!.slice(2, 4).map(([v]) => v)).toEqual([1234567, 3]);
    expect(withFormulas.sheets[HELP]!.rows[0]!.map(([v]) => v)).toEqual(["x", '=A1&"!"', "=1>0"]);
    expect(withValues.sheets[HELP]!.rows[0]!.map(([v]) => v)).toEqual(["x", "x!", true]);
  });
});

describe("a workbook from the writer, read by the bot's own reader", () => {
  it("reads every sheet, hidden ones apart, and each cell as the seller's program shows it", () => {
    const sheets = readWithOwnReader(file);
    expect(sheets.map((s) => [s.name, s.hidden])).toEqual([
      [SALES, false],
      [HELP, false],
      [ODD, false],
      [RECORD, true],
    ]);
    const sales = sheets[0]!.rows;
    expect(sales.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(sales[0]!.shown).toEqual([
      "Штрихкод",
      "Товар",
      "Сумма, ₸",
      "Кол-во",
      "Доля",
      "Создан",
      "День",
      "Есть",
    ]);
    expect(sales[1]!.cells[0]).toBe("0012345");
    expect(sales[1]!.cells[2]).toMatchObject({ kind: "number", value: 1234567.5 });
    expect(sales[1]!.cells[4]).toMatchObject({ kind: "number", value: 0.125, percent: true });
    expect(sales[1]!.cells[5]).toMatchObject({ kind: "number", date: true });
    expect(sales[1]!.cells[7]).toMatchObject({ kind: "boolean", value: true });
    expect(sales[2]!.shown[1]).toBe("  пробелы  ");
    // the formulas' stored values
    expect(sales[3]!.cells[2]).toMatchObject({ kind: "number", value: 1234567 });
    expect(sheets[1]!.rows[0]!.shown.slice(1)).toEqual([
      "x!",
      expect.stringMatching(/TRUE|ИСТИНА/i),
    ]);
    expect(sheets[3]!.rows[0]!.shown).toEqual(["secret", "1"]);
  });
});

describe.skipIf(!hasLibreOffice())("a workbook from the writer, opened by LibreOffice", () => {
  let shown: Map<string, string[][]>;
  beforeAll(() => {
    shown = libreOfficeSheets(file);
  }, 120_000);

  it("shows each value in its format: tenge, percent, dates, text with its zeros, stored totals", () => {
    expect([...shown.keys()].sort()).toEqual([SALES, HELP, RECORD, ODD].sort());
    expect(shown.get(SALES)).toEqual([
      ["Штрихкод", "Товар", "Сумма, ₸", "Кол-во", "Доля", "Создан", "День", "Есть"],
      [
        "0012345",
        "Қызыл күрте «A&B» <x>",
        "1,234,567.50 ₸",
        "3",
        "12.5%",
        "20.11.2026 17:05",
        "20.11.2026",
        "TRUE",
      ],
      ["", "  пробелы  ", "-0.50 ₸", "0", "100.0%", "вчера", "", "FALSE"],
      ["Итого", "", "1,234,567.00 ₸", "3", "", "", "", ""],
    ]);
    expect(shown.get(HELP)).toEqual([["x", "x!", "TRUE"]]);
    expect(shown.get(RECORD)).toEqual([["secret", "1"]]);
  });
});
if (!hasLibreOffice()) {
  console.warn(
    "soffice not found: the writer's LibreOffice test is skipped (apt-get install libreoffice-calc)",
  );
}

describe("a workbook written to a file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sheets-file-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("streams its first sheet to disk while rows are still being written, and reads whole", async () => {
    const path = join(dir, "orders.xlsx");
    const book = createWorkbookFile(path);
    const money = book.style({ numFmt: NUMBER_FORMAT.tenge });
    const sheet = book.sheet({ name: "Заказы", columns: [{}, { style: money }, {}] });
    sheet.row(["Товар", "Сумма", "Заказ"]);
    // Some 16 MB of text that deflates little: sixteen pieces deflated and written while the
    // rows go on, at most four of them (4 MB) in zlib's hands at once.
    const ROWS = 10_000;
    let seed = 1;
    const noise = () => {
      let text = "";
      for (let k = 0; k < 160; k++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        text += seed.toString(36);
      }
      return text;
    };
    let onDiskBeforeTheEnd = 0;
    for (let i = 1; i <= ROWS; i++) {
      sheet.row([`Куртка «Модель ${i % 500}» ${noise()}`, i / 4, 100_000 + i]);
      if (i % 250 === 0) {
        await book.drained();
        onDiskBeforeTheEnd = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
      }
    }
    expect(() => sheet.discard()).toThrow(/being written/);
    await book.finish();
    // Deflated pieces were on disk before the workbook ended (not held for the end).
    expect(onDiskBeforeTheEnd).toBeGreaterThan(1_000_000);
    expect(statSync(path).size).toBeGreaterThan(onDiskBeforeTheEnd);
    const [read] = readWithOwnReader(readFileSync(path));
    expect(read!.rows).toHaveLength(ROWS + 1);
    expect(read!.rows.at(-1)!.cells[1]).toMatchObject({ kind: "number", value: ROWS / 4 });
    expect(read!.rows.at(-1)!.cells[2]).toMatchObject({ kind: "number", value: 100_000 + ROWS });
  });

  it("puts a sheet written after the streamed one first among the tabs, and opens on it", async () => {
    // As a report would: the lines streamed first, the summary of them written after, shown first.
    const path = join(dir, "report.xlsx");
    const book = createWorkbookFile(path);
    const lines = book.sheet({ name: "Строки", place: 1 });
    for (let i = 1; i <= 3; i++) lines.row([`строка ${i}`, i]);
    lines.end();
    const summary = book.sheet({ name: "Итоги", place: 0 });
    summary.row(["Всего", { formula: "SUM(Строки!B1:B3)", value: 6 }]);
    await book.finish();
    const seen = (await inspectWithOpenpyxl(
      readFileSync(path),
      `
wb = openpyxl.load_workbook(sys.argv[1], data_only=True)
print(json.dumps({
    "tabs": [[ws.title, bool(ws.sheet_view.tabSelected)] for ws in wb.worksheets],
    "active": wb.active.title,
    "total": wb["Итоги"]["B1"].value,
    "lines": [[c.value for c in r] for r in wb["Строки"].iter_rows()],
}, ensure_ascii=False))
`,
    )) as Record<string, unknown>;
    expect(seen).toEqual({
      tabs: [
        ["Итоги", true],
        ["Строки", false],
      ],
      active: "Итоги",
      total: 6,
      lines: [
        ["строка 1", 1],
        ["строка 2", 2],
        ["строка 3", 3],
      ],
    });
  });

  it("names each sheet as Excel allows, however it was asked", async () => {
    const book = createWorkbook();
    for (const name of ["Итого", "итого", "", "'цитата'", "x".repeat(40), "x".repeat(40)]) {
      book.sheet({ name }).row([name]);
    }
    const names = readWithOwnReader(await book.finish()).map((s) => s.name);
    expect(names).toEqual([
      "Итого",
      "итого (2)",
      "Sheet",
      "цитата",
      "x".repeat(31),
      `${"x".repeat(27)} (2)`,
    ]);
  });
});
