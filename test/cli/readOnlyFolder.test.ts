/**
 * A campaign in a folder that cannot be written (a shared or archived folder) can still be
 * worked on with --out elsewhere: the lock is then taken on the output. The folder is made
 * read-only and, since the tests may run as the system's administrator (who writes anywhere),
 * the permission check also answers that it cannot be written.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const unwritable = new Set<string>();
jest.mock("fs", () => {
  const real = jest.requireActual<typeof import("fs")>("fs");
  return {
    ...real,
    accessSync: (p: fs.PathLike, mode?: number) => {
      if (unwritable.has(String(p)) && mode === real.constants.W_OK)
        throw Object.assign(new Error(`EACCES: permission denied, access '${String(p)}'`), { code: "EACCES" });
      real.accessSync(p, mode);
    },
  };
});

import { handWorked, writeXlsx } from "../support/campaigns";
import { gods } from "../support/cli";
import { lockedFile } from "../../src/cli/campaignFile";

test("--out to a writable folder works when the campaign's folder is read-only; the output is what is locked", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-readonly-"));
  const folder = path.join(dir, "archive");
  fs.mkdirSync(folder);
  const file = path.join(folder, "campaign.xlsx");
  await writeXlsx(handWorked(), file);
  const before = fs.readFileSync(file);
  const out = path.join(dir, "out.xlsx");
  fs.chmodSync(folder, 0o555);
  unwritable.add(folder);
  try {
    expect(lockedFile(file, out)).toBe(out);
    expect(lockedFile(file, file)).toBe(file);
    const r = await gods("century-end", file, "--century", "1", "--out", out);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(fs.existsSync(out)).toBe(true);
    expect(fs.readdirSync(folder)).toEqual(["campaign.xlsx"]);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual(["archive", "out.xlsx"]);
  } finally {
    fs.chmodSync(folder, 0o755);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
