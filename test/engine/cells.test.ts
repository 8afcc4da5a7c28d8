/**
 * Text in a cell is a number only when Excel's own arithmetic would read it as one.
 */
import { exactNumber } from "../../src/engine/cells";
import { ratio, div } from "../../src/engine/exact";

const shown = (text: string) => JSON.stringify(text);

describe("numbers typed as text", () => {
  const numbers: [string, ReturnType<typeof exactNumber>][] = [
    [" 12 ", ratio(12)],
    ["\t12\n", ratio(12)],
    ["1e3", ratio(1000)],
    ["1E+3", ratio(1000)],
    ["+5", ratio(5)],
    [".5", div(ratio(1), ratio(2))],
    ["-0.25", div(ratio(-1), ratio(4))],
    ["40%", div(ratio(2), ratio(5))],
    [" 40 % ", div(ratio(2), ratio(5))],
  ];
  test.each(numbers)("%s is a number", (text, value) => {
    expect(exactNumber(text)).toEqual(value);
  });

  const notNumbers = ["0x10", "0b1", "0o7", "Infinity", "-Infinity", "NaN", "1e", "e3", "1_000", "12abc", "\u00a012", "12\u2003", "1 2", "%", " % ", "", "١٢"];
  test.each(notNumbers.map((t) => [shown(t), t]))("%s is not a number", (_shown, text) => {
    expect(exactNumber(text)).toBeNull();
  });

  test("a number value must be finite", () => {
    expect(exactNumber(Infinity)).toBeNull();
    expect(exactNumber(NaN)).toBeNull();
    expect(exactNumber(1e15)).toEqual(ratio(1e15));
  });
});
