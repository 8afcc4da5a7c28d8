/**
 * The pane's state, in one place: the campaign's latest status, whether an action is under way,
 * and the cards' renderers, which `show` calls with every new status. Every action runs through
 * `act`: busy while it works, its progress shown, an error in plain words.
 */
import { excelRun, isSettled, newOperationId, type ActionOptions, readStatus, selectCell, type EditOutcome, type Settled } from "../workbook/office";
import { errorsIn, type CampaignStatus } from "../workbook";
import { renderAvailability } from "./availability";
import { lastAsked, pressedFor } from "./confirm";
import { byId } from "./dom";
import type { Question } from "./ids";
import { failureText, HELD, READING, waitingText, type StepTexts } from "./messages";
import { showMessage, showProblems } from "./render";

let current: CampaignStatus | null = null;
/** Whether the latest action stopped on a failure. */
let failed = false;
/** What is told each time the pane stops being busy (the header's line). */
const settled: (() => void)[] = [];

/** Whether the latest action stopped on a failure: the header says so until another action succeeds. */
export function stoppedOnFailure(): boolean {
  return failed;
}

/** Called each time the pane stops being busy. */
export function onSettled(hook: () => void): void {
  settled.push(hook);
}
/** Where the action under way shows its answer: the one result a new status does not clear. */
let answering: HTMLElement | null = null;
/** Actions under way (one may overlap another's end). */
let running = 0;
const renderers: ((status: CampaignStatus) => void)[] = [];

/** The campaign as last read, or null before the first read. */
export function status(): CampaignStatus | null {
  return current;
}

export function busy(): boolean {
  return running > 0;
}

/** A card's part of showing a new status; a card wired after the first read (its tab opened later) shows the status at once. */
export function onStatus(render: (status: CampaignStatus) => void): void {
  renderers.push(render);
  if (current !== null) render(current);
}

/** After a tab's cards are wired: what the campaign does not allow greyed, and every control greyed while an action runs. */
export function settleControls(within: HTMLElement): void {
  if (running > 0)
    for (const c of within.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>("button, input, select")) c.disabled = true;
  else if (current !== null) renderAvailability(current);
}

function controls(): (HTMLButtonElement | HTMLInputElement | HTMLSelectElement)[] {
  return [...byId("app").querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>("button, input, select")];
}

export function progress(text: string): void {
  byId("progress-text").textContent = text;
}

function setBusy(on: boolean, text = ""): void {
  running = Math.max(0, running + (on ? 1 : -1));
  const now = running > 0;
  byId("app").setAttribute("aria-busy", String(now));
  document.body.classList.toggle("busy", now);
  for (const c of controls()) c.disabled = now;
  if (now) progress(text);
  else {
    const at = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    // Never "up to date" over a failure: the line points at the message that says what to press.
    progress(failed ? `Stopped at ${at}: see the message under the button you pressed.` : `Up to date with the workbook (${at}).`);
    // What the campaign does not allow stays disabled, with its reason; the header says whether the latest action stopped.
    if (current !== null) renderAvailability(current);
    for (const hook of settled) hook();
  }
}

/** What an action is told when it ends: well, or with an error. */
interface Ending {
  readonly done?: () => void;
  readonly failed?: () => void;
}

/**
 * Runs an action with the pane busy and its progress shown; an error is shown in plain words
 * in `target`. Focus comes back to the control that started it, so the keyboard keeps its place.
 */
