/**
 * The campaign's invariant under any sequence of commands: random sequences of `gods` commands
 * (the year's work of a gamemaster, typos and hostile names included) run on a real .xlsx file,
 * the example campaign or a generated one. After every command:
 *
 * - that succeeds (exit 0): the add-in's own reader accepts the workbook (no error, no action left
 *   open), every account in the Ledger adds up credit by credit, every Paid is the whole part of
 *   what the account holds (an account that never owed has been paid exactly the floor of its
 *   exact credits), and the mana the Ledger has paid each character moved by exactly what the
 *   command said it paid (nothing for a command that pays nobody);
 * - that is refused (exit 2 or 3): the file is byte for byte as it was.
 *
 * Used by test/workbook/invariant.test.ts (a short run in every test run) and by
 * scripts/invariant.ts (as many sequences as asked, with figures).
 */
import fc from "fast-check";
import * as fs from "fs";
import * as path from "path";
import { main } from "../../src/cli/main";
import { errorsIn, describeProblem } from "../../src/workbook/model/problems";
import { openActionProblems } from "../../src/workbook/read/journal";
import { readCampaign } from "../../src/workbook/read/campaign";
import { latestCentury } from "../../src/workbook/read/century";
import type { CampaignRead } from "../../src/workbook/read/types";
import { openPackage, readPackage } from "../../src/workbook/xlsx";
import { nameKey } from "../../src/engine/names";
import { exampleTables, writeXlsx, type Tables } from "./campaigns";

/** One command of a sequence; its numbers pick among what the campaign holds when it runs. */
export type Step =
  | { readonly kind: "init"; readonly example: boolean }
  | { readonly kind: "century-end"; readonly skip: number }
  | { readonly kind: "event"; readonly pick: number; readonly times: number; readonly again: boolean }
  | { readonly kind: "era-end"; readonly back: number }
  | { readonly kind: "debit"; readonly who: number; readonly mana: string; readonly what: string; readonly again: boolean }
  | { readonly kind: "undo" }
  | { readonly kind: "rename"; readonly who: number; readonly to: string }
  | { readonly kind: "cards"; readonly who: number; readonly sphere: number; readonly change: number }
  | { readonly kind: "session-end"; readonly who: readonly number[]; readonly mana: number; readonly date: string; readonly fromGods: boolean }
  | { readonly kind: "packet" }
  | { readonly kind: "war"; readonly a: number; readonly b: number }
  | { readonly kind: "disaster"; readonly race: number; readonly deaths: number; readonly element: string; readonly cause: string }
  | { readonly kind: "growth" };

/** A name as a tired or hostile gamemaster might type it: the rename's second argument. */
const SAME = "\u0000same";
const UPPER = "\u0000upper";
const OTHER = "\u0000other";
export const hostileName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("Ostra", "Vorn the Second", "Ánh Sáng", "Ra", "神", "אוסטרה", "أوسترا", "🌊 Ostra", "Ostra 🔥") },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "Ostra, Mother of Tides",
      "x".repeat(201),
      "A".repeat(195),
      "Ostra\uFFFE",
      "\uFFFF",
      "Ostra\u0007",
      "\u001b[2J",
      "nobody",
      "NoBody",
      "Demons",
      "Diabolism",
      "Atheism",
      "  ",
      "",
      "=SUM(A1)",
      "+1",
      "'Ostra",
      "Ostra;Vorn",
      "Ostra\tTide",
      "Ostra\nTide",
      "\uD800",
      "Os\u200Btra",
      "O".repeat(200),
      SAME,
      UPPER,
      OTHER,
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 24, unit: "binary" }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const date = fc.constantFrom("2026-03-14", "2026-03-21", "2026-02-28", "2026-04-04", "2025-12-31");

