/**
 * The session packet as one PDF, printed by LibreOffice when it is installed: a copy of the
 * workbook that holds only the packet's sheets (in a folder of its own, removed afterwards) is
 * converted with LibreOffice's own profile kept there too, so nothing of the gamemaster's
 * LibreOffice settings is read or changed.
 *
 * LibreOffice runs in a process group of its own, which the thread that runs the command
 * (bin/gods.js) is told of together with the folder: stopped by Ctrl+C or a kill, the command
 * ends LibreOffice and removes the folder at once, rather than waiting for LibreOffice to finish.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { FileProblem } from "../workbook/xlsx";
import { realFile, tell, writeFile } from "./campaignFile";

/** How long LibreOffice may take to print the packet, and to say its version. */
const PRINT_MS = 300_000;
const VERSION_MS = 30_000;

interface Ran {
  readonly code: number | null;
  readonly stderr: string;
  readonly error?: Error;
}

/** Where a program can be given a process group of its own (not Windows). */
const GROUPS = process.platform !== "win32";

/** Ends a program with its process group (the program alone where there are none), when it still runs. */
function endGroup(pid: number): void {
  try {
    process.kill(GROUPS ? -pid : pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** Runs `program` in a process group of its own, ended when it takes longer than `ms`. */
function run(program: string, args: readonly string[], ms: number): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"], detached: GROUPS, env: process.env });
    const pid = child.pid;
    if (pid !== undefined) tell({ group: pid });
    let stderr = "";
    // Its first words say why it failed; the rest is not kept.
    child.stderr.on("data", (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    const timer =
      pid === undefined
        ? undefined
        : setTimeout(() => {
            endGroup(pid);
          }, ms);
    let settled = false;
    const settle = (ran: Ran) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (pid !== undefined) tell({ ungroup: pid });
      resolve(ran);
    };
    child.on("error", (error) => {
      settle({ code: null, stderr, error });
    });
    child.on("close", (code) => {
      settle({ code, stderr });
    });
  });
}

/** LibreOffice's program, where a Debian, Ubuntu, macOS or Windows install puts it; undefined when there is none. */
export async function findLibreOffice(): Promise<string | undefined> {
  const candidates = ["soffice", "libreoffice", "/Applications/LibreOffice.app/Contents/MacOS/soffice", "C:\\Program Files\\LibreOffice\\program\\soffice.exe"];
  for (const program of candidates) {
    if ((await run(program, ["--version"], VERSION_MS)).code === 0) return program;
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

/**
 * Prints `xlsx` (the packet's sheets alone) to `pdf` and says how many pages it has; a FileProblem
 * or a CampaignFileError in one sentence when it cannot. The PDF is written whole or not at all:
 * a temporary file beside it, renamed into place. More pages than the sheets' `planned` mean that
 * LibreOffice cut them (columns run off a page land on pages of their own): then nothing is written.
 */
export async function printToPdf(xlsx: Uint8Array, pdf: string, planned: number): Promise<number> {
  const program = await findLibreOffice();
  if (program === undefined)
    throw new FileProblem(
      "Printing the packet to PDF needs LibreOffice (soffice), which was not found: install it, or print the packet's sheets from Excel. Nothing was written.",
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-pdf-"));
  tell({ dir });
  try {
    const book = path.join(dir, "packet.xlsx");
    fs.writeFileSync(book, xlsx);
    const r = await run(
      program,
      [`-env:UserInstallation=file://${path.join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, book],
      PRINT_MS,
    );
    const made = path.join(dir, "packet.pdf");
    if (r.code !== 0 || !fs.existsSync(made)) {
      const why = (r.error?.message ?? r.stderr).trim().split("\n")[0] ?? "";
      throw new FileProblem(`LibreOffice could not print the packet to PDF${why === "" ? "" : ` (${why.slice(0, 200)})`}. Nothing was written.`);
    }
    const bytes = fs.readFileSync(made);
    const pages = pdfPages(bytes);
    if (pages > planned)
      throw new FileProblem(
        `The packet did not fit its pages: LibreOffice printed ${pages} pages where the packet has ${planned}, so part of it would be cut off. ` +
          "Nothing was written. Install the font Carlito (Debian: fonts-crosextra-carlito), or print the packet's sheets from Excel.",
      );
    // A PDF that is there already is replaced where it really is, behind any link to it.
    await writeFile(fs.existsSync(pdf) ? realFile(pdf) : path.resolve(pdf), bytes);
    return pages;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    tell({ undir: dir });
  }
}
