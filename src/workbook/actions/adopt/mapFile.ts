/**
 * What a person says of how the sheets are read, as input: a map file (the shape the dry run's JSON
 * prints), or the mapping kept in the workbook's Adopted sheet. Each field is checked before it
 * is used; what is wrong is named.
 */
import { tableError, type Problem } from "../../model/problems";
import { ADOPTED, READ_AS, type SheetMapping } from "./types";

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A sheet's mapping as typed in a map file (or kept in the workbook); what is wrong with it, when it is not one. */
export function mappingOf(value: unknown, sheet: string): SheetMapping | string {
  if (typeof value !== "object" || value === null) return `the mapping of '${sheet}' is not an object.`;
  const v = value as Record<string, unknown>;
  const readAs = READ_AS.find((r) => typeof v["readAs"] === "string" && r.toLowerCase() === v["readAs"].toLowerCase());
  if (readAs === undefined) return `'${sheet}': readAs must be one of ${READ_AS.join(", ")}.`;
  const headerRow = v["headerRow"] ?? 1;
  if (typeof headerRow !== "number" || !Number.isInteger(headerRow) || headerRow < 1) return `'${sheet}': headerRow must be a row number, 1 or more.`;
  const century = v["century"];
  if (century !== undefined && (typeof century !== "number" || !Number.isInteger(century) || century < 0)) return `'${sheet}': century must be a whole number.`;
  const columns: unknown = v["columns"] ?? {};
  if (typeof columns !== "object" || columns === null || Object.values(columns).some((c) => typeof c !== "string"))
    return `'${sheet}': columns must name, for each campaign column, the header it is read from ({"God": "Name"}).`;
  const list = (k: string): readonly string[] | undefined | string => {
    const x = v[k];
    if (x === undefined) return undefined;
    return Array.isArray(x) && x.every((e) => typeof e === "string") ? x : `'${sheet}': ${k} must be a list of headers.`;
  };
  const spheres = list("spheres");
  const members = list("members");
  const centuries = list("centuries");
  if (typeof spheres === "string") return spheres;
  if (typeof members === "string") return members;
  if (typeof centuries === "string") return centuries;
  const shares = v["shares"];
  if (shares !== undefined && typeof shares !== "string") return `'${sheet}': shares must be a header.`;
  return {
    sheet,
    readAs,
    headerRow,
    ...(century === undefined ? {} : { century }),
    columns: columns as Record<string, string>,
    ...(spheres === undefined ? {} : { spheres }),
    ...(members === undefined ? {} : { members }),
    ...(centuries === undefined ? {} : { centuries }),
    ...(shares === undefined ? {} : { shares }),
  };
}

/** The mappings of a map file (the proposal's JSON, or only its `sheets`), by sheet name; problems for what cannot be read. */
export function mapFile(map: unknown, names: ReadonlySet<string>): { mappings: Map<string, SheetMapping>; problems: Problem[] } {
  const problems: Problem[] = [];
  const mappings = new Map<string, SheetMapping>();
  const sheets = Array.isArray(map) ? map : typeof map === "object" && map !== null ? (map as Record<string, unknown>)["sheets"] : undefined;
  if (!Array.isArray(sheets))
    return { mappings, problems: [tableError(ADOPTED, 'the map has no "sheets" list: give it in the shape gods adopt --dry-run --json prints.')] };
  for (const s of sheets) {
    const name = typeof s === "object" && s !== null ? (s as Record<string, unknown>)["sheet"] : undefined;
    if (typeof name !== "string" || !names.has(name.toLowerCase())) {
      problems.push(
        tableError(
          ADOPTED,
          `the map names a sheet ${typeof name === "string" ? `"${name.slice(0, 60)}"` : "without its name"} that the workbook does not have.`,
        ),
      );
      continue;
    }
    const m = mappingOf(s, name);
    if (typeof m === "string") problems.push(tableError(ADOPTED, m));
    else mappings.set(name.toLowerCase(), m);
  }
  return { mappings, problems };
}