export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("init" as const), example: fc.boolean() }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("century-end" as const), skip: fc.constantFrom(0, 0, 0, 0, 0, -1, 1) }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant("event" as const), pick: fc.nat(20), times: fc.constantFrom(1, 1, 2, 3), again: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("era-end" as const), back: fc.constantFrom(0, 0, 0, 1, -1) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("debit" as const),
      who: fc.nat(20),
      mana: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("3", "0.5", "12.345678", "7", "2.5e2", "0.000001") },
        { weight: 1, arbitrary: fc.constantFrom("1e-20", "0.0000001", "-1", "abc", "1000001", "0x10") },
      ),
      what: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("Lord's loss", "Oath broken, twice", "x".repeat(300)) },
        { weight: 1, arbitrary: fc.constantFrom("A cost\u0007", "Toll\uFFFE", "  ") },
      ),
      again: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("undo" as const) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("rename" as const), who: fc.nat(20), to: hostileName }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("cards" as const),
      who: fc.nat(20),
      sphere: fc.nat(20),
      change: fc.constantFrom(-3, -1, -1, -1, 1, 1, 1, 2, 2, 0, 1001),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("session-end" as const),
      who: fc.array(fc.nat(20), { minLength: 1, maxLength: 3 }),
      mana: fc.constantFrom(0, 5, 12, 30, -1, 1.5),
      date,
      fromGods: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("packet" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("war" as const), a: fc.nat(20), b: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("disaster" as const),
      race: fc.nat(20),
      deaths: fc.constantFrom(1, 5, 5, 12, 40, 40, 0, 1000),
      element: fc.constantFrom("F", "W", "E", "A", "FE", ""),
      cause: fc.constantFrom("", "plague", "volcano", "volcano"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("growth" as const) }) },
);

/** A campaign to start from: the example, or one generated from a seed. */
export type Start = { readonly kind: "example" } | { readonly kind: "generated"; readonly seed: number };
export const start: fc.Arbitrary<Start> = fc.oneof(
  fc.constant({ kind: "example" as const }),
  fc.record({ kind: fc.constant("generated" as const), seed: fc.nat() }),
);
export const sequence = fc.record({ start, steps: fc.array(step, { minLength: 1, maxLength: 16 }) });
export type Sequence = { readonly start: Start; readonly steps: readonly Step[] };

/** A small seeded generator (mulberry32): the same seed, the same campaign. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GOD_NAMES = ["Ostra", "Ánh Sáng", "Ra", "神", "אוסטרה", "🌊 Tide", "Mother of Ash", "Kettu", "Iz", "Brann", "Quill", "Sef", "Ulm", "Yara"];

/**
 * A campaign generated from `seed`, shaped like the example (its sources, races, deaths and
 * counts) but with other gods (names in other scripts among them), other numbers, a source held
 * jointly by two gods, and the kept tables naming characters, so that every column a rename
 * must reach holds a name.
 */
