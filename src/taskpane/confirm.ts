/**
 * The one way the pane asks before a click writes: a question under its button, focus on Cancel,
 * and for a payment every warning that changes pay named, the Yes saying it pays despite them.
 */
import { type Problem, describeProblem } from "../workbook";
import { byId } from "./dom";
import type { Id, PayQuestion, Question } from "./ids";
import { payDespite, warningItems } from "./render";

/** Asks `question` in its panel; Yes runs `onYes`, Cancel closes the panel and returns focus to `back`. */
export function ask(panel: Question, question: string, yes: string, onYes: () => void): void {
  const box = byId(`${panel}-confirm`);
  byId(`${panel}-question`).textContent = question;
  const yesButton = byId(`${panel}-yes`, HTMLButtonElement);
  yesButton.textContent = yes;
  yesButton.onclick = () => {
    box.hidden = true;
    onYes();
  };
  box.hidden = false;
  byId(`${panel}-no`).focus();
}

/** Cancel closes the question and gives focus back to the button that opened it. */
export function wireCancel(panel: Question, back: Id): void {
  byId(`${panel}-no`).addEventListener("click", () => {
    byId(`${panel}-confirm`).hidden = true;
    byId(back).focus();
  });
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
): void {
  byId(`${panel}-warnings`).replaceChildren(...warningItems(pay, notes));
  ask(panel, question, payDespite(yes, pay), () => {
    run(pay.map(describeProblem), (unseen) => {
      askToPay(
        panel,
        `Nothing was paid yet: the tables say something new that changes what someone is paid. ${question}`,
        yes,
        [...pay, ...unseen],
        notes,
        run,
      );
    });
  });
}
