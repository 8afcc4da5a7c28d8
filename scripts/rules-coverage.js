/* Writes docs/rules-coverage.md: every rule of the project's rules notes (docs/rules), section by
   section, then every other rule of chapters 4 and 5 of the rule book that carries a number, and
   what in the add-in computes each one, or why nothing does. The mapping below is the only hand-kept
   part; the list of functions comes from the @customfunction tags in src/functions/declarations/,
   and the script refuses to write a table that names a function nobody declared, leaves a declared
   function out, or has a rule that is neither covered nor given a reason (or is both).
   Run: node scripts/rules-coverage.js (test/build/coverage.test.ts checks the file is current). */
"use strict";
const fs = require("fs");
const path = require("path");
const { declarationFiles } = require("./declarations");

const ROOT = path.resolve(__dirname, "..");
const OUTPUT = path.join(ROOT, "docs", "rules-coverage.md");

const CENTURY_END = "the century-end worksheets (src/workbook), `gods century-end`";
const TIMERS = (kind) => `the pane's Heaven timers (${kind})`;
/** Names the rule book's passage of a rule the notes took straight from it. */
const PASSAGE = (seed) => `(${seed})`;

/**
 * The rules notes (docs/rules), one entry per rule; `note` is the section's page. `by` lists the GODS functions that compute it; `other` says what
 * covers it when no function does (or adds to the functions); `why` says, instead of both, why nothing computes it. `book` names another game's
 * rule book; every other section is from chapters 4 and 5 of The Gods II.
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
      { rule: "mana handed out at a distribution point pays no toll", by: [], why: "nothing to compute: do not use TOLL there" },
      {
        rule: `the toll is taken from the end of Era Null to the end of the game, transition phases included ${PASSAGE("seed 000, Transferring Mana")}`,
        by: ["TOLL"],
        other: "its era argument",
      },
      {
        rule: `surrender mana: 3 after the toll (6 sent) or half the loser's mana, whichever is less ${PASSAGE("seed 000, Surrender Terms")}`,
        by: ["SURRENDER"],
      },
      {
        rule: `leaving the Void: 5 mana after the toll (10 sent) to a demon, or into the demons' pool when no demon is there ${PASSAGE("seed 000, The Basic Locales of Heaven")}`,
        by: ["TOLL"],
        other: 'mode "send"',
      },
      {
        rule: `a rule that takes half of a character's mana counts the mana waiting for it at a distribution point too ${PASSAGE("seed 000, Gaining Mana")}`,
        by: ["SURRENDER", "LORDLOSS"],
        other: "their mana_held includes it",
      },
    ],
  },
  {
    section: "§2",
    note: "rules/02-power-costs.md",
    title: "Power costs",
    rules: [
      { rule: "modifiers multiply the cost, rounded up, never below 25% of the normal cost", by: ["POWERCOST"] },
      {
        rule: `persuasion powers cost a quarter less in the Hall of Feasts, rounded up ${PASSAGE("seed 000, The Basic Locales of Heaven")}`,
        by: ["POWERCOST"],
        other: "modifier 0.75",
      },
      {
        rule: `combat powers cost double for a coordinator who does not own the demesne ${PASSAGE("seed 000, Coordinating the Defenses of a Demesne")}`,
        by: ["POWERCOST"],
        other: "modifier 2",
      },
      {
        rule: `a P2 persuasion costs more if either target raises the cost of persuasion; a Pm one reaches such a target only if the caster pays for him ${PASSAGE("seed 000, Persuasion Powers (P)")}`,
        by: ["PERSUASION"],
      },
    ],
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
        rule: `a new city goes in the race's most populous square that has none (on a tie, the one nearest the middle of its land) ${PASSAGE("seed 002, Cities")}`,
        by: [],
        why: "worked out on the map: the tables hold no squares",
      },
      {
        rule: `a race founds 1 city at once when it first learns Civilization ${PASSAGE("seed 002, Cities")}`,
        by: [],
        why: "nothing to compute: the referee adds the city to the Races table",
      },
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
      {
        rule: `a race starts with Movement Range 1 and Sea-faring Range 0; new units go only to squares within its ranges ${PASSAGE("seed 002, Races")}`,
        by: [],
        why: "worked out on the map: the tables hold no squares or ranges",
      },
      {
        rule: `a migrating barbarian race leaves 1 unit behind in every square it held ${PASSAGE("seed 002, Cultural Level")}`,
        by: ["MIGRATE"],
      },
      {
        rule: `a migrating primitive race moves whole; a civilized one moves only its new units ${PASSAGE("seed 002, Cultural Level")}`,
        by: ["MIGRATE"],
      },
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
        rule: `the winner moves 2 units (1 at the limit) into each vacated square, none if primitive ${PASSAGE("seed 002, Cultural Level; Wars")}`,
        by: ["OCCUPY"],
        other: "the referee's war preview says how many per square; the squares are moved on the map",
      },
      { rule: "a race about to lose more than 15% usually tries diplomacy first", by: ["DIPLOMACY"], other: "the referee's war preview names the race" },
      {
        rule: `a race at war with several enemies at once divides its strength among them ${PASSAGE("seed 002, Wars")}`,
        by: ["WARCASUALTIES", "WAR"],
        other: 'each takes the strength sent; `gods war` takes it as "RACE=N"',
      },
      {
        rule: `the loser's retreating units above a square's limit starve ${PASSAGE("seed 002, Wars")}`,
        by: ["STARVATION"],
        other: "square by square; the retreat itself is moved on the map",
      },
      {
        rule: `a declared war is fought some 5 minutes later, so that the gods can react ${PASSAGE("seed 002, Divine Intervention")}`,
        by: [],
        why: "the referees' timing at the table",
      },
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
      {
        rule: `the cities a disaster names are cut by the race's resistances as its deaths are ${PASSAGE("seed 002, Disaster powers (B)")}`,
        by: ["RESIST"],
        other: "`gods disaster` with `--cities` and `--great-cities` (the pane's Cities box)",
      },
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
      {
        rule: `turmoil ends when a single member is left, who then holds 100% ${PASSAGE("seed 002, Religious Turmoil")}`,
        by: [],
        why: "nothing to compute: the Pantheon table gets one row of 100",
      },
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
    book: "Games of the Gods",
    rules: [
      { rule: "4, 5 and 6 are successes", by: ["DICESUCCESSES"] },
      { rule: "each 6 adds a die, which may explode in turn", by: ["EXPLODE"] },
      { rule: "glory: 1 each when tied, else 1 + a bonus by the lead", by: ["GLORY"] },
      { rule: `the glory roll: 5 dice, plus 1 per point of divinity spent on it ${PASSAGE("seed 003, Getting Glory")}`, by: ["GLORYDICE"] },
      {
        rule: `the world: about 1.5 to 2 characters and 1 to 1.5 relationships per player ${PASSAGE("seed 003, World Creation")}`,
        by: ["WORLDSIZE"],
      },
      {
        rule: `every character has 3 features, every god 2 motifs ${PASSAGE("seed 003, Characters; Parts of a God")}`,
        by: [],
        why: "nothing to compute: written on the players' sheets",
      },
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
      {
        rule: `every god gets 5 conflict dice at the start of each act; those not spent are lost ${PASSAGE("seed 003, Playing")}`,
        by: [],
        why: "nothing to compute: each player takes 5 dice",
      },
      {
        rule: `conflicts are instigated in turn, three times round the table, or until every god has spent its 5 dice ${PASSAGE("seed 003, Playing")}`,
        by: [],
        why: "nothing to compute: the players count the rounds at the table",
      },
      {
        rule: `whoever has the most glory at the end of the game wins ${PASSAGE("seed 003, Parts of a God; Glory")}`,
        by: [],
        why: "nothing to compute: the highest score on the players' sheets",
      },
      {
        rule: `at the end the god with the most divinity chooses 3 results of the Reality is melting table, then tells the epilogue ${PASSAGE("seed 003, Endgame")}`,
        by: [],
        why: "nothing to compute: that player chooses from the table instead of rolling",
      },
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
      { rule: `the Supreme Deity only in Era Omega ${PASSAGE("seed 000, Choosing the Supreme Deity")}`, by: ["COUNCIL"], other: "its era argument" },
      {
        rule: `a lesser god is promoted only into a seat an obliteration left vacant: never more than 12 greater gods ${PASSAGE("seed 000, Promoting New Greater Gods")}`,
        by: ["COUNCIL"],
        other: 'kind "promotion", with its greater_gods and seats arguments',
      },
      {
        rule: `whoever misses a duel is shamed: it (a lesser god's lord, for a lesser god) may not vote at the next meeting ${PASSAGE("seed 000, Starting a Duel")}`,
        by: ["COUNCIL"],
        other: "its barred argument, and the pane's Council card",
      },
      {
        rule: `whoever summoned the meeting speaks first, for up to 3 minutes, and nobody may interrupt ${PASSAGE("seed 000, The Great Council of the Gods")}`,
        by: [],
        other: TIMERS("Council leader speaks, 3 minutes"),
      },
      {
        rule: `3 Council offices, no character holding more than 1 ${PASSAGE("seed 000, Granting Council Offices")}`,
        by: [],
        why: "nothing to compute: kept in the Hall of Doom's records",
      },
      {
        rule: `a lesser god promoted to a vacant seat takes 1 greater sphere card; its sources pay from the next session ${PASSAGE("seed 000, Promoting New Greater Gods")}`,
        by: [],
        other: "the Cards table's Waiting column: such cards earn nothing until `gods session-end` (or the pane's Session end) empties it",
      },
      {
        rule: `an obliterated archetype's successor, chosen by all her archetypal lesser gods, gains 5 more cards of her sphere; with no archetypal lesser gods her 6 cards go back to the pool ${PASSAGE("seed 000, Obliteration")}`,
        by: ["SUCCESSOR"],
        other: "the gamemasters then change the Cards table",
      },
      {
        rule: `an obliterated primal being's seat stays empty for good: 1 greater god fewer ${PASSAGE("seed 000, Obliteration")}`,
        by: ["COUNCIL"],
        other: "its seats argument for a promotion, greater_gods for the Supreme Deity; the pane's Council card counts the Gods table's Kind column",
      },
    ],
  },
  {
    section: "§13",
    note: "rules/13-heaven-combat-powers.md",
    title: "Combat and powers in Heaven",
    rules: [
      {
        rule: `entering the Primeval Wilds takes 2 tricks or blocks from combat powers for each Guardian Beast, and a party meets 1 Beast per member not shielded by a power ${PASSAGE("seed 000, The Guardian Beasts")}`,
        by: ["GUARDIANBEASTS"],
      },
      {
        rule: `a character starts every combat with 5 hit points and is back at 5 when it ends; lost permanent hit points lower that, and 0 permanent hit points is death until healed ${PASSAGE("seed 000, Hit Points")}`,
        by: ["HITPOINTS"],
      },
      {
        rule: `the Internal Weakness mutilation costs 2 permanent hit points ${PASSAGE("seed 000, Mutilations")}`,
        by: ["HITPOINTS"],
        other: "its internal_weakness argument",
      },
      {
        rule: `a demesne fights with 10 hit points and 5 blocks, plus what its powers give ${PASSAGE("seed 000, Combat Between Characters and Demesnes")}`,
        by: ["DEMESNE"],
      },
      {
        rule: `each round ends in a gesture: a side whose gesture is beaten loses 1 hit point, two tricks hit each other, a block hurts only a null, which every gesture beats ${PASSAGE("seed 000, Combat Procedure; The Null Gesture")}`,
        by: ["GESTURES"],
      },
      {
        rule: `at 0 hit points a demesne lets an attacker from outside in, and passes to one from inside ${PASSAGE("seed 000, Combat Between Characters and Demesnes")}`,
        by: [],
        why: "played at the table",
      },
      {
        rule: `a variable-cost power put into an artifact is only as strong as the mana spent on it allows: 12 mana spent gives a strength of up to 4 ${PASSAGE("seed 000, Artifacts")}`,
        by: ["ARTIFACTSTRENGTH"],
      },
      {
        rule: `when two powers contradict, the higher sphere level prevails; every celestial spirit's and demon's power counts as level 1 ${PASSAGE("seed 000, Conflicting Powers")}`,
        by: ["PRECEDENCE"],
      },
    ],
  },
];

/**
 * The numbered rules of chapters 4 and 5 that no section of the rules notes takes up, by part of the
 * game; each entry as in SECTIONS.
 */
