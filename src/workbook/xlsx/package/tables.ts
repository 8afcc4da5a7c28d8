/**
 * The Excel tables in a package being edited (their table parts, reached through relationships):
 * those on one sheet, one found by name, every name taken, and a free name for a new one.
 */
import type { Area } from "../../model/address";
import { tableArea } from "./ledger";
import { findPart, REL_TYPE, sourceOfRels } from "./parts";
import type { PackageSession, XmlPart } from "./session";
import { attr, rootElement } from "./xml";

/** The table parts a part (a sheet) leads to, as they now stand, in the order of its relationships; each read as it is reached. */
export function* tablesOn(session: PackageSession, source: string): Generator<XmlPart> {
  for (const rel of session.rels(source).ofType(REL_TYPE.table)) {
    const part = findPart(session.parts, rel.part);
    const text = part === undefined ? undefined : session.read(part);
    if (part === undefined || text === undefined) continue;
    yield { part, text, root: rootElement(text) };
  }
}

/** Whether a table is the one called `name` (its name or display name, ignoring case). */
export function isNamed(table: XmlPart, name: string): boolean {
  const key = name.toLowerCase();
  return (attr(table.root.tag, "name") ?? "").toLowerCase() === key || (attr(table.root.tag, "displayName") ?? "").toLowerCase() === key;
}

/** The table part on a sheet whose name is `name`, with its range. */
export function findTable(
  session: PackageSession,
  sheetPart: string,
  name: string,
): { part: string; text: string; area: Area; totalsRows: number } | undefined {
  for (const table of tablesOn(session, sheetPart)) {
    if (!isNamed(table, name)) continue;
    const found = tableArea(table.text);
    if (found !== undefined) return { part: table.part, text: table.text, area: found.area, totalsRows: found.totalsRows };
  }
  return undefined;
}

/** Every table the package holds (reached through any part's relationships): names, and the next free id. */
export function allTables(session: PackageSession): { names: string[]; nextId: number } {
  const names: string[] = [];
  let nextId = 1;
  for (const relsPart of session.parts.keys()) {
    if (!relsPart.endsWith(".rels") || session.removed.has(relsPart)) continue;
    const source = sourceOfRels(relsPart);
    if (source === undefined) continue;
    for (const { root } of tablesOn(session, source)) {
      for (const n of [attr(root.tag, "name"), attr(root.tag, "displayName")]) if (n !== undefined) names.push(n);
      const id = Number(attr(root.tag, "id"));
      if (Number.isInteger(id)) nextId = Math.max(nextId, id + 1);
    }
  }
  return { names, nextId };
}

/** `base`, or `base` with a number added, whichever is free. */
export function uniqueName(base: string, taken: (name: string) => boolean, joiner: string): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const name = joiner === " " ? `${base} (${n})` : `${base}${joiner}${n}`;
    if (!taken(name)) return name;
  }
}
