/** The Cards table: how many cards each god (or the Demons pool) holds in each sphere. */
import { DEMONS, didYouMean, nameKey, nearNames } from "../../engine/names";
import { tableWarning, type Problem } from "../model/problems";
import { CARDS, CARDS_WAITING } from "../model/schema";
import type { TableReader } from "../model/tableReader";
import type { Card, God } from "./types";

export interface CardsContext {
  readonly gods: ReadonlyMap<string, God> | undefined;
  readonly flawedGods: ReadonlySet<string>;
  /** name keys of the spheres with a source, when the Sources table was read */
  readonly spheres: ReadonlySet<string> | undefined;
  /** the same spheres as the Sources table spells them, for "did you mean" */
  readonly sphereNames?: readonly string[];
  /** name keys of the characters who hold a source jointly (the Sources table's Owners): they earn without cards */
  readonly owners?: ReadonlySet<string>;
}

export function readCards(reader: TableReader | undefined, context: CardsContext, problems: Problem[]): Card[] {
  const cards: Card[] = [];
  const seen = new Set<string>();
  const holders = new Set<string>();
  // Characters whose every card waits for the next session.
  const waitingOnly = new Set<string>();
  for (const r of reader?.rows() ?? []) {
    const godName = r.text("God");
    const sphere = r.text("Sphere");
    const n = r.whole("Cards", { what: "a whole number of cards, 0 or more" });
    if (godName === undefined || sphere === undefined || n === undefined) continue;
    const isDemons = nameKey(godName) === nameKey(DEMONS);
    const god = context.gods?.get(nameKey(godName));
    if (!isDemons && god === undefined) {
      if (context.gods !== undefined && !context.flawedGods.has(nameKey(godName)))
        r.error("God", `"${godName}" is not in the Gods table.${didYouMean(godName, [...context.gods.values()].map((g) => g.name).concat(DEMONS))}`);
      continue;
    }
    if (god?.kind === "demon") {
      r.warnPay("God", `${god.name} is a demon: demons draw mana together as Demons, so these cards earn nothing; give them to Demons.`);
      continue;
    }
    const holder = god?.name ?? DEMONS;
    const pair = `${nameKey(holder)}\u0000${nameKey(sphere)}`;
    if (seen.has(pair)) {
      r.error("Sphere", `${holder} has two rows for the sphere ${sphere}; add them up in one row.`);
      continue;
    }
    seen.add(pair);
    if (context.spheres !== undefined && !context.spheres.has(nameKey(sphere))) {
      const near = nearNames(sphere, context.sphereNames ?? []);
      r.warnPay(
        "Sphere",
        `the sphere "${sphere}" has no row in the Sources table, so ${holder}'s ${n} card${n === 1 ? " in it earns" : "s in it earn"} no mana.${didYouMean(sphere, context.sphereNames ?? [])}`,
        near.length === 1 && near[0] !== undefined ? { suggestion: { table: CARDS.name, from: sphere, to: near[0] } } : {},
      );
    }
    const waiting = r.has(CARDS_WAITING) ? r.whole(CARDS_WAITING, { required: false, what: "a whole number of cards, 0 or more" }) : 0;
    if (waiting === undefined) continue;
    if (waiting > n) {
      r.error(CARDS_WAITING, `${waiting} of ${holder}'s ${n} ${sphere} card${n === 1 ? "" : "s"} cannot wait: a row's waiting cards are some of its cards.`);
      continue;
    }
    if (waiting > 0)
      r.warn(
        CARDS_WAITING,
        `${waiting} of ${holder}'s ${n} ${sphere} card${n === 1 ? "" : "s"} ${waiting === 1 ? "was" : "were"} gained during this session and ${waiting === 1 ? "earns" : "earn"} from the next: ${waiting === 1 ? "it pays" : "they pay"} nothing until the session's end is recorded (${n - waiting} of ${n} earn now).`,
      );
    if (n - waiting > 0) holders.add(nameKey(holder));
    else if (n > 0) waitingOnly.add(nameKey(holder));
    cards.push({ god: holder, sphere, cards: n - waiting, held: n, waiting, row: r.row, index: r.index });
  }
  if (reader !== undefined) {
    for (const g of context.gods?.values() ?? []) {
      if (g.kind !== "demon" && !holders.has(nameKey(g.name)) && context.owners?.has(nameKey(g.name)) !== true) {
        problems.push(
          tableWarning(
            CARDS.name,
            waitingOnly.has(nameKey(g.name))
              ? `${g.name}'s cards all earn from the next session, so it earns no mana from cards until the session's end is recorded.`
              : `${g.name} holds no cards, so earns no mana this century.`,
          ),
        );
      }
    }
  }
  return cards;
}
