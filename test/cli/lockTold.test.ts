/**
 * The thread that cleans up after a stopped command (bin/gods.js) is told of the lock folder
 * before the folder is made, and told again when a try to take it fails: a stop at any moment
 * while the lock is being taken then removes the folder, and the next command does not wait 30 s
 * for it to go stale. A second command waiting on the first never has the first's folder
 * counted as its own once its try has failed.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
// (jest puts the mock below before this import: the module tells the mock.)
import { withLock } from "../../src/cli/campaignFile";

/** Each message the command's thread sends, with whether the lock folder it names existed as it was sent. */
const told: { message: Record<string, unknown>; existed: boolean }[] = [];
jest.mock("worker_threads", () => {
  const actual = jest.requireActual<typeof import("worker_threads")>("worker_threads");
  return {
    ...actual,
    parentPort: {
      postMessage: (message: Record<string, unknown>) => {
        const folder = (message.lock ?? message.unlock) as string | undefined;
        told.push({ message, existed: folder !== undefined && fs.existsSync(folder) });
      },
    },
  };
});

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-lock-told-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the lock is told before its folder exists, and given back after it is gone", async () => {
  const file = path.join(dir, "campaign.xlsx");
  fs.writeFileSync(file, "x");
  told.length = 0;
  await withLock(file, () => Promise.resolve(undefined));
  const locks = told.filter((t) => t.message.lock !== undefined);
  expect(locks.length).toBeGreaterThan(0);
  // The first word of the lock came while there was no folder yet.
  expect(locks[0]).toEqual({ message: { lock: `${file}.lock` }, existed: false });
  expect(told[told.length - 1]).toEqual({ message: { unlock: `${file}.lock` }, existed: false });
  expect(fs.existsSync(`${file}.lock`)).toBe(false);
});

test("a try that finds another command's lock gives it back at once: that folder is never counted as this command's", async () => {
  const file = path.join(dir, "busy.xlsx");
  fs.writeFileSync(file, "x");
  const first = withLock(file, () => new Promise((resolve) => setTimeout(resolve, 700)));
  // The second command waits (it tries every 200 ms) until the first has finished.
  await new Promise((resolve) => setTimeout(resolve, 100));
  told.length = 0;
  await withLock(file, () => Promise.resolve(undefined), { onWait: () => undefined });
  await first;
  // Each try while the first held it was told, and given back when it failed: with the lock then
  // taken (told before and after its folder was made) and both commands' folders given back, every
  // word of a lock has its word of giving it back, and the thread that cleans up holds none.
  const locks = told.filter((t) => t.message.lock !== undefined).length;
  const unlocks = told.filter((t) => t.message.unlock !== undefined).length;
  expect(locks).toBeGreaterThanOrEqual(3);
  expect(unlocks).toBe(locks);
  expect(fs.existsSync(`${file}.lock`)).toBe(false);
});
