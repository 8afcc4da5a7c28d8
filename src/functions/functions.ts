/*
 * The GODS custom functions as Excel sees them, declared by family in declarations/. The build
 * reads the comments there to write functions.json (names, descriptions, parameter help) and
 * registers each function; every body hands the raw values to the runner in runner.ts, which
 * reads them by the signatures in specs.ts and calls the rules in src/engine.
 *
 * Excel hands custom functions raw cell values; declaring them `any` lets the shared runner read
 * them and answer bad input with a message naming the argument, instead of a bare #VALUE!.
 *
 * The lines below are also the list of declaration files the build reads (webpack.config.js and
 * scripts/rules-coverage.js take it from here, in this order): a new family is one more line.
 */
export * from "./declarations/mana";
export * from "./declarations/population";
export * from "./declarations/war";
export * from "./declarations/heaven";
export * from "./declarations/games";
