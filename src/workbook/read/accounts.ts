/**
 * Accounts whose character is gone from the Gods table. A god renamed in Gods alone (to fix a
 * typo) leaves its account under the old name: the new name would start from nothing and the
 * old carry would be lost. When a new name without an account looks like the old one, that is a
 * rename, and it is refused until it is done everywhere; otherwise the character left the game,
 * and its account is closed, which is only said.
 */
import { DEMONS, nearNames, nameKey } from "../../engine/names";
import { formatExact, isZero } from "../../engine/exact";
import { tableError, payWarning, type Problem } from "../model/problems";
import { LEDGER } from "../model/schema";
import { addressIn } from "../model/tableReader";
import { rowList } from "./payChecks";
import type { Campaign } from "./types";

export function orphanedAccounts(campaign: Campaign): Problem[] {
  const recipients = campaign.gods.filter((g) => g.kind !== "demon").map((g) => g.name);
  const current = new Set([...recipients, DEMONS].map(nameKey));
  // The names that could be an account's new name: recipients with no account yet.
  const fresh = recipients.filter((name) => !campaign.accounts.has(nameKey(name)));
  const ledger = campaign.found.find((f) => f.table === LEDGER.name);
  const problems: Problem[] = [];
  const orphans = [...campaign.accounts].filter(([k]) => !current.has(k) && campaign.flawed.get("Gods")?.has(k) !== true);
  for (const [, account] of orphans) {
    const rows = account.entries.map((e) => e.row);
    const first = account.entries[0];
    const carry = isZero(account.carry) ? "nothing" : formatExact(account.carry);
    // A rename: a new name close to the old, or the one new name when one account lost its god.
    const [nearest] = orphans.length === 1 && fresh.length === 1 ? fresh : nearNames(account.god, fresh);
    const at = first === undefined || ledger === undefined ? {} : { row: first.row, address: addressIn(ledger.raw, first.row, "God") };
    if (nearest !== undefined) {
      problems.push(
        tableError(
          LEDGER.name,
          `the Ledger has an account for "${account.god}" (${rowList(rows)}), who is no longer in the Gods table, and "${nearest}" is in the Gods table with no account: if it is the same character renamed, rename it everywhere (gods rename FILE "${account.god}" "${nearest}"), so that it keeps its account and the ${carry} it carries; otherwise put "${account.god}" back in the Gods table.`,
          { column: "God", ...at },
        ),
      );
    } else {
      problems.push(
        payWarning(
          LEDGER.name,
          `the Ledger has an account for "${account.god}" (${rowList(rows)}), who is no longer in the Gods table: the account is closed and the ${carry} it kept is never paid. If "${account.god}" was renamed, rename it everywhere (gods rename), or put it back in the Gods table.`,
          { column: "God", ...at },
        ),
      );
    }
  }
  return problems;
}
