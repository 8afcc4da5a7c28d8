/**
 * `gods packet --pdf` with LibreOffice stood in for by a small script on the PATH (its own
 * process and a child of it, like soffice and soffice.bin): the PDF replaces its file by a rename,
 * so a file that shared its bytes keeps them; and a command stopped by Ctrl+C (SIGINT) or a kill
 * (SIGTERM) while LibreOffice prints ends LibreOffice's whole process group and removes its
 * folder at once, rather than waiting for it. Run as a gamemaster runs it: node bin/gods.js.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { exampleTables, writeXlsx } from "../support/campaigns";

const GODS = path.join(__dirname, "..", "..", "bin", "gods.js");
let dir: string;
let example: string;
let bin: string;

/**
 * soffice: says its version; prints a "PDF" of two pages (or FAKE_SOFFICE_PAGES), or, with
 * FAKE_SOFFICE_HANG, starts a child and waits (its pids in that file).
 */
const FAKE_SOFFICE = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "LibreOffice 0.0 (a stand-in)"; exit 0; fi
while [ $# -gt 0 ]; do
  case "$1" in
    --outdir) shift; out="$1" ;;
  esac
  shift
done
if [ -n "$FAKE_SOFFICE_HANG" ]; then
  sleep 60 &
  echo "$$ $!" > "$FAKE_SOFFICE_HANG.part" && mv "$FAKE_SOFFICE_HANG.part" "$FAKE_SOFFICE_HANG"
  wait
  exit 1
fi
printf '%%PDF-1.4\\n' > "$out/packet.pdf"
i=0
while [ $i -lt "\${FAKE_SOFFICE_PAGES:-2}" ]; do printf '<< /Type /Page >>\\n' >> "$out/packet.pdf"; i=$((i + 1)); done
`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-pdf-stop-"));
  example = path.join(dir, "example.xlsx");
  await writeXlsx(exampleTables(), example);
  bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "soffice"), FAKE_SOFFICE, { mode: 0o755 });
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A folder of its own for one case: the campaign in it, and a folder for the command's temporary files. */
function fresh(): { folder: string; file: string; tmp: string } {
  const folder = path.join(dir, `case-${++n}`);
  const tmp = path.join(folder, "tmp");
  fs.mkdirSync(tmp, { recursive: true });
  const file = path.join(folder, "camp.xlsx");
  fs.copyFileSync(example, file);
  return { folder, file, tmp };
}

/** Whether a process has ended (a zombie nobody has reaped yet has ended too). */
function ended(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [GODS, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`, ...env },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => {
      resolve({ code, at: Date.now() });
    }),
  );
  return { child, exit, out: () => out, err: () => err };
}

describe("gods packet --pdf", () => {
  test("the PDF is renamed into place: a hard link's other name keeps its bytes", async () => {
    const { folder, file, tmp } = fresh();
    const keep = path.join(folder, "keep.pdf");
    fs.writeFileSync(keep, "an earlier printout");
    const pdf = path.join(folder, "packet.pdf");
    fs.linkSync(keep, pdf);
    const run = start(["packet", file, "--pdf", pdf], { TMPDIR: tmp });
    const { code } = await run.exit;
    expect(run.err()).toBe("");
    expect(code).toBe(0);
    expect(run.out()).toContain(`Printed the packet to ${pdf}: 2 pages.`);
    expect(fs.readFileSync(pdf, "latin1")).toMatch(/^%PDF-1\.4/);
    expect(fs.readFileSync(keep, "utf8")).toBe("an earlier printout");
    expect(fs.readdirSync(folder).sort()).toEqual(["camp.xlsx", "keep.pdf", "packet.pdf", "tmp"]);
    expect(fs.readdirSync(tmp)).toEqual([]);
  }, 60_000);

  test("more pages than the packet has (cut off at the right, onto pages of their own): said, and nothing is written", async () => {
    const { folder, file, tmp } = fresh();
    const before = fs.readFileSync(file);
    const pdf = path.join(folder, "packet.pdf");
    // The example campaign's packet: the Earth Summary and a page for each of its 5 characters (no Charts before a century end).
    const run = start(["packet", file, "--pdf", pdf], { TMPDIR: tmp, FAKE_SOFFICE_PAGES: "7" });
    expect((await run.exit).code).toBe(2);
    expect(run.out()).toBe("");
    expect(run.err()).toBe(
      "gods packet: The packet did not fit its pages: LibreOffice printed 7 pages where the packet has 6, so part of it would be cut off. " +
        "Nothing was written. Install the font Carlito (Debian: fonts-crosextra-carlito), or print the packet's sheets from Excel.\n",
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(folder).sort()).toEqual(["camp.xlsx", "tmp"]);
    expect(fs.readdirSync(tmp)).toEqual([]);
    // As many pages as it has, or fewer (a printer that fits the columns to the page prints smaller): printed.
    const fits = start(["packet", file, "--pdf", pdf], { TMPDIR: tmp, FAKE_SOFFICE_PAGES: "6" });
    expect((await fits.exit).code).toBe(0);
    expect(fits.out()).toContain(`Printed the packet to ${pdf}: 6 pages.`);
  }, 60_000);

  test.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "sent %s while LibreOffice prints: LibreOffice and its child end at once, its folder goes, the workbook is as it was",
    async (signal, exit) => {
      const { folder, file, tmp } = fresh();
      const before = fs.readFileSync(file);
      const pids = path.join(folder, "pids");
      const run = start(["packet", file, "--pdf", path.join(folder, "packet.pdf")], { TMPDIR: tmp, FAKE_SOFFICE_HANG: pids });
      const deadline = Date.now() + 30_000;
      while (!fs.existsSync(pids) && Date.now() < deadline) await sleep(50);
      const [shell, child] = fs.readFileSync(pids, "utf8").trim().split(" ").map(Number) as [number, number];
      expect(ended(shell) || ended(child)).toBe(false);
      const sent = Date.now();
      run.child.kill(signal);
      const { code, at } = await run.exit;
      expect(code).toBe(exit);
      expect(at - sent).toBeLessThan(2000);
      expect(run.err()).toContain(`gods: stopped (${signal}); the workbook was left as it was.`);
      // The whole group ends, the program and the child it started, not only the one gods started.
      const gone = Date.now() + 2000;
      while (!(ended(shell) && ended(child)) && Date.now() < gone) await sleep(20);
      expect([ended(shell), ended(child)]).toEqual([true, true]);
      expect(fs.readdirSync(tmp)).toEqual([]);
      expect(fs.readFileSync(file).equals(before)).toBe(true);
      expect(fs.readdirSync(folder).sort()).toEqual(["camp.xlsx", "pids", "tmp"]);
    },
    60_000,
  );
});
