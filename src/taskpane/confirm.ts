/**
 * The one way the pane asks before a click writes: a question under its button, focus on its words
 * (Enter there pays nobody; Escape cancels),
 * and for a payment every warning that changes pay named, the Yes saying it pays despite them.
 * The question and the answer's box move to the button that asked (one panel serves several
 * buttons: the war, the disaster and the growth; a century's end and its redo), so that the
 * answer is where the gamemaster looks.
 */
import { type Problem, describeProblem } from "../workbook";
import { byId } from "./dom";
import type { Id, PayQuestion, Question } from "./ids";
import { payDespite, warningItems } from "./render";

/** The question whose Yes was just pressed: its action is under way. */
let yes: Question | undefined;

/** The control that asked each open question, for Cancel to give the keyboard back to. */
const askedBy = new Map<Question, HTMLElement | null>();

/** The button a gamemaster presses to do `control`'s action again: the one that asked, for a question's Yes. */
export function pressedFor(control: HTMLElement | null): string | undefined {
  const panel = yes ?? (control?.closest(".confirm")?.id.replace(/-confirm$/, "") as Question | undefined);
  yes = undefined;
  const button = panel === undefined ? control : askedBy.get(panel);
  return button instanceof HTMLButtonElement ? button.textContent.trim() : undefined;
}

/** The control that asked: the one the pointer or the keyboard is on. */
function asking(): HTMLElement | null {
  const on = document.activeElement;
  return on instanceof HTMLElement && on !== document.body && byId("app").contains(on) ? on : null;
}

/** Puts the question (and its answer's box, when it has one) just under `from`'s form or buttons, in view. */
export function placeNear(box: HTMLElement, from: HTMLElement | null, result: HTMLElement | null): void {
  // Under a list the pane draws again (the credits paid twice), not in it: the question would go with its item.
  // Under a fieldset, not in it: the question has the card's width, its buttons on one line.
  const anchor = from?.closest("form, .buttons, ul, ol, fieldset") ?? from;
  if (anchor !== null && !anchor.contains(box)) anchor.after(box);
  if (result !== null && box.nextElementSibling !== result) box.after(result);
}

/** Asks `question` in its panel, next to `from` (the control that asked); Yes runs `onYes`, Cancel closes the panel and returns focus to `back`. */
export function ask(panel: Question, question: string, yes: string, onYes: () => void, from: HTMLElement | null = asking()): void {
  const box = byId(`${panel}-confirm`);
  askedBy.delete(panel);
  askedBy.set(panel, from);
  placeNear(box, from, document.getElementById(`${panel}-result`));
  byId(`${panel}-question`).textContent = question;
  const yesButton = byId(`${panel}-yes`, HTMLButtonElement);
  yesButton.textContent = yes;
  yesButton.onclick = () => {
    yes = panel;
    box.hidden = true;
    onYes();
  };
  box.hidden = false;
  // Its words, what it lists and its buttons in view (a long list scrolls inside the question).
  box.scrollIntoView({ block: "nearest" });
  // The focus starts on the question's words, read first; Tab goes on to what it lists, then Yes and Cancel.
  // Asked at the end of an action (a war shown first), it takes the focus once the action ends.
  asked = byId(`${panel}-question`);
  asked.focus({ preventScroll: true });
}

let asked: HTMLElement | undefined;

/** The words of the latest question, once: where focus goes when an action ends on a question. */
export function lastAsked(): HTMLElement | undefined {
  const cancel = asked;
  asked = undefined;
  return cancel;
}

/** Cancel closes the question and gives focus back to the button that opened it. */
export function wireCancel(panel: Question, back: Id): void {
  byId(`${panel}-no`).addEventListener("click", () => {
    byId(`${panel}-confirm`).hidden = true;
    const from = askedBy.get(panel);
    (from?.isConnected === true && from.offsetParent !== null ? from : byId(back)).focus();
  });
  if (!escaping) {
    escaping = true;
    document.addEventListener("keydown", escape);
  }
}

let escaping = false;

/**
 * Escape cancels a question, as its Cancel does: the one holding the keyboard, or else the latest
 * asked that is still open. While its action runs Cancel is greyed, and Escape does nothing.
 */
function escape(e: KeyboardEvent): void {
  if (e.key !== "Escape" || e.defaultPrevented) return;
  const on = document.activeElement;
  const holding = on instanceof HTMLElement ? on.closest<HTMLElement>(".confirm") : null;
  const latest = [...askedBy.keys()].reverse().map((q) => document.getElementById(`${q}-confirm`));
  const box = [holding, ...latest].find((b): b is HTMLElement => b !== null && !b.hidden && b.offsetParent !== null);
  const cancel = box?.querySelector<HTMLButtonElement>('button[id$="-no"]');
  if (cancel === null || cancel === undefined || cancel.disabled) return;
  e.preventDefault();
  cancel.click();
}

/**
 * A question before a payment or a credit: every warning that changes what someone is paid is
 * listed, each named, and the Yes says it pays despite them. The action pays only when it finds
 * no other such warning than those shown; when the tables changed meanwhile and it finds one,
 * nothing is paid and the question comes back with it (`again`).
 */
export function askToPay(
  panel: PayQuestion,
  question: string,
  yes: string,
  pay: readonly Problem[],
  notes: readonly string[],
  run: (accepted: string[], again: (unseen: readonly Problem[]) => void) => void,
  from: HTMLElement | null = asking(),
): void {
  byId(`${panel}-warnings`).replaceChildren(...warningItems(pay, notes));
  ask(
    panel,
    question,
    payDespite(yes, pay),
    () => {
      run(pay.map(describeProblem), (unseen) => {
        askToPay(
          panel,
          `Nothing was paid yet: the tables say something new that changes what someone is paid. ${question}`,
          yes,
          [...pay, ...unseen],
          notes,
          run,
          from,
        );
      });
    },
    from,
  );
}
