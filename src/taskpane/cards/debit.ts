/** The mana-lost card: a debit taken from a character's account (asked first), and who owes the book. */
import { debitAccount, excelRun } from "../../workbook/office";
import { MAX_DEBIT, type CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el, setOptions, shown } from "../dom";
import { steps } from "../messages";
import { showMessage } from "../render";
import { goTo, onStatus, show, status, write, showSettled, retrying } from "../state";
import { showCredit } from "./events";

function render(current: CampaignStatus): void {
  setOptions(byId("debit-god", HTMLSelectElement), [
    ...current.gods.filter((g) => !g.demon).map((g) => ({ value: g.name, label: g.name })),
    { value: "Demons", label: "Demons (the demons' pool)" },
  ]);
  byId("owing-none").hidden = current.owing.length > 0;
  byId("owing").replaceChildren(
    ...current.owing.map((o) => el("li", {}, el("span", { text: o.god }), el("span", { className: "paid", text: `owes ${shown(o.owes)}` }))),
  );
}

/** Whether the latest credit is this same debit: a second click, unless it really happened again. */
function isRepeat(current: CampaignStatus, god: string, reason: string): boolean {
  const latest = current.credits[0];
  const same = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, " ") === b.trim().toLowerCase().replace(/\s+/g, " ");
  return latest?.kind === "debit" && latest.century === current.nextCentury && same(latest.reason ?? "", reason) && latest.paid.some((p) => same(p.god, god));
}

export function wireDebit(): void {
  onStatus(render);
  const target = byId("debit-result");
  wireCancel("debit", "debit");
  byId("debit-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const current = status();
    if (current === null) return;
    const god = byId("debit-god", HTMLSelectElement).value;
    const mana = byId("debit-mana", HTMLInputElement).valueAsNumber;
    const reason = byId("debit-what", HTMLInputElement).value.trim();
    if (!Number.isFinite(mana) || mana <= 0 || mana > MAX_DEBIT) {
      showMessage(
        target,
        "error",
        `Mana: write how much mana ${god} loses beyond what its box holds, more than 0 and at most ${MAX_DEBIT.toLocaleString("en")}.`,
      );
      byId("debit-mana").focus();
      return;
    }
    if (reason === "") {
      showMessage(target, "error", "Why: say why the mana is taken (for example Lord's loss); the reason is kept in the Ledger.");
      byId("debit-what").focus();
      return;
    }
    // The same click tried again after a fault is no second debit: it is never asked "did it lose mana again?".
    const key = `debit:${JSON.stringify([god, mana, reason])}`;
    const again = isRepeat(current, god, reason) && !retrying(key);
    const owes = current.owing.find((o) => o.god === god)?.owes ?? 0;
    const before = owes > 0 ? ` ${god} already owes ${shown(owes)}.` : "";
    const question = again
      ? `${god} was just debited for "${reason}". Did it lose mana for it again? Take ${shown(mana)} more from its account?${before}`
      : `Take ${shown(mana)} mana from ${god}'s account for "${reason}" in century ${current.nextCentury}? What its account kept goes first; the rest it owes, paid from its next credits.${before}`;
    target.replaceChildren();
    ask("debit", question, again ? "Yes, take it again" : `Take ${shown(mana)} from ${god}`, () => {
      void write(target, steps(`Taking mana from ${god}…`), key, async (options) => {
        const outcome = await debitAccount(excelRun, god, mana, reason, { again }, options);
        if (showSettled(target, outcome)) return;
        show(outcome.status);
        showCredit(target, outcome, goTo);
        if (outcome.written) {
          byId("debit-mana", HTMLInputElement).value = "";
          byId("debit-what", HTMLInputElement).value = "";
        }
      });
    });
  });
}
