/**
 * A campaign kept two ways: in the add-in's own tables, paid by the add-in century after century;
 * and by hand, in sheets of the shapes gamemasters keep (titles over the headers, cards as a column
 * per sphere or in long form, shares as text, as a race × god grid or in long form, one Deaths sheet
 * per century or one with a Century column, names with stray spaces or in another case, kinds in
 * any case), paid by hand up to century N with the carries the add-in would have kept. Brought in
 * at N, century N+1 pays exactly what the add-in's own tables pay; brought in again, nothing.
 */
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { gods } from "../support/cli";
import { writeXlsx, type Tables } from "../support/campaigns";
import { addRows, handKeptXlsx, vyr, type SheetSpec } from "../support/handKept";
import { scaled } from "../support/scale";

const RATES = vyr().find((s) => s.name === "Rates") as SheetSpec;
const SPHERES = ["War", "Sea", "Sun", "Death"];
const GOD_NAMES = ["Solara", "Vorn", "Kettu", "Ilsa"];
const RACE_NAMES = ["Elves", "Dwarves", "Orcs"];
const CAUSES = ["war", "water", "plague"];

interface Campaign {
  readonly gods: { name: string; kind: string; cards: number[] }[];
  readonly demonCards: number;
  readonly races: { name: string; units: number; cities: number; great: number; turmoil: boolean; shares: [string, number][] }[];
  /** by century 1..N+1 */
  readonly deaths: { cause: string; units: number; race: string }[][];
  readonly n: number;
}

interface Shape {
  readonly titles: number;
  readonly merged: boolean;
  readonly cards: "wide" | "long";
  readonly pantheon: "text" | "grid" | "long";
  readonly deaths: "Deaths C#" | "C# Deaths" | "Century #" | "column";
  /** names typed with a trailing space and kinds in upper case */
  readonly noisy: boolean;
}

/** Integer percentages of `weights` adding up to 100 (members whose share rounds to 0 left out). */
function percents(members: readonly string[], weights: readonly number[]): [string, number][] {
  const total = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => Math.floor((w * 100) / total));
  shares[0] = (shares[0] ?? 0) + 100 - shares.reduce((s, x) => s + x, 0);
  return members.map((m, i) => [m, shares[i] ?? 0] as [string, number]).filter(([, s]) => s > 0);
}

const campaignArb: fc.Arbitrary<Campaign> = fc
  .record({
    n: fc.integer({ min: 1, max: 2 }),
    godCount: fc.integer({ min: 1, max: 3 }),
    raceCount: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ n, godCount, raceCount }) => {
    const names = GOD_NAMES.slice(0, godCount);
    const members = [...names, "Diabolism", "Atheism"];
    const races = RACE_NAMES.slice(0, raceCount);
    return fc.record({
      n: fc.constant(n),
      gods: fc.tuple(
        ...names.map((name) =>
          fc.record({
            name: fc.constant(name),
            kind: fc.constantFrom("greater", "lesser"),
            cards: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: SPHERES.length, maxLength: SPHERES.length }),
          }),
        ),
      ),
      demonCards: fc.integer({ min: 0, max: 1 }),
      races: fc.tuple(
        ...races.map((name) =>
          fc
            .record({
              units: fc.integer({ min: 1, max: 30 }),
              cities: fc.integer({ min: 0, max: 3 }),
              great: fc.integer({ min: 0, max: 1 }),
              turmoil: fc.boolean(),
              members: fc.shuffledSubarray(members, { minLength: 1, maxLength: 3 }),
              weights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 3, maxLength: 3 }),
            })
            .map(({ members: m, weights, ...r }) => ({ name, ...r, shares: percents(m, weights.slice(0, m.length)) })),
        ),
      ),
      deaths: fc.array(
        fc.array(fc.record({ cause: fc.constantFrom(...CAUSES), units: fc.integer({ min: 1, max: 9 }), race: fc.constantFrom(...races) }), { maxLength: 3 }),
        { minLength: n + 1, maxLength: n + 1 },
      ),
    });
  });

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  titles: fc.integer({ min: 0, max: 2 }),
  merged: fc.boolean(),
  cards: fc.constantFrom("wide" as const, "long" as const),
  pantheon: fc.constantFrom("text" as const, "grid" as const, "long" as const),
  deaths: fc.constantFrom("Deaths C#" as const, "C# Deaths" as const, "Century #" as const, "column" as const),
  noisy: fc.boolean(),
});

