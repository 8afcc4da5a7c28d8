/**
 * The session packet as one PDF, printed by LibreOffice when it is installed: a copy of the
 * workbook that holds only the packet's sheets (in a folder of its own, removed afterwards) is
 * converted with LibreOffice's own profile kept there too, so nothing of the gamemaster's
 * LibreOffice settings is read or changed.
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { FileProblem } from "../workbook/xlsx";

/** LibreOffice's program, where a Debian, Ubuntu, macOS or Windows install puts it; undefined when there is none. */
export function findLibreOffice(): string | undefined {
  const candidates = ["soffice", "libreoffice", "/Applications/LibreOffice.app/Contents/MacOS/soffice", "C:\\Program Files\\LibreOffice\\program\\soffice.exe"];
  for (const program of candidates) {
    const r = spawnSync(program, ["--version"], { stdio: "pipe", timeout: 30_000, env: process.env });
    if (r.status === 0) return program;
  }
  return undefined;
}

/** Pages in a PDF LibreOffice wrote (its page objects are not compressed). */
export function pdfPages(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []
  ).length;
}

/** Prints `xlsx` (the packet's sheets alone) to `pdf` and says how many pages it has; a FileProblem in one sentence when it cannot. */
export function printToPdf(xlsx: Uint8Array, pdf: string): number {
  const program = findLibreOffice();
  if (program === undefined)
    throw new FileProblem(
      "Printing the packet to PDF needs LibreOffice (soffice), which was not found: install it, or print the packet's sheets from Excel. Nothing was written.",
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-pdf-"));
  try {
    const book = path.join(dir, "packet.xlsx");
    fs.writeFileSync(book, xlsx);
    const r = spawnSync(program, [`-env:UserInstallation=file://${path.join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, book], {
      stdio: "pipe",
      timeout: 300_000,
      env: process.env,
    });
    const made = path.join(dir, "packet.pdf");
    if (r.status !== 0 || !fs.existsSync(made)) {
      const why = (r.error?.message ?? r.stderr.toString()).trim().split("\n")[0] ?? "";
      throw new FileProblem(`LibreOffice could not print the packet to PDF${why === "" ? "" : ` (${why.slice(0, 200)})`}. Nothing was written.`);
    }
    const bytes = fs.readFileSync(made);
    try {
      fs.writeFileSync(pdf, bytes);
    } catch (e) {
      throw new FileProblem(`The PDF could not be written to ${pdf} (${e instanceof Error ? e.message : String(e)}). Nothing was written.`);
    }
    return pdfPages(bytes);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
