/**
 * Sources held jointly (a demesne built together, seed 000: each builder is an equal owner and
 * receives an equal fraction of what it produces): an Owners column in the Sources table. Worked
 * on the hand-worked campaign (test/support/campaigns.ts), whose century 1 pays Ares 22.6 and
 * Hestia 24.34 without it.
 */
import { eventCredit } from "../../src/engine/book";
import type { SourceRule } from "../../src/engine/century";
import { ratio, toNumber } from "../../src/engine/exact";
import { errorsIn } from "../../src/workbook/model/problems";
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { planRename } from "../../src/workbook/actions/rename";
import { planObliterate } from "../../src/workbook/actions/pantheon";
import { applyEdits } from "../../src/workbook/plan/edits";
import { readCampaign } from "../../src/workbook/read/campaign";
import { edit, rawWorkbook, type Tables } from "../support/campaigns";

/** The hand-worked campaign with an Owners column, and a demesne "Olympus" counted 7 in century 1. */
function withDemesne(owners: string, more: (t: Tables) => void = () => undefined): Tables {
  return edit((t) => {
    t.Sources = (t.Sources ?? []).map((r, i) => [...r, i === 0 ? "Owners" : null]);
    t.Sources.push(["Hearth", "Olympus", "count", 1, "no", null, "century-end", owners]);
    (t.Counts ?? []).push([1, "Olympus", 7]);
    more(t);
  });
}