/** The campaign in the add-in's own tables, with the deaths of centuries up to `upTo`. */
function ownTables(c: Campaign, upTo = c.n + 1): Tables {
  return {
    Gods: [["God", "Kind"], ...c.gods.map((g) => [g.name, g.kind])],
    Cards: [
      ["God", "Sphere", "Cards"],
      ...c.gods.flatMap((g) => SPHERES.flatMap((s, i) => ((g.cards[i] ?? 0) > 0 ? [[g.name, s, g.cards[i] ?? 0]] : []))),
      ...(c.demonCards > 0 ? [["Demons", "Death", c.demonCards]] : []),
    ],
    Sources: [["Sphere", "Source", "Basis", "Rate", "Flat", "Cause"], ...RATES.rows.map((r) => r.map((v) => (typeof v === "object" ? null : v)))],
    Races: [["Race", "Units", "Cities", "Great Cities", "Turmoil"], ...c.races.map((r) => [r.name, r.units, r.cities, r.great, r.turmoil ? "yes" : "no"])],
    Pantheon: [["Race", "Member", "Share"], ...c.races.flatMap((r) => r.shares.map(([m, s]) => [r.name, m, s]))],
    Deaths: [["Century", "Cause", "Units", "Race"], ...deathRows(c, upTo)],
  };
}

/** The deaths of centuries up to `upTo`, as the Deaths table's rows. */
function deathRows(c: Campaign, upTo: number): (string | number)[][] {
  return c.deaths.slice(0, upTo).flatMap((list, i) => list.map((d) => [i + 1, d.cause, d.units, d.race]));
}

