/**
 * The pane's code for what is done less often, loaded the first time it is used (webpack makes
 * each one a file of its own beside taskpane.js), so that the pane's first load stays small: the
 * referee's tools (war, disaster, growth, the pantheon tools) and those between sessions (rename,
 * the session packet, the session's end, cards bought), what settles an action stopped part-way, the
 * example campaign's file, the cards of every tab but Play, loaded when their tab is first opened,
 * and the Play tab's folded cards, loaded when first unfolded. A second use finds the module loaded.
 */
export const refereeTools = () => import(/* webpackChunkName: "referee" */ "../workbook/office/referee");
export const betweenTools = () => import(/* webpackChunkName: "between" */ "../workbook/office/between");
/** What puts right an action stopped part-way, a credit paid on two computers or a Ledger they mixed: seldom needed. */
export const settleTools = () => import(/* webpackChunkName: "settle" */ "../workbook/office/settle");
/** Bringing in records kept by hand: the card, its reading of the sheets and the proposal, all at once. */
export const adoptCard = () => import(/* webpackChunkName: "adopt" */ "./cards/adopt");
export const adoptTools = () => import(/* webpackChunkName: "adopt" */ "../workbook/office/adopt");
/** Starting the Ledger again when it was deleted: its form, which wires itself as it loads, when a Ledger is found gone (the writing loads on its first press). */
export const restartCard = () => import(/* webpackChunkName: "card-restart" */ "./cards/restart");

let example: Promise<string> | undefined;
/** The example campaign's file, loaded once: begun as soon as the pointer or focus reaches its button, so a click finds it ready. */
export function exampleWorkbook(): Promise<string> {
  example ??= import(/* webpackChunkName: "example" */ "./example").then((m) => m.exampleWorkbook);
  return example;
}

/** A tab's cards: wired once, when the tab is first opened. */
export interface TabCards {
  readonly wire: () => void;
}

/** The cards of each tab loaded on first opening, by the id of the tab's panel (Play's are in the first load). */
export const tabCards: Readonly<Record<string, () => Promise<TabCards>>> = {
  "panel-century": () => import(/* webpackChunkName: "tab-century" */ "./tabs/century"),
  "panel-between": () => import(/* webpackChunkName: "tab-between" */ "./tabs/between"),
  "panel-book": () => import(/* webpackChunkName: "tab-book" */ "./tabs/book"),
};

/** The Play tab's cards folded at first, loaded when first unfolded, by the id of their card. */
export const foldedCards: Readonly<Record<string, () => Promise<TabCards>>> = {
  "referee-card": () => import(/* webpackChunkName: "card-referee" */ "./cards/referee").then((m) => ({ wire: m.wireReferee })),
  "debit-card": () => import(/* webpackChunkName: "card-debit" */ "./cards/debit").then((m) => ({ wire: m.wireDebit })),
  "pantheons-card": () => import(/* webpackChunkName: "card-pantheons" */ "./cards/pantheons").then((m) => ({ wire: m.wirePantheons })),
};
