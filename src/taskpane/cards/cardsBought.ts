/** The cards-bought card: sphere cards bought or given up between sessions, previewed (multipliers, the latest paid century), then applied. */
import { excelRun, isSettled } from "../../workbook/office";
import { betweenTools } from "../later";
import { earnedLine, errorsIn, type CampaignStatus } from "../../workbook";
import { ask, wireCancel } from "../confirm";
import { byId, el, setOptions } from "../dom";
import { READING, steps } from "../messages";
import { showProblems } from "../render";
import { act, goTo, onStatus, show, showOutcome, status, write } from "../state";

const same = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, " ") === b.trim().toLowerCase().replace(/\s+/g, " ");

/** What the chosen character holds in the chosen sphere now. */
function renderHeld(current: CampaignStatus | null): void {
  const god = byId("buy-god", HTMLSelectElement).value;
  const sphere = byId("buy-sphere", HTMLSelectElement).value;
  const row = current?.cards.find((c) => same(c.god, god) && same(c.sphere, sphere));
  const held = row?.cards ?? 0;
  const waiting = row?.waiting ?? 0;
  const later = waiting === 0 ? "" : ` (${waiting} of them earn${waiting === 1 ? "s" : ""} from the next session)`;
  byId("buy-held").textContent = god === "" || sphere === "" ? "" : `Holds ${held} ${sphere} card${held === 1 ? "" : "s"} now${later}.`;
}

function render(current: CampaignStatus): void {
  setOptions(byId("buy-god", HTMLSelectElement), [
    ...current.gods.filter((g) => !g.demon).map((g) => ({ value: g.name, label: g.name })),
    { value: "Demons", label: "Demons (the demons' pool)" },
  ]);
  setOptions(
    byId("buy-sphere", HTMLSelectElement),
    current.spheres.map((s) => ({ value: s, label: s })),
  );
  renderHeld(current);
}

export function wireCardsBought(): void {
  onStatus(render);
  const target = byId("cards-result");
  wireCancel("cards", "buy-show");
  for (const id of ["buy-god", "buy-sphere"] as const)
    byId(id).addEventListener("change", () => {
      renderHeld(status());
    });
  byId("buy-show").addEventListener("click", () => {
    const from = byId("buy-show");
    const order = {
      god: byId("buy-god", HTMLSelectElement).value,
      sphere: byId("buy-sphere", HTMLSelectElement).value,
      change: byId("buy-change", HTMLInputElement).valueAsNumber,
      ...(byId("buy-waiting", HTMLInputElement).checked ? { waiting: true } : {}),
    };
    target.replaceChildren();
    byId("cards-confirm").hidden = true;
    void act(target, { reading: READING, writing: READING }, async (options) => {
      const seen = await (await betweenTools()).changeCards(excelRun, order, { ...options, dryRun: true });
      show(seen.status);
      const errors = errorsIn(seen.problems);
      if (errors.length > 0 || seen.preview === undefined) {
        showProblems(target, "Nothing can be written:", errors, goTo);
        return;
      }
      const { preview } = seen;
      // What the new cards would have earned is read first, under the buttons; each source's multiplier folds under it.
      byId("buy-earned").textContent = earnedLine(preview);
      byId("buy-preview").replaceChildren(...seen.details.map((line) => el("li", { text: line })));
      const n = Math.abs(preview.change);
      const what = `${n} ${preview.sphere} card${n === 1 ? "" : "s"}`;
      ask(
        "cards",
        `${preview.god} ${preview.change > 0 ? "buys" : "gives up"} ${what}: ${preview.cardsBefore} → ${preview.cardsAfter} in the Cards table${order.waiting === true ? ", earning from the next session" : ""}. Apply it?`,
        "Apply",
        () =>
          void write(target, steps("Changing the Cards table…"), `cards:${JSON.stringify(order)}`, async (o) => {
            const done = await (await betweenTools()).changeCards(excelRun, order, o);
            // The changes were listed in the question: the answer says what was done, once.
            showOutcome(target, isSettled(done) ? done : { ...done, details: [] });
          }),
        from,
      );
    });
  });
}
