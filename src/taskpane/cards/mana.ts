/** The mana inflation card: the average mana per character and the factor the rules advise. */
import type { CampaignStatus } from "../../workbook";
import { byId, el, shown } from "../dom";
import { onStatus } from "../state";

const FACTOR_WORDS: Readonly<Record<number, string>> = {
  1: "Every mana source pays in full",
  0.5: "Halve every mana source",
  0.25: "Quarter every mana source",
};

function render(status: CampaignStatus): void {
  const m = status.mana;
  const body = byId("mana-body");
  if (!m.column) {
    body.replaceChildren(
      el("p", {
        text: "Add a Mana column to the Gods table, with the mana each character has now: the pane then shows the average per character and how much every mana source should pay.",
      }),
    );
    return;
  }
  const parts: HTMLElement[] = [];
  if (m.average !== undefined && m.factor !== undefined) {
    parts.push(
      el(
        "dl",
        { className: "facts two" },
        el("div", {}, el("dt", { text: "Average per character" }), el("dd", { text: shown(m.average) })),
        el("div", {}, el("dt", { text: "Characters" }), el("dd", { text: String(m.characters) })),
        el("div", { className: "fact-main" }, el("dt", { text: "Factor" }), el("dd", { text: String(m.factor) })),
      ),
      el("p", { className: m.factor === 1 ? "ok" : "badge", text: `${FACTOR_WORDS[m.factor] ?? ""} (factor ${m.factor}).` }),
      el("p", {
        className: "hint",
        text: "The century end does not scale mana by itself: apply the factor to the Rate column of the Sources table between sessions.",
      }),
    );
  } else if (m.problems.length > 0) {
    parts.push(el("p", { className: "message error", text: "Some Mana cells are not numbers; see the problems under Campaign." }));
  } else {
    parts.push(el("p", { text: "The Mana column is empty: write each character's mana to see the average." }));
  }
  if (m.unwritten.length > 0) parts.push(el("p", { className: "hint", text: `Left out of the average (no mana written): ${m.unwritten.join(", ")}.` }));
  body.replaceChildren(...parts);
}

export function wireMana(): void {
  onStatus(render);
}
