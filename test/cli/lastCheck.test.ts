/**
 * The last look before the rename: a change saved by someone else while the new file was being
 * written and flushed is still caught, and the new file is not put in place. The change is made
 * from inside the flush of the temporary file, the latest moment a test can reach.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

let onFlush: (() => void) | undefined;
jest.mock("fs", () => {
  const real = jest.requireActual<typeof import("fs")>("fs");
  return {
    ...real,
    fsyncSync: (fd: number) => {
      real.fsyncSync(fd);
      const act = onFlush;
      onFlush = undefined;
      act?.();
    },
  };
});

import { readFile, writeFile } from "../../src/cli/campaignFile";

test("a change made while the new file is flushed stops the rename; the other's change stays and no temporary file is left", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-last-"));
  try {
    const file = path.join(dir, "campaign.xlsx");
    fs.writeFileSync(file, "what was read");
    const read = readFile(file);
    onFlush = () => {
      fs.writeFileSync(file, "saved by someone else");
    };
    await expect(writeFile(file, Buffer.from("our result"), read)).rejects.toThrow(
      "campaign.xlsx was changed by someone else while it was being worked on, so this result was not written. Run the command again.",
    );
    expect(fs.readFileSync(file, "utf8")).toBe("saved by someone else");
    expect(fs.readdirSync(dir)).toEqual(["campaign.xlsx"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("without a change the result is put in place", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-last-"));
  try {
    const file = path.join(dir, "campaign.xlsx");
    fs.writeFileSync(file, "what was read");
    fs.chmodSync(file, 0o640);
    const read = readFile(file);
    await writeFile(file, Buffer.from("our result"), read);
    expect(fs.readFileSync(file, "utf8")).toBe("our result");
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir)).toEqual(["campaign.xlsx"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