export function generatedCampaign(seed: number): Tables {
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const t = exampleTables();
  const count = int(2, 7);
  const pool = [...GOD_NAMES];
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(pool.splice(int(0, pool.length - 1), 1)[0] as string);
  const demon = rnd() < 0.5 ? "Azhrak" : undefined;
  t.Gods = [t.Gods?.[0] ?? ["God", "Kind"], ...names.map((n, i) => [n, ["greater", "lesser", "spirit"][i % 3] ?? null]), ...(demon ? [[demon, "demon"]] : [])];
  const spheres = ["Sun", "Harvest", "War", "Death", "Sea"];
  const cards: Tables[string] = [t.Cards?.[0] ?? []];
  for (const n of names) for (const s of spheres) if (rnd() < 0.35) cards.push([n, s, int(1, 3)]);
  cards.push(["Demons", "Demonic", int(1, 2)]);
  t.Cards = cards;
  // A demesne's source held by two gods (or one), counted each century.
  const owners = names.slice(0, Math.min(2, names.length));
  t.Sources = (t.Sources ?? []).map((r, i) => [...r, i === 0 ? "Owners" : null]);
  t.Sources.push(["Harvest", "Temple of Two", "count", 2, "yes", null, "century-end", null, owners.join(", ")]);
  t.Counts?.push([1, "Temple of Two", int(0, 3)], [2, "Temple of Two", int(0, 3)]);
  // Units and cities moved a little; pantheons made of the new gods.
  const races = (t.Races ?? []).slice(1);
  for (const r of races) {
    r[1] = int(0, 90);
    r[2] = int(0, 3);
  }
  const pantheon: Tables[string] = [t.Pantheon?.[0] ?? []];
  for (const r of races) {
    const members = [...new Set([names[int(0, names.length - 1)] as string, names[int(0, names.length - 1)] as string])];
    const extra = rnd() < 0.5 ? (rnd() < 0.5 ? "Diabolism" : "Atheism") : undefined;
    const parts = members.length + (extra ? 1 : 0);
    let left = 100;
    [...members, ...(extra ? [extra] : [])].forEach((m, i) => {
      const share = i === parts - 1 ? left : Math.floor(100 / parts);
      left -= share;
      pantheon.push([r[0] ?? null, m, share]);
    });
  }
  t.Pantheon = pantheon;
  for (const d of (t.Deaths ?? []).slice(1)) d[2] = int(1, 15);
  // The kept tables, each naming characters.
  t.Artifacts = [
    ["Artifact", "Owner", "Note"],
    ["Spear of Dawn", names[0] ?? null, "forged in century 1"],
    ["Cup of Tides", names[names.length - 1] ?? null, null],
  ];
  t.Demesnes = [
    ["Demesne", "Owner"],
    ["Temple of Two", owners.join(", ")],
  ];
  t.Laws = [
    ["Law", "God"],
    ["No war in Heaven", names[0] ?? null],
  ];
  t.Oaths = [
    ["Oath", "God", "To"],
    ["Service", names[names.length - 1] ?? null, names[0] ?? null],
  ];
  return t;
}

/** What one command did, for the figures. */
export interface StepResult {
  readonly command: string;
  readonly code: number;
  /** what broke the invariant, if anything */
  readonly broken?: string;
}

interface State {
  readonly read: CampaignRead;
  /** the mana the Ledger has paid each character, by name key */
  readonly paid: Map<string, number>;
}

/** The workbook as the add-in's reader sees it, and what breaks the invariant in it. */
export function inspect(bytes: Uint8Array): { state?: State; broken: string[] } {
  const broken: string[] = [];
  const raw = readPackage(openPackage(bytes, "campaign.xlsx"));
  const read = readCampaign(raw);
  for (const p of [...errorsIn(read.problems), ...openActionProblems(raw)]) broken.push(`the reader refuses it: ${describeProblem(p)}`);
  const paid = new Map<string, number>();
  for (const [k, account] of read.campaign.accounts) {
    let carry = { n: 0n, d: 1n };
    let earnedAll = { n: 0n, d: 1n };
    let paidAll = 0n;
    let owed = false;
    for (const e of account.entries) {
      const p = BigInt(e.paid);
      if (!Number.isSafeInteger(e.paid) || e.paid < 0) broken.push(`${account.god}: Paid ${e.paid} on row ${e.row} is not a whole number of mana, 0 or more.`);
      // What this credit earned, exactly: the carry after it, less the carry before, plus what it paid.
      const earned = plus(minus(e.carry, carry), { n: p, d: 1n });
      const whole = plus(carry, earned);
      const due = e.kind === "debit" || whole.n < 0n ? 0n : floorOf(whole);
      if (e.kind === "debit") owed = true;
      if (p !== due) broken.push(`${account.god}: row ${e.row} paid ${e.paid}, but ${show(whole)} was held: it should pay ${due}.`);
      if (Math.abs(Number(earned.n) / Number(earned.d) - e.earned) > 1e-9 * Math.max(1, Math.abs(e.earned)))
        broken.push(`${account.god}: row ${e.row} shows Earned ${e.earned}, but the account's carries say ${show(earned)}.`);
      earnedAll = plus(earnedAll, earned);
      paidAll += p;
      carry = e.carry;
    }
    if (!owed && paidAll !== floorOf(earnedAll))
      broken.push(`${account.god}: paid ${paidAll} in all, but its credits add up to ${show(earnedAll)} (floor ${floorOf(earnedAll)}).`);
    if (!owed && (carry.n < 0n || carry.n >= carry.d)) broken.push(`${account.god}: carries ${show(carry)}, not a fraction of one mana.`);
    paid.set(k, Number(paidAll));
  }
  return { state: { read, paid }, broken };
}

