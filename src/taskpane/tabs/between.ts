/** The Between tab's cards, wired when the tab is first opened. */
import { wireCardsBought } from "../cards/cardsBought";
import { wireCouncil } from "../cards/council";
import { wireMana } from "../cards/mana";
import { wirePacket, wireSessionEnd } from "../cards/session";

export function wire(): void {
  wireSessionEnd();
  wireCardsBought();
  wirePacket();
  wireMana();
  wireCouncil();
}
