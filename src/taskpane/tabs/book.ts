/** The Ledger tab's cards, wired when the tab is first opened. */
import { wireBookByHand } from "../cards/book";
import { wireCredits } from "../cards/credits";

export function wire(): void {
  wireCredits();
  wireBookByHand();
}
