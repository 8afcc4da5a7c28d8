/* Writes docs/rules-coverage.md: every rule of the project's rules notes (docs/rules), section by
   section, and what in the add-in computes it. The mapping below is the only hand-kept part; the list of functions
   comes from the @customfunction tags in src/functions/functions.ts, and the script refuses to
   write a table that names a function nobody declared or leaves a declared function out.
   Run: node scripts/rules-coverage.js (test/build/coverage.test.ts checks the file is current). */
"use strict";
const fs = require("fs");
const path = require("path");

const ROOT = path.resolve(__dirname, "..");
const FUNCTIONS = path.join(ROOT, "src", "functions", "functions.ts");
const OUTPUT = path.join(ROOT, "docs", "rules-coverage.md");

const CENTURY_END = "the century-end worksheets (src/workbook), `gods century-end`";
/** Names the rule book's passage of a rule the notes took straight from it. */
const PASSAGE = (seed) => `(${seed})`;

/**
 * The rules notes (docs/rules), one entry per rule; `note` is the section's page. `by` lists the GODS functions that compute it; `other` says what
 * covers it when no function does (or adds to the functions).
 */
const SECTIONS = [
  {
    section: "§1",
    note: "rules/01-toll.md",
    title: "Mana transfers: the toll",
    rules: [
      { rule: "half of every transfer is lost, rounded up", by: ["TOLL"] },
      { rule: "to make N arrive, send 2N", by: ["TOLL"] },
      { rule: "transfers are whole mana; negative or fractional amounts are refused", by: ["TOLL"] },
      { rule: "mana handed out at a distribution point pays no toll", by: [], other: "nothing to compute: do not use TOLL there" },
      {
        rule: `surrender mana: 3 after the toll (6 sent) or half the loser's mana, whichever is less ${PASSAGE("seed 000, Surrender Terms")}`,
        by: ["SURRENDER"],
      },
    ],
  },
  {
    section: "§2",
    note: "rules/02-power-costs.md",
    title: "Power costs",
    rules: [{ rule: "modifiers multiply the cost, rounded up, never below 25% of the normal cost", by: ["POWERCOST"] }],
  },
  {
    section: "§3",
    note: "rules/03-mana-inflation.md",
    title: "Mana inflation",
    rules: [{ rule: "mana sources halved above an average of 50 per character, quartered above 100", by: ["MANASCALE"] }],
  },
  {
    section: "§4",
    note: "rules/04-population.md",
    title: "Population",
    rules: [
      { rule: "growth counts units only", by: ["GROWTH"] },
      { rule: "strength is units + 3 per city + 6 per great city", by: ["POPULATION"] },
      { rule: "population limit per square by culture and terrain, plus features and knowledges", by: ["POPLIMIT"] },
      {
        rule: "units above the limit after growth starve; +2 Aggression to the end of that century",
        by: ["STARVATION"],
        other: "the referee's growth action (`gods growth`, the pane) writes the deaths, adds the +2 and takes it off at the next growth",
      },
      { rule: "a new city needs 6 squares per existing city; the first is free", by: ["NEWCITY"] },
      {
        rule: "a city stands only in an inhabited square; a race that loses every city loses Civilization",
        by: [],
        other: "the referee's war and disaster actions: a race's last units take its cities with them, the last city its Civilization",
      },
    ],
  },
  {
    section: "§5",
    note: "rules/05-growth.md",
    title: "Growth",
    rules: [
      { rule: "new units = units × rate (25% by default), rounded up; cities do not grow", by: ["GROWTH"] },
      { rule: `barbarian races: half the new units spread, the other half are placed ${PASSAGE("seed 002, Cultural Level")}`, by: ["BARBARIANGROWTH"] },
    ],
  },
  {
    section: "§6",
    note: "rules/06-aggression-diplomacy-wealth.md",
    title: "Aggression, diplomacy, wealth",
    rules: [
      { rule: "wars declared from d6 + Aggression: 0 to 3", by: ["AGGRESSION"] },
      { rule: "diplomacy: d6 + Diplomacy − enemy Aggression, 6 or more averts the war", by: ["DIPLOMACY"] },
      { rule: "Wealth never below 0; each city gives +1 Wealth; +1 Military and +1 Diplomacy per full 3 Wealth", by: ["WEALTHBONUS"] },
      {
        rule: "barbarians +1 Military and +2 Aggression; primitive races resist X-1",
        by: [],
        other: "the referee's war and disaster actions add them from the Culture column; for the functions, give the Military and the code X-1 yourself",
      },
    ],
  },
  {
    section: "§7",
    note: "rules/07-war.md",
    title: "War",
    rules: [
      { rule: "casualty percentage 10 + relative military, never below 0; kills rounded up on strength", by: ["WARCASUALTIES", "WAR"] },
      { rule: "kills capped at the enemy's strength", by: ["WARCASUALTIES", "WAR"] },
      { rule: "the loser has at least 150% of the other's losses and vacates half the difference in squares", by: ["WAR"] },
      { rule: "10 or more Military behind kills nobody", by: ["WARCASUALTIES", "WAR"] },
      { rule: "a city in a lost square: destroyed, or captured on a civilized winner's roll", by: ["CITYFATE"] },
      {
        rule: "the winner moves 2 units (1 at the limit) into each vacated square, none if primitive",
        by: [],
        other: "said in the referee's war preview; the squares are moved on the map",
      },
      { rule: "a race about to lose more than 15% usually tries diplomacy first", by: ["DIPLOMACY"], other: "the referee's war preview names the race" },
    ],
  },
  {
    section: "§8",
    note: "rules/08-disasters-resistances.md",
    title: "Disasters and resistances",
    rules: [
      { rule: "elements and resistance codes (F-2, W/2, A+1, W*2, I-∞), cumulative, any case", by: ["RESIST", "RESISTLEVELS"] },
      { rule: "which codes apply: the disaster's elements plus X", by: ["RESIST", "RESISTLEVELS"] },
      { rule: "global powers: with an element like a disaster, without one untouched", by: ["RESIST", "RESISTLEVELS"] },
      { rule: "deaths: immunity, then multipliers, then flat changes, rounded up, never below 0", by: ["RESIST"] },
      { rule: "population-level reductions: 1 less with any resistance, none with immunity", by: ["RESISTLEVELS"] },
    ],
  },
  {
    section: "§9",
    note: "rules/09-pantheons-turmoil.md",
    title: "Pantheons and religious turmoil",
    rules: [
      { rule: "shares add up to exactly 100%; Diabolism and Atheism are members too", by: ["PANTHEONCHECK"] },
      { rule: "a race in turmoil gives no worship that century", by: [], other: CENTURY_END },
      { rule: "the turmoil roll at century end", by: ["TURMOIL"] },
      { rule: "a cult: +P for the deity, the others lose in proportion", by: ["CULT"] },
      { rule: "Diabolism and Atheism agree to a change only for 5 more points", by: ["PANTHEONCHANGE"] },
      { rule: "ending turmoil takes that procedure even for an unchanged division, which Diabolism or Atheism veto", by: ["PANTHEONCHANGE"] },
      { rule: "an obliterated god's share split equally among the other gods", by: ["OBLITERATE"] },
      { rule: `each lord of an obliterated lesser god loses half his mana or 10, whichever is greater ${PASSAGE("seed 000, Obliteration")}`, by: ["LORDLOSS"] },
    ],
  },
  {
    section: "§10",
    note: "rules/10-century-end-mana.md",
    title: "Century-end mana",
    rules: [
      {
        rule: "a demesne built together pays each owner an equal share (seed 000, Demesnes)",
        by: [],
        other: "the Sources table's Owners column, in `gods century-end`, `gods event` and `gods era-end` alike: each owner's share, exactly",
      },
      { rule: "each god's multiplier per source, from its sphere cards (flat-rate sources once)", by: [], other: CENTURY_END },
      { rule: "worshippers: race strength (0 in turmoil) × the god's share, over every race", by: [], other: CENTURY_END },
      { rule: "each god's mana: count × multiplier, summed over sources", by: [], other: CENTURY_END },
      { rule: "fractions carried from century to century, paid when whole", by: [], other: CENTURY_END },
      {
        rule: `a character that must lose more mana than it has owes the rest, and what it gains next pays the debt first ${PASSAGE("seed 000, Gaining, Spending, and Transferring Mana")}`,
        by: ["LORDLOSS"],
        other:
          "`gods debit` and the pane's Mana lost card: a debit row in the Ledger, the account below 0 until its next credits (`gods century-end`, an event, an era's end) pay it; the Distribution Points sheet shows what each owes",
      },
    ],
  },
  {
    section: "§11",
    note: "rules/11-games-of-the-gods.md",
    title: "Games of the Gods",
    rules: [
      { rule: "4, 5 and 6 are successes", by: ["DICESUCCESSES"] },
      { rule: "each 6 adds a die, which may explode in turn", by: ["EXPLODE"] },
      { rule: "glory: 1 each when tied, else 1 + a bonus by the lead", by: ["GLORY"] },
      { rule: "goals close after #players, #players/2 and 1 claims", by: ["GOALSTATE"] },
      { rule: "reality melting on 2d6", by: ["MELT"] },
      {
        rule: `conflict difficulty 1, 2 or 6 by level, less earlier wins (1, 2, both 3), plus opposing successes ${PASSAGE("seed 003, Conflict Types")}`,
        by: ["DIFFICULTY", "CONFLICT"],
      },
      { rule: `a conflict is won with more successes than the difficulty ${PASSAGE("seed 003, Who Wins Conflicts?")}`, by: ["CONFLICT"] },
      {
        rule: `dice rolled: dice spent + one motif die + one feature die + divinity spent ${PASSAGE("seed 003, Conflicts, Goals, and Divinity")}`,
        by: ["DICEPOOL"],
      },
      { rule: `a claim gives 1 divinity, plus the goal's bonus to its first claimant ${PASSAGE("seed 003, Claiming a Goal")}`, by: ["DIVINITY"] },
      { rule: `open goals nobody claimed in an act gain 1 bonus divinity ${PASSAGE("seed 003, Bonus Divinity")}`, by: ["GOALBONUS"] },
      { rule: `reality melts once per level of the highest open goal ${PASSAGE("seed 003, Mechanics of the Breakdown")}`, by: ["MELTROLLS"] },
      { rule: `the game ends once two level 3 goals have been claimed ${PASSAGE("seed 003, Endgame")}`, by: ["GAMEOVER"] },
    ],
  },
  {
    section: "§12",
    note: "rules/12-great-council.md",
    title: "The Great Council",
    rules: [
      { rule: `a meeting sits while at least 7 greater gods are present ${PASSAGE("seed 000, The Great Council of the Gods")}`, by: ["COUNCIL"] },
      { rule: "a decision needs 7 votes, however many gods are present or alive; at most 12 greater gods", by: ["COUNCIL"] },
      { rule: `the Supreme Deity needs every greater god in existence to vote for it ${PASSAGE("seed 000, Choosing the Supreme Deity")}`, by: ["COUNCIL"] },
      { rule: "the Supreme Deity only in Era Omega", by: [], other: "the gamemasters' call: the function does not know the era" },
    ],
  },
];

