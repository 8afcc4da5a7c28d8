/**
 * The workbook part (xl/workbook.xml) as a write leaves it: its sheet list with the sheets added
 * and the generated ones whose name differed only in case renamed, each generated sheet's print
 * area and print titles, the book's head (read/head.ts) in its hidden name, and recalculation on
 * opening. Everything else in the part stays as it came.
 */
import { HEAD_NAME, isHeadName } from "../../read/head";
import { RELATIONSHIPS_NS } from "./parts";
import { recalculationOnOpen, WORKBOOK_ORDER } from "./session";
import {
  appendInside,
  applyEdits,
  attr,
  child,
  childElements,
  escapeAttr,
  escapeText,
  insertChild,
  prefixFor,
  prefixOf,
  qualified,
  setAttr,
  xmlSafe,
  type Edit,
  type Span,
} from "./xml";

export const PRINT_AREA = "_xlnm.Print_Area";
/** The rows printed on top of every page of a sheet. */
export const PRINT_TITLES = "_xlnm.Print_Titles";

/** What a write changes in the workbook part. */
export interface WorkbookChanges {
  /** `<sheet>` elements to append to the sheet list (sheetElement) */
  readonly newSheets: readonly string[];
  /** generated sheets whose name differed only in case, by sheet index */
  readonly renamed: ReadonlyMap<number, string>;
  /** print areas and print titles (the built-in defined names of a sheet) by sheet index */
  readonly printNames: ReadonlyMap<number, ReadonlyMap<string, string>>;
  /** the book's head to write, when a credit changes it */
  readonly head: string | undefined;
  /** ask Excel to recalculate on opening (values changed that formulas may read) */
  readonly recalculate: boolean;
}

/** The workbook part's text with `changes` made; `root` is its root element. */
export function workbookXml(text: string, root: Span, changes: WorkbookChanges): string {
  const prefix = prefixOf(root);
  const edits: Edit[] = [];
  const sheetList = child(text, root, "sheets") as Span;
  childElements(text, sheetList)
    .filter((s) => s.local === "sheet")
    .forEach((s, index) => {
      const name = changes.renamed.get(index);
      if (name !== undefined) edits.push({ start: s.start, end: s.openEnd, text: setAttr(s.tag, "name", xmlSafe(name)) });
    });
  if (changes.newSheets.length > 0) edits.push(appendInside(sheetList, changes.newSheets.join("")));

  // Print areas and titles: each generated sheet's own, replacing those it had.
  const names = child(text, root, "definedNames");
  const fresh: string[] = [];
  const existing = new Map<string, Span>();
  if (names !== undefined) {
    for (const d of childElements(text, names)) {
      const local = Number(attr(d.tag, "localSheetId"));
      const name = attr(d.tag, "name");
      if ((name === PRINT_AREA || name === PRINT_TITLES) && Number.isInteger(local)) existing.set(`${local}:${name}`, d);
    }
  }
  for (const [index, refs] of changes.printNames) {
    for (const [name, ref] of refs) {
      const old = existing.get(`${index}:${name}`);
      if (old === undefined)
        fresh.push(`<${qualified(prefix, "definedName")} name="${name}" localSheetId="${index}">${escapeText(ref)}</${qualified(prefix, "definedName")}>`);
      else edits.push({ start: old.start, end: old.end, text: `${old.tag.replace(/\s*\/>$/, ">")}${escapeText(ref)}</${old.name}>` });
    }
  }
  // The book's head: the workbook's own name, not one bound to a sheet, and only one of it (the
  // reader refuses a book with copies another program left, whatever their case).
  if (changes.head !== undefined) {
    const formula = escapeText(changes.head.replace(/^=/, ""));
    const [old, ...copies] =
      names === undefined ? [] : childElements(text, names).filter((d) => isHeadName(attr(d.tag, "name")) && attr(d.tag, "localSheetId") === undefined);
    if (old === undefined) fresh.push(`<${qualified(prefix, "definedName")} name="${HEAD_NAME}" hidden="1">${formula}</${qualified(prefix, "definedName")}>`);
    else edits.push({ start: old.start, end: old.end, text: `${old.tag.replace(/\s*\/>$/, ">")}${formula}</${old.name}>` });
    for (const copy of copies) edits.push({ start: copy.start, end: copy.end, text: "" });
  }
  if (fresh.length > 0) {
    if (names === undefined) {
      const tag = qualified(prefix, "definedNames");
      edits.push(insertChild(text, root, WORKBOOK_ORDER, "definedNames", `<${tag}>${fresh.join("")}</${tag}>`));
    } else edits.push(appendInside(names, fresh.join("")));
  }

  // Totals and the Ledger's new rows must show recalculated values when the workbook opens.
  if (changes.recalculate) edits.push(recalculationOnOpen(text, root));
  return edits.length === 0 ? text : applyEdits(text, edits);
}

/** A sheet's entry in the sheet list, under the workbook part's root (its prefixes). */
export function sheetElement(root: Span, name: string, sheetId: number, relId: string, hidden: boolean): string {
  // r:id needs the relationships namespace: the root's prefix for it, or a declaration of our own.
  const r = prefixFor(root.tag, RELATIONSHIPS_NS);
  const id = r !== undefined && r !== "" ? `${r}:id="${escapeAttr(relId)}"` : `xmlns:r="${RELATIONSHIPS_NS}" r:id="${escapeAttr(relId)}"`;
  return `<${qualified(prefixOf(root), "sheet")} name="${escapeAttr(xmlSafe(name))}" sheetId="${sheetId}"${hidden ? ' state="hidden"' : ""} ${id}/>`;
}

/** The names the workbook part defines. */
export function definedNames(text: string, root: Span): string[] {
  const names = child(text, root, "definedNames");
  if (names === undefined) return [];
  return childElements(text, names).map((d) => attr(d.tag, "name") ?? "");
}
