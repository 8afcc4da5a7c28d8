/**
 * The campaign's invariant over many random command sequences (test/support/invariant.ts), with
 * figures: how many sequences and commands ran, how each command ended (exit 0 done, 2 refused,
 * 3 a warning not accepted), how long it took, and every sequence that broke the invariant, with
 * the seed and path that replay it.
 *
 *   npm run invariant -- [--runs N] [--seed S] [--jobs J]
 *
 * --jobs splits the runs among J processes (the seeds S, S+1, …), for a machine's cores.
 */
import { fork } from "child_process";
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runSequence, sequence, type StepResult } from "../test/support/invariant";

interface Figures {
  sequences: number;
  commands: number;
  byCommand: Record<string, Record<string, number>>;
  broken: { seed: number; path: string; what: string; sequence: string }[];
  ms: number;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? undefined : Number(process.argv[at + 1]);
  return value === undefined || !Number.isFinite(value) ? fallback : value;
}

async function run(runs: number, seed: number): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-invariant-"));
  const figures: Figures = { sequences: 0, commands: 0, byCommand: {}, broken: [], ms: 0 };
  const started = Date.now();
  let n = 0;
  const count = (results: readonly StepResult[]) => {
    figures.sequences++;
    for (const r of results) {
      figures.commands++;
      const by = (figures.byCommand[r.command] ??= {});
      by[`exit ${r.code}`] = (by[`exit ${r.code}`] ?? 0) + 1;
    }
  };
  const details = fc.check(
    fc.asyncProperty(sequence, async (seq) => {
      const where = path.join(dir, `s${++n}`);
      const results = await runSequence(seq, where);
      fs.rmSync(where, { recursive: true, force: true });
      count(results);
      const broken = results.find((r) => r.broken !== undefined);
      if (broken !== undefined) throw new Error(broken.broken);
    }),
    { numRuns: runs, seed },
  );
  const result = await details;
  if (result.failed) {
    figures.broken.push({
      seed,
      path: result.counterexamplePath ?? "",
      what: result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance),
      sequence: JSON.stringify(result.counterexample?.[0] ?? null),
    });
  }
  figures.ms = Date.now() - started;
  fs.rmSync(dir, { recursive: true, force: true });
  return figures;
}

function merge(all: readonly Figures[]): Figures {
  const out: Figures = { sequences: 0, commands: 0, byCommand: {}, broken: [], ms: 0 };
  for (const f of all) {
    out.sequences += f.sequences;
    out.commands += f.commands;
    out.broken.push(...f.broken);
    out.ms = Math.max(out.ms, f.ms);
    for (const [c, by] of Object.entries(f.byCommand)) {
      const into = (out.byCommand[c] ??= {});
      for (const [k, v] of Object.entries(by)) into[k] = (into[k] ?? 0) + v;
    }
  }
  return out;
}

function print(f: Figures, runs: number, seed: number, jobs: number): void {
  console.log(
    `Invariant: ${f.sequences.toLocaleString("en")} of ${runs.toLocaleString("en")} sequences, ${f.commands.toLocaleString("en")} commands, seed ${seed}, ${jobs} process(es), ${(f.ms / 1000).toFixed(1)} s`,
  );
  for (const [c, by] of Object.entries(f.byCommand).sort()) {
    const parts = Object.entries(by)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ");
    console.log(`  ${c.padEnd(12)} ${parts}`);
  }
  if (f.broken.length === 0)
    console.log(
      "Broken: none. After every command that succeeded the reader accepted the campaign and the money added up; every refused command left the file as it was.",
    );
  for (const b of f.broken) console.log(`BROKEN (seed ${b.seed}, path ${b.path}): ${b.what}\n  sequence: ${b.sequence}`);
}

async function mainJob(): Promise<void> {
  const runs = option("runs", 200);
  const seed = option("seed", 20261127);
  const jobs = Math.max(1, Math.min(8, option("jobs", 1)));
  if (process.env.GODS_INVARIANT_CHILD !== undefined) {
    const figures = await run(runs, seed);
    process.send?.(figures);
    return;
  }
  if (jobs === 1) {
    const figures = await run(runs, seed);
    print(figures, runs, seed, 1);
    process.exitCode = figures.broken.length === 0 ? 0 : 1;
    return;
  }
  const each = Math.ceil(runs / jobs);
  const parts = await Promise.all(
    Array.from(
      { length: jobs },
      (_, j) =>
        new Promise<Figures>((resolve, reject) => {
          const child = fork(__filename, ["--runs", String(Math.min(each, runs - j * each)), "--seed", String(seed + j)], {
            env: { ...process.env, GODS_INVARIANT_CHILD: "1" },
          });
          child.on("message", (m) => {
            resolve(m as Figures);
          });
          child.on("error", reject);
          child.on("exit", (code) => {
            if (code !== 0) reject(new Error(`a process of the run exited ${String(code)}`));
          });
        }),
    ),
  );
  const figures = merge(parts);
  print(figures, runs, seed, jobs);
  process.exitCode = figures.broken.length === 0 ? 0 : 1;
}

void mainJob();
