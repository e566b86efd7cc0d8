import { readFileSync } from "node:fs";
import { pythonCol, withXlsxFile } from "./catalog.js";
import { runWithOpenpyxl } from "./python.js";

/** A cell's new value, or "+N": the number in it plus N. */
export type CellEdit = string | number;

/**
 * openpyxl opens the workbook, changes the cells `edits` names in the first sheet (by the
 * row's skuId → {field or column title: value}; a field's column whatever its title's language)
 * where they are, and saves it: as a seller's
 * spreadsheet would, no other cell is written anew. The rows it changed (1-based).
 */
export function editCellsWithOpenpyxl(
  bytes: Uint8Array,
  edits: Record<number, Record<string, CellEdit>>,
): Promise<{ bytes: Buffer; rows: number[] }> {
  const program = `
import sys, json, openpyxl
edits = json.loads(sys.argv[2])
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
header = [c.value for c in ws[1]]
${pythonCol()}
sku = col("skuId") + 1
done = []
for row in range(2, ws.max_row + 1):
    change = edits.get(str(ws.cell(row=row, column=sku).value))
    if not change: continue
    for title, value in change.items():
        cell = ws.cell(row=row, column=col(title) + 1)
        plus = isinstance(value, str) and value.startswith("+")
        cell.value = cell.value + float(value[1:]) if plus else value
    done.append(row)
wb.save(sys.argv[1])
print(json.dumps(done))
`;
  return withXlsxFile(bytes, async (file) => {
    const rows = JSON.parse(await runWithOpenpyxl(program, [file, JSON.stringify(edits)]));
    return { bytes: readFileSync(file), rows: rows as number[] };
  });
}