const OTHERS = [
  {
    title: "Heaven: the site (ch. 4)",
    rules: [
      {
        rule: `12 seats in the Hall of Doom, for greater gods only; 2 or 3 mana distribution points, 1 of them by the Earth map and 1 in the Hall of Doom, where a referee stays at all times ${PASSAGE("seed 000, The Basic Locales of Heaven; Gaining Mana")}`,
        by: [],
        why: "how the gamemasters set up the site and place the referees",
      },
      {
        rule: `each god builds 1 demesne (helping to build a joint one uses it up); its builders share the cost as they like ${PASSAGE("seed 000, Demesnes")}`,
        by: [],
        why: "nothing to compute: kept in the gamemasters' records",
      },
    ],
  },
  {
    title: "Heaven: mana sources (ch. 4)",
    rules: [
      {
        rule: `an event source pays its rate for each card (once when flat rate) every time the event happens, as the event worksheets list it, one for Heaven and one for Earth ${PASSAGE("seed 000, Gaining Mana")}`,
        by: [],
        other: "`gods event` (and the pane), `--times` for an event that happened more than once; the Heaven Events and Earth Events sheets are the worksheets",
      },
      {
        rule: `event mana below 1 is kept at the distribution point until it adds up to whole mana ${PASSAGE("seed 000, Gaining Mana")}`,
        by: [],
        other: "`gods event`: the fraction stays in the god's account in the Ledger, the same account as century ends and era ends",
      },
      {
        rule: `an era-end source pays its rate for each card (once when flat rate) times its count, at the end of every era ${PASSAGE("seed 000, Gaining Mana")}`,
        by: [],
        other: "`gods era-end` (and the pane), from the Counts of the era's last century; the fraction is carried, where the text would allow rounding it off",
      },
    ],
  },
  {
    title: "Heaven: powers (ch. 4)",
    rules: [
      {
        rule: `a persuasion takes effect after 3 minutes of talk (with both targets of a P2 power, with the whole room for a Pm power), and a caster waits 3 minutes between two persuasions ${PASSAGE("seed 000, Persuasion Powers (P)")}`,
        by: [],
        other: TIMERS("Persuasion, 3 minutes from the casting"),
      },
      {
        rule: `after a direct effect power every other player in the locale gets 1 action before the caster's next ${PASSAGE("seed 000, Direct Effect Powers (N)")}`,
        by: [],
        why: "played at the table",
      },
      {
        rule: `a demesne power takes 5 minutes to cast ${PASSAGE("seed 000, Demesne Powers (D)")}`,
        by: [],
        other: TIMERS("Demesne power, 5 minutes"),
      },
      {
        rule: `a demesne power can be on a demesne only once until it wears off ${PASSAGE("seed 000, Demesne Powers (D)")}`,
        by: [],
        why: "nothing to compute: the demesne's card records it",
      },
      {
        rule: `a gift is used once, by the character it was given to only, and costs no mana ${PASSAGE("seed 000, Gift Powers (G)")}`,
        by: [],
        why: "nothing to compute",
      },
      {
        rule: `a character uses 1 artifact in a combat, chosen before the first round ${PASSAGE("seed 000, Artifacts")}`,
        by: [],
        why: "played at the table",
      },
    ],
  },
  {
    title: "Heaven: combat (ch. 4)",
    rules: [
      {
        rule: `combat is always 1 against 1; each round each side uses at most 1 combat or artifact power, each power once per combat, before the round's gestures ${PASSAGE("seed 000, Combat; Combat Procedure")}`,
        by: [],
        why: "played at the table",
      },
      {
        rule: `a duel is set 10 to 30 minutes ahead, with at least 1 other character present; each ally may cast 1 combat-duel power; whoever fails to come (or his lord) loses his vote at the next Council ${PASSAGE("seed 000, Starting a Duel")}`,
        by: [],
        why: "timed at the table; the lost vote goes into the Hall of Doom's records, and COUNCIL counts only the votes cast",
      },
      {
        rule: `a sneak attack, or an attack on a demesne, leaves the others in the locale 5 seconds to step in ${PASSAGE("seed 000, Starting a Sneak Attack; Attacking a Demesne")}`,
        by: [],
        why: "timed at the table",
      },
      {
        rule: `a character who disengages still fights that round, then keeps away from the locale for at least 10 minutes ${PASSAGE("seed 000, Ending Combat")}`,
        by: [],
        other: TIMERS("Disengaged, 10 minutes"),
      },
      {
        rule: `at 0 hit points a character surrenders or dies ${PASSAGE("seed 000, Ending Combat")}`,
        by: [],
        why: "played at the table",
      },
      {
        rule: `a combat ends in 1 of 4 ways: by agreement, which is not reported and pays no mana, or by disengagement, surrender or death, which are reported to a referee for the mana sources of combat ${PASSAGE("seed 000, Ending Combat")}`,
        by: [],
        other: "`gods event` (and the pane), once the Sources table lists each such result as a Heaven event source of its sphere",
      },
      {
        rule: `Surrender Labor: 30 minutes in the winner's service ${PASSAGE("seed 000, Surrender Terms")}`,
        by: [],
        other: TIMERS("Surrender Labor, 30 minutes"),
      },
      {
        rule: `the other surrender terms: 1 artifact, or no history or creation power on a named race for the rest of the era ${PASSAGE("seed 000, Surrender Terms")}`,
        by: [],
        why: "nothing to compute: played at the table",
      },
    ],
  },
  {
    title: "Heaven: death (ch. 4)",
    rules: [
      {
        rule: `a character who dies stays 30 minutes in the Underworld ${PASSAGE("seed 000, Death")}`,
        by: [],
        other: TIMERS("Dead, 30 minutes"),
      },
      {
        rule: `whoever obliterates a god disposes of the body in 1 of 4 ways (flames, sea, ice, animals), each giving mana to one elemental sphere ${PASSAGE("seed 000, Disposing of the Body")}`,
        by: [],
        other: "`gods event`, once the Sources table lists each way as an event source of its sphere",
      },
      {
        rule: `a demon who is killed stays 30 minutes in the Void, and counts as dead for that time if it was killed there ${PASSAGE("seed 000, Death for Demons")}`,
        by: [],
        other: TIMERS("Demon killed, 30 minutes"),
      },
    ],
  },
  {
    title: "Earth: the map (ch. 4 and 5)",
    rules: [
      {
        rule: `Era Centrum lasts 16 centuries ${PASSAGE("seed 002, Time on Earth, the Sequence of Centuries")}`,
        by: [],
        other:
          "the century end: a warning at the era's last century, and one that holds the payment past it while the era's end is not credited; an era's end credited early is held too (the Settings table's Era Centrum length, 16 by default; Era Omega length for the era after it)",
      },
      {
        rule: `Era Centrum's centuries are shared among the game's sessions as equally as possible ${PASSAGE("seed 002, Time on Earth, the Sequence of Centuries")}`,
        by: ["CENTURIES"],
        other: "its length argument takes the Settings table's Era Centrum length",
      },
      {
        rule: `at the Earth map each player holds 1 numbered ticket at a time and uses 1 power each time the number is called ${PASSAGE("seed 000, The Gods and the Earth")}`,
        by: [],
        why: "how the referees run the queue",
      },
      {
        rule: `at the map 1 referee serves the gods' powers and another the events nobody causes ${PASSAGE("seed 002, Activity Phase")}`,
        by: [],
        why: "how the gamemasters place the referees",
      },
      {
        rule: `gods may pool their sphere cards for a history power, their cards together making its level: 3 gods with 1 War card each cast a level 3 War power ${PASSAGE("seed 002, History Powers")}`,
        by: ["POOLEDLEVEL"],
      },
      {
        rule: `a celestial spirit's borrowed sphere powers are not pooled, nor are personal powers ${PASSAGE("seed 002, History Powers")}`,
        by: ["POOLEDLEVEL"],
        other: "its borrowed argument",
      },
      {
        rule: `racial modifications: a century-delay one works from the next century; a trigger one cannot be cast on a race again before it fires (Mv+ ones pile up, 1 used per trigger); a race has at most 1 of each permanent one ${PASSAGE("seed 002, Racial Modification powers (M)")}`,
        by: [],
        why: "markers kept on the map",
      },
      {
        rule: `a century has 2 parts: the Activity Phase, which opens with each race's growth before anything else touches the race, then the Calculation Phase, when the gods cannot affect the Earth ${PASSAGE("seed 002, Sequence of Events in a Century; Activity Phase")}`,
        by: [],
        other:
          "the referee's growth action (`gods growth`, the pane) at the century's start, and the century end (`gods century-end`, the pane's button) for the Calculation Phase",
      },
      {
        rule: `the referees close the Activity Phase 5 to 10 minutes before the century ends ${PASSAGE("seed 002, Calculation Phase")}`,
        by: [],
        why: "the referees' timing",
      },
      {
        rule: `when no mortal is left on Earth, the next century is a second Creation ${PASSAGE("seed 002, Calculation Phase")}`,
        by: [],
        other: "a warning from the war and disaster actions that kill the last units, and from the century end that finds none",
      },
    ],
  },
];