/** The function ids declared to Excel, in the order functions.ts declares them. */
function declaredFunctions(source) {
  return [...source.matchAll(/@customfunction\s+([A-Za-z0-9_.]+)/g)].map((m) => m[1]);
}

function covers(entry) {
  const links = entry.by.map((id) => `[${id}](functions/${id}.md)`);
  return [...links, ...(entry.other ? [entry.other] : [])].join(", ");
}

/** The Markdown of docs/rules-coverage.md for this functions.ts source. */
function renderCoverage(source) {
  const declared = declaredFunctions(source);
  const mapped = new Set(SECTIONS.flatMap((s) => s.rules.flatMap((r) => r.by)));
  const unknown = [...mapped].filter((id) => !declared.includes(id));
  if (unknown.length > 0) throw new Error(`rules-coverage.js maps rules to functions that functions.ts does not declare: ${unknown.join(", ")}.`);
  const unmapped = declared.filter((id) => !mapped.has(id));
  if (unmapped.length > 0) throw new Error(`functions.ts declares functions that rules-coverage.js maps to no rule: ${unmapped.join(", ")}.`);

  const rules = SECTIONS.flatMap((s) => s.rules);
  const computed = rules.filter((r) => r.by.length > 0).length;
  const lines = [
    "# Rules coverage",
    "",
    "<!-- Generated by scripts/rules-coverage.js from its mapping and the @customfunction tags in",
    "     src/functions/functions.ts. Do not edit by hand: change the script and run",
    "     `node scripts/rules-coverage.js`. -->",
    "",
    "Every rule in [the rules notes](rules/index.md) (the project's own account of the rules) and",
    `what in the add-in computes it. ${computed} of ${rules.length} rules are computed by a GODS function; the`,
    `${declared.length} functions are listed in [the function index](functions/index.md).`,
    "",
    "| section | rule | covered by |",
    "| --- | --- | --- |",
  ];
  for (const s of SECTIONS) {
    for (const r of s.rules) lines.push(`| [${s.section} ${s.title}](${s.note}) | ${r.rule} | ${covers(r)} |`);
  }
  lines.push("", "## By function", "", "| function | rules |", "| --- | --- |");
  for (const id of declared) {
    const where = SECTIONS.filter((s) => s.rules.some((r) => r.by.includes(id))).map((s) => s.section);
    lines.push(`| [${id}](functions/${id}.md) | ${where.join(", ")} |`);
  }
  return lines.join("\n") + "\n";
}

module.exports = { SECTIONS, OUTPUT, FUNCTIONS, declaredFunctions, renderCoverage };

if (require.main === module) {
  fs.writeFileSync(OUTPUT, renderCoverage(fs.readFileSync(FUNCTIONS, "utf8")));
  console.log(`Wrote ${path.relative(ROOT, OUTPUT)}.`);
}
