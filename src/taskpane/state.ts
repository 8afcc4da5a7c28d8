/**
 * The pane's state, in one place: the campaign's latest status, whether an action is under way,
 * and the cards' renderers, which `show` calls with every new status. Every action runs through
 * `act`: busy while it works, its progress shown, an error in plain words.
 */
import { excelRun, isSettled, newOperationId, type ActionOptions, readStatus, selectCell, type EditOutcome, type Settled } from "../workbook/office";
import { errorsIn, type CampaignStatus } from "../workbook";
import { renderAvailability } from "./availability";
import { byId } from "./dom";
import type { Question } from "./ids";
import { HELD, plainError, READING, waitingText, type StepTexts } from "./messages";
import { showMessage, showProblems } from "./render";

let current: CampaignStatus | null = null;
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

/** A card's part of showing a new status. */
export function onStatus(render: (status: CampaignStatus) => void): void {
  renderers.push(render);
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
  byId("progress").classList.toggle("busy", now);
  for (const c of controls()) c.disabled = now;
  if (now) progress(text);
  else {
    progress(`Up to date with the workbook (${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}).`);
    // What the campaign does not allow stays disabled, with its reason.
    if (current !== null) renderAvailability(current);
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
    showMessage(target, "error", plainError(e));
    ending.failed?.();
  } finally {
    setBusy(false);
    const again = focused === "" ? null : document.getElementById(focused);
    if (again !== null && (document.activeElement === document.body || document.activeElement === null)) again.focus();
  }
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

export function show(next: CampaignStatus, closeQuestions = true): void {
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