/** The declarations' source, file after file in the build's order. */
function declarationsSource() {
  return declarationFiles()
    .map((f) => fs.readFileSync(f, "utf8"))
    .join("\n");
}

/** The function ids declared to Excel, in the order the declarations give them. */
function declaredFunctions(source) {
  return [...source.matchAll(/@customfunction\s+([A-Za-z0-9_.]+)/g)].map((m) => m[1]);
}

function isComputed(entry) {
  return entry.by.length > 0 || (entry.other ?? "").length > 0;
}

function covers(entry) {
  if (!isComputed(entry)) return `not computed (${entry.why})`;
  const links = entry.by.map((id) => `[${id}](functions/${id}.md)`);
  return [...links, ...(entry.other ? [entry.other] : [])].join(", ");
}

/** The Markdown of docs/rules-coverage.md for this source of the declarations. */
function renderCoverage(source) {
  const declared = declaredFunctions(source);
  const groups = [...SECTIONS, ...OTHERS];
  const mapped = new Set(groups.flatMap((s) => s.rules.flatMap((r) => r.by)));
  const unknown = [...mapped].filter((id) => !declared.includes(id));
  if (unknown.length > 0) throw new Error(`rules-coverage.js maps rules to functions that src/functions/declarations does not declare: ${unknown.join(", ")}.`);
  const unmapped = declared.filter((id) => !mapped.has(id));
  if (unmapped.length > 0) throw new Error(`src/functions/declarations declares functions that rules-coverage.js maps to no rule: ${unmapped.join(", ")}.`);
  // A rule is either covered (by a function or something else) or says why nothing covers it.
  const unclear = groups.flatMap((s) => s.rules).filter((r) => isComputed(r) === (r.why ?? "").length > 0);
  if (unclear.length > 0) throw new Error(`rules-coverage.js has rules that are both covered and not, or neither: ${unclear.map((r) => r.rule).join("; ")}.`);

  const rules = groups.flatMap((s) => s.rules);
  const byFunction = rules.filter((r) => r.by.length > 0).length;
  const ofTheGods = groups.filter((s) => s.book === undefined).flatMap((s) => s.rules);
  const computed = ofTheGods.filter(isComputed).length;
  const lines = [
    "# Rules coverage",
    "",
    "<!-- Generated by scripts/rules-coverage.js from its mapping and the @customfunction tags in",
    "     src/functions/declarations/. Do not edit by hand: change the script and run",
    "     `node scripts/rules-coverage.js`. -->",
    "",
    `Every rule of chapters 4 and 5 of The Gods II that carries a number has a row here: of the ${ofTheGods.length} rows`,
    `from those chapters, ${computed} are computed (by a GODS function, a \`gods\` command or the task pane) and`,
    `${ofTheGods.length - computed} are not, each with the reason.`,
    "",
    "Every rule in [the rules notes](rules/index.md) (the project's own account of the rules), then",
    "every other rule of those chapters with a number, and what in the add-in computes it.",
    `${byFunction} of the ${rules.length} rules are computed by a GODS function; the ${declared.length} functions are listed in`,
    "[the function index](functions/index.md).",
    "",
    "| section | rule | covered by |",
    "| --- | --- | --- |",
  ];
  for (const s of SECTIONS) {
    for (const r of s.rules) lines.push(`| [${s.section} ${s.title}](${s.note}) | ${r.rule} | ${covers(r)} |`);
  }
  lines.push(
    "",
    "## Other numbered rules of chapters 4 and 5",
    "",
    "The rules with a number that no section of the rules notes takes up, by part of the game.",
    "",
    "| part | rule | covered by |",
    "| --- | --- | --- |",
  );
  for (const s of OTHERS) {
    for (const r of s.rules) lines.push(`| ${s.title} | ${r.rule} | ${covers(r)} |`);
  }
  lines.push("", "## By function", "", "| function | rules |", "| --- | --- |");
  for (const id of declared) {
    const where = groups.filter((s) => s.rules.some((r) => r.by.includes(id))).map((s) => s.section ?? s.title);
    lines.push(`| [${id}](functions/${id}.md) | ${where.join(", ")} |`);
  }
  return lines.join("\n") + "\n";
}

module.exports = { SECTIONS, OTHERS, OUTPUT, declarationsSource, declaredFunctions, renderCoverage };

if (require.main === module) {
  fs.writeFileSync(OUTPUT, renderCoverage(declarationsSource()));
  console.log(`Wrote ${path.relative(ROOT, OUTPUT)}.`);
}
