import { escapeXml } from "./xml.js";

/**
 * Number format codes, as Excel stores them: the separators are the code's (`,` groups
 * thousands, `.` marks decimals) and each program shows them in its reader's locale, so a
 * Russian or Kazakh Excel shows `1 234 567,50 ₸` for TENGE.
 */
export const NUMBER_FORMAT = {
  /** Text (`@`): digits typed into the cell stay text, leading zeros kept. */
  text: "@",
  integer: "0",
  /** Whole numbers with thousands grouped. */
  thousands: "#,##0",
  /** Two decimals, thousands grouped. */
  decimal: "#,##0.00",
  /** Tenge: two decimals, thousands grouped, the sign after the figure. */
  tenge: '#,##0.00 "₸"',
  /** A share (0.125 shows as 13 %). */
  percent: "0%",
  /** A share with one decimal (0.125 shows as 12.5 %). */
  percent1: "0.0%",
  date: "dd.mm.yyyy",
  dateTime: "dd.mm.yyyy hh:mm",
} as const;

/** What a cell looks like; cells of one look share a style (its number, see `Styles.of`). */
export interface StyleSpec {
  bold?: boolean;
  /** Solid fill, ARGB (`FFE8EEF7`). */
  fill?: string;
  /** A number format code (NUMBER_FORMAT, or any custom code). */
  numFmt?: string;
  wrap?: boolean;
  vertical?: "top" | "center" | "bottom";
  horizontal?: "left" | "center" | "right";
}

/** Codes Excel knows by number (ECMA-376 18.8.30): written by it, not declared again. */
const BUILT_IN: Record<string, number> = {
  General: 0,
  "0": 1,
  "0.00": 2,
  "#,##0": 3,
  "#,##0.00": 4,
  "0%": 9,
  "0.00%": 10,
  "@": 49,
};
/** The first number of a format the file declares itself. */
const FIRST_CUSTOM = 164;

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';

/** Keys in a fixed order, so one look is one style whatever order its spec was written in. */
const keyOf = (spec: StyleSpec) =>
  JSON.stringify([
    spec.bold ?? false,
    spec.fill?.toUpperCase() ?? "",
    spec.numFmt ?? "General",
    spec.wrap ?? false,
    spec.vertical ?? "",
    spec.horizontal ?? "",
  ]);

/**
 * A workbook's cell styles: style 0 is the plain cell; each new look gets the next number, in
 * the order asked. styles.xml is written from them when the workbook ends.
 */
export class Styles {
  private readonly specs: StyleSpec[] = [{}];
  private readonly numbers = new Map<string, number>([[keyOf({}), 0]]);
  private readonly merged = new Map<string, number>();

  /** The style of a look (the same number for the same look). */
  of(spec: StyleSpec): number {
    const key = keyOf(spec);
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.specs.length;
      this.specs.push({ ...spec });
      this.numbers.set(key, number);
    }
    return number;
  }

  /** `over` laid on `under`: a row's look (bold totals) over a column's (its number format). */
  merge(over: number, under: number): number {
    if (!over || !under || over === under) return over || under;
    const key = `${over}/${under}`;
    let number = this.merged.get(key);
    if (number === undefined) {
      const [a, b] = [this.specs[over]!, this.specs[under]!];
      const spec = { ...b, ...Object.fromEntries(Object.entries(a).filter(([, v]) => v)) };
      number = this.of(spec);
      this.merged.set(key, number);
    }
    return number;
  }

  /** Whether a style has a number format of its own. */
  hasFormat(style: number): boolean {
    return this.specs[style]?.numFmt !== undefined;
  }

  /** styles.xml. */
  xml(main: string): string {
    const custom = new Map<string, number>();
    const formatId = (code: string | undefined) => {
      if (code === undefined) return 0;
      const builtIn = BUILT_IN[code];
      if (builtIn !== undefined) return builtIn;
      if (!custom.has(code)) custom.set(code, FIRST_CUSTOM + custom.size);
      return custom.get(code)!;
    };
    /** Solid fills by colour; fills 0 and 1 are the two every styles.xml starts with. */
    const solid: string[] = [];
    const fillId = (argb: string | undefined) => {
      if (!argb) return 0;
      const key = argb.toUpperCase();
      if (!solid.includes(key)) solid.push(key);
      return 2 + solid.indexOf(key);
    };
    const xfs = this.specs.map((spec) => {
      const numFmt = formatId(spec.numFmt);
      const fontId = spec.bold ? 1 : 0;
      const fill = fillId(spec.fill);
      const alignment = [
        spec.horizontal && `horizontal="${spec.horizontal}"`,
        spec.vertical && `vertical="${spec.vertical}"`,
        spec.wrap && 'wrapText="1"',
      ].filter(Boolean);
      const applied = `${numFmt ? ' applyNumberFormat="1"' : ""}${fontId ? ' applyFont="1"' : ""}${fill ? ' applyFill="1"' : ""}`;
      const head = `<xf numFmtId="${numFmt}" fontId="${fontId}" fillId="${fill}" borderId="0" xfId="0"${applied}`;
      return alignment.length
        ? `${head} applyAlignment="1"><alignment ${alignment.join(" ")}/></xf>`
        : `${head}/>`;
    });
    const numFmts = [...custom]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`)
      .join("");
    const fills = [
      '<fill><patternFill patternType="none"/></fill>',
      '<fill><patternFill patternType="gray125"/></fill>',
      ...solid.map(
        (argb) =>
          `<fill><patternFill patternType="solid"><fgColor rgb="${argb}"/><bgColor indexed="64"/></patternFill></fill>`,
      ),
    ];
    return `<styleSheet xmlns="${main}">${numFmts ? `<numFmts count="${custom.size}">${numFmts}</numFmts>` : ""}<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts><fills count="${fills.length}">${fills.join("")}</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join("")}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  }
}
