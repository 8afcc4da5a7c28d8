/**
 * No command that succeeds leaves a campaign the add-in refuses, and none moves money it did not
 * say it moved: random sequences of commands on the example and on generated campaigns
 * (test/support/invariant.ts). A short run here; `npm run invariant -- --runs 10000` runs more.
 */
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { main } from "../../src/cli/main";
import { runSequence, sequence } from "../support/invariant";
import { scaled } from "../support/scale";

const RUNS = Number(process.env.GODS_INVARIANT_RUNS ?? scaled(60, 4));
let dir: string;
let example: Uint8Array;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-invariant-"));
  const file = path.join(dir, "example.xlsx");
  expect(await main(["init", file, "--example"], { out: () => undefined, err: () => undefined })).toBe(0);
  example = fs.readFileSync(file);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test(`after every command that succeeds the reader accepts the campaign and the money adds up (${RUNS} sequences)`, async () => {
  let n = 0;
  let succeeded = 0;
  await fc.assert(
    fc.asyncProperty(sequence, async (seq) => {
      const results = await runSequence(seq, path.join(dir, `s${++n}`), example);
      succeeded += results.filter((r) => r.code === 0).length;
      const broken = results.find((r) => r.broken !== undefined);
      expect(broken?.broken).toBeUndefined();
    }),
    { numRuns: RUNS, seed: Number(process.env.GODS_INVARIANT_SEED ?? 20261127) },
  );
  // The sequences did reach the commands: many of them succeeded.
  expect(succeeded).toBeGreaterThan(RUNS);
}, 120_000);