export async function act(target: HTMLElement, texts: StepTexts, work: (options: ActionOptions) => Promise<void>, ending: Ending = {}): Promise<void> {
  if (running > 0) return;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : "";
  const button = pressedFor(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const before = target.firstElementChild;
  answering = target;
  failed = false;
  foldAnswers();
  lastAsked();
  setBusy(true, texts.reading);
  // What the progress line said before Excel held a request, to say again once it answers.
  let said = texts.reading;
  const say = (text: string) => {
    said = text;
    progress(text);
  };
  try {
    await work({
      onStep: (step) => {
        say(texts[step]);
      },
      onWait: (attempt) => {
        say(waitingText(attempt));
      },
      onHeld: (held) => {
        progress(held ? HELD : said);
      },
    });
    ending.done?.();
  } catch (e) {
    // For whoever debugs the add-in; the gamemaster gets the sentence below.
    console.warn("The Gods II pane:", e);
    failed = true;
    showMessage(target, "error", await failureText(e, button, texts.sheets));
    ending.failed?.();
  } finally {
    answering = null;
    const cancel = lastAsked();
    setBusy(false);
    // Focus is lost when it is nowhere, or on a control the action hid (a question's Yes, the set-up's button).
    const on = document.activeElement;
    const lost = !(on instanceof HTMLElement) || on === document.body || on.offsetParent === null;
    const answer = target.firstElementChild;
    if (cancel !== undefined && cancel.offsetParent !== null) cancel.focus({ preventScroll: true });
    else if (answer instanceof HTMLElement && answer !== before && answer.offsetParent !== null && !answer.contains(on)) {
      // The answer takes the keyboard's place, in view: a screen reader reads it, and Tab goes on from there.
      // An answer that folds has the keyboard on its heading, the line that folds it.
      const summary = answer instanceof HTMLDetailsElement ? answer.querySelector("summary") : null;
      answer.tabIndex = -1;
      answer.scrollIntoView({ block: "nearest" });
      (summary ?? answer).focus({ preventScroll: true });
    } else if (lost) document.getElementById(focused)?.focus();
  }
}

/** A long answer that has been read (a paid century's) folds to its heading, openable: the pane stays put. */
export function foldAnswers(): void {
  for (const d of document.querySelectorAll<HTMLDetailsElement>("details.folds[open]")) d.open = false;
}

/** What a writing action is given: the click's operation id, and a way to be told that one of its requests failed. */
export type WriteOptions = ActionOptions & { readonly operation: string; readonly onStop: () => void };

/**
 * The click of a writing action whose request failed, by what it was asked to do (`key`): the
 * same click again is its retry, under the same operation id, so that the journal finishes it
 * or says it is done, and never does it twice.
 */
let retry: { readonly key: string; readonly id: string } | undefined;

/** Whether a click of `key` now would be the same click tried again, after one of its requests failed. */
export function retrying(key: string): boolean {
  return retry?.key === key;
}

/**
 * Runs a writing action (`key`: what it is asked to do, its parameters included) as `act` does,
 * under the click's operation id: a new one, or the one of the same click that failed just before.
 * After a failure the campaign is read again, so that an action left part-way shows at once.
 */
export function write(target: HTMLElement, texts: StepTexts, key: string, work: (options: WriteOptions) => Promise<void>): Promise<void> {
  const id = retry?.key === key ? retry.id : newOperationId();
  let stopped = false;
  return act(
    target,
    texts,
    (options) =>
      work({
        ...options,
        operation: id,
        onStop: () => {
          stopped = true;
        },
      }),
    {
      done: () => {
        retry = stopped ? { key, id } : undefined;
      },
      failed: () => {
        retry = { key, id };
        void refreshQuietly().catch(() => undefined);
      },
    },
  );
}

/** The journal's word that a click was settled already (done before, or finished now): shown, and true. */
export function showSettled(target: HTMLElement, outcome: object): outcome is Settled {
  if (!isSettled(outcome)) return false;
  show(outcome.status);
  showMessage(target, "done", outcome.message);
  return true;
}

/** Selects a problem's cell; the result shows under the action it came from, or under Campaign. */
export function goTo(address: string, from: HTMLElement): void {
  const target = from.closest<HTMLElement>(".result") ?? byId("campaign-result");
  void act(target, { reading: `Going to ${address}…`, writing: `Going to ${address}…` }, async (options) => {
    await selectCell(excelRun, address, options);
  });
}

/** The open questions: a new status may make any of them stale (asked about another credit or century). */
const QUESTIONS: readonly Question[] = ["century", "event", "undo", "era", "referee", "obliterate", "rename", "reseal", "cards", "stopped"];

/** What a result speaks of: the credits, the century in play and the names of the gods. A change makes the other results stale. */
const era = (s: CampaignStatus) => JSON.stringify([s.credits.map((c) => c.label), s.nextCentury, s.gods.map((g) => g.name)]);

export function show(next: CampaignStatus, closeQuestions = true): void {
  if (current !== null && era(current) !== era(next)) {
    // A credit taken back, a god renamed, a new century in play: what other buttons answered before no longer holds.
    for (const box of byId("app").querySelectorAll<HTMLElement>("div.result")) if (box !== answering) box.replaceChildren();
  }
  if (
    closeQuestions &&
    current !== null &&
    JSON.stringify([current.credits, current.nextCentury, current.redo, current.stopped]) !==
      JSON.stringify([next.credits, next.nextCentury, next.redo, next.stopped])
  ) {
    for (const q of QUESTIONS) byId(`${q}-confirm`).hidden = true;
  }
  current = next;
  for (const render of renderers) render(next);
  renderAvailability(next);
}

/** What a tool that edits input tables did, or why it wrote nothing. */
export function showOutcome(target: HTMLElement, outcome: EditOutcome | Settled): void {
  if (showSettled(target, outcome)) return;
  show(outcome.status);
  const errors = errorsIn(outcome.problems);
  if (errors.length > 0) showProblems(target, "Nothing was written:", errors, goTo);
  else showMessage(target, outcome.written ? "done" : "info", outcome.message, outcome.details);
}

let reading: Promise<void> | undefined;

/**
 * Reads the campaign again and shows it. A read under way is waited for instead of made twice
 * (the pane being shown and the ribbon's button both ask for one).
 */
export function refresh(target: HTMLElement = byId("campaign-result")): Promise<void> {
  reading ??= act(target, { reading: READING, writing: READING }, async (options) => {
    show(await readStatus(excelRun, options));
    target.replaceChildren();
  }).finally(() => {
    reading = undefined;
  });
  return reading;
}

/** The status once the changes settle, without taking the pane busy (while following the workbook). */
export async function refreshQuietly(): Promise<void> {
  const next = await readStatus(excelRun);
  if (running === 0) show(next);
}
