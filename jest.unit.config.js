/**
 * The fast lane (`npm run test:unit`): the engine, the functions and the workbook code that
 * needs no other program (no LibreOffice, browser, Python or real files) nor Microsoft's Excel
 * library (realClient): seconds, not minutes.
 * `npm test` runs these and everything else.
 */
const base = require("./jest.config");

// The property and scale tests run small here (test/support/scale.ts); jest's workers inherit it.
process.env.GODS_TEST_SCALE = "small";
// A young generation of 64 MB in the workers: these suites make short-lived objects by the
// million, and with V8's default a seventh of the lane went to scavenging them.
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --max-semi-space-size=64`.trim();

module.exports = {
  ...base,
  testMatch: [
    "<rootDir>/test/engine/**/*.test.ts",
    "<rootDir>/test/functions/**/*.test.ts",
    "<rootDir>/test/taskpane/**/*.test.ts",
    "<rootDir>/test/workbook/**/*.test.ts",
    "<rootDir>/test/build/imports.test.ts",
    "<rootDir>/test/build/layers.test.ts",
    "<rootDir>/test/build/requirements.test.ts",
  ],
  setupFiles: ["<rootDir>/test/support/smallLane.ts"],
  // Both cores: these suites are short and CPU-bound.
  maxWorkers: 2,
  testPathIgnorePatterns: [
    "/node_modules/",
    "/test/workbook/(corpus|faults|invariant|libreoffice|packageRead|packageWrite|printing|realClient|seal|storyFile)\\.test\\.ts$",
  ],
};