/** The same campaign in sheets kept by hand, with the carries of century N in a mana sheet. */
function handSheets(c: Campaign, s: Shape, carries: readonly { god: string; paid: number; carry: number }[]): SheetSpec[] {
  const titles = (title: string): string[] => Array.from({ length: s.titles }, (_, i) => (i === 0 ? title : ""));
  const name = (g: string) => (s.noisy ? `${g} ` : g);
  const kind = (k: string) => (s.noisy ? k.toUpperCase() : k.charAt(0).toUpperCase() + k.slice(1));
  const sheets: SheetSpec[] = [];
  const demons = c.demonCards > 0 ? [["Demons", null, 0, 0, 0, c.demonCards]] : [];
  if (s.cards === "wide")
    sheets.push({
      name: "Gods",
      titles: titles("The gods"),
      merged: s.merged,
      headers: ["God", "Kind", ...SPHERES],
      rows: [...c.gods.map((g) => [name(g.name), kind(g.kind), ...g.cards]), ...demons],
    });
  else {
    sheets.push({
      name: "Gods",
      titles: titles("The gods"),
      merged: s.merged,
      headers: ["God", "Kind"],
      rows: c.gods.map((g) => [name(g.name), kind(g.kind)]),
    });
    const held = [
      ...c.gods.flatMap((g) => SPHERES.flatMap((sphere, i) => ((g.cards[i] ?? 0) > 0 ? [[g.name.toUpperCase(), sphere, g.cards[i] ?? 0]] : []))),
      ...(c.demonCards > 0 ? [["DEMONS", "Death", c.demonCards]] : []),
    ];
    sheets.push({ name: "Spheres held", titles: [], merged: false, headers: ["God", "Sphere", "Cards"], rows: held });
  }
  sheets.push(RATES);
  const text = s.pantheon === "text";
  sheets.push({
    name: "Earth",
    titles: titles("Earth"),
    merged: s.merged,
    headers: ["Race", "Units", "Cities", "Great cities", "Turmoil", ...(text ? ["Worshipped by"] : [])],
    rows: c.races.map((r) => [
      r.name,
      r.units,
      r.cities,
      r.great,
      r.turmoil ? "yes" : "no",
      ...(text ? [r.shares.map(([m, x]) => `${s.noisy ? m.toLowerCase() : m} ${x}%`).join(", ")] : []),
    ]),
  });
  const members = [...c.gods.map((g) => g.name), "Diabolism", "Atheism"];
  if (s.pantheon === "grid")
    sheets.push({
      name: "Pantheons",
      titles: titles("Who worships whom"),
      merged: s.merged,
      headers: ["Race", ...members],
      rows: c.races.map((r) => [r.name, ...members.map((m) => r.shares.find(([x]) => x === m)?.[1] ?? null)]),
    });
  if (s.pantheon === "long")
    sheets.push({
      name: "Worship",
      titles: titles("Worship"),
      merged: s.merged,
      headers: ["Race", "Member", "Share"],
      rows: c.races.flatMap((r) => r.shares.map(([m, x]) => [r.name, name(m), `${x}%`])),
    });
  const total = (rows: number[]) => ["Total", null, rows.reduce((a, b) => a + b, 0), null];
  if (s.deaths === "column") {
    const rows = c.deaths.flatMap((list, i) => list.map((d) => [i + 1, d.cause, d.units, d.race]));
    sheets.push({
      name: "Deaths",
      titles: titles("Deaths"),
      merged: s.merged,
      headers: ["Century", "Cause", "Units", "Race"],
      rows: [...rows, [null, null, null, null], total(rows.map((r) => r[2] as number))],
    });
  } else
    c.deaths.forEach((list, i) => {
      sheets.push({
        name: s.deaths.replace("#", String(i + 1)),
        titles: titles(`Deaths of century ${i + 1}`),
        merged: s.merged,
        headers: ["Date", "Cause", "Units", "Race"],
        rows: [...list.map((d, k) => [`${k + 1} Mar`, d.cause, d.units, d.race]), total(list.map((d) => d.units))],
      });
    });
  sheets.push({
    name: `Mana C${c.n}`,
    titles: titles(`Mana of century ${c.n}`),
    merged: s.merged,
    headers: ["God", "Paid", "Carried"],
    rows: carries.map((r) => [name(r.god), r.paid, r.carry]),
  });
  return sheets;
}

interface Paid {
  god: string;
  paid: number;
  carry: number;
}

async function pay(file: string, century: number): Promise<Paid[]> {
  const r = await gods("century-end", file, "--century", String(century), "--json", "--accept-warnings");
  if (r.code !== 0) throw new Error(`century ${century}: ${r.out}${r.err}`);
  return (JSON.parse(r.out) as { recipients: Paid[] }).recipients.map(({ god, paid, carry }) => ({ god, paid, carry }));
}

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "gods-adopt-prop-"))));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a campaign kept by hand, brought in at century N, pays at N+1 what the add-in's own tables pay", async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(campaignArb, shapeArb, async (c, shape) => {
      run++;
      const own = path.join(dir, `own-${run}.xlsx`);
      // Deaths are logged at most a century ahead: those of century N+1 are typed once N is paid.
      await writeXlsx(ownTables(c, c.n), own);
      let carries: Paid[] = [];
      for (let century = 1; century <= c.n; century++) carries = await pay(own, century);
      addRows(own, "xl/worksheets/sheet6.xml", 2 + deathRows(c, c.n).length, deathRows(c, c.n + 1).slice(deathRows(c, c.n).length));
      const expected = await pay(own, c.n + 1);

      const hand = path.join(dir, `hand-${run}.xlsx`);
      fs.writeFileSync(hand, await handKeptXlsx(handSheets(c, shape, carries)));
      const adopted = await gods("adopt", hand, "--century", String(c.n));
      if (adopted.code !== 0) throw new Error(`adopt: ${adopted.out}${adopted.err}`);
      expect(await pay(hand, c.n + 1)).toEqual(expected);
      const again = await gods("adopt", hand, "--century", String(c.n));
      expect(again.code).toBe(0);
      expect(again.out).toContain("Nothing new");
    }),
    { numRuns: scaled(12, 3) },
  );
});
