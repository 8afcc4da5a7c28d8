/** A1-style addresses, as Excel and every other spreadsheet program write them. */

/** Column letters for a 1-based column number: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let s = "";
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** The 1-based column number of column letters: A → 1, AA → 27. */
export function columnNumber(letters: string): number {
  return letters
    .toUpperCase()
    .split("")
    .reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

/** A block of cells, 1-based and inclusive. */
export interface Area {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** Reads "B2", "$B$2" or "A1:C9" (no sheet name) as an area; null when it is not one. */
export function parseArea(ref: string): Area | null {
  const m = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i.exec(ref.trim());
  if (!m) return null;
  const left = columnNumber(m[1] as string);
  const top = Number(m[2]);
  const right = m[3] ? columnNumber(m[3]) : left;
  const bottom = m[4] ? Number(m[4]) : top;
  return { top: Math.min(top, bottom), left: Math.min(left, right), bottom: Math.max(top, bottom), right: Math.max(left, right) };
}

/** "A1:C9" for an area; a single cell is written as one address. */
export function areaRef(area: Area): string {
  const first = `${columnLetter(area.left)}${area.top}`;
  return area.top === area.bottom && area.left === area.right ? first : `${first}:${columnLetter(area.right)}${area.bottom}`;
}

/** A sheet's name as a reference writes it: quoted unless it is a plain word. */
export function quoteSheet(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

/** A1-style address of a cell, with the sheet name quoted when needed: 'C1 Mana'!B3. */
export function cellAddress(sheet: string, row: number, column: number): string {
  return `${quoteSheet(sheet)}!${columnLetter(column)}${row}`;
}

/** Splits "Pantheon!C5" or "'C1 Mana'!B3" into the sheet's name and the cell. */
export function splitAddress(address: string): { sheet: string; cell: string } {
  const bang = address.lastIndexOf("!");
  const sheet = address.slice(0, bang);
  return { sheet: /^'.*'$/.test(sheet) ? sheet.slice(1, -1).replace(/''/g, "'") : sheet, cell: address.slice(bang + 1) };
}
