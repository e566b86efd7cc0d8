import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { RequestLogEntry, SellerSandbox } from "../../doubles/seller-api/index.js";
import { buildSeed } from "../../doubles/seller-api/seed.js";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { type Characteristics, characteristicsOf } from "../../src/import/characteristics.js";
import { parseImportFile } from "../../src/import/read/index.js";
import type { ImportFileResult } from "../../src/import/types.js";
import { attributeTitle, COLUMN_WORDS, columnWord } from "../../src/sheets/index.js";
import { runWithOpenpyxl } from "./python.js";

/** The export's texts in Russian, for files the tests write with the exporter directly. */
export const EXPORT_TEXTS_RU = {
  language: "ru" as const,
  sheet: "Товары",
  instructionSheet: "Инструкция",
  instructions: ["Пустая ячейка оставляет значение."],
  stock: "остаток",
  sales: "продажи",
  productStatus: "статус",
  moderationStatus: "модерация",
  note: "примечание",
  codesUnknown: "коды неизвестны",
};

/** An export read back as the bot reads a file sent to it; a refused file fails the test. */
export async function readExportBack(
  bytes: Uint8Array,
  fileName = "c.xlsx",
): Promise<Extract<ImportFileResult, { ok: true }>> {
  const read = await parseImportFile({ bytes, fileName }, { vatRates: [0, 12] });
  if (!read.ok) throw new Error(`not read: ${read.reason}`);
  return read;
}

/** The sandbox directory's characteristics and values, with their names (as the bot reads them). */
export function seedCharacteristics(): Characteristics {
  const seed = buildSeed();
  return characteristicsOf({
    attributes: seed.attributes.map((a) => ({ code: a.code, name: a.name })),
    values: seed.attributeValues.map((v) => ({
      attributeCode: v.attributeCode,
      code: v.code,
      name: v.name,
    })),
  });
}

/** Runs `use` on `bytes` written to a temporary .xlsx file, removed afterwards. */
export async function withXlsxFile<T>(
  bytes: Uint8Array,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "seller-bot-book-"));
  try {
    const file = join(dir, "book.xlsx");
    writeFileSync(file, bytes);
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The titles a column of `field` may have in an export: the API's name (exports of earlier
 * versions), the vocabulary's in both languages; a characteristic's with its code or its name
 * in the sandbox's directory.
 */
export function titlesOf(field: string): string[] {
  if (field.startsWith("attributes.")) {
    const code = field.slice("attributes.".length);
    const name = buildSeed().attributes.find((a) => a.code === code)?.name;
    return [
      field,
      ...[code, ...(name ? [name] : [])].flatMap((n) => LANGUAGES.map((l) => attributeTitle(n, l))),
    ];
  }
  const word = columnWord(field);
  return word ? [field, word.titles.ru, word.titles.kk] : [field];
}
const LANGUAGES = ["ru", "kk"] as const;

/** Python: `col(field)`, the index in `header` of the column of a field (its title in any language). */
export const pythonCol = () => {
  const fields = [
    ...COLUMN_WORDS.map((w) => w.field),
    ...buildSeed().attributes.map((a) => `attributes.${a.code}`),
  ];
  const titles = Object.fromEntries(fields.map((f) => [f, titlesOf(f)]));
  return `
TITLES = json.loads(${JSON.stringify(JSON.stringify(titles))})
def col(title):
    for t in [title] + TITLES.get(title, []):
        if t in header:
            return header.index(t)
    return header.index(title)
`;
};

/**
 * Edits an .xlsx with openpyxl (a real spreadsheet program's library, not the bot's writer):
 * `script` is Python run with `ws` (the first sheet), `header` (title → column index, 1-based),
 * `col(field)` (a field's column, whatever language its title is in) and `rows` (the data rows
 * as lists, mutable) in scope; the rows are written back afterwards.
 */
export function editWithOpenpyxl(bytes: Buffer, script: string): Promise<Buffer> {
  const program = `
import sys, json, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
header = [c.value for c in ws[1]]
rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2)]
${pythonCol()}
${script}
ws.delete_rows(1, ws.max_row)
ws.append(header)
for r in rows:
    ws.append(r)
wb.save(sys.argv[1])
`;
  return withXlsxFile(bytes, async (file) => {
    await runWithOpenpyxl(program, [file]);
    return readFileSync(file);
  });
}

/**
 * Reads an .xlsx with openpyxl and returns what `script` prints as JSON: Python with `wb` (the
 * workbook) and `json` in scope, ending with `print(json.dumps(...))`.
 */
export function inspectWithOpenpyxl(bytes: Buffer, script: string): Promise<unknown> {
  const program = `import sys, json, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\n${script}`;
  return withXlsxFile(bytes, async (file) => JSON.parse(await runWithOpenpyxl(program, [file])));
}

/** Waits for the next document the bot sends whose name matches. */
export async function waitForDocument(
  user: UserDriver,
  name: RegExp,
  after: number,
  timeoutMs = 45_000,
): Promise<ChatMessageView> {
  const find = () =>
    user.botMessages().find((m) => m.messageId > after && name.test(m.document?.fileName ?? ""));
  await user.waitFor(() => find() !== undefined, { timeoutMs });
  return find()!;
}

/** Whether LibreOffice (headless `soffice`) is installed. */
export function hasLibreOffice(): boolean {
  // Looked up on PATH rather than run: `soffice --version` starts LibreOffice, a second of CPU.
  return (process.env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, "soffice"), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Opens and saves each .xlsx with LibreOffice (headless), as a seller's LibreOffice would, in
 * one start of LibreOffice (a start is most of its cost: seconds of CPU and about a GB of
 * memory touched).
 */
export function resaveWithLibreOffice(files: readonly Uint8Array[]): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), "catalog-lo-"));
  try {
    const inputs = files.map((bytes, i) => {
      const input = join(dir, `in-${i}.xlsx`);
      writeFileSync(input, bytes);
      return input;
    });
    const out = join(dir, "out");
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${join(dir, "profile")}`,
        "--headless",
        "--convert-to",
        "xlsx:Calc MS Excel 2007 XML",
        "--outdir",
        out,
        ...inputs,
      ],
      { stdio: "pipe", timeout: 90_000 },
    );
    return files.map((_, i) => readFileSync(join(out, `in-${i}.xlsx`)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const IMPORT_PATH = "/api/seller/v1/products/import";

/** The import requests (POST) the sandbox received: what the catalog's edits sent. */
export function importPosts(sandbox: SellerSandbox): RequestLogEntry[] {
  return sandbox
    .requestsTo(IMPORT_PATH)
    .filter((r) => r.method === "POST" && r.path === IMPORT_PATH);
}

/**
 * `/export`, then "the whole catalog (.xlsx)" in the chat's language: the file's bytes, waited
 * for `timeoutMs` (a net; a catalog of thousands takes longer on a loaded machine).
 */
export async function exportWholeCatalog(
  user: UserDriver,
  locale: "ru" | "kk" = "ru",
  timeoutMs = 45_000,
): Promise<Buffer> {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand("/export");
  const menu = await user.waitForBotMessage(
    locale === "ru" ? /Выгрузка в Excel/ : /Excel-ге шығару/,
    { after: before, timeoutMs },
  );
  await user.pressButton(locale === "ru" ? /Весь каталог \(\.xlsx\)/ : /Бүкіл каталог \(\.xlsx\)/, {
    messageId: menu.messageId,
  });
  const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, menu.messageId, timeoutMs);
  return doc.document!.content;
}
