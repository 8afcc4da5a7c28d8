/**
 * The Great Council card: how many greater gods are present and how many vote for a measure, and
 * whether the Council sits and the vote carries (engine: council, the same rule as GODS.COUNCIL);
 * greater gods present but shamed make up the quorum without a vote.
 * The greater gods that exist come from the Gods table's Kind column.
 */
import { council, COUNCIL_SEATS, QUORUM, VOTES_NEEDED, type CouncilKind } from "../../engine/council";
import { attempt } from "../../engine/errors";
import type { CampaignStatus } from "../../workbook";
import { byId } from "../dom";
import { onStatus } from "../state";

/** The greater gods the Gods table names; the Council's 12 seats when it names none (or more). */
let seated = COUNCIL_SEATS;

const ANSWERS: Readonly<Record<string, { text: string; className: string }>> = {
  "in session": { text: "The Council is in session.", className: "result ok" },
  "no quorum": { text: `No quorum: the Council needs ${QUORUM} greater gods present, and ends when fewer remain.`, className: "result badge" },
  passes: { text: "The vote carries.", className: "result ok" },
  fails: { text: "The vote fails.", className: "result badge" },
};

/** A whole number typed in a box, or undefined when the box is empty. */
function typed(id: "council-present" | "council-votes" | "council-barred"): number | undefined {
  const input = byId(id, HTMLInputElement);
  return input.value.trim() === "" ? undefined : input.valueAsNumber;
}

function answer(): void {
  const out = byId("council-answer");
  const present = typed("council-present");
  if (present === undefined) {
    out.className = "result";
    out.textContent = "";
    return;
  }
  const votes = typed("council-votes");
  const barred = typed("council-barred") ?? 0;
  const kind = byId("council-kind", HTMLSelectElement).value as CouncilKind;
  const got = attempt(() => council(present, votes, kind, seated, barred));
  if ("problem" in got) {
    out.className = "result message error";
    out.textContent = got.problem;
    return;
  }
  const a = ANSWERS[got.value];
  out.className = a?.className ?? "result";
  const need =
    kind === "supreme deity"
      ? `all ${seated} greater gods${barred > 0 ? ", and a shamed one may not vote" : ""}`
      : `${VOTES_NEEDED} votes, however many are present${barred > 0 ? `; ${present - barred} of them may vote` : ""}`;
  out.textContent = votes === undefined || got.value === "no quorum" ? (a?.text ?? "") : `${a?.text ?? ""} (It needs ${need}.)`;
}

function render(status: CampaignStatus): void {
  const n = status.counts.greaterGods;
  seated = n > 0 && n <= COUNCIL_SEATS ? n : COUNCIL_SEATS;
  byId("council-seats").textContent =
    n > 0 && n <= COUNCIL_SEATS
      ? `The Gods table names ${n} greater ${n === 1 ? "god" : "gods"}. A meeting needs ${QUORUM} present; a measure needs ${VOTES_NEEDED} votes.`
      : `A meeting needs ${QUORUM} greater gods present (of at most ${COUNCIL_SEATS}); a measure needs ${VOTES_NEEDED} votes.`;
  answer();
}

export function wireCouncil(): void {
  for (const id of ["council-present", "council-votes", "council-barred", "council-kind"] as const) byId(id).addEventListener("input", answer);
  byId("council-kind").addEventListener("change", answer);
  onStatus(render);
}