type Fraction = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
function norm(n: bigint, d: bigint): Fraction {
  const g = gcd(n, d) || 1n;
  return d < 0n ? { n: -n / g, d: -d / g } : { n: n / g, d: d / g };
}
const plus = (a: Fraction, b: Fraction) => norm(a.n * b.d + b.n * a.d, a.d * b.d);
const minus = (a: Fraction, b: Fraction) => norm(a.n * b.d - b.n * a.d, a.d * b.d);
function floorOf(a: Fraction): bigint {
  const q = a.n / a.d;
  return a.n < 0n && q * a.d !== a.n ? q - 1n : q;
}
const show = (a: Fraction) => (a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`);

/** The characters a step can name: the gods of the Gods table, then Demons. */
function characters(read: CampaignRead): string[] {
  return [...read.campaign.gods.map((g) => g.name), "Demons"];
}
const at = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);

/** The command line for a step on the campaign as it stands. */
export function argv(s: Step, file: string, read: CampaignRead | undefined): string[] {
  const campaign = read?.campaign;
  const latest = campaign === undefined ? 0 : latestCentury(campaign);
  const who = (i: number) => (read === undefined ? "Vorn" : (at(characters(read), i) ?? "Vorn"));
  const race = (i: number) => at(campaign?.races.map((r) => r.race) ?? [], i) ?? "Sea Folk";
  switch (s.kind) {
    case "init":
      return ["init", file, ...(s.example ? ["--example"] : [])];
    case "century-end":
      return ["century-end", file, "--century", String(Math.max(1, latest + 1 + s.skip)), "--accept-warnings", "--json"];
    case "event": {
      const events = [...new Set(campaign?.sources.filter((x) => x.timing === "event").map((x) => x.source) ?? ["God obliterated"])];
      return [
        "event",
        file,
        at(events, s.pick) ?? "God obliterated",
        "--times",
        String(s.times),
        ...(s.again ? ["--again"] : []),
        "--accept-warnings",
        "--json",
      ];
    }
    case "era-end":
      return ["era-end", file, "--century", String(Math.max(1, latest - s.back)), "--accept-warnings", "--json"];
    case "debit":
      return ["debit", file, who(s.who), s.mana, "--what", s.what, ...(s.again ? ["--again"] : []), "--json"];
    case "undo":
      return ["undo", file, "--json"];
    case "rename": {
      const from = who(s.who);
      const to = s.to === SAME ? from : s.to === UPPER ? from.toUpperCase() : s.to === OTHER ? who(s.who + 1) : s.to;
      return ["rename", file, from, to, "--json"];
    }
    case "cards": {
      const spheres = [...new Set(campaign?.sources.map((x) => x.sphere) ?? ["Sun"])];
      return ["cards", file, who(s.who), at(spheres, s.sphere) ?? "Sun", s.change > 0 ? `+${s.change}` : String(s.change), "--json"];
    }
    case "session-end":
      return [
        "session-end",
        file,
        ...s.who.flatMap((i) => ["--mana", `${who(i)}=${s.mana}`]),
        "--date",
        s.date,
        ...(s.fromGods ? ["--from-gods"] : []),
        "--json",
      ];
    case "packet":
      return ["packet", file, "--json"];
    case "war":
      return ["war", file, race(s.a), race(s.b), "--json"];
    case "disaster":
      return [
        "disaster",
        file,
        `${race(s.race)}=${s.deaths}`,
        ...(s.element === "" ? [] : ["--element", s.element]),
        ...(s.cause === "" ? [] : ["--cause", s.cause]),
        "--json",
      ];
    case "growth":
      return ["growth", file, "--json"];
  }
}

/** What a command's JSON answer says it paid each character (by name key); a rename as the names it moved. */
function toldPaid(out: string): { paid: Map<string, number>; renamed?: { from: string; to: string } } {
  const paid = new Map<string, number>();
  let answer: { recipients?: { god: string; paid: number }[]; renamed?: string; to?: string };
  try {
    answer = JSON.parse(out) as typeof answer;
  } catch {
    return { paid };
  }
  for (const r of answer.recipients ?? []) paid.set(nameKey(r.god), (paid.get(nameKey(r.god)) ?? 0) + r.paid);
  return { paid, ...(answer.renamed !== undefined && answer.to !== undefined ? { renamed: { from: answer.renamed, to: answer.to } } : {}) };
}

/** Runs one sequence in `dir` (its own folder); what each step did. Stops at the first broken step. */
export async function runSequence(seq: Sequence, dir: string, exampleBytes?: Uint8Array): Promise<StepResult[]> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "campaign.xlsx");
  const quiet = { out: () => undefined, err: () => undefined };
  if (seq.start.kind === "example") {
    if (exampleBytes !== undefined) fs.writeFileSync(file, exampleBytes);
    else if ((await main(["init", file, "--example"], quiet)) !== 0) throw new Error("gods init --example failed");
  } else await writeXlsx(generatedCampaign(seq.start.seed), file);
  const first = inspect(fs.readFileSync(file));
  if (first.broken.length > 0) return [{ command: "start", code: 0, broken: `the campaign it starts from: ${first.broken.join(" ")}` }];
  let state = first.state as State;
  const results: StepResult[] = [];
  for (const s of seq.steps) {
    const args = argv(s, file, state.read);
    const before = fs.readFileSync(file);
    let out = "";
    let err = "";
    const code = await main(args, { out: (t) => (out += t + "\n"), err: (t) => (err += t + "\n") });
    if (process.env.GODS_INVARIANT_SHOW !== undefined && code !== 0)
      console.log(`gods ${args[0] ?? ""} ${JSON.stringify(args.slice(2))} → ${code}: ${(out + err).slice(0, 400)}`);
    const after = fs.readFileSync(file);
    const command = args[0] ?? "?";
    const shown = JSON.stringify(args.slice(2));
    if (code !== 0) {
      const broken = after.equals(before) ? undefined : `gods ${command} ${shown} exited ${code} and changed the file.`;
      results.push({ command, code, ...(broken === undefined ? {} : { broken }) });
      if (broken !== undefined) break;
      continue;
    }
    const now = inspect(after);
    const problems = [...now.broken];
    if (now.state !== undefined) {
      // The Ledger's paid mana moved by exactly what the command said it paid: no more, no less.
      const told = toldPaid(out);
      const expected = new Map(state.paid);
      if (told.renamed !== undefined) {
        const from = nameKey(told.renamed.from);
        const to = nameKey(told.renamed.to);
        if (from !== to && expected.has(from)) {
          expected.set(to, (expected.get(to) ?? 0) + (expected.get(from) ?? 0));
          expected.delete(from);
        }
      }
      if (command === "century-end") {
        // A century ended again replaces what its first end paid (the command says what it pays now).
        const century = Number(args[3]);
        for (const e of state.read.campaign.ledger)
          if (e.kind === "century-end" && e.century === century) expected.set(nameKey(e.god), (expected.get(nameKey(e.god)) ?? 0) - e.paid);
      }
      for (const [k, p] of told.paid) expected.set(k, (expected.get(k) ?? 0) + p);
      for (const k of new Set([...expected.keys(), ...now.state.paid.keys()])) {
        const want = expected.get(k) ?? 0;
        const got = now.state.paid.get(k) ?? 0;
        if (want !== got)
          problems.push(
            `the Ledger has paid ${k} ${got} in all; before the command it had paid ${state.paid.get(k) ?? 0} and the command said it paid ${want - (state.paid.get(k) ?? 0)}.`,
          );
      }
      state = now.state;
    }
    const broken = problems.length === 0 ? undefined : `after gods ${command} ${shown} (exit 0): ${problems.slice(0, 3).join(" ")}`;
    results.push({ command, code, ...(broken === undefined ? {} : { broken }) });
    if (broken !== undefined) break;
  }
  return results;
}