describe("a source held jointly", () => {
  test("two owners share its 7 equally: Ares 22.6 + 3.5, Hestia 24.34 + 3.5; Hestia's 3 Hearth cards do not multiply it", () => {
    const outcome = planCenturyEnd(rawWorkbook(withDemesne("Ares, Hestia")));
    expect(errorsIn(outcome.problems)).toEqual([]);
    const earned = Object.fromEntries((outcome.result?.payouts ?? []).map((p) => [p.god, toNumber(p.earned)]));
    expect(earned).toMatchObject({ Ares: 26.1, Hestia: 27.84 });
    const line = outcome.result?.lines.find((l) => l.god === "Hestia" && l.source === "Olympus");
    expect(line).toMatchObject({ spheres: ["Hearth, shared by 2"], count: ratio(7), multiplier: ratio(1, 2), mana: ratio(7, 2) });
    // Nobody else gets any of it.
    expect(outcome.result?.lines.filter((l) => l.source === "Olympus").map((l) => l.god)).toEqual(["Ares", "Hestia"]);
  });

  test("three owners: 7 / 3 each, exactly; the fractions are carried", () => {
    const outcome = planCenturyEnd(rawWorkbook(withDemesne("Ares; Hestia; Demons")));
    const olympus = outcome.result?.lines.filter((l) => l.source === "Olympus") ?? [];
    expect(olympus.map((l) => [l.god, l.mana])).toEqual([
      ["Ares", ratio(7, 3)],
      ["Hestia", ratio(7, 3)],
      ["Demons", ratio(7, 3)],
    ]);
    // Ares: 22.6 + 7/3 = 24 14/15 → paid 24, carries 14/15.
    const ares = outcome.result?.payouts.find((p) => p.god === "Ares");
    expect(ares?.paid).toBe(24);
    expect(ares?.carry).toEqual(ratio(14, 15));
  });

  test("an event held jointly pays each owner an equal share each time", () => {
    const byCardsRule: SourceRule = { sphere: "Hearth", source: "Games", basis: "count", rate: ratio(5), flat: false, cause: null, timing: "event" };
    const rule: SourceRule = { ...byCardsRule, owners: ["Ares", "Hestia"] };
    const lines = eventCredit(["Ares", "Hestia", "Demons"], [{ god: "Hestia", sphere: "Hearth", cards: 3 }], [rule], 2);
    expect(lines.map((l) => [l.god, l.earned])).toEqual([
      ["Ares", ratio(5)],
      ["Hestia", ratio(5)],
      ["Demons", ratio(0)],
    ]);
    // Without owners the same rule pays by cards: Hestia 5 × 3 × 2.
    const byCards = eventCredit(["Hestia"], [{ god: "Hestia", sphere: "Hearth", cards: 3 }], [byCardsRule], 2);
    expect(byCards[0]?.earned).toEqual(ratio(30));
  });

  test("an owner not in the Gods table, a demon, or a name twice: the cell is named, nothing is paid", () => {
    const cases: [string, RegExp][] = [
      ["Ares, Hestiaa", /"Hestiaa" is not in the Gods table\. Did you mean "Hestia"\?/],
      ["Ares, Lilith", /Lilith is a demon: a demon's mana goes to the Demons' pool, so name Demons as the owner\./],
      ["Ares, ares", /Ares is named twice/],
    ];
    for (const [owners, message] of cases) {
      const { problems } = readCampaign(rawWorkbook(withDemesne(owners)));
      const errors = errorsIn(problems);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ table: "Sources", column: "Owners" });
      expect(errors[0]?.message).toMatch(message);
    }
  });

  test("an owner who holds no cards is not told it earns nothing", () => {
    // Lilith is a demon; Hestia holds Hearth cards; a new god Nyx holds none but owns a third.
    const tables = withDemesne("Ares; Hestia; Nyx", (t) => {
      t.Gods?.push(["Nyx", "lesser"]);
    });
    const { problems } = readCampaign(rawWorkbook(tables));
    expect(problems.map((p) => p.message).join("\n")).not.toMatch(/Nyx holds no cards/);
    const outcome = planCenturyEnd(rawWorkbook(tables));
    expect(toNumber(outcome.result?.payouts.find((p) => p.god === "Nyx")?.earned ?? ratio(0))).toBeCloseTo(7 / 3, 12);
    // Without the Owners cell, the same god is warned about.
    const plain = readCampaign(rawWorkbook(withDemesne("", (t) => t.Gods?.push(["Nyx", "lesser"]))));
    expect(plain.problems.map((p) => p.message).join("\n")).toMatch(/Nyx holds no cards, so earns no mana this century\./);
  });

  test("renaming an owner renames it in the Owners cell too, and the next century end reads clean", () => {
    const raw = rawWorkbook(withDemesne("Ares, Hestia"));
    const renamed = planRename(raw, "Ares", "Aries");
    expect(errorsIn(renamed.problems)).toEqual([]);
    expect(renamed.edits).toContainEqual({ kind: "update", table: "Sources", index: 7, values: { Owners: "Aries, Hestia" } });
    expect(renamed.changed).toContainEqual({ table: "Sources", rows: 1 });
    const after = applyEdits(raw, renamed.edits);
    expect(errorsIn(readCampaign(after).problems)).toEqual([]);
    const outcome = planCenturyEnd(after);
    expect(outcome.result?.lines.filter((l) => l.source === "Olympus").map((l) => l.god)).toEqual(["Aries", "Hestia"]);
  });

  test("an obliterated owner is no longer one: the others share the source; the last one leaves it held by nobody", () => {
    const raw = rawWorkbook(withDemesne("Ares, Hestia"));
    const first = planObliterate(readCampaign(raw).campaign, "ares");
    expect(first.problems).toEqual([]);
    expect(first.edits).toContainEqual({ kind: "update", table: "Sources", index: 7, values: { Owners: "Hestia" } });
    expect(first.details).toContain('Sources: "Olympus" is now shared by Hestia.');
    const afterAres = applyEdits(raw, first.edits);
    // Hestia alone now gets the whole 7; Ares's cards were removed with him.
    const c1 = planCenturyEnd(afterAres);
    expect(errorsIn(c1.problems)).toEqual([]);
    expect(c1.result?.lines.filter((l) => l.source === "Olympus").map((l) => [l.god, toNumber(l.mana)])).toEqual([["Hestia", 7]]);

    const second = planObliterate(readCampaign(afterAres).campaign, "Hestia");
    expect(second.edits).toContainEqual({ kind: "update", table: "Sources", index: 7, values: { Owners: "nobody" } });
    expect(second.details).toContain('Sources: Hestia held "Olympus" alone; it now reads nobody and pays no one.');
    const afterBoth = applyEdits(afterAres, second.edits);
    const c2 = planCenturyEnd(afterBoth);
    expect(errorsIn(c2.problems)).toEqual([]);
    // Held by nobody: not paid to the holders of Hearth cards either.
    expect(c2.result?.lines.filter((l) => l.source === "Olympus")).toEqual([]);
  });

  test("an Owners cell reading nobody pays nobody, not the sphere's cards", () => {
    const outcome = planCenturyEnd(rawWorkbook(withDemesne("Nobody")));
    expect(errorsIn(outcome.problems)).toEqual([]);
    expect(outcome.result?.lines.filter((l) => l.source === "Olympus")).toEqual([]);
    // A god named Nobody is an owner like any other.
    const named = planCenturyEnd(rawWorkbook(withDemesne("Nobody", (t) => t.Gods?.push(["Nobody", "lesser"]))));
    expect(named.result?.lines.filter((l) => l.source === "Olympus").map((l) => [l.god, toNumber(l.mana)])).toEqual([["Nobody", 7]]);
  });

  test("an empty Owners cell leaves the source paid by cards, as before", () => {
    const outcome = planCenturyEnd(rawWorkbook(withDemesne("")));
    // Hearth: Hestia 3 cards, Ares 1 → 7 × 1 × 3 = 21 and 7.
    const olympus = Object.fromEntries((outcome.result?.lines ?? []).filter((l) => l.source === "Olympus").map((l) => [l.god, toNumber(l.mana)]));
    expect(olympus).toEqual({ Ares: 7, Hestia: 21 });
  });
});
