/**
 * The tables of the gamemaster's own the session packet prints (Artifacts, Demesnes, Laws, Oaths):
 * each row on the page of the character its God or Owner column names, the Laws and Oaths whole
 * on a page of their own, and a warning for a row that names nobody.
 */
import { DEMONS, didYouMean, nameKey } from "../../engine/names";
import { payingNobody, tableWarning, type Problem } from "../model/problems";
import { isBlankRow, isErrorCell, type RawCell } from "../model/raw";
import { KEPT_OWNER_COLUMNS } from "../model/schema";
import { addressIn, columnIndex } from "../model/tableReader";
import type { KeptSection, KeptValue } from "../plan/characters";
import type { Campaign, KeptTable } from "../read/campaign";

/** A kept table's cell as the page shows it: an error as its code. */
const keptValue = (v: RawCell): KeptValue => (isErrorCell(v) ? v.error : v);

/** The column of a kept table that names a row's character (God, else Owner), when it has one. */
function ownerColumn(kept: KeptTable): number | undefined {
  for (const header of KEPT_OWNER_COLUMNS) {
    const at = columnIndex(kept.raw, header);
    if (at >= 0) return at;
  }
  return undefined;
}

/** The headers of a kept table, as text; a column without one is named by its letter's place. */
function headersOf(kept: KeptTable): string[] {
  return kept.raw.headers.map((h, i) => (typeof h === "string" && h.trim() !== "" ? h.trim() : typeof h === "number" ? String(h) : `Column ${i + 1}`));
}

/** The Laws and Oaths, every row, for their page at the end. */
const COMMON = new Set(["Laws", "Oaths"]);

/**
 * The kept tables' rows by character (by name key; the Demons pool takes the demons' rows too),
 * the Laws and Oaths whole, and a warning for each row naming nobody the Gods table knows.
 */
export function keptRows(
  campaign: Campaign,
  pages: readonly string[],
): { byCharacter: Map<string, KeptSection[]>; common: KeptSection[]; problems: Problem[] } {
  const demons = new Set(campaign.gods.filter((g) => g.kind === "demon").map((g) => nameKey(g.name)));
  const pageKeys = new Set(pages.map(nameKey));
  const pageOf = (name: string): string | undefined => {
    const k = nameKey(name);
    if (demons.has(k)) return nameKey(DEMONS);
    return pageKeys.has(k) ? k : undefined;
  };
  const known = [...pages, ...campaign.gods.filter((g) => g.kind === "demon").map((g) => g.name)];
  const byCharacter = new Map<string, KeptSection[]>();
  const common: KeptSection[] = [];
  const problems: Problem[] = [];
  for (const kept of campaign.kept) {
    problems.push(...payingNobody(kept.problems).map((p) => (p.severity === "error" ? { ...p, severity: "warning" as const } : p)));
    const headers = headersOf(kept);
    const rows = kept.raw.rows.map((cells, index) => ({ cells, index })).filter((r) => !isBlankRow(r.cells));
    const whole = (cells: readonly RawCell[]) => headers.map((_, i) => keptValue(cells[i] ?? null));
    if (COMMON.has(kept.table)) common.push({ table: kept.table, headers, rows: rows.map((r) => whole(r.cells)) });
    const owner = ownerColumn(kept);
    if (owner === undefined) {
      if (!COMMON.has(kept.table) && rows.length > 0)
        problems.push(
          tableWarning(kept.table, `it has neither a God nor an Owner column, so its rows are on no character's sheet; add one naming each row's character.`),
        );
      continue;
    }
    const header = headers[owner] ?? "";
    for (const { cells, index } of rows) {
      const named = cells[owner] ?? null;
      const name = typeof named === "string" ? named : typeof named === "number" ? String(named) : "";
      if (name.trim() === "") continue;
      const page = pageOf(name);
      const row = kept.raw.headerRow + 1 + index;
      if (page === undefined) {
        const also = COMMON.has(kept.table) ? " (it is printed on the Laws and Oaths page all the same)" : "";
        problems.push(
          tableWarning(
            kept.table,
            `"${name.trim()}" is not a character of the Gods table, so this row is on no character's sheet${also}.${didYouMean(name, known)}`,
            {
              row,
              column: header,
              address: addressIn(kept.raw, row, header),
            },
          ),
        );
        continue;
      }
      // On the Demons pool's page the column stays: it says which demon the row belongs to.
      const keep = page === nameKey(DEMONS) ? () => true : (_: unknown, i: number) => i !== owner;
      const sections = byCharacter.get(page) ?? [];
      let section = sections.find((x) => x.table === kept.table);
      if (section === undefined) {
        section = { table: kept.table, headers: headers.filter(keep), rows: [] };
        sections.push(section);
        byCharacter.set(page, sections);
      }
      (section.rows as KeptValue[][]).push(whole(cells).filter(keep));
    }
  }
  return { byCharacter, common, problems };
}
