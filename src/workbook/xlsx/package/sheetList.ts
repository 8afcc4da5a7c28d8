/**
 * Sheets taken out of a workbook's package or renamed, as finishing (or taking back) an action
 * that stopped inside Excel needs: the sheets it wrote under a temporary name take their place
 * (the older sheet of that name goes, the new one is renamed and shown), or go. The sheet list,
 * the print areas and titles (defined names bound to a sheet by its place in the list), the
 * active tab, and the references to a renamed sheet in its own charts follow; what only a removed
 * sheet led to (its part, its drawing and charts) goes with it, and every other part stays.
 */
import { copyParts } from "./zip";
import { quoteSheet } from "../../model/address";
import { chartPartsOf } from "./charts";
import { PackageSession } from "./session";
import { applyEdits, attr, child, childElements, escapeText, removeAttr, setAttr, type Edit, type Span } from "./xml";

export interface SheetRename {
  readonly from: string;
  readonly to: string;
  /** shown once renamed (Excel's state visible), or left hidden */
  readonly visible: boolean;
}

/** A reference to a sheet as a formula holds it ('C1 Mana'!), and as XML text escapes it. */
function references(sheet: string): string[] {
  const ref = `${quoteSheet(sheet)}!`;
  return [...new Set([ref, escapeText(ref), ref.replace(/'/g, "&apos;")])];
}

function renamedIn(text: string, renames: readonly SheetRename[]): string {
  let out = text;
  for (const r of renames) {
    const to = `${quoteSheet(r.to)}!`;
    for (const from of references(r.from)) out = out.split(from).join(from.includes("&apos;") ? to.replace(/'/g, "&apos;") : to);
  }
  return out;
}

/** The package with `removed` sheets taken out and `renamed` ones renamed (names matched ignoring case). */
export function editSheetList(parts: ReadonlyMap<string, Uint8Array>, removed: readonly string[], renamed: readonly SheetRename[]): Map<string, Uint8Array> {
  const session = new PackageSession(parts);
  session.checkContentTypes();
  const { part, text, root } = session.workbook;
  const list = session.sheetList;
  if (list === undefined) return copyParts(parts);
  const lower = (s: string) => s.toLowerCase();
  const gone = new Set(removed.map(lower));
  const renames = new Map(renamed.map((r) => [lower(r.from), r]));
  const edits: Edit[] = [];
  const removedAt: number[] = [];
  const rels = session.rels(part);
  childElements(text, list)
    .filter((s) => s.local === "sheet")
    .forEach((s, index) => {
      const name = lower(attr(s.tag, "name") ?? "");
      const entry = session.sheets[index];
      if (gone.has(name)) {
        removedAt.push(index);
        edits.push({ start: s.start, end: s.end, text: "" });
        const rel = entry === undefined ? undefined : rels.byId(entry.relId);
        if (rel !== undefined) rels.remove(rel);
        return;
      }
      const r = renames.get(name);
      if (r === undefined) return;
      const named = setAttr(s.tag, "name", r.to);
      edits.push({ start: s.start, end: s.openEnd, text: r.visible ? removeAttr(named, "state") : setAttr(named, "state", "hidden") });
      // Its charts point at its cells by its name.
      if (entry !== undefined) {
        for (const chart of chartPartsOf(session, session.sheetPart(entry)).charts) {
          const before = session.read(chart);
          if (before !== undefined) session.setText(chart, renamedIn(before, [r]));
        }
      }
    });
  const shift = (index: number) => index - removedAt.filter((i) => i < index).length;
  // Defined names bound to a sheet by its place: those of a removed sheet go, those after it move up.
  const names = child(text, root, "definedNames");
  for (const d of names === undefined ? [] : childElements(text, names)) {
    const local = attr(d.tag, "localSheetId");
    const index = local === undefined ? undefined : Number(local);
    if (index !== undefined && removedAt.includes(index)) {
      edits.push({ start: d.start, end: d.end, text: "" });
      continue;
    }
    const tag = index !== undefined && shift(index) !== index ? setAttr(d.tag, "localSheetId", String(shift(index))) : d.tag;
    const inner = text.slice(d.openEnd, d.closeStart);
    const renamedInner = renamedIn(inner, renamed);
    if (tag !== d.tag || renamedInner !== inner)
      edits.push({ start: d.start, end: d.end, text: d.selfClosing ? tag : `${tag}${renamedInner}${text.slice(d.closeStart, d.end)}` });
  }
  // The tab shown when the workbook opens, and the first tab shown, by place.
  const views = child(text, root, "bookViews");
  for (const v of views === undefined ? [] : childElements(text, views)) {
    let tag = v.tag;
    for (const name of ["activeTab", "firstSheet"]) {
      const at = attr(tag, name);
      if (at === undefined) continue;
      const n = Number(at);
      const moved = removedAt.includes(n) ? 0 : shift(n);
      if (moved !== n) tag = setAttr(tag, name, String(moved));
    }
    if (tag !== v.tag) edits.push({ start: v.start, end: v.openEnd, text: tag });
  }
  session.setText(part, applyEdits(text, edits));
  session.saveBookkeeping();
  return session.result();
}

/**
 * The package with the sheets `names` moved to the end of the workbook, in that order (the session
 * packet prints as one, after the century sheets): the sheets' print areas and titles (defined
 * names bound to a sheet by its place) and the tab shown follow them.
 */
export function moveSheetsToEnd(parts: ReadonlyMap<string, Uint8Array>, names: readonly string[]): Map<string, Uint8Array> {
  const session = new PackageSession(parts);
  session.checkContentTypes();
  const { part, text, root } = session.workbook;
  const list = session.sheetList;
  if (list === undefined) return copyParts(parts);
  const sheets = childElements(text, list).filter((s) => s.local === "sheet");
  const lower = (s: string) => s.toLowerCase();
  const wanted = names.map(lower);
  const place = (s: Span) => wanted.indexOf(lower(attr(s.tag, "name") ?? ""));
  const order = [
    ...sheets.map((s, i) => ({ s, i })).filter(({ s }) => place(s) < 0),
    ...sheets
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => place(s) >= 0)
      .sort((a, b) => place(a.s) - place(b.s)),
  ];
  if (order.every(({ i }, at) => i === at)) return copyParts(parts);
  const to = new Map(order.map(({ i }, at) => [i, at]));
  const first = sheets[0];
  const last = sheets[sheets.length - 1];
  if (first === undefined || last === undefined) return copyParts(parts);
  // Only the sheet elements and what lies between them are reordered; nothing else of the list is touched.
  const edits: Edit[] = [{ start: first.start, end: last.end, text: order.map(({ s }) => text.slice(s.start, s.end)).join("") }];
  const names_ = child(text, root, "definedNames");
  for (const d of names_ === undefined ? [] : childElements(text, names_)) {
    const local = attr(d.tag, "localSheetId");
    const moved = local === undefined ? undefined : to.get(Number(local));
    if (moved !== undefined && String(moved) !== local) edits.push({ start: d.start, end: d.openEnd, text: setAttr(d.tag, "localSheetId", String(moved)) });
  }
  const views = child(text, root, "bookViews");
  for (const v of views === undefined ? [] : childElements(text, views)) {
    let tag = v.tag;
    for (const name of ["activeTab", "firstSheet"]) {
      const at = attr(tag, name);
      const moved = at === undefined ? undefined : to.get(Number(at));
      if (moved !== undefined && String(moved) !== at) tag = setAttr(tag, name, String(moved));
    }
    if (tag !== v.tag) edits.push({ start: v.start, end: v.openEnd, text: tag });
  }
  session.setText(part, applyEdits(text, edits));
  session.saveBookkeeping();
  return session.result();
}
/**
 * The package with only the sheets `names` left, for a copy to print (LibreOffice prints hidden
 * sheets too): what is on them must not depend on the sheets removed.
 */
export function keepOnlySheets(parts: ReadonlyMap<string, Uint8Array>, names: readonly string[]): Map<string, Uint8Array> {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const others = new PackageSession(parts).sheets.map((s) => s.name).filter((n) => !wanted.has(n.toLowerCase()));
  return editSheetList(parts, others, []);
}
