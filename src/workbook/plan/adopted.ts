/**
 * The Adopted table: where a workbook brought in from a gamemaster's own sheets keeps how each
 * sheet was read and which of its rows were brought in. Its name and layout live here, below the
 * planners, so that the journal's check knows it as a table the bringing in may make.
 */
import { ADOPTED, TABLE_STYLE } from "../model/schema";
import type { TableLayout } from "./layout";

export { ADOPTED };

export const ADOPTED_LAYOUT: TableLayout = {
  name: ADOPTED,
  headers: ["Sheet", "Read As", "Key"],
  columnWidths: [20, 12, 60],
  columnFormats: ["@", "@", "@"],
  style: TABLE_STYLE,
};
