/**
 * Two characters, or two races, whose names look the same but are spelt with other letters
 * ("Ares" and "Аres", its "А" Cyrillic): every table matches names by spelling, so what one
 * spelling is given the other is not, and one character's pay would be split between two
 * accounts whose lines read the same. A warning names both, and the payment waits for it.
 */
import { planCenturyEnd } from "../../src/workbook/actions/centuryEnd";
import { describeProblem, payWarningsIn, warningsIn } from "../../src/workbook/model/problems";
import { readCampaign } from "../../src/workbook/read/campaign";
import { edit, handWorked, rawWorkbook } from "../support/campaigns";

const CYRILLIC_A = "\u0410";
const GREEK_O = "\u039f";

const lookAlikes = (tables = handWorked()) => warningsIn(readCampaign(rawWorkbook(tables)).problems).filter((p) => p.message.includes("looks the same"));

describe("names that look alike", () => {
  test("a god spelt with a Cyrillic letter beside the Latin one: named, both rows, and the pay held", () => {
    const tables = edit((t) => t.Gods?.push([`${CYRILLIC_A}res`, "lesser"]));
    const said = lookAlikes(tables);
    expect(said.map(describeProblem)).toEqual([
      `Gods table, row 5, column God: "${CYRILLIC_A}res" looks the same as "Ares" (row 2) but is spelt with other letters ("${CYRILLIC_A}" (Cyrillic)): they are two characters, each with an account of its own whose payment line reads the same, and what the other tables say under one spelling is not said of the other. If they are one, keep one row and one spelling; if two, give them names that can be told apart.`,
    ]);
    expect(said[0]?.changesPay).toBe(true);
    expect(payWarningsIn(planCenturyEnd(rawWorkbook(tables), 1).problems).map((p) => p.message)).toContainEqual(expect.stringContaining("looks the same"));
    // Both are still characters: nothing is dropped.
    expect(readCampaign(rawWorkbook(tables)).campaign.gods.map((g) => g.name)).toEqual(["Ares", "Hestia", "Lilith", `${CYRILLIC_A}res`]);
  });

  test("races alike: a Greek Ο in Οlympians", () => {
    const tables = edit((t) => {
      t.Races?.push(["Olympians", 5, 0, 0, "civilized", "no", 1]);
      t.Races?.push([`${GREEK_O}lympians`, 5, 0, 0, "civilized", "no", 1]);
    });
    expect(lookAlikes(tables).map(describeProblem)).toEqual([
      `Races table, row 6, column Race: "${GREEK_O}lympians" looks the same as "Olympians" (row 5) but is spelt with other letters ("${GREEK_O}" (Greek)): they are two races, and what the other tables say under one spelling is not said of the other. If they are one, keep one row and one spelling; if two, give them names that can be told apart.`,
    ]);
  });

  test("full-width letters are the same to the eye too; names that only share letters are not", () => {
    expect(lookAlikes(edit((t) => t.Gods?.push(["\uff21res", "lesser"])))).toHaveLength(1);
    expect(lookAlikes(edit((t) => t.Gods?.push(["Ares II", "lesser"])))).toEqual([]);
    expect(lookAlikes()).toEqual([]);
  });
});
