import { builtInFormat } from "./numfmt.js";
import { FileRejected } from "./reject.js";
import type { Table } from "./table.js";
import { readSheetXml, type SheetContext, type SheetLimits } from "./xlsx-sheet.js";
import { attribute, parseEntry } from "./xml.js";
import type { ZipEntry } from "./zip.js";

export interface XlsxLimits extends SheetLimits {
  /** Most bytes any one part may unpack to. */
  maxPartBytes: number;
}

/** One visible sheet, read only when the products are looked for in it. */
export interface WorkbookSheet {
  name: string;
  /** 1-based place among all sheets. */
  index: number;
  read(): Table;
}

export interface Workbook {
  sheets: WorkbookSheet[];
  /** Hidden sheets (a returned export's own sheet); the products are never read from these. */
  hiddenSheets: WorkbookSheet[];
  /** Every sheet, hidden ones too. */
  sheetCount: number;
}

interface Parts {
  bytes: Uint8Array;
  byName: Map<string, ZipEntry>;
  limits: XlsxLimits;
}

/** `xl/worksheets/../styles.xml` → `xl/styles.xml`; a leading `/` is from the package root. */
function resolvePath(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = base.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

function relsPath(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

function parse(parts: Parts, name: string, handlers: Parameters<typeof parseEntry>[3]): boolean {
  const entry = parts.byName.get(name);
  if (!entry) return false;
  parseEntry(parts.bytes, entry, parts.limits.maxPartBytes, handlers);
  return true;
}

/** Relationships of a part: id → target path and type. */
function relationships(parts: Parts, part: string) {
  const out = new Map<string, { target: string; type: string }>();
  parse(parts, relsPath(part), {
    open(name, attrs) {
      if (name !== "Relationship") return;
      const id = attrs.Id;
      const target = attrs.Target;
      if (id && target && attrs.TargetMode !== "External") {
        out.set(id, { target: resolvePath(part, target), type: attrs.Type ?? "" });
      }
    },
  });
  return out;
}

/** Number formats by style index (`s` of a cell): the cellXfs list, not the cell styles. */
function numberFormats(parts: Parts, path: string | undefined): string[] {
  const custom = new Map<number, string>();
  const formats: string[] = [];
  let inCellXfs = false;
  if (!path) return formats;
  parse(parts, path, {
    open(name, attrs) {
      if (name === "numFmt") custom.set(Number(attrs.numFmtId), attrs.formatCode ?? "General");
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        formats.push(custom.get(id) ?? builtInFormat(id));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return formats;
}

/** Shared strings: rich-text runs joined, phonetic hints (`rPh`) left out. */
function sharedStrings(parts: Parts, path: string | undefined, maxCount: number): string[] {
  const out: string[] = [];
  if (!path) return out;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  parse(parts, path, {
    open(name) {
      if (name === "si") {
        if (out.length >= maxCount)
          throw new FileRejected("too-many-cells", { max: maxCount }, "xlsx");
        current = [];
      } else if (name === "rPh") phonetic++;
      else if (name === "t" && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText && current) current.push(text);
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si" && current) {
        out.push(current.join(""));
        current = undefined;
      }
    },
  });
  return out;
}

/** The workbook part's path, from the package relationships (`xl/workbook.xml` usually). */
function workbookPath(parts: Parts): string {
  for (const rel of relationships(parts, "").values()) {
    if (rel.type.endsWith("/officeDocument") && parts.byName.has(rel.target)) return rel.target;
  }
  return "xl/workbook.xml";
}

/**
 * Opens an .xlsx: its sheets in order with their visibility, its number formats and shared
 * strings, and whether cached formula values can be trusted (`fullCalcOnLoad` says they
 * cannot: the writer left them for the program to compute, xlsxwriter saves 0).
 */
export function openWorkbook(
  bytes: Uint8Array,
  entries: ZipEntry[],
  limits: XlsxLimits,
  headerProbe?: SheetContext["headerProbe"],
) {
  const parts: Parts = { bytes, byName: new Map(entries.map((e) => [e.name, e])), limits };
  const path = workbookPath(parts);
  const rels = relationships(parts, path);
  const declared: { name: string; hidden: boolean; rid: string }[] = [];
  let recalculate = false;
  let date1904 = false;
  const found = parse(parts, path, {
    open(name, attrs) {
      if (name === "sheet") {
        const state = attrs.state ?? "visible";
        const rid = attribute(attrs, "id") ?? "";
        declared.push({ name: attrs.name ?? "", hidden: state !== "visible", rid });
      } else if (name === "calcPr") {
        recalculate = attrs.fullCalcOnLoad === "1" || attrs.fullCalcOnLoad === "true";
      } else if (name === "workbookPr") {
        date1904 = attrs.date1904 === "1" || attrs.date1904 === "true";
      }
    },
  });
  if (!found || declared.length === 0) throw new FileRejected("bad-xlsx", undefined, "xlsx");
  let styles: string | undefined;
  let strings: string | undefined;
  for (const rel of rels.values()) {
    if (rel.type.endsWith("/styles")) styles = rel.target;
    else if (rel.type.endsWith("/sharedStrings")) strings = rel.target;
  }
  const formats = numberFormats(parts, styles);
  const shared = sharedStrings(parts, strings, limits.maxCells);
  const sheets: WorkbookSheet[] = [];
  // A part is read once however many sheets name it: 10 000 sheets of one large part would
  // otherwise read it 10 000 times.
  const listed = new Set<string>();
  const hiddenSheets: WorkbookSheet[] = [];
  declared.forEach((sheet, i) => {
    const target = rels.get(sheet.rid)?.target;
    if (!target || !parts.byName.has(target) || listed.has(target)) return;
    listed.add(target);
    (sheet.hidden ? hiddenSheets : sheets).push({
      name: sheet.name,
      index: i + 1,
      read: () =>
        readSheetXml((handlers) => parse(parts, target, handlers), {
          formats,
          shared,
          recalculate,
          date1904,
          limits,
          // A hidden sheet is the export's own record, read whole: the probe looks for a
          // header where a person would, and the record has none.
          ...(headerProbe && !sheet.hidden ? { headerProbe } : {}),
        }),
    });
  });
  return { sheets, hiddenSheets, sheetCount: declared.length } satisfies Workbook;
}
