/**
 * The pane's code for what is done less often, loaded the first time it is used (webpack makes
 * each one a file of its own beside taskpane.js), so that the pane's first load stays small: the
 * referee's tools (war, disaster, growth, the pantheon tools) and those between sessions (rename,
 * the session packet, the session's end, cards bought), and the example campaign's file. A second
 * use finds the module loaded.
 */
export const refereeTools = () => import(/* webpackChunkName: "referee" */ "../workbook/office/referee");
export const betweenTools = () => import(/* webpackChunkName: "between" */ "../workbook/office/between");
/** Bringing in records kept by hand: the card, its reading of the sheets and the proposal, all at once. */
export const adoptCard = () => import(/* webpackChunkName: "adopt" */ "./cards/adopt");
export const adoptTools = () => import(/* webpackChunkName: "adopt" */ "../workbook/office/adopt");

let example: Promise<string> | undefined;
/** The example campaign's file, loaded once: begun as soon as the pointer or focus reaches its button, so a click finds it ready. */
export function exampleWorkbook(): Promise<string> {
  example ??= import(/* webpackChunkName: "example" */ "./example").then((m) => m.exampleWorkbook);
  return example;
}
