/**
 * What the other sheets say a column may be: the gods (already in the campaign, or named by a
 * sheet of gods), Diabolism and Atheism for the headers of a pantheon grid, and the spheres of
 * the rates for the headers of a grid of cards.
 */
import { ATHEISM, DIABOLISM, nameKey } from "../../../engine/names";
import type { RawWorkbook } from "../../model/raw";
import { GODS, SOURCES } from "../../model/schema";
import { proposeMapping, type Known } from "./shape";
import type { HandSheet, SheetMapping } from "./types";

/** The gods of the campaign's Gods table, when it has one: each name by its name key. */
export function campaignGods(raw: RawWorkbook): Map<string, string> {
  const known = new Map<string, string>();
  const godsTable = raw.tables.get(GODS.name.toLowerCase());
  if (godsTable?.isTable === true) {
    const at = godsTable.headers.findIndex((h) => typeof h === "string" && h.trim().toLowerCase() === "god");
    for (const r of godsTable.rows) if (typeof r[at] === "string" && r[at].trim() !== "") known.set(nameKey(r[at]), r[at].trim());
  }
  return known;
}

/** The members and spheres the sheets name, from a first reading of each that knows neither. */
export function knownNames(raw: RawWorkbook, theirs: readonly HandSheet[], gods: ReadonlyMap<string, string>): Known {
  const first = theirs.map((s) => ({ sheet: s, guess: proposeMapping(s, { members: new Map(), spheres: new Set() }) }));
  const members = new Map([[nameKey(DIABOLISM), DIABOLISM], [nameKey(ATHEISM), ATHEISM], ...gods]);
  for (const { sheet, guess } of first) {
    if (guess.mapping.readAs !== "Gods" && guess.mapping.readAs !== "Cards") continue;
    for (const name of columnText(sheet, guess.mapping, "God")) if (!members.has(nameKey(name))) members.set(nameKey(name), name.trim());
  }
  return { members, spheres: knownSpheres(raw, first) };
}

/** The text of a column of a sheet as a mapping reads it, under its headers. */
function columnText(sheet: HandSheet, m: SheetMapping, field: string): string[] {
  const col = sheet.rows[m.headerRow - 1]?.findIndex((h) => typeof h === "string" && h.trim() === m.columns[field]) ?? -1;
  return col < 0 ? [] : sheet.rows.slice(m.headerRow).flatMap((r) => (typeof r[col] === "string" && r[col].trim() !== "" ? [r[col]] : []));
}

/** The spheres of the rates: the campaign's Sources table, or a sheet of the gamemaster's read as Sources. */
function knownSpheres(raw: RawWorkbook, first: readonly { sheet: HandSheet; guess: { mapping: SheetMapping } }[]): Set<string> {
  const spheres = new Set<string>();
  const table = raw.tables.get(SOURCES.name.toLowerCase());
  if (table?.isTable === true) {
    const at = table.headers.findIndex((h) => typeof h === "string" && h.trim().toLowerCase() === "sphere");
    for (const r of table.rows) if (typeof r[at] === "string" && r[at].trim() !== "") spheres.add(nameKey(r[at]));
  }
  for (const { sheet, guess } of first)
    if (guess.mapping.readAs === "Sources") for (const s of columnText(sheet, guess.mapping, "Sphere")) spheres.add(nameKey(s));
  return spheres;
}
