/** The Century tab's cards, wired when the tab is first opened. */
import { wireCenturyTab } from "../cards/centuryTab";

export function wire(): void {
  wireCenturyTab();
}
