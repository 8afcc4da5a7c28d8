/**
 * Every element of taskpane.html the pane's code looks up, typed once: a misspelt id is a type
 * error, and a test checks that each is in the page (test/taskpane/ids.test.ts).
 */
export const IDS = [
  "state", "refresh", "progress", "progress-text", "starting", "outside", "app", "welcome", "welcome-title",
  "setup-text", "create-tables", "open-example", "example-hint", "setup-result", "problems-box", "problems-title",
  "problems-hint", "problems", "campaign-result", "actions", "deaths-title", "deaths-reason", "deaths-form",
  "death-cause", "cause-list", "death-units", "death-race", "death-note", "record-deaths", "deaths-result",
  "tally-details", "tally-title", "tally-none", "tally", "tally-body", "event-title", "event-reason", "event-form",
  "event-name", "event-times", "event-preview", "credit-event", "event-confirm", "event-question", "event-warnings",
  "event-yes", "event-no", "event-result", "credits-title", "credits-none", "credits", "undo-credit", "undo-confirm",
  "undo-question", "undo-yes", "undo-no", "undo-result", "century-title", "century-reason", "preview-details",
  "preview-title", "preview-body", "end-century", "century-confirm", "century-question", "century-warnings",
  "century-pay", "century-yes", "century-no", "century-result", "redo", "redo-century", "redo-reason", "era",
  "era-title", "era-text", "credit-era", "era-confirm", "era-question", "era-warnings", "era-yes", "era-no",
  "era-result", "referee-title", "war-a", "war-a-strength", "war-b", "war-b-strength", "war-show",
  "disaster-elements", "disaster-cause", "disaster-global", "hits-title", "disaster-hits", "disaster-show",
  "growth-show", "referee-confirm", "referee-question", "referee-preview", "referee-yes", "referee-no",
  "referee-result", "timers-title", "timer-kind", "timer-who", "timer-start", "timers-none", "timers", "timers-news",
  "pantheons-title", "pantheon-race", "pantheon-current", "cult-deity", "cult-points", "apply-cult", "cult-result",
  "turmoil-state", "toggle-turmoil", "turmoil-roll", "turmoil-effect", "turmoil-result", "proposal", "proposal-add",
  "check-change", "check-verdict", "check-result", "obliterate-god", "obliterate", "obliterate-confirm",
  "obliterate-question", "obliterate-yes", "obliterate-no", "obliterate-result", "worksheets-title", "regenerate",
  "worksheets-result", "book-title", "rename-from", "rename-to", "rename", "rename-confirm", "rename-question",
  "rename-yes", "rename-no", "rename-result", "reseal-text", "reseal-because", "reseal", "reseal-confirm",
  "reseal-question", "reseal-yes", "reseal-no", "reseal-result", "mana-title", "mana-body", "campaign-title",
  "count-gods", "count-races", "count-sources", "tables-details", "tables-summary", "tables",
] as const;

export type Id = (typeof IDS)[number];

/** The panels that ask before an action writes: each has NAME-confirm, -question, -yes and -no. */
export type Question = "century" | "event" | "undo" | "era" | "referee" | "obliterate" | "rename" | "reseal";

/** The questions before a payment, which also list the warnings that change pay (NAME-warnings). */
export type PayQuestion = "century" | "event" | "era";
