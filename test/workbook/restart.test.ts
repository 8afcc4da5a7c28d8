/** The last century a lost book had paid, as its head shows it: the mark a restarted book keeps. */
import { paidThrough } from "../../src/workbook/actions/restart";
import type { BookHead } from "../../src/workbook/read/head";

const head = (...keys: string[]): BookHead => ({ first: "0", rows: keys.length, all: "0", credits: keys.map((k) => [k, k]) });

test("a century end names its century; an event, debit or correction is credited in the century after the last one ended", () => {
  expect(paidThrough(head("century-end|1|", "event|2|God obliterated"))).toBe(1);
  expect(paidThrough(head("century-end|3|"))).toBe(3);
  expect(paidThrough(head("event|5|Flood", "debit|5|Lord's loss", "correction|5|Vorn was owed 3"))).toBe(4);
  expect(paidThrough(head("opening|2|brought in at century 2", "event|3|Flood"))).toBe(2);
  expect(paidThrough(head("event|1|Flood"))).toBe(0);
  expect(paidThrough(head())).toBe(0);
  // A key that is not the add-in's names no century.
  expect(paidThrough(head("century-end|x|", "nonsense"))).toBe(0);
});
