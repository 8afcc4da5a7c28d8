/**
 * What finishing an action writes, line by line, before it is written: the sheets removed and
 * renamed, the Ledger's rows with what each character is paid, the cells of the tables with
 * their values before and after. `gods recover --dry-run` and the pane's question show these,
 * so a person sees exactly what a record asks for before anything is carried out.
 */
import { isErrorCell, type RawCell, type RawWorkbook } from "../model/raw";
import { LEDGER, normalizeHeader } from "../model/schema";
import { boundedList, bounded } from "../read/journal";
import type { CommitItem } from "./commit";
import { tableOf } from "./edits";

/** How many entries each line lists before "… and N more". */
const LISTED = 8;

const shown = (v: RawCell | undefined): string => {
  if (v === null || v === undefined || v === "") return "(empty)";
  if (isErrorCell(v)) return v.error;
  return typeof v === "string" ? `"${bounded(v, 40)}"` : String(v);
};

const cells = (row: Readonly<Record<string, unknown>>): string =>
  boundedList(
    Object.entries(row).map(([h, v]) => `${bounded(h, 30)} ${shown(v as RawCell)}`),
    LISTED,
  );

/** The lines for the items still to be carried out, each against the workbook as the items before it leave it. */
export function itemLines(todo: readonly { readonly item: CommitItem; readonly at: RawWorkbook }[]): string[] {
  const lines: string[] = [];
  for (const { item, at } of todo) {
    switch (item.kind) {
      case "edit": {
        const edit = item.edit;
        const name = bounded(tableOf(edit), 40);
        const table = at.tables.get(tableOf(edit).toLowerCase());
        if (edit.kind === "update") {
          const row = table?.rows[edit.index] ?? [];
          const changes = Object.entries(edit.values).map(([h, v]) => {
            const i = table?.headers.findIndex((x) => typeof x === "string" && normalizeHeader(x) === normalizeHeader(h)) ?? -1;
            return `${bounded(h, 30)} ${shown(i < 0 ? null : row[i])} → ${shown(v)}`;
          });
          lines.push(`${name} table, row ${edit.index + 2}: ${boundedList(changes, LISTED)}.`);
        } else if (edit.kind === "append")
          lines.push(`${name} table: ${edit.rows.length} row${edit.rows.length === 1 ? "" : "s"} added (${boundedList(edit.rows.map(cells), 3)}).`);
        else if (edit.kind === "delete")
          lines.push(`${name} table: row ${(edit.indexes[0] ?? 0) + 2} removed (${boundedList((item.gone ?? []).map(shown), LISTED)}).`);
        else if (edit.kind === "addColumn") lines.push(`${name} table: a column ${bounded(edit.header, 30)} added.`);
        else lines.push(`A new ${name} table, with ${edit.rows.length} row${edit.rows.length === 1 ? "" : "s"}.`);
        break;
      }
      case "ledger": {
        const god = item.headers.findIndex((h) => normalizeHeader(h) === "god");
        const paid = item.headers.findIndex((h) => normalizeHeader(h) === "paid");
        const rows = item.rows.map((r) => `${shown(r[god] ?? null)} paid ${shown(r[paid] ?? null)}`);
        const before = at.tables.get(LEDGER.name.toLowerCase())?.rows.length ?? 0;
        lines.push(`Ledger rows ${item.first + 2} to ${item.first + item.rows.length + 1} written (it held ${before} rows): ${boundedList(rows, LISTED)}.`);
        break;
      }
      case "tail":
        lines.push(`The Ledger's seal rewritten from its row ${item.first + 1} (${item.rows.length} rows).`);
        break;
      case "name":
        lines.push("The book's head set where the Ledger then stands.");
        break;
      case "swap": {
        const replaced = at.sheetNames.some((n) => n.toLowerCase() === item.final.toLowerCase());
        lines.push(
          `Sheet "${bounded(item.temp, 31)}" renamed "${bounded(item.final, 31)}"${replaced ? `, in place of the older "${bounded(item.final, 31)}"` : ""}.`,
        );
        break;
      }
      case "setting":
        lines.push(`The add-in's setting ${bounded(item.key, 60)} ${item.value === null ? "removed" : "written"}.`);
        break;
      case "show":
        break;
    }
  }
  return lines;
}
