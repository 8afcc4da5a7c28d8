/**
 * What the pane says while it works, and when something goes wrong: plain sentences for a
 * gamemaster, never an exception's text or a stack.
 */
import { BOOK_SHEETS } from "../workbook";
import type { ActionStep } from "../workbook/office";

/**
 * An error as a sentence for the gamemaster (see failures.ts). The sentences are needed only when
 * something fails, so they load then, keeping the pane's first load small; should even that fail,
 * the general sentence is said.
 */
export function failureText(e: unknown, button?: string, sheets?: string): Promise<string> {
  return import(/* webpackChunkName: "failures" */ "./failures").then(
    (m) => m.plainError(e, button, sheets),
    () => "Something went wrong and the action did not finish. Try again.",
  );
}

/** The progress line while Excel is busy because a cell is being edited. */
export function waitingText(attempt: number): string {
  return `A cell is being edited, so Excel cannot take changes yet. Press Enter or Esc in the sheet; trying again (${attempt})…`;
}

/**
 * The progress line once a request has waited a few seconds for Excel: most often a cell being
 * edited, which holds every request until the edit ends; clicking the pane does not end it.
 */
export const HELD =
  "Still waiting for Excel. If you are typing in a cell, press Enter or click another cell in the sheet: Excel holds the add-in's work until the edit ends, and clicking in this pane does not end it.";

/** What an action does at each step, for the progress line; and the sheets a writing action changes, named if it fails. */
export type StepTexts = Readonly<Record<ActionStep, string>> & { readonly sheets?: string };

/** The sheets every credit brings up to date, in the pane's words. */
export const BOOK_SHEET_NAMES = `${BOOK_SHEETS.heaven}, ${BOOK_SHEETS.earth}, ${BOOK_SHEETS.points} (what each god collects at the box)`;

/** Every action begins by reading the campaign. */
export const READING = "Reading the campaign tables…";

/** The progress of an action that reads the campaign, then writes `writing` on `sheets`. */
export function steps(writing: string, sheets?: string): StepTexts {
  return { reading: READING, writing, ...(sheets === undefined ? {} : { sheets }) };
}
