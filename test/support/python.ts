/** Debian's Python with openpyxl, and the scripts the tests run with it (test/support/python/*.py). */
import * as path from "path";

/** Debian's interpreter: a python3 found earlier on PATH may lack openpyxl. */
export const PYTHON = "/usr/bin/python3";

/** The path of one of the tests' Python scripts. */
export function pythonScript(name: string): string {
  return path.join(__dirname, "python", name);
}
